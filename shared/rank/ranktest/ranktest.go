// Package ranktest deals the hands the evaluator's tests and measurements
// share (shared/rank's oracle tests and benchmarks, tools/evalcount). Only
// tests and measuring tools import it.
package ranktest

import (
	"math/rand/v2"

	"github.com/croupier/croupier/shared/card"
)

// FlushHeavyOmaha deals nine distinct cards (four hole cards, then the
// board), each a club or a diamond four times in five: the suited
// two-plus-three check, reached by about one random deal in fourteen, is
// reached about two times in three.
func FlushHeavyOmaha(rng *rand.Rand) (h [9]card.Card) {
	var set card.Set
	for j := 0; j < len(h); {
		s := card.Suit(rng.IntN(2)) // clubs or diamonds
		if rng.IntN(5) == 0 {
			s = card.Suit(rng.IntN(4))
		}
		c := card.New(card.Rank(rng.IntN(13)), s)
		if set.Has(c) {
			continue
		}
		set = set.Add(c)
		h[j] = c
		j++
	}
	return h
}
