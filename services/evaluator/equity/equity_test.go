package equity

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

func cs(t testing.TB, s string) []card.Card {
	t.Helper()
	if s == "" {
		return nil
	}
	c, err := card.ParseString(s)
	if err != nil {
		t.Fatalf("bad test cards %q: %v", s, err)
	}
	return c
}

func compute(t *testing.T, req Request) Result {
	t.Helper()
	r, err := Compute(context.Background(), req)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	return r
}

// A♠A♥ against K♦K♣ before the flop, every one of the C(48,5) = 1,712,304
// boards: the aces win 1,388,072, the kings 317,694, and 6,538 split
// (81.06% / 18.55% / 0.38%; pot equity 81.26% / 18.74%). The counts were
// checked once against the rank package's slow subset-enumerating
// evaluator, which is independent of the lookup tables.
func TestAcesAgainstKingsPreflopExactFractions(t *testing.T) {
	r := compute(t, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}})
	if !r.Exhaustive || r.Boards != 1712304 {
		t.Fatalf("exhaustive %v over %d boards, want all 1712304", r.Exhaustive, r.Boards)
	}
	aa, kk := r.Hands[0], r.Hands[1]
	if aa.Wins != 1388072 || kk.Wins != 317694 || aa.Ties != 6538 || kk.Ties != 6538 {
		t.Errorf("wins %d / %d, ties %d / %d", aa.Wins, kk.Wins, aa.Ties, kk.Ties)
	}
	// Pot equity as exact fractions of the boards: a two-way split is half.
	for i, want := range [][2]uint64{{2*1388072 + 6538, 2 * 1712304}, {2*317694 + 6538, 2 * 1712304}} {
		num, den := r.EquityFraction(i)
		if num*want[1] != want[0]*den {
			t.Errorf("hand %d equity %d/%d, want %d/%d", i, num, den, want[0], want[1])
		}
	}
	if math.Abs(aa.Equity+kk.Equity-1) > 1e-12 || r.StdError != 0 {
		t.Errorf("equities %v + %v, std error %v", aa.Equity, kk.Equity, r.StdError)
	}
}

// Monte Carlo on the same hands lands within four standard errors of the
// exact answer, and a seed repeats the run exactly.
func TestMonteCarloAgreesWithinItsStandardError(t *testing.T) {
	req := Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}, ForceMonteCarlo: true, Samples: 200_000, Seed: 7}
	r := compute(t, req)
	exact := (2*1388072.0 + 6538) / (2 * 1712304)
	if r.Exhaustive || r.Boards != 200_000 || r.Seed != 7 {
		t.Fatalf("exhaustive %v boards %d seed %d", r.Exhaustive, r.Boards, r.Seed)
	}
	if se := r.Hands[0].StdError; se <= 0 || se > 0.002 || math.Abs(r.Hands[0].Equity-exact) > 4*se {
		t.Errorf("equity %.5f ± %.5f, exact %.5f", r.Hands[0].Equity, se, exact)
	}
	again := compute(t, req)
	if again.Hands[0].units != r.Hands[0].units {
		t.Error("the same seed gave a different result")
	}
}

