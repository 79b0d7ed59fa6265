package rtp

import (
	"context"
	"fmt"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/casinopoker"
)

// Strategies of the Casino Hold'em and Casino Texas Hold'em figures
// (docs/rtp-casino-poker.md).
const (
	holdemOptimal = "optimal: call when calling's mean net over every turn, river and dealer holding beats the fold (docs/rtp-casino-poker.md)"
	holdemSimple  = "the simple strategy of docs/rtp-casino-poker.md (casinopoker.SimpleHoldem): a lower bound on the optimal return"
	texasOptimal  = "optimal by backward induction over the river, flop and pre-flop decisions, the dealer's face-up card unused: a lower bound on the game as dealt (docs/rtp-casino-poker.md)"
	texasSimple   = "the simple strategy of docs/rtp-casino-poker.md (casinopoker.SimpleCasinoTexas): a lower bound on the optimal return"
)

// holdemRules is the calculator's game for a Casino Hold'em table: its
// Ante table (the engine's high card pays Ace-King too), the dealer's
// pair of fours (gr §4 step 7, ru §4.2–4.3) and its hand rule (ru N1).
func holdemRules(r *casinoholdem.Rules) casinopoker.HoldemRules {
	a := r.Paytables.Ante
	q := func(x casinoholdem.Ratio) float64 { return o2f(x.Num, x.Den) }
	eval := casinopoker.BestOfSeven
	if r.Options.MustUseBothHoleCards {
		eval = casinopoker.TwoPlusThree
	}
	return casinopoker.HoldemRules{Ante: casinopoker.Paytable{
		banked.HighCard: q(a.HighCard), banked.AceKing: q(a.HighCard), banked.Pair: q(a.Pair), banked.TwoPair: q(a.TwoPair),
		banked.Trips: q(a.Trips), banked.Straight: q(a.Straight), banked.Flush: q(a.Flush), banked.FullHouse: q(a.FullHouse),
		banked.Quads: q(a.Quads), banked.StraightFlush: q(a.StraightFlush), banked.RoyalFlush: q(a.RoyalFlush),
	}, Qualifier: banked.PairOfFoursOrBetter, Eval: eval}
}

// holdemKey names a Casino Hold'em game for the precomputed figures.
func holdemKey(r casinopoker.HoldemRules) string {
	return fmt.Sprintf("%s|%v|ante %s", r.Eval, r.Qualifier, r.Ante)
}

// priceHoldem prices a Casino Hold'em table: the main game from its
// precomputed exact figures or a simulation of the simple strategy, the
// AA Bonus (ru: Bonus) exactly.
func priceHoldem(ctx context.Context, r *casinoholdem.Rules, o Options) (house.Returns, error) {
	hr := holdemRules(r)
	var main []house.Return
	if f, ok := holdemFigures[holdemKey(hr)]; ok {
		main = []house.Return{f.optimal.ret(holdemOptimal), f.simple.ret(holdemSimple)}
	} else if hr.Validate() != nil {
		main = []house.Return{unpricedMain("ante paytable (lines not whole eighths)")}
	} else {
		s, err := casinopoker.SimulateHoldem(ctx, hr, casinopoker.SimpleHoldem, o.SimRounds, simSeed)
		if err != nil {
			return house.Returns{}, err
		}
		main = []house.Return{simulated(holdemSimple, s.Net, s.SE, s.Stake, s.Rounds)}
	}
	return withTable(append(main, aaBonusReturn(r))), nil
}

// texasRules is the calculator's game for a Casino Texas Hold'em table:
// its Blind table (a win below a straight pushes, §6) and the dealer's
// pair (§5).
func texasRules(r *casinotexas.Rules) casinopoker.CasinoTexasRules {
	blind := casinopoker.Paytable{}
	for _, l := range []banked.Line{banked.HighCard, banked.AceKing, banked.Pair, banked.TwoPair, banked.Trips} {
		blind[l] = 0
	}
	for l, q := range r.Paytables.Blind.Pays {
		blind[l] = o2f(q.Num, q.Den)
	}
	return casinopoker.CasinoTexasRules{Blind: blind, Qualifier: banked.AnyPair}
}

// priceTexas prices a Casino Texas Hold'em table: the main game as
// priceHoldem does, Trips exactly. The options that settle the Ante and
// the Blind otherwise than §6 reads (§9 notes 1 and 5) are not priced.
func priceTexas(ctx context.Context, r *casinotexas.Rules, o Options) (house.Returns, error) {
	var unpriced []string
	if r.Options.FoldKeepsAnteBlindInAction {
		unpriced = append(unpriced, "fold_keeps_ante_blind_in_action")
	}
	if r.Options.AnteWinsWhenDealerDoesNotQualify {
		unpriced = append(unpriced, "ante_wins_when_dealer_does_not_qualify")
	}
	tr := texasRules(r)
	var main []house.Return
	f, ok := texasFigures[tr.Blind.String()]
	switch {
	case len(unpriced) > 0:
		main = []house.Return{unpricedMain(unpriced...)}
	case ok:
		main = []house.Return{f.optimal.ret(texasOptimal), f.simple.ret(texasSimple)}
	case tr.Validate() != nil:
		main = []house.Return{unpricedMain("blind paytable (lines not whole eighths)")}
	default:
		s, err := casinopoker.SimulateCasinoTexas(ctx, tr, casinopoker.SimpleCasinoTexas(), o.SimRounds, simSeed)
		if err != nil {
			return house.Returns{}, err
		}
		main = []house.Return{simulated(texasSimple, s.Net, s.SE, s.Stake, s.Rounds)}
	}
	return withTable(append(main, tripsReturn(r.Paytables.Trips))), nil
}

// unpricedMain is a main game no calculator prices.
func unpricedMain(unpriced ...string) house.Return {
	return house.Return{Bet: "main", Method: house.NotComputed, Unit: house.UnitAnte, Unpriced: unpriced}
}

// simulated is a main game's figure from a simulation at creation: net
// and stake per round in Antes, se the net's standard error.
func simulated(strategy string, net, se, stake float64, rounds int64) house.Return {
	return house.Return{Bet: "main", RTP: 1 + net, Method: house.Simulation, Strategy: strategy, SE: se, Rounds: rounds,
		Unit: house.UnitAnte, PerTotalStake: (stake + net) / stake}
}
