package casinopoker

import (
	"context"
	"errors"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// gr-casino-holdem.md §10: the Ante and Call of the test vectors (Ante
// 10, Call 20), settled by settleCall; vector 2 folds (−10, §4 step 3).
func TestGreekVectors(t *testing.T) {
	r := GreekHoldem()
	for _, tc := range []struct {
		name                string
		hole, board, dealer string
		want                float64 // Ante and Call together, Ante 10
	}{
		{"#1 dealer Q-high does not qualify: Ante 1:1, Call returned", "Ac Ad", "Ks 7h 2c 9d 4s", "Qh Jh", 10},
		{"#3 straight flush 20:1, Call 1:1", "5h 6h", "7h 8h 9h 2c Kd", "4s 4c", 220},
		{"#4 dealer's threes do not qualify", "Ks Kd", "2h 7c 9s Jd 6h", "3c 3s", 10},
		{"#5 queens up beat nines up", "Qs Js", "Qd 5h 5c 8d 2s", "9c 9d", 30},
		{"#6 both play the straight: push", "Th 2c", "As Ks Qs Js 3d", "Td 4c", 0},
		{"#7 wheel beats kings", "8d 3c", "Ah 2s 4d 5c Ks", "Kh 9c", 30},
		{"#8 the board's kings qualify the dealer, ace kicker wins", "7c 2d", "Kh Kc 5s 9d 3h", "Ad Tc", -30},
		// §6.1 line 32: a dealer who fails to qualify pays the Ante by the
		// paytable even when his hand beats the player's.
		{"no qualification, the dealer's hand higher", "3c 2d", "Kh 9s 7d 6c 4h", "Ac Qd", 10},
		{"a full house 3:1 against the board's pair of fives, Call 1:1", "9c 9d", "9h 5s 5d Kc 2h", "Ac Qd", 50},
		{"a flush 2:1 against no qualification", "Ah 2h", "Kh 9h 7h 6c 3d", "Qc Jd", 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := 10 * r.settleCall([2]card.Card(cards(t, tc.hole)), [2]card.Card(cards(t, tc.dealer)), [5]card.Card(cards(t, tc.board)))
			if got != tc.want {
				t.Errorf("net %v, want %v", got, tc.want)
			}
		})
	}
}

// The exact figures of gr-casino-holdem.md (pinned from ComputeHoldem;
// tools/pokersim -game gr prints them). §7 states 99.18 % for the main
// game under the optimal strategy: that is the return per total stake
// (Ante and Call); per Ante it is 97.84 % (house edge 2.16 % of the Ante).
const (
	greekOptimalNet      = -0.021576458362 // per Ante
	greekOptimalCalls    = 0.819905808477
	greekOptimalPerStake = 0.991826515868
	greekSimpleNet       = -0.035678873253
	greekSimpleCalls     = 0.785587465756
	greekAlwaysCallNet   = -0.078996432288
	greekAAOptimal       = 0.907816049497 // the AA Bonus when a fold forfeits it
	greekAASimple        = 0.897847754500
	greekForcedNet       = -0.022926471862 // optimal, calling every AA Bonus win
)

// Figures to 1e-9: the sums are exact; the last digits move with the
// order of floating-point additions only.
const figureTolerance = 1e-9

func TestGreekHoldemExact(t *testing.T) {
	numeric(t)
	res := greekResult(t)
	for _, f := range []struct {
		what      string
		got, want float64
	}{
		{"optimal net per Ante", res.Optimal.Net, greekOptimalNet},
		{"optimal RTP per Ante", res.Optimal.PerAnte, 1 + greekOptimalNet},
		{"optimal call rate", res.Optimal.CallRate, greekOptimalCalls},
		{"optimal stake", res.Optimal.Stake, 1 + 2*greekOptimalCalls},
		{"optimal RTP per total stake", res.Optimal.PerStake, greekOptimalPerStake},
		{"simple net", res.Simple.Net, greekSimpleNet},
		{"simple call rate", res.Simple.CallRate, greekSimpleCalls},
		{"always call net", res.AlwaysCall.Net, greekAlwaysCallNet},
		{"always call rate", res.AlwaysCall.CallRate, 1},
		{"Play(OptimalCall)", res.Play(res.OptimalCall).Net, greekOptimalNet},
		{"optimal, calling every AA Bonus win", res.Play(CallingAABonusWins(res.OptimalCall)).Net, greekForcedNet},
	} {
		near(t, f.what, f.got, f.want, figureTolerance)
	}
	// §7 rounds: 99.18 % per total stake.
	near(t, "§7 optimal 99.18 %", res.Optimal.PerStake, 0.9918, 0.00005)
	for _, s := range []struct {
		what string
		s    HoldemStrategy
		want float64
	}{
		{"optimal", res.OptimalCall, greekAAOptimal},
		{"simple", SimpleHoldem, greekAASimple},
		{"calling every win", CallingAABonusWins(SimpleHoldem), 0.935977467910}, // = AABonus
	} {
		got, err := res.AABonus(GreekAABonus(), s.s)
		if err != nil {
			t.Fatal(err)
		}
		near(t, "AA Bonus under "+s.what, got, s.want, figureTolerance)
	}
}

