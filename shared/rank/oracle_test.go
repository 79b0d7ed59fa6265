package rank

import (
	"github.com/croupier/croupier/shared/card"
)

// This file is the obviously-correct slow evaluator the fast one is checked
// against. It shares no code with the package: it classifies one five-card
// hand by sorting its ranks and counting equal neighbours, and takes the
// best of every allowed five-card subset.

// slowKey is a comparable hand strength: category (1..9) then the deciding
// ranks (0..12), compared left to right.
type slowKey [6]int8

func (a slowKey) less(b slowKey) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// slowFive classifies exactly five cards.
func slowFive(h *[5]card.Card) slowKey {
	var r [5]int8
	flush := true
	for i, c := range h {
		r[i] = int8(c.Rank())
		if c.Suit() != h[0].Suit() {
			flush = false
		}
	}
	// Sort the ranks, highest first (insertion sort).
	for i := 1; i < 5; i++ {
		for j := i; j > 0 && r[j] > r[j-1]; j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
	distinct := r[0] != r[1] && r[1] != r[2] && r[2] != r[3] && r[3] != r[4]
	if distinct {
		high := int8(-1)
		if r[0]-r[4] == 4 {
			high = r[0]
		}
		if r == [5]int8{12, 3, 2, 1, 0} { // A-5-4-3-2: the ace plays low
			high = 3
		}
		switch {
		case high >= 0 && flush:
			return slowKey{9, high}
		case flush:
			return slowKey{6, r[0], r[1], r[2], r[3], r[4]}
		case high >= 0:
			return slowKey{5, high}
		}
		return slowKey{1, r[0], r[1], r[2], r[3], r[4]}
	}
	// Groups of equal ranks as (size, rank), ordered by size then rank.
	var size, rank [5]int8
	n := 0
	for i := 0; i < 5; i++ {
		if n > 0 && rank[n-1] == r[i] {
			size[n-1]++
			continue
		}
		size[n], rank[n] = 1, r[i]
		n++
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && (size[j] > size[j-1] || size[j] == size[j-1] && rank[j] > rank[j-1]); j-- {
			size[j], size[j-1] = size[j-1], size[j]
			rank[j], rank[j-1] = rank[j-1], rank[j]
		}
	}
	k := slowKey{0, rank[0], rank[1], rank[2], rank[3], rank[4]}
	switch {
	case size[0] == 4:
		k[0] = 8
	case size[0] == 3 && size[1] == 2:
		k[0] = 7
	case size[0] == 3:
		k[0] = 4
	case size[0] == 2 && size[1] == 2:
		k[0] = 3
	default:
		k[0] = 2
	}
	return k
}

// slowBest is the best five of any number of cards, by trying every subset.
func slowBest(cs []card.Card) slowKey {
	var best slowKey
	var five [5]card.Card
	var pick func(start, k int)
	pick = func(start, k int) {
		if k == 5 {
			if s := slowFive(&five); best.less(s) {
				best = s
			}
			return
		}
		for i := start; i <= len(cs)-(5-k); i++ {
			five[k] = cs[i]
			pick(i+1, k+1)
		}
	}
	pick(0, 0)
	return best
}

// slowTwoThree is the best hand of exactly two hole and exactly three
// board cards.
func slowTwoThree(hole, board []card.Card) slowKey {
	var best slowKey
	for i := range hole {
		for j := i + 1; j < len(hole); j++ {
			for a := range board {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five := [5]card.Card{hole[i], hole[j], board[a], board[b], board[c]}
						if s := slowFive(&five); best.less(s) {
							best = s
						}
					}
				}
			}
		}
	}
	return best
}

// keyOf turns a Value into the oracle's key, to compare the two.
func keyOf(v Value) slowKey {
	rs, n := v.Ranks()
	c := v.Category()
	k := slowKey{int8(c)}
	if c == Straight || c == StraightFlush {
		n = 1 // a straight is named by its top card
	}
	for i := 0; i < n; i++ {
		k[i+1] = int8(rs[i])
	}
	return k
}
