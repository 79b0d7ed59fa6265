package casinopoker

import (
	"context"
	"errors"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// cz-casino-texas-holdem.md §8: Ante, Play and Blind of the test vectors
// (Ante = Blind = 10), settled by settle; the Trips column is
// TestSideBetVectors'.
func TestCzechVectors(t *testing.T) {
	r := CzechCasinoTexas()
	for _, tc := range []struct {
		name                string
		hole, board, dealer string
		play                float64 // in Antes; 0 folds
		want                float64 // Ante + Play + Blind, Ante 10
	}{
		{"#1 royal flush: Ante +10, Play +40, Blind +5000", "As Ks", "Qs Js Ts 2d 3c", "5h 5d", 4, 5050},
		{"#2 trips: Ante +10, Play +20, Blind push", "9c 9d", "9s Kh 4d 2c 7s", "Ah Kd", 2, 30},
		{"#3 dealer K-high does not qualify: Ante push, Play +10, Blind +10", "8h 7h", "6h 5c 4d Ks 2c", "Qd Jc", 1, 20},
		{"#4 dealer A-high wins without qualifying: Ante push, Play −10, Blind −10", "7c 3d", "Ks 9h 5d 2s Jc", "Ad 4c", 1, -20},
		{"#5 both play the board: push", "2c 3d", "As Ah Kd Kc Qs", "4c 5d", 1, 0},
		{"#6 wheel beats two pair: +10, +30, Blind +10", "Ac 2d", "3s 4h 5d Kc Kd", "Qh Qc", 3, 50},
		{"#7 quads on the board, ace kicker: +10, +10, Blind +100", "Ah 3c", "9s 9h 9d 9c 2s", "Kd 4s", 1, 120},
		{"#8 fold at the river: Ante and Blind lost", "7c 2d", "Ks 9h 5d 3s Jc", "Ad 4c", 0, -20},
		{"#9 flush: +10, +40, Blind +15 (3:2)", "Ks Qs", "As 7s 2s 9d 3h", "Jd Jc", 4, 65},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := 10 * r.settle([2]card.Card(cards(t, tc.hole)), [2]card.Card(cards(t, tc.dealer)), [5]card.Card(cards(t, tc.board)), tc.play)
			if got != tc.want {
				t.Errorf("net %v, want %v", got, tc.want)
			}
		})
	}
}

// The exact figures of cz-casino-texas-holdem.md, pinned from
// ComputeCasinoTexas (TestCasinoTexasExact recomputes them; tools/pokersim
// -game cz prints them). The optimal strategy sees the player's cards and
// the board only (not the dealer's up card).
const (
	czOptimalNet     = -0.021849713763 // per Ante; Ante and Blind and Play staked
	czOptimalStake   = 4.152209545741
	czOptimalPreflop = 0.377073906486
	czOptimalFold    = 0.191858389125
	czSimpleNet      = -0.023814000224
	czSimpleStake    = 4.163320173725
)

// The exact figures of ru-texas-holdem-casino.md's default profile (two
// hole cards and three board cards, the placeholder Ante table).
const (
	ruOptimalNet = -0.041589745572
	ruSimpleNet  = -0.054285889992
)

