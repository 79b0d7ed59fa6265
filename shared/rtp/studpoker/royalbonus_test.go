package studpoker

import (
	"maps"
	"math"
	"testing"

	"github.com/croupier/croupier/shared/rank/banked"
)

// The Royal Bonus's exact counts: every first five read once. The literal
// reading (§6 of each spec) wins on a pair of kings (84,480 hands, a
// thirteenth of the 1,098,240 pairs), two pair topped by kings or aces
// (2 × 11 × 1,584 = 34,848 of the 123,552, plus the 1,584 of aces and
// kings), trips and better; the alternative on any pair at or above
// kings and any two pair.
func TestRoyalBonusExactCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("2.6 million hands: run without -race")
	}
	for _, tc := range []struct {
		rule banked.RoyalBonusRule
		wins map[banked.Line]int64
	}{
		{banked.RoyalBonusLiteral, map[banked.Line]int64{banked.Pair: 84480, banked.TwoPair: 36432, banked.Trips: 54912,
			banked.Straight: 10200, banked.Flush: 5108, banked.FullHouse: 3744, banked.Quads: 624,
			banked.StraightFlush: 36, banked.RoyalFlush: 4}},
		{banked.RoyalBonusPairOfKingsOrBetter, map[banked.Line]int64{banked.Pair: 168960, banked.TwoPair: 123552, banked.Trips: 54912,
			banked.Straight: 10200, banked.Flush: 5108, banked.FullHouse: 3744, banked.Quads: 624,
			banked.StraightFlush: 36, banked.RoyalFlush: 4}},
	} {
		res, err := RoyalBonus(SplitRoyalBonus(), tc.rule)
		if err != nil {
			t.Fatal(err)
		}
		if res.Hands != 2598960 || !maps.Equal(res.Wins, tc.wins) {
			t.Errorf("rule %d: %d hands, wins %v; want 2598960, %v", tc.rule, res.Hands, res.Wins, tc.wins)
		}
		var back int64
		for l, n := range tc.wins {
			back += n * (1 + SplitRoyalBonus()[l])
		}
		if want := float64(back) / 2598960; math.Abs(res.RTP-want) > 1e-15 {
			t.Errorf("rule %d: RTP %v, want %v", tc.rule, res.RTP, want)
		}
	}
}

func TestRoyalBonusRefusesAPaytableWithoutItsLines(t *testing.T) {
	p := SplitRoyalBonus()
	delete(p, banked.Flush)
	if _, err := RoyalBonus(p, banked.RoyalBonusLiteral); err == nil {
		t.Error("a table without a flush line priced")
	}
}