// CallEV against a brute force over every turn, river and dealer holding
// (1,070,190 showdowns each), settled by settleCall: kinds of flop with
// every size of stabiliser (monotone, two-tone, rainbow, paired).
func TestGreekCallEVIsTheBruteForce(t *testing.T) {
	numeric(t)
	res := greekResult(t)
	for _, tc := range []struct{ hole, flop string }{
		{"As Ks", "Qs Js 2s"},
		{"7c 2d", "Kh Kc 5s"},
		{"Td 9d", "8h 7s 2c"},
		{"3c 2d", "Ah Kd 8s"},
		{"Jh 4c", "Qd 9d 4s"},
	} {
		hole, flop := [2]card.Card(cards(t, tc.hole)), [3]card.Card(cards(t, tc.flop))
		near(t, tc.hole+" on "+tc.flop, res.CallEV(hole, flop), bruteCallEV(res.Rules, hole, flop), 1e-12)
	}
}

func bruteCallEV(r HoldemRules, hole [2]card.Card, flop [3]card.Card) float64 {
	used := card.SetOf(append(hole[:], flop[:]...)...)
	var rest []card.Card
	for c := range card.Card(card.NumCards) {
		if !used.Has(c) {
			rest = append(rest, c)
		}
	}
	sum, n := 0.0, 0
	for i, turn := range rest {
		for _, river := range rest[i+1:] {
			board := [5]card.Card{flop[0], flop[1], flop[2], turn, river}
			for j, a := range rest {
				for _, b := range rest[j+1:] {
					if a == turn || a == river || b == turn || b == river {
						continue
					}
					sum += r.settleCall(hole, [2]card.Card{a, b}, board)
					n++
				}
			}
		}
	}
	return sum / float64(n)
}

func TestHoldemRulesValidate(t *testing.T) {
	bad := GreekHoldem()
	bad.Ante = CzechTrips()
	if _, err := ComputeHoldem(context.Background(), bad); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("Trips table as the Ante's: %v", err)
	}
	bad = GreekHoldem()
	bad.Qualifier = 0
	if err := bad.Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("no qualifier: %v", err)
	}
	bad = GreekHoldem()
	bad.Eval = 7
	if err := bad.Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("evaluator 7: %v", err)
	}
	if err := RussianHoldem().Validate(); err != nil {
		t.Error(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ComputeHoldem(ctx, GreekHoldem()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// No strategy returns more than the optimal one.
func TestOptimalReturnsTheMost(t *testing.T) {
	numeric(t)
	res := greekResult(t)
	for name, s := range map[string]HoldemStrategy{
		"simple":                SimpleHoldem,
		"calling AA Bonus wins": CallingAABonusWins(res.OptimalCall),
		"folding pairs":         func(h [2]card.Card, f [3]card.Card) bool { return !res.OptimalCall(h, f) },
		"calling an ace":        func(h [2]card.Card, f [3]card.Card) bool { return h[0].Rank() == card.Ace || h[1].Rank() == card.Ace },
	} {
		if got := res.Play(s); got.Net >= res.Optimal.Net {
			t.Errorf("%s: net %v, the optimum %v", name, got.Net, res.Optimal.Net)
		}
	}
	if _, err := res.AABonus(CzechTrips(), SimpleHoldem); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("AABonus with the Trips table: %v", err)
	}
}
