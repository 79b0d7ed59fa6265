package blackjack

import (
	"math"
	"testing"
)

func rtp(t *testing.T, r Rules) float64 {
	t.Helper()
	res, err := Cached(r)
	if err != nil {
		t.Fatal(err)
	}
	return res.RTP
}

// rising checks that each rule set returns more than the one before it.
func rising(t *testing.T, what string, rules ...Rules) {
	t.Helper()
	for i := 1; i < len(rules); i++ {
		if a, b := rtp(t, rules[i-1]), rtp(t, rules[i]); !(b > a) {
			t.Errorf("%s step %d: RTP %.7f then %.7f, want rising", what, i, a, b)
		}
	}
}

func TestMoreDecksLowerRTP(t *testing.T) {
	numeric(t)
	for name, base := range map[string]Rules{"cz": CZ(), "ru": RU()} {
		var rs []Rules
		for _, d := range []int{8, 6, 4, 2, 1} {
			rs = append(rs, with(base, func(r *Rules) { r.Decks = d }))
		}
		rising(t, name, rs...)
	}
}

// cz §10.1: losing doubles and splits to a dealer blackjack costs the
// player; "original bet only" is better for him.
func TestLosingAllToBlackjackLowersRTP(t *testing.T) {
	numeric(t)
	for name, r := range map[string]Rules{"cz": CZ(), "ru": RU(), "cz 1 deck": with(CZ(), func(r *Rules) { r.Decks = 1 })} {
		rising(t, name, r, with(r, func(r *Rules) { r.LoseAllToBlackjack = false }))
	}
}

// Surrender is an option: offering it never costs the player, against more
// up cards never less.
func TestSurrenderNeverLowersRTP(t *testing.T) {
	numeric(t)
	for name, r := range map[string]Rules{"cz": CZ(), "ru": RU(), "cz obo": with(CZ(), func(r *Rules) { r.LoseAllToBlackjack = false })} {
		rising(t, name,
			with(r, func(r *Rules) { r.Surrender = NoSurrender }),
			with(r, func(r *Rules) { r.Surrender = SurrenderNotAce }),
			with(r, func(r *Rules) { r.Surrender = SurrenderAny }))
	}
}

// The player's options each add to his return, the dealer hitting soft 17
// takes from it, and a 6:5 blackjack takes about 1.3 %: 1.36 % less the
// 0.06 % that even money, worth taking against an ace at 6:5, gives back.
func TestRuleDirections(t *testing.T) {
	numeric(t)
	r := RU()
	rising(t, "h17", with(r, func(r *Rules) { r.DealerHitsSoft17 = true }), r)
	rising(t, "das", with(r, func(r *Rules) { r.DoubleAfterSplit = false }), r)
	rising(t, "rsa", r, with(r, func(r *Rules) { r.ResplitAces = true }))
	rising(t, "hands", with(r, func(r *Rules) { r.MaxHands = 1 }), with(r, func(r *Rules) { r.MaxHands = 2 }),
		with(r, func(r *Rules) { r.MaxHands = 3 }), r)
	rising(t, "777", with(CZ(), func(r *Rules) { r.Bonus777 = false }), CZ())
	sixFive := rtp(t, with(r, func(r *Rules) { r.BlackjackPays = 1.2 }))
	if d := rtp(t, r) - sixFive; d < 0.0125 || d > 0.0135 {
		t.Errorf("6:5 costs %.5f, want about 0.013", d)
	}
}

// Playing each composition's best action is never worse than the chart.
func TestOptimalAtLeastChart(t *testing.T) {
	numeric(t)
	for _, r := range []Rules{CZ(), RU(), with(CZ(), func(r *Rules) { r.LoseAllToBlackjack = false }), with(RU(), func(r *Rules) { r.Decks = 1 })} {
		res, _ := Cached(r)
		if res.OptimalRTP < res.RTP-1e-12 {
			t.Errorf("%+v: optimal %.8f below chart %.8f", r, res.OptimalRTP, res.RTP)
		}
		if res.OptimalRTP-res.RTP > 0.001 {
			t.Errorf("%+v: optimal %.8f far above chart %.8f", r, res.OptimalRTP, res.RTP)
		}
		for i, u := range res.UpCards {
			if u.OptimalEV < u.EV-1e-12 {
				t.Errorf("up %s: optimal %.8f below chart %.8f", valueName(colValue(i)), u.OptimalEV, u.EV)
			}
		}
	}
}

func TestUpCardProbabilitiesSumToOne(t *testing.T) {
	res, _ := Cached(CZ())
	sum, ev := 0.0, 0.0
	for _, u := range res.UpCards {
		sum += u.Prob
		ev += u.Prob * u.EV
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(1+ev-res.RTP) > 1e-12 {
		t.Errorf("up card probabilities sum to %v; their return %v, RTP %v", sum, 1+ev, res.RTP)
	}
}

// No hand is worth less than losing its stake, unless it doubles (two
// units) or splits (a unit a hand); none more than its best payout.
func TestHandValuesBounded(t *testing.T) {
	numeric(t)
	r := CZ()
	s := newShoe(r.Decks)
	for up := 1; up <= values; up++ {
		e := newUpEval(&r, &s, up)
		for _, d := range e.dealWeights() {
			h := &e.hs.hands[d.i]
			if h.isBlackjack() {
				continue
			}
			st, hi, db := e.best.stand(d.i, 1).v, e.best.hit(d.i).v, e.best.double(d.i).v
			best := e.bestInitial(d.i)
			switch {
			case st < -1 || st > 1, hi < -1 || hi > 2, db < -2 || db > 4:
				t.Errorf("up %d hand %v: stand %v hit %v double %v", up, h.count, st, hi, db)
			case best < -1 || best > 2 || best < max(st, hi, db)-1e-12:
				t.Errorf("up %d hand %v: best %v", up, h.count, best)
			}
			if p := h.pairValue(); p != 0 {
				if sp := e.splitEV(p, nil); sp < -2*float64(r.MaxHands) || sp > 4*float64(r.MaxHands) {
					t.Errorf("up %d pair %d: split %v", up, p, sp)
				}
			}
		}
	}
}

// Insurance and even money cost a player who does not count.
func TestInsuranceAndEvenMoneyNeverPay(t *testing.T) {
	for _, r := range []Rules{CZ(), RU()} {
		res, _ := Cached(r)
		if res.InsuranceEV >= 0 || res.EvenMoneyAce >= 0 || res.EvenMoneyTen >= 0 {
			t.Errorf("insurance %v, even money vs A %v, vs T %v: want all negative", res.InsuranceEV, res.EvenMoneyAce, res.EvenMoneyTen)
		}
		if res.Strategy.Insurance || res.Strategy.EvenMoney || res.Strategy.EvenMoneyVsTen {
			t.Error("the strategy insures or takes even money")
		}
	}
}
