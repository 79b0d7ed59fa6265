package rtp

import (
	"math/big"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/rank/banked"
)

// A side bet decided by the player's cards alone is priced exactly for
// any paytable from how many hands win on each of its lines: the counts
// below do not depend on the table, and the tests recount them with the
// engines' and calculators' own line functions (sidebets_test.go).

// fiveCardHands is C(52,5): the first fives the AA Bonus, the Bonus and
// the Royal Bonus are settled on.
const fiveCardHands = 2_598_960

// aaBonusWins counts the first fives (two hole cards and the flop) by
// the AA Bonus line they win on (casinoholdem.AABonusLine, gr §6.3):
// a pair of aces and every better hand.
var aaBonusWins = map[banked.Line]int64{
	casinoholdem.PairOfAces: 84_480, banked.TwoPair: 123_552, banked.Trips: 54_912, banked.Straight: 10_200,
	banked.Flush: 5_108, banked.FullHouse: 3_744, banked.Quads: 624, banked.StraightFlush: 36, banked.RoyalFlush: 4,
}

// royalBonusWins counts the first fives by the Royal Bonus line they win
// on under each reading (banked.RoyalBonus; Oasis §6, Russian §6, Split
// §6): literally a pair of kings, two pair topped by kings or aces,
// trips or better; or any hand from a pair of kings up.
var royalBonusWins = map[fivecard.RoyalBonusReading]map[banked.Line]int64{
	fivecard.Literal: {
		banked.Pair: 84_480, banked.TwoPair: 36_432, banked.Trips: 54_912, banked.Straight: 10_200,
		banked.Flush: 5_108, banked.FullHouse: 3_744, banked.Quads: 624, banked.StraightFlush: 36, banked.RoyalFlush: 4,
	},
	fivecard.PairOfKingsOrBetter: {
		banked.Pair: 168_960, banked.TwoPair: 123_552, banked.Trips: 54_912, banked.Straight: 10_200,
		banked.Flush: 5_108, banked.FullHouse: 3_744, banked.Quads: 624, banked.StraightFlush: 36, banked.RoyalFlush: 4,
	},
}

// sevenCardHands is C(52,7): the final hands Trips is settled on.
const sevenCardHands = 133_784_560

// tripsWins counts the seven-card hands by the Trips line their best five
// win on (cz-casino-texas-holdem.md §6, whose own frequencies these are).
var tripsWins = map[banked.Line]int64{
	banked.Trips: 6_461_620, banked.Straight: 6_180_020, banked.Flush: 4_047_644, banked.FullHouse: 3_473_184,
	banked.Quads: 224_848, banked.StraightFlush: 37_260, banked.RoyalFlush: 4_324,
}

// sideBet is the exact return of a bet that pays pays[l] on the wins[l]
// hands of each line, of hands: Σ wins × (1 + N/D) / hands.
func sideBet(pays map[banked.Line]round.Ratio, wins map[banked.Line]int64, hands int64) *big.Rat {
	back := new(big.Rat)
	for l, n := range wins {
		q, ok := pays[l]
		if !ok {
			continue
		}
		one := new(big.Rat).Add(big.NewRat(1, 1), ratio(q.Num, q.Den))
		back.Add(back, one.Mul(one, big.NewRat(n, 1)))
	}
	return back.Quo(back, big.NewRat(hands, 1))
}

// aaBonusPays is the engine's AA Bonus table by line.
func aaBonusPays(t casinoholdem.AABonusPaytable) map[banked.Line]round.Ratio {
	return map[banked.Line]round.Ratio{
		casinoholdem.PairOfAces: round.Ratio(t.PairOfAces), banked.TwoPair: round.Ratio(t.TwoPair), banked.Trips: round.Ratio(t.Trips),
		banked.Straight: round.Ratio(t.Straight), banked.Flush: round.Ratio(t.Flush), banked.FullHouse: round.Ratio(t.FullHouse),
		banked.Quads: round.Ratio(t.Quads), banked.StraightFlush: round.Ratio(t.StraightFlush), banked.RoyalFlush: round.Ratio(t.RoyalFlush),
	}
}

// aaBonusReturn is the AA Bonus (ru: the Bonus) of a Casino Hold'em
// table. It wins on the first five cards; where a fold forfeits it (gr
// §4 step 3) the figure is the player's who calls every winning bonus,
// the spec's "optimal side-bet strategy" (§7); where a fold keeps it (ru
// §3.13–3.15) no decision changes it.
func aaBonusReturn(r *casinoholdem.Rules) house.Return {
	strategy := "calling every hand whose AA Bonus wins (a fold forfeits it, gr §4 step 3)"
	if r.Options.FoldSettlesBonus {
		strategy = "any: the bonus is settled on the first five cards, a fold included (ru §3.13–3.15)"
	}
	return house.ExactReturn("aa_bonus", sideBet(aaBonusPays(r.Paytables.AABonus), aaBonusWins, fiveCardHands), strategy, house.UnitBet)
}

// tripsReturn is Casino Texas Hold'em's Trips: settled on the final hand
// whatever the player decides (§6, §9.1).
func tripsReturn(p round.Paytable[banked.Line]) house.Return {
	return house.ExactReturn("trips", sideBet(p.Pays, tripsWins, sevenCardHands),
		"any: Trips is settled on the player's final hand, a fold included (§6, §9.1)", house.UnitBet)
}

// royalBonusReturn is the stud games' Royal Bonus under a reading: won
// on the first five cards, which every strategy priced here plays.
func royalBonusReturn(p round.Paytable[banked.Line], reading fivecard.RoyalBonusReading) house.Return {
	return house.ExactReturn("royal_bonus", sideBet(p.Pays, royalBonusWins[reading], fiveCardHands),
		"any that plays every hand the bonus wins (the main game's strategies here do)", house.UnitBet)
}
