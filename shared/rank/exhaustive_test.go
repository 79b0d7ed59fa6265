package rank

import (
	"runtime"
	"sync"
	"sync/atomic"
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

// The known category counts of all C(52,7) = 133,784,560 seven-card hands.
var sevenCardCounts = [NumCategories + 1]int{
	HighCard: 23294460, Pair: 58627800, TwoPair: 31433400, Trips: 6461620, Straight: 6180020,
	Flush: 4047644, FullHouse: 3473184, Quads: 224848, StraightFlush: 41584,
}

// Every seven-card hand, split over GOMAXPROCS workers by its two lowest
// cards. Under the race detector (fullSevenCards false) only the
// C(50,5) = 2,118,760 hands holding the 2♣ and the 2♦ run, and only their
// number and validity are checked; the full enumeration against the known
// counts runs in `make evaluator-full`, which `make test` runs.
func TestAllSevenCardHandsGiveKnownCounts(t *testing.T) {
	var mu sync.Mutex
	var total [NumCategories + 1]int
	var next atomic.Int64
	lowest := card.Card(52 - 6) // a lowest card above 45 leaves no hand
	if !fullSevenCards {
		lowest = 1
		next.Store(1) // only the unit (2♣, 2♦)
	}
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var counts [NumCategories + 1]int
			var h [7]card.Card
			for {
				u := next.Add(1) - 1
				a, b := card.Card(u/52), card.Card(u%52)
				if a >= lowest || !fullSevenCards && u > 1 {
					break
				}
				if b <= a {
					continue
				}
				h[0], h[1] = a, b
				for c := b + 1; c < 52; c++ {
					h[2] = c
					for d := c + 1; d < 52; d++ {
						h[3] = d
						for e := d + 1; e < 52; e++ {
							h[4] = e
							for f := e + 1; f < 52; f++ {
								h[5] = f
								for g := f + 1; g < 52; g++ {
									h[6] = g
									counts[Best(h[:]...).Category()]++
								}
							}
						}
					}
				}
			}
			mu.Lock()
			for i, n := range counts {
				total[i] += n
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	if fullSevenCards {
		if total != sevenCardCounts {
			t.Errorf("category counts = %v, want %v", total, sevenCardCounts)
		}
		return
	}
	sum := 0
	for _, n := range total {
		sum += n
	}
	if sum != 2118760 || total[NoCategory] != 0 {
		t.Errorf("hands = %d (%d without a category), want 2118760", sum, total[NoCategory])
	}
}