func TestCasinoTexasExact(t *testing.T) {
	slow(t)
	res, err := ComputeCasinoTexas(context.Background(), CzechCasinoTexas(), SimpleCasinoTexas())
	if err != nil {
		t.Fatal(err)
	}
	near(t, "optimal net", res.Optimal.Net, czOptimalNet, figureTolerance)
	near(t, "optimal stake", res.Optimal.Stake, czOptimalStake, figureTolerance)
	near(t, "optimal 4×", res.Optimal.Preflop, czOptimalPreflop, figureTolerance)
	near(t, "optimal folds", res.Optimal.Fold, czOptimalFold, figureTolerance)
	near(t, "simple net", res.Strategy.Net, czSimpleNet, figureTolerance)
	near(t, "simple stake", res.Strategy.Stake, czSimpleStake, figureTolerance)
	near(t, "simple plays 4× as the optimum", res.Strategy.Preflop, czOptimalPreflop, figureTolerance)
	// The (flop, holding) sums against a brute force, for kinds of flop
	// with stabilisers of every size.
	for _, tc := range []struct{ hole, flop string }{
		{"Td 9d", "8h 7s 2c"}, {"7c 2d", "Kh Kc 5s"}, {"As 4s", "Qs Js 2s"}, {"Jh 4c", "Qd 9d 4s"},
	} {
		hole, flop := [2]card.Card(cards(t, tc.hole)), [3]card.Card(cards(t, tc.flop))
		sums := res.table.at(hole, flop)
		two, best, given := bruteFlopSums(res.Rules, SimpleCasinoTexas(), hole, flop)
		const perFlop = 24 * turnRivers * dealerHold
		near(t, tc.hole+" on "+tc.flop+": Play 2×", sums[sumFlop2]/perFlop, two, 1e-12)
		near(t, tc.hole+" on "+tc.flop+": best river", sums[sumRiverBest]/perFlop, best, 1e-12)
		near(t, tc.hole+" on "+tc.flop+": simple river", sums[sumRiverGiven]/perFlop, given, 1e-12)
	}
	// SimplePreflop is the optimal 4× chart.
	chart := map[int]bool{}
	for _, h := range res.PreflopChart {
		chart[int(symmetries().pairClass[pairIndex(h[0], h[1])])] = true
	}
	for h, hole := range pairCards {
		if SimplePreflop(hole) != chart[int(symmetries().pairClass[h])] {
			t.Errorf("%s: SimplePreflop %v, optimal %v", card.Join(hole[:]), SimplePreflop(hole), !SimplePreflop(hole))
		}
	}
}

// flopSums are a (hole, flop)'s sums by brute force over every turn,
// river and dealer holding, settled by settle, in Antes per deal: Play
// 2×; the best of Play 1× and fold on the river; s's river.
func bruteFlopSums(r CasinoTexasRules, s CasinoTexasStrategy, hole [2]card.Card, flop [3]card.Card) (flop2, best, given float64) {
	used := card.SetOf(append(hole[:], flop[:]...)...)
	var rest []card.Card
	for c := range card.Card(card.NumCards) {
		if !used.Has(c) {
			rest = append(rest, c)
		}
	}
	n := 0.0
	for i, turn := range rest {
		for _, river := range rest[i+1:] {
			board := [5]card.Card{flop[0], flop[1], flop[2], turn, river}
			var two, one float64
			for j, a := range rest {
				for _, b := range rest[j+1:] {
					if a == turn || a == river || b == turn || b == river {
						continue
					}
					two += r.settle(hole, [2]card.Card{a, b}, board, 2)
					one += r.settle(hole, [2]card.Card{a, b}, board, 1)
				}
			}
			flop2 += two
			best += max(one, -2*dealerHold)
			if s.River(hole, board) {
				given += one
			} else {
				given -= 2 * dealerHold
			}
			n += dealerHold
		}
	}
	return flop2 / n, best / n, given / n
}

func TestRussianHoldemExact(t *testing.T) {
	slow(t)
	res, err := ComputeHoldem(context.Background(), RussianHoldem())
	if err != nil {
		t.Fatal(err)
	}
	near(t, "optimal net", res.Optimal.Net, ruOptimalNet, figureTolerance)
	near(t, "simple net", res.Simple.Net, ruSimpleNet, figureTolerance)
	// ru N1's alternative, the best five of seven, is the Greek game.
	alt := RussianHoldem()
	alt.Eval = BestOfSeven
	res, err = ComputeHoldem(context.Background(), alt)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "best of seven", res.Optimal.Net, greekOptimalNet, figureTolerance)
}

func TestCasinoTexasRulesValidate(t *testing.T) {
	bad := CzechCasinoTexas()
	delete(bad.Blind, banked.HighCard)
	if _, err := ComputeCasinoTexas(context.Background(), bad, SimpleCasinoTexas()); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("a Blind table without high card: %v", err)
	}
	bad = CzechCasinoTexas()
	bad.Qualifier = 9
	if err := bad.Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("qualifier 9: %v", err)
	}
	s := SimpleCasinoTexas()
	s.River = nil
	if _, err := ComputeCasinoTexas(context.Background(), CzechCasinoTexas(), s); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("no river decision: %v", err)
	}
}
