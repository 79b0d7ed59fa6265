package bot

import (
	"math/rand/v2"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Random picks a legal action at random: mostly checks and calls, some
// folds, bets and raises of random legal sizes, rarely an all-in.
type Random struct{}

// Decide implements Strategy.
func (Random) Decide(s Situation, r *rand.Rand) Decision {
	var passive, aggressive, fold, allIn []*tablev1.LegalAction
	for _, l := range s.Legal {
		switch l.GetKind() {
		case tablev1.ActionKind_ACTION_KIND_CHECK, tablev1.ActionKind_ACTION_KIND_CALL, tablev1.ActionKind_ACTION_KIND_BRING_IN:
			passive = append(passive, l)
		case tablev1.ActionKind_ACTION_KIND_FOLD:
			fold = append(fold, l)
		case tablev1.ActionKind_ACTION_KIND_ALL_IN:
			allIn = append(allIn, l)
		default:
			aggressive = append(aggressive, l)
		}
	}
	x := r.IntN(100)
	switch {
	case x < 3 && len(allIn) > 0:
		return pick(allIn[0], r)
	case x < 18 && len(fold) > 0 && len(passive) > 0 && passive[0].GetKind() != tablev1.ActionKind_ACTION_KIND_CHECK:
		return pick(fold[0], r)
	case x < 35 && len(aggressive) > 0:
		return pick(aggressive[r.IntN(len(aggressive))], r)
	case len(passive) > 0:
		return pick(passive[0], r)
	case len(aggressive) > 0:
		return pick(aggressive[0], r)
	case len(allIn) > 0:
		return pick(allIn[0], r)
	}
	return pick(s.Legal[0], r)
}

// pick chooses an amount of l: its minimum most of the time, sometimes a
// random legal size.
func pick(l *tablev1.LegalAction, r *rand.Rand) Decision {
	d := Decision{Kind: l.GetKind(), Amount: l.GetMinAmount()}
	if l.GetStep() > 0 && l.GetMaxAmount() > l.GetMinAmount() && r.IntN(3) == 0 {
		steps := (l.GetMaxAmount() - l.GetMinAmount()) / l.GetStep()
		// Small raises are likelier than big ones.
		k := r.Int64N(steps+1) * r.Int64N(steps+1) / max(steps, 1)
		d.Amount = l.GetMinAmount() + k*l.GetStep()
	}
	return d
}

// Tight plays a simple tight strategy: before the board it continues with
// pairs of eights or better, two broadway cards or suited aces, raising
// with the best of them; after, it bets or raises two pair or better,
// calls with a pair, and otherwise checks or folds.
type Tight struct{}

// Decide implements Strategy.
func (Tight) Decide(s Situation, r *rand.Rand) Decision {
	find := func(k tablev1.ActionKind) *tablev1.LegalAction {
		for _, l := range s.Legal {
			if l.GetKind() == k {
				return l
			}
		}
		return nil
	}
	check := find(tablev1.ActionKind_ACTION_KIND_CHECK)
	call := find(tablev1.ActionKind_ACTION_KIND_CALL)
	fold := find(tablev1.ActionKind_ACTION_KIND_FOLD)
	raise := find(tablev1.ActionKind_ACTION_KIND_RAISE)
	if raise == nil {
		raise = find(tablev1.ActionKind_ACTION_KIND_BET)
	}
	if raise == nil {
		raise = find(tablev1.ActionKind_ACTION_KIND_COMPLETE)
	}
	strength := handStrength(s.Hole, s.Board)
	passive := func() Decision {
		switch {
		case check != nil:
			return Decision{Kind: check.GetKind()}
		case call != nil:
			return Decision{Kind: call.GetKind(), Amount: call.GetMinAmount()}
		}
		return Random{}.Decide(s, r)
	}
	switch {
	case strength >= 3 && raise != nil:
		return Decision{Kind: raise.GetKind(), Amount: raise.GetMinAmount()}
	case strength >= 2:
		return passive()
	case check != nil:
		return Decision{Kind: check.GetKind()}
	case fold != nil:
		return Decision{Kind: fold.GetKind()}
	}
	return passive()
}

// handStrength is 0 (give up), 2 (continue) or 3 (raise).
func handStrength(hole, board []string) int {
	cs := make([]card.Card, 0, 7)
	for _, h := range append(append([]string(nil), hole...), board...) {
		if c, err := card.Parse(h); err == nil {
			cs = append(cs, c)
		}
	}
	if len(board) == 0 || len(cs) < 5 {
		if len(hole) < 2 {
			return 2
		}
		a, err1 := card.Parse(hole[0])
		b, err2 := card.Parse(hole[1])
		if err1 != nil || err2 != nil {
			return 2
		}
		hi, lo := a.Rank(), b.Rank()
		if lo > hi {
			hi, lo = lo, hi
		}
		switch {
		case hi == lo && hi >= card.Jack:
			return 3
		case hi == lo && hi >= card.Eight:
			return 2
		case hi == card.Ace && lo >= card.King:
			return 3
		case hi >= card.Ten && lo >= card.Ten:
			return 2
		case hi == card.Ace && a.Suit() == b.Suit():
			return 2
		}
		return 0
	}
	if len(cs) > 7 {
		cs = cs[:7]
	}
	switch v := rank.Best(cs...); {
	case v.Category() >= rank.TwoPair:
		return 3
	case v.Category() >= rank.Pair:
		return 2
	}
	return 0
}
