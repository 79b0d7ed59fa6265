package rng

import (
	"fmt"
	"testing"

	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/stat"
	"github.com/croupier/croupier/services/rng/stat/stattest"
	"github.com/croupier/croupier/shared/wheel"
)

// Spins of the 37-pocket (docs/rules/cz-european-roulette.md §1.1) and 38-pocket
// (docs/rules/ru-american-roulette.md §1.1) wheels through SpinIndex, the function
// Spin uses: every pocket equally likely. The money wheel is tested by
// symbol, against the segment counts of docs/rules/cz-money-wheel.md §1 (9/6/5/3/2/1/4
// of 30).
func TestSpinPocketsChiSquare(t *testing.T) {
	g, err := drbg.New(drbg.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []wheel.Wheel{wheel.European(), wheel.American(), wheel.MoneyPlaceholder()} {
		spin := func() []uint64 {
			counts := make([]uint64, w.Size())
			if err := g.Do(func(st *drbg.Stream) {
				for range statSamples {
					counts[SpinIndex(st, w)]++
				}
			}); err != nil {
				t.Fatal(err)
			}
			return counts
		}
		stattest.Uniform(t, fmt.Sprintf("%s wheel, %d spins, %d pockets", w.Name, statSamples, w.Size()), func() stat.Result {
			return stat.Uniform(spin())
		})
		if w.Kind != wheel.MoneyPlaceholder().Kind {
			continue
		}
		syms := wheel.MoneySymbols()
		stattest.Uniform(t, "money wheel by symbol", func() stat.Result {
			bySymbol := map[string]uint64{}
			for i, c := range spin() {
				bySymbol[w.Labels[i]] += c
			}
			obs := make([]uint64, len(syms))
			exp := make([]float64, len(syms))
			for i, s := range syms {
				obs[i] = bySymbol[s]
				exp[i] = float64(statSamples) * float64(wheel.MoneyCounts()[s]) / wheel.MoneySegments
			}
			return stat.ChiSquare(obs, exp, len(syms)-1)
		})
	}
}

// Seat draws: where each of 10 players lands in a draw of all 10 seats
// (DrawK, as Draw uses it), cell by cell, with the dense and the sparse
// algorithm.
func TestDrawPositionsChiSquare(t *testing.T) {
	g, err := drbg.New(drbg.Config{})
	if err != nil {
		t.Fatal(err)
	}
	draws := statSamples / 10
	t.Run("dense", func(t *testing.T) {
		stattest.Uniform(t, "seat draw of 10 of 10", func() stat.Result {
			pos := stat.NewPositions(10)
			perm := make([]int, 10)
			_ = g.Do(func(st *drbg.Stream) {
				for range draws {
					for i, v := range DrawK(st, 10, 10) {
						perm[i] = int(v)
					}
					pos.Add(perm)
				}
			})
			return pos.Test()
		})
	})
	t.Run("sparse", func(t *testing.T) {
		// 3 of 50: n > 4k takes the map path; count which values come out
		// first, second and third.
		stattest.Uniform(t, "sparse draw of 3 of 50", func() stat.Result {
			counts := make([]uint64, 3*50)
			_ = g.Do(func(st *drbg.Stream) {
				for range draws {
					for i, v := range DrawK(st, 50, 3) {
						counts[i*50+int(v)]++
					}
				}
			})
			exp := make([]float64, len(counts))
			for i := range exp {
				exp[i] = float64(draws) / 50
			}
			// Each of the 3 rows sums to draws: 3*(50-1) degrees of freedom.
			return stat.ChiSquare(counts, exp, 3*49)
		})
	})
}
