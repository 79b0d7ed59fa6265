// Package rtp prices a banked table's configuration: the return to player
// of every bet the table offers, for its exact rules and paytables, and
// the table's figure, the best a player can get at it. The table service
// computes it when a table is created, publishes it with the table
// (BankedTableSummary.rtp) and refuses a table whose house edge is below
// the operator's minimum (docs/rtp.md).
//
// Each game is priced by its own method:
//
//   - roulette and the money wheel by enumerating the wheel
//     (roulette.RTP, moneywheel.RTP): exact fractions;
//   - blackjack by shared/rtp/blackjack's combinatorial analysis of the
//     table's decks and options (Cached: a quarter of a second per option
//     set, then remembered);
//   - the casino poker side bets exactly, from the table-independent
//     counts of the hands each line wins on (sidebets.go), for any
//     paytable;
//   - the casino poker main games from exact or simulated figures
//     precomputed for the paytables and options the engines ship
//     (figures.go, recomputed by the tests), and for any other paytable by
//     a simulation of Options.SimRounds rounds at creation (the packages'
//     simple strategies: a lower bound on the optimal return).
//
// An option that moves a game's return and that no calculator prices (a
// blackjack hand split to a blackjack, a payout cap, ...) makes the figure
// house.NotComputed, naming the options; the service then wants the
// operator's override.
package rtp

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/house"
)

// DefaultSimRounds is Options.SimRounds's default: a standard error of
// about 0.3 % of the Ante for Casino Hold'em, 0.5 % for Casino Texas
// Hold'em, in about a second of two cores.
const DefaultSimRounds = 1_000_000

// simSeed seeds the simulations at creation: a configuration's figure is
// the same on every replica and at every creation.
const simSeed = 20261203

// Options tune the pricing.
type Options struct {
	// SimRounds is how many rounds a main game whose paytable has no
	// precomputed figure is simulated for (DefaultSimRounds when 0).
	SimRounds int64
}

// Price computes the returns of a table's configuration (its rules as
// Config.Validate accepts them).
func Price(ctx context.Context, c *house.Config, o Options) (house.Returns, error) {
	if o.SimRounds <= 0 {
		o.SimRounds = DefaultSimRounds
	}
	switch {
	case c.Roulette != nil:
		return priceRoulette(c.Roulette)
	case c.Wheel != nil:
		return priceWheel(c.Wheel)
	case c.Blackjack != nil:
		return priceBlackjack(c.Blackjack)
	case c.CasinoHoldem != nil:
		return priceHoldem(ctx, c.CasinoHoldem, o)
	case c.CasinoTexas != nil:
		return priceTexas(ctx, c.CasinoTexas, o)
	case c.Oasis != nil:
		return priceOasis(ctx, c.Oasis, o)
	case c.Russian != nil:
		return priceRussian(ctx, c.Russian, o)
	case c.Split != nil:
		return priceSplit(ctx, c.Split, o)
	}
	return house.Returns{}, fmt.Errorf("rtp: a %s table without rules", c.Game)
}

// priceRoulette: every kind of bet by enumerating the wheel.
func priceRoulette(r *roulette.Rules) (house.Returns, error) {
	kinds, _, err := roulette.RTP(*r)
	if err != nil {
		return house.Returns{}, err
	}
	bets := make([]house.Return, 0, len(kinds))
	for _, k := range kinds {
		bets = append(bets, house.ExactReturn(k.Kind.String(), k.RTP, "any spot of the kind", house.UnitBet))
	}
	return withTable(bets), nil
}

// priceWheel: every box by enumerating the fields.
func priceWheel(r *moneywheel.Rules) (house.Returns, error) {
	boxes, _, err := moneywheel.RTP(*r)
	if err != nil {
		return house.Returns{}, err
	}
	bets := make([]house.Return, 0, len(boxes))
	for _, b := range boxes {
		bets = append(bets, house.ExactReturn(b.Box, b.RTP, "a bet on the box", house.UnitBet))
	}
	return withTable(bets), nil
}

// withTable adds the table's figure to bets: the best of them, or not
// computed if any is not. Its strategy names the best bets.
func withTable(bets []house.Return) house.Returns {
	var unpriced []string
	for _, b := range bets {
		if !b.Known() {
			unpriced = append(unpriced, b.Unpriced...)
		}
	}
	if len(unpriced) > 0 {
		slices.Sort(unpriced)
		return house.Returns{Table: house.Return{Method: house.NotComputed, Unpriced: slices.Compact(unpriced)}, Bets: bets}
	}
	best := 0
	for i, b := range bets {
		if b.Rat().Cmp(bets[best].Rat()) > 0 {
			best = i
		}
	}
	t := bets[best]
	t.Bet = ""
	var names []string
	for _, b := range bets {
		if b.Rat().Cmp(t.Rat()) == 0 && !slices.Contains(names, b.Bet) {
			names = append(names, b.Bet)
		}
	}
	if len(names) == len(bets) {
		t.Strategy = "any bet: every bet returns the same"
	} else {
		t.Strategy = "the best bet (" + strings.Join(names, ", ") + "): " + t.Strategy
	}
	return house.Returns{Table: t, Bets: bets}
}

// notComputed is a game's returns when options no calculator prices are
// set: the bet and the table not computed.
func notComputed(bet, unit string, unpriced []string) house.Returns {
	return withTable([]house.Return{{Bet: bet, Method: house.NotComputed, Unit: unit, Unpriced: unpriced}})
}

// ratio is N:D as a rational, 1 + N/D being what a winning unit returns.
func ratio(num, den int64) *big.Rat {
	if den <= 0 {
		return new(big.Rat)
	}
	return big.NewRat(num, den)
}