func TestEquityOnKnownBoards(t *testing.T) {
	t.Run("river: board decides", func(t *testing.T) {
		r := compute(t, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}, Board: cs(t, "Kh 7c 2d 9s 3h")})
		if r.Boards != 1 || r.Hands[1].Equity != 1 || r.Hands[0].Equity != 0 {
			t.Errorf("%+v", r.Hands)
		}
	})
	t.Run("three-way split of a board royal flush", func(t *testing.T) {
		r := compute(t, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "2c 3d"), cs(t, "4c 5d"), cs(t, "6c 7d")}, Board: cs(t, "As Ks Qs Js Ts")})
		for i, h := range r.Hands {
			if num, den := r.EquityFraction(i); h.Ties != 1 || num*3 != den {
				t.Errorf("hand %d: ties %d equity %d/%d, want a third", i, h.Ties, num, den)
			}
		}
	})
	t.Run("turn: 44 rivers", func(t *testing.T) {
		// A♠K♠ needs a spade (9 left) or an ace/king (6): 15 outs of 44.
		r := compute(t, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ks"), cs(t, "Qh Qd")}, Board: cs(t, "2s 7s Jc 4d")})
		if r.Boards != 44 || r.Hands[0].Wins != 15 || r.Hands[1].Wins != 29 {
			t.Errorf("boards %d, wins %d / %d", r.Boards, r.Hands[0].Wins, r.Hands[1].Wins)
		}
	})
	t.Run("dead cards leave the deck", func(t *testing.T) {
		r := compute(t, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ks"), cs(t, "Qh Qd")}, Board: cs(t, "2s 7s Jc 4d"), Dead: cs(t, "3s 5s")})
		if r.Boards != 42 || r.Hands[0].Wins != 13 {
			t.Errorf("boards %d, A♠K♠ wins %d", r.Boards, r.Hands[0].Wins)
		}
	})
	t.Run("Omaha on the turn is exact two-plus-three", func(t *testing.T) {
		// Four spades on board but one spade in hand: no flush for hand 0.
		r := compute(t, Request{Game: rank.GameOmaha, Hands: [][]card.Card{cs(t, "As Kh 2c 3d"), cs(t, "Qh Qd 9c 8c")}, Board: cs(t, "Ks Qs 7s 4s")})
		if !r.Exhaustive || r.Boards != 40 {
			t.Fatalf("exhaustive %v boards %d", r.Exhaustive, r.Boards)
		}
		if r.Hands[1].Wins < 30 {
			t.Errorf("trip queens win %d of 40", r.Hands[1].Wins)
		}
	})
	t.Run("Omaha before the flop is sampled", func(t *testing.T) {
		r := compute(t, Request{Game: rank.GameOmaha, Hands: [][]card.Card{cs(t, "As Ah Kd Kc"), cs(t, "9h 8h 7d 6d")}, Samples: 20_000, Seed: 3})
		if r.Exhaustive || r.Boards != 20_000 || r.StdError <= 0 {
			t.Errorf("exhaustive %v boards %d std error %v", r.Exhaustive, r.Boards, r.StdError)
		}
	})
}

func TestComputeRejectsBadRequests(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"one hand", Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah")}}, reason.TooFewHands},
		{"eleven hands", Request{Game: rank.GameHigh, Hands: make([][]card.Card, 11)}, reason.TooManyHands},
		{"three hole cards", Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah Ad"), cs(t, "Kd Kc")}}, reason.WrongCardCount},
		{"shared card", Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "As Kc")}}, reason.DuplicateCard},
		{"dead card in a hand", Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}, Dead: cs(t, "Kd")}, reason.DuplicateCard},
		{"six board cards", Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}, Board: cs(t, "2c 3c 4c 5c 6c 7c")}, reason.WrongCardCount},
		{"unknown game", Request{Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}}, reason.UnknownGame},
		{"too many samples", Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}, Samples: MaxSamples + 1}, reason.TooManyHands},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Compute(context.Background(), tt.req); apierr.Reason(err) != tt.want {
				t.Errorf("err = %v, want reason %s", err, tt.want)
			}
		})
	}
}

func TestComputeStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Compute(ctx, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(t, "As Ah"), cs(t, "Kd Kc")}})
	if err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func FuzzCompute(f *testing.F) {
	f.Add(uint8(1), []byte{0, 1, 2, 3, 10, 11, 12, 13, 14}, uint8(2), uint8(3))
	f.Add(uint8(2), []byte{0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12}, uint8(2), uint8(3))
	f.Fuzz(func(t *testing.T, g uint8, b []byte, nHands, nBoard uint8) {
		cards := make([]card.Card, len(b))
		for i, x := range b {
			cards[i] = card.Card(x)
		}
		req := Request{Game: rank.Game(g), Samples: 500, Seed: 1}
		hole := 2
		if req.Game == rank.GameOmaha {
			hole = 4
		}
		for i := 0; i < int(nHands%12) && len(cards) >= hole; i++ {
			req.Hands = append(req.Hands, cards[:hole])
			cards = cards[hole:]
		}
		req.Board = cards[:min(len(cards), int(nBoard%7))]
		if len(req.Board) < 3 {
			req.ForceMonteCarlo = true // keep each fuzz run cheap
		}
		r, err := Compute(context.Background(), req)
		if err != nil {
			return
		}
		total := 0.0
		for _, h := range r.Hands {
			total += h.Equity
		}
		if math.Abs(total-1) > 1e-9 {
			t.Fatalf("equities sum to %v", total)
		}
	})
}

// pick draws what rand.Rand's IntN draws from the same generator, so a
// seed gives the boards it gave before pick: every bound a deck can leave
// (powers of two included), and bounds where a quarter of the draws are
// rejected and drawn again.
func TestPickDrawsWhatRandDraws(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		p := pick{src: rand.NewPCG(seed, 99)}
		r := rand.New(rand.NewPCG(seed, 99))
		for i := 0; i < 20_000; i++ {
			n := uint64(1 + i%52)
			want := uint64(0)
			if i%7 == 0 {
				n = 1<<62 + uint64(i)
				want = r.Uint64N(n)
			} else {
				want = uint64(r.IntN(int(n)))
			}
			if got := p.below(n); got != want {
				t.Fatalf("seed %d, draw %d: below(%d) = %d, rand.Rand draws %d", seed, i, n, got, want)
			}
		}
	}
}
