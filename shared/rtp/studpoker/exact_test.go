package studpoker

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// The inclusion–exclusion counts are those of a brute force over the
// 1,533,939 dealer fives of the other 47 cards, for a few player fives
// against fives below a cut.
func TestDisjointCountsAreTheBruteForce(t *testing.T) {
	if raceEnabled {
		t.Skip("2.6 million hands: run without -race")
	}
	hands, values := allFives()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		cut := rank.Value(1 + rng.IntN(7462))
		c := newSubsetCounts()
		for i := range hands {
			if values[i] < cut {
				c.add(&hands[i])
			}
		}
		p := hands[rng.IntN(len(hands))]
		mine := card.SetOf(p[:]...)
		var want int64
		for i, h := range hands {
			if values[i] < cut && card.SetOf(h[:]...)&mine == 0 {
				want++
			}
		}
		got := c.disjoint(&p)
		if values[slicesIndex(hands, p)] < cut {
			got-- // p itself counted
		}
		if got != want {
			t.Errorf("%s below %d: %d disjoint fives, brute force %d", card.Join(p[:]), cut, got, want)
		}
	}
}

func slicesIndex(hands [][5]card.Card, p [5]card.Card) int {
	for i, h := range hands {
		if h == p {
			return i
		}
	}
	return -1
}

// Exact figures of the engines' shipped paytables under the package's
// strategy, never buying (docs/rtp-casino-poker.md): pinned as the
// whole-number sums they are.
func TestExactNeverBuy(t *testing.T) {
	if raceEnabled {
		t.Skip("2.6 million hands: run without -race")
	}
	for _, tc := range []struct {
		r   Rules
		num int64
	}{{OasisRules(), -226520040708}, {RussianRules(), -761270260996}} {
		e, err := ComputeExact(context.Background(), tc.r)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: net %d / %d = %.6f, per Ante %.6f, per stake %.6f, plays %.6f (%v)", tc.r.Game, e.Num, e.Den, e.Net(), e.PerAnte(), e.PerStake(), e.Plays, e.Elapsed)
		if e.Num != tc.num || e.Den != 2598960*1533939 {
			t.Errorf("%v: net %d / %d, want %d / %d", tc.r.Game, e.Num, e.Den, tc.num, int64(2598960*1533939))
		}
	}
}
