package rtp

import (
	"context"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// Strategies of the stud games' figures (docs/rtp-casino-poker.md, "Oasis,
// Russian and Split poker").
const (
	studBuy      = "Bet with Ace-King or better, buy the dealer's game by the numbers; never exchange, buy a sixth card or insure: a lower bound on a player who does (docs/rtp-casino-poker.md)"
	studNeverBuy = "Bet with Ace-King or better, never buy the dealer's game, never exchange (docs/rtp-casino-poker.md)"
	splitSimple  = "Bet with a pair or better, never buy small-hand cards, stop on the dealer's no game: a lower bound (docs/rtp-casino-poker.md)"
)

// studGame is what the stud games share for pricing.
type studGame struct {
	game      studpoker.Game
	pays      round.Paytable[banked.Line]
	bonus     round.Paytable[banked.Line]
	reading   fivecard.RoyalBonusReading
	hasBonus  bool
	maxPayout bool
	unpriced  []string
}

func priceOasis(ctx context.Context, r *oasis.Rules, o Options) (house.Returns, error) {
	return priceStud(ctx, studGame{game: studpoker.Oasis, pays: r.Paytables.Bet, bonus: r.Paytables.RoyalBonus,
		reading: r.Options.RoyalBonus, hasBonus: r.Paytables.OffersRoyalBonus(),
		maxPayout: r.Limits.MaxPayout > 0 || r.Limits.RoyalBonusMaxPayout > 0}, o)
}

// priceRussian: a failed buy paying the Ante (N5's alternative) is not
// priced.
func priceRussian(ctx context.Context, r *russianpoker.Rules, o Options) (house.Returns, error) {
	g := studGame{game: studpoker.Russian, pays: r.Paytables.Bet, bonus: r.Paytables.RoyalBonus,
		reading: r.Options.RoyalBonus, hasBonus: r.Paytables.OffersRoyalBonus(),
		maxPayout: r.Limits.MaxPayout > 0 || r.Limits.RoyalBonusMaxPayout > 0}
	if r.Options.FailedBuyPaysAnte {
		g.unpriced = append(g.unpriced, "failed_buy_pays_ante")
	}
	return priceStud(ctx, g, o)
}

func priceSplit(ctx context.Context, r *splitpoker.Rules, o Options) (house.Returns, error) {
	return priceStud(ctx, studGame{game: studpoker.Split, pays: r.Paytables.Pays, bonus: r.Paytables.RoyalBonus,
		reading: r.Options.RoyalBonus, hasBonus: len(r.Paytables.RoyalBonus.Pays) > 0,
		maxPayout: r.Limits.MaxPayout > 0 || r.Limits.RoyalBonusMaxPayout > 0}, o)
}

// priceStud prices a stud table: the main game from its precomputed
// figures or, for another Bet table, a simulation at creation; the Royal
// Bonus exactly. A payout cap is not priced.
func priceStud(ctx context.Context, g studGame, o Options) (house.Returns, error) {
	if g.maxPayout {
		g.unpriced = append(g.unpriced, "max_payout")
	}
	pays, whole := studPays(g.pays)
	var main []house.Return
	f, ok := studFigures[studKey(g.game, pays)]
	switch {
	case len(g.unpriced) > 0:
		main = []house.Return{unpricedMain(g.unpriced...)}
	case !whole:
		main = []house.Return{unpricedMain("bet paytable (lines not whole multiples)")}
	case ok:
		main = f.returns()
	default:
		r := studpoker.Rules{Game: g.game, Pays: pays, Buy: studpoker.BuyByNumbers}
		strategy := studBuy
		if g.game == studpoker.Split {
			r.Buy, strategy = studpoker.NeverBuy, splitSimple
		}
		s, err := studpoker.Simulate(ctx, r, o.SimRounds, simSeed)
		if err != nil {
			return house.Returns{}, err
		}
		main = []house.Return{simulated(strategy, s.Net, s.SE, s.Stake, s.Rounds)}
	}
	if g.hasBonus {
		main = append(main, royalBonusReturn(g.bonus, g.reading))
	}
	return withTable(main), nil
}

// studPays is an engine's table as the calculator takes it, whole
// multiples; false if a line is not one.
func studPays(p round.Paytable[banked.Line]) (studpoker.Paytable, bool) {
	out := studpoker.Paytable{}
	for l, q := range p.Pays {
		if q.Den <= 0 || q.Num%q.Den != 0 {
			return nil, false
		}
		out[l] = q.Num / q.Den
	}
	return out, true
}

// studKey names a stud game and its table for the precomputed figures.
func studKey(g studpoker.Game, p studpoker.Paytable) string { return g.String() + "|" + p.String() }
