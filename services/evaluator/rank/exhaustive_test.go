package rank

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// The known category counts of all C(52,5) = 2,598,960 five-card hands.
var fiveCardCounts = [NumCategories + 1]int{
	HighCard: 1302540, Pair: 1098240, TwoPair: 123552, Trips: 54912, Straight: 10200,
	Flush: 5108, FullHouse: 3744, Quads: 624, StraightFlush: 40,
}

func TestAllFiveCardHandsGiveKnownCountsAnd7462Ranks(t *testing.T) {
	var counts [NumCategories + 1]int
	seen := make([]bool, MaxValue+1)
	distinct := 0
	var h [5]card.Card
	for a := card.Card(0); a < 52; a++ {
		h[0] = a
		for b := a + 1; b < 52; b++ {
			h[1] = b
			for c := b + 1; c < 52; c++ {
				h[2] = c
				for d := c + 1; d < 52; d++ {
					h[3] = d
					for e := d + 1; e < 52; e++ {
						h[4] = e
						v := Best(h[:]...)
						if !v.Valid() {
							t.Fatalf("Best(%v) = %d", h, v)
						}
						counts[v.Category()]++
						if !seen[v] {
							seen[v] = true
							distinct++
						}
					}
				}
			}
		}
	}
	if counts != fiveCardCounts {
		t.Errorf("category counts = %v, want %v", counts, fiveCardCounts)
	}
	if distinct != 7462 {
		t.Errorf("distinct ranks = %d, want 7462", distinct)
	}
}

// The scale's order is poker's order: consecutive Values compare the same
// way under the slow evaluator's key.
func TestScaleOrderMatchesSlowEvaluator(t *testing.T) {
	for v := Value(1); v < MaxValue; v++ {
		if !keyOf(v).less(keyOf(v + 1)) {
			t.Fatalf("Value %d (%v) is not below %d (%v)", v, keyOf(v), v+1, keyOf(v+1))
		}
	}
}
