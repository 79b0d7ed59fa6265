package drbg

import (
	"fmt"
	"testing"

	"github.com/croupier/croupier/services/rng/stat"
	"github.com/croupier/croupier/services/rng/stat/stattest"
	"github.com/croupier/croupier/shared/card"
)

func newTestGenerator(t testing.TB) *Generator {
	t.Helper()
	g, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	return g
}

// Every (card, position) cell of the 52x52 table of statSamples shuffles of
// card.Deck(1), against the uniform expectation statSamples/52, with
// (52-1)^2 degrees of freedom.
func TestShuffle52PositionsChiSquare(t *testing.T) {
	g := newTestGenerator(t)
	deck := make([]card.Card, card.NumCards)
	const batch = 64
	stattest.Uniform(t, fmt.Sprintf("%d 52-card shuffles, 2704 cells", statSamples/batch*batch), func() stat.Result {
		pos := stat.NewPositions(card.NumCards)
		for done := 0; done < statSamples; done += batch {
			if err := g.Do(func(s *Stream) {
				for range batch {
					for i := range deck {
						deck[i] = card.Card(i)
					}
					Shuffle(s, deck)
					for p, c := range deck {
						pos.AddCell(int(c), p)
					}
					pos.Done()
				}
			}); err != nil {
				t.Fatal(err)
			}
		}
		return pos.Test()
	})
}

// The same over an 8-deck (416-card) shoe: where each of the 52 card faces
// lands, by position, with the 8 copies of a face counted together.
func TestShoe416FacePositionsChiSquare(t *testing.T) {
	g := newTestGenerator(t)
	const n = 8 * card.NumCards
	shoes := statSamples / 20
	shoe := make([]card.Card, n)
	stattest.Uniform(t, fmt.Sprintf("%d 416-card shoes, 52x416 cells", shoes), func() stat.Result {
		counts := make([]uint64, card.NumCards*n)
		for range shoes {
			for i := range shoe {
				shoe[i] = card.Card(i % card.NumCards)
			}
			if err := g.Do(func(s *Stream) { Shuffle(s, shoe) }); err != nil {
				t.Fatal(err)
			}
			for p, c := range shoe {
				counts[int(c)*n+p]++
			}
		}
		exp := make([]float64, len(counts))
		for i := range exp {
			exp[i] = float64(shoes) * 8 / n
		}
		// Rows (faces) and columns (positions) have fixed totals.
		return stat.ChiSquare(counts, exp, (card.NumCards-1)*(n-1))
	})
}

// Bounded draws at awkward ranges: 3 and 37 cell by cell; 2^31+1 bucketed
// into 1,000 ranges of almost equal size, each expected in proportion to
// its exact width. A modulo reduction of a 32-bit word would put twice
// the mass on [0, 2^31-1) as on the last value; a truncating multiply
// would shift mass between buckets. Rejection sampling has neither.
func TestBoundedDrawsChiSquare(t *testing.T) {
	g := newTestGenerator(t)
	for _, n := range []uint64{3, 37, 1<<31 + 1} {
		buckets := min(n, 1000)
		exp := make([]float64, buckets)
		for b := range exp {
			// Values v with v*buckets/n == b: v in [ceil(b*n/buckets), ceil((b+1)*n/buckets)).
			lo := (uint64(b)*n + buckets - 1) / buckets
			hi := ((uint64(b)+1)*n + buckets - 1) / buckets
			exp[b] = float64(statSamples) * float64(hi-lo) / float64(n)
		}
		what := fmt.Sprintf("Uint64n(%d), %d draws, %d cells", n, statSamples, buckets)
		stattest.Uniform(t, what, func() stat.Result {
			counts := make([]uint64, buckets)
			if err := g.Do(func(s *Stream) {
				for range statSamples {
					v := s.Uint64n(n)
					if v >= n {
						t.Fatalf("Uint64n(%d) = %d", n, v)
					}
					counts[v*buckets/n]++
				}
			}); err != nil {
				t.Fatal(err)
			}
			return stat.ChiSquare(counts, exp, int(buckets)-1)
		})
	}
}

// Uint32n and Uint64n agree on the range and never return n.
func TestBoundedDrawsStayInRange(t *testing.T) {
	g := newTestGenerator(t)
	ranges := []uint64{1, 2, 3, 37, 38, 52, 416, 1<<31 + 1, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<63 + 5, ^uint64(0)}
	_ = g.Do(func(s *Stream) {
		for _, n := range ranges {
			for range 10_000 {
				if v := s.Uint64n(n); v >= n {
					t.Fatalf("Uint64n(%d) = %d", n, v)
				}
				if n <= 1<<32-1 {
					if v := s.Uint32n(uint32(n)); uint64(v) >= n {
						t.Fatalf("Uint32n(%d) = %d", n, v)
					}
				}
			}
		}
	})
}
