package rank

import (
	"sort"

	"github.com/croupier/croupier/shared/card"
)

// This file is the obviously-correct slow evaluator the fast one is checked
// against. It shares no code with the package: it classifies one five-card
// hand by sorting and counting, and takes the best of every allowed subset.

// slowKey is a comparable hand strength: category (1..9) then the deciding
// ranks (0..12), compared left to right.
type slowKey [6]int

func (a slowKey) less(b slowKey) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// slowFive classifies exactly five cards.
func slowFive(h []card.Card) slowKey {
	ranks := make([]int, 5)
	sameSuit := true
	for i, c := range h {
		ranks[i] = int(c.Rank())
		if c.Suit() != h[0].Suit() {
			sameSuit = false
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ranks)))
	distinct := true
	for i := 1; i < 5; i++ {
		if ranks[i] == ranks[i-1] {
			distinct = false
		}
	}
	straight, high := false, 0
	if distinct && ranks[0]-ranks[4] == 4 {
		straight, high = true, ranks[0]
	}
	if distinct && ranks[0] == 12 && ranks[1] == 3 && ranks[4] == 0 { // A 5 4 3 2
		straight, high = true, 3
	}
	switch {
	case straight && sameSuit:
		return slowKey{9, high}
	case straight:
		return slowKey{5, high}
	case sameSuit:
		return slowKey{6, ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]}
	}
	// Group by rank: (count, rank), biggest group first, then higher rank.
	type group struct{ n, r int }
	var gs []group
	for _, r := range ranks {
		if len(gs) > 0 && gs[len(gs)-1].r == r {
			gs[len(gs)-1].n++
		} else {
			gs = append(gs, group{1, r})
		}
	}
	sort.SliceStable(gs, func(i, j int) bool {
		if gs[i].n != gs[j].n {
			return gs[i].n > gs[j].n
		}
		return gs[i].r > gs[j].r
	})
	k := slowKey{}
	for i, g := range gs {
		k[i+1] = g.r
	}
	switch {
	case gs[0].n == 4:
		k[0] = 8
	case gs[0].n == 3 && gs[1].n == 2:
		k[0] = 7
	case gs[0].n == 3:
		k[0] = 4
	case gs[0].n == 2 && gs[1].n == 2:
		k[0] = 3
	case gs[0].n == 2:
		k[0] = 2
	default:
		k[0] = 1
	}
	return k
}

// slowBest is the best five of any number of cards, by trying every subset.
func slowBest(cs []card.Card) slowKey {
	var best slowKey
	five := make([]card.Card, 5)
	var pick func(start, k int)
	pick = func(start, k int) {
		if k == 5 {
			if s := slowFive(five); best.less(s) {
				best = s
			}
			return
		}
		for i := start; i < len(cs); i++ {
			five[k] = cs[i]
			pick(i+1, k+1)
		}
	}
	pick(0, 0)
	return best
}

// slowTwoThree is the best hand of exactly two hole and three board cards.
func slowTwoThree(hole, board []card.Card) slowKey {
	var best slowKey
	for i := range hole {
		for j := i + 1; j < len(hole); j++ {
			for a := range board {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						if s := slowFive([]card.Card{hole[i], hole[j], board[a], board[b], board[c]}); best.less(s) {
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
	k := slowKey{int(v.Category())}
	for i := 0; i < n; i++ {
		k[i+1] = int(rs[i])
	}
	if c := v.Category(); c == Straight || c == StraightFlush {
		k = slowKey{int(c), int(rs[0])}
	}
	return k
}
