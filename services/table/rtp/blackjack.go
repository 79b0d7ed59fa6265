package rtp

import (
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/house"
	bjrtp "github.com/croupier/croupier/shared/rtp/blackjack"
)

// Strategies of the blackjack figures (shared/rtp/blackjack, docs/rtp-blackjack.md).
const (
	bjOptimal = "composition-dependent optimal play, no counting, each hand off a freshly shuffled shoe (splits approximated within 1e-5)"
	bjBasic   = "the total-dependent basic strategy derived for the table's rules (shared/rtp/blackjack), each hand off a freshly shuffled shoe"
	bjInsure  = "insuring every hand but a blackjack against an ace (basic strategy never does)"
)

// blackjackRules is the calculator's Rules for the engine's, and the
// engine options that move the return and that the calculator does not
// price (it fixes them at the profiles' defaults).
func blackjackRules(r *blackjack.Rules) (bjrtp.Rules, []string) {
	o := r.Options
	out := bjrtp.Rules{
		Decks:              r.Decks,
		DealerHitsSoft17:   o.DealerHitsSoft17,
		LoseAllToBlackjack: o.ENHCLoseAll,
		DoubleAfterSplit:   o.DoubleAfterSplit,
		SplitByRank:        o.SplitBy == blackjack.ByRank,
		MaxHands:           r.MaxHands,
		ResplitAces:        o.ResplitAces,
		SplitTensAceMayHit: o.SplitTenAceHits,
		Bonus777:           o.Bonus777,
		EvenMoneyVsTen:     o.EvenMoneyVsTen,
		DoubleForLess:      o.DoubleForLess,
	}
	if o.BlackjackPays.Den > 0 {
		out.BlackjackPays = float64(o.BlackjackPays.Num) / float64(o.BlackjackPays.Den)
	}
	// Surrender (cz §6.6 on the hand, ru §3.27 early) is before the
	// dealer's second card either way: early surrender in the calculator.
	switch {
	case o.Surrender == blackjack.SurrenderNone:
		out.Surrender = bjrtp.NoSurrender
	case o.SurrenderVsAce:
		out.Surrender = bjrtp.SurrenderAny
	default:
		out.Surrender = bjrtp.SurrenderNotAce
	}
	var unpriced []string
	add := func(cond bool, name string) {
		if cond {
			unpriced = append(unpriced, name)
		}
	}
	add(out.BlackjackPays < 1 || out.BlackjackPays > 3, "blackjack_pays")
	// Insurance at more than 2:1 can pay a player who does not count; at
	// 2:1 or less basic strategy never takes it.
	add(o.InsurancePays.Num > 2*o.InsurancePays.Den, "insurance_pays")
	add(o.Surrender != blackjack.SurrenderNone && !o.SurrenderPairs, "surrender_pairs")
	add(o.SplitBlackjack, "split_blackjack")
	add(!o.DealerBlackjackBeats21, "dealer_blackjack_beats_21")
	add(o.Bonus777 && o.Bonus777Suited, "bonus_777_suited")
	add(o.Bonus777 && !o.Bonus777AfterSplit, "bonus_777_after_split")
	add(o.Bonus777 && !o.Bonus777AfterDouble, "bonus_777_after_double")
	return out, unpriced
}

// priceBlackjack prices a blackjack table exactly (bjrtp.Cached: a
// quarter of a second of two cores per option set, then remembered).
func priceBlackjack(r *blackjack.Rules) (house.Returns, error) {
	br, unpriced := blackjackRules(r)
	if len(unpriced) > 0 {
		return notComputed("main", house.UnitInitialStake, unpriced), nil
	}
	res, err := bjrtp.Cached(br)
	if err != nil {
		return house.Returns{}, err
	}
	if !r.Options.EvenMoney && res.EvenMoneyAce > 0 {
		// The calculator's player takes even money against an ace where
		// it pays (blackjack paying little); this table does not offer it.
		return notComputed("main", house.UnitInitialStake, []string{"even_money"}), nil
	}
	main := house.Return{Bet: "main", RTP: res.OptimalRTP, Method: house.ExactCombinatorial, Strategy: bjOptimal, Unit: house.UnitInitialStake}
	basic := house.Return{Bet: "main", RTP: res.RTP, Method: house.ExactCombinatorial, Strategy: bjBasic, Unit: house.UnitInitialStake}
	// Insurance: InsuranceEV is 3p − 1 at 2:1 for the mean chance p of the
	// dealer's blackjack; at N:D it returns (1 + N/D)·p per unit.
	q := o2f(r.Options.InsurancePays.Num, r.Options.InsurancePays.Den)
	insurance := house.Return{Bet: "insurance", RTP: (1 + q) * (1 + res.InsuranceEV) / 3, Method: house.ExactCombinatorial,
		Strategy: bjInsure, Unit: house.UnitBet}
	return withTable([]house.Return{main, basic, insurance}), nil
}

func o2f(num, den int64) float64 {
	if den == 0 {
		return 0
	}
	return float64(num) / float64(den)
}
