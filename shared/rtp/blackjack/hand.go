package blackjack

import (
	"slices"
	"sync"
)

// Card values are 1 (ace) .. 10 (ten, jack, queen, king); arrays indexed by
// value hold the ace at index 0.
const (
	ace    = 1
	ten    = 10
	values = 10
)

// hand is one composition of player cards, the cards' order forgotten: what
// a finite shoe's probabilities depend on.
type hand struct {
	count [values]uint8 // cards of each value, ace first
	cards uint8
	hard  uint8 // total counting aces as 1
	// next is the index of this hand plus one card of each value, or -1
	// where that card busts the hand.
	next [values]int16
}

// soft reports whether an ace counts 11.
func (h *hand) soft() bool { return h.count[0] > 0 && h.hard+10 <= 21 }

// total is the hand's best total.
func (h *hand) total() int {
	if h.soft() {
		return int(h.hard) + 10
	}
	return int(h.hard)
}

// handSet is every composition whose hard total is at most 21, the empty hand
// included, ordered by hard total so that a hand's successors come after it.
type handSet struct {
	hands []hand
	index map[[values]uint8]int
	// cells[hard][soft] lists the hands of two or more cards with that
	// hard total, soft (1) or not (0): the hands one chart cell plays.
	cells [22][2][]int
}

// allHands is built once; it is read-only afterwards and shared by every
// Compute.
var allHands = sync.OnceValue(buildHands)

func buildHands() *handSet {
	var counts [][values]uint8
	var c [values]uint8
	var walk func(v, hard int)
	walk = func(v, hard int) {
		if v > values {
			counts = append(counts, c)
			return
		}
		for k := 0; hard+k*v <= 21; k++ {
			c[v-1] = uint8(k)
			walk(v+1, hard+k*v)
		}
		c[v-1] = 0
	}
	walk(1, 0)
	hardOf := func(c [values]uint8) int {
		s := 0
		for i, k := range c {
			s += (i + 1) * int(k)
		}
		return s
	}
	slices.SortStableFunc(counts, func(a, b [values]uint8) int {
		if d := hardOf(a) - hardOf(b); d != 0 {
			return d
		}
		return slices.Compare(a[:], b[:])
	})
	hs := &handSet{hands: make([]hand, len(counts)), index: make(map[[values]uint8]int, len(counts))}
	for i, c := range counts {
		hs.index[c] = i
		h := &hs.hands[i]
		h.count = c
		h.hard = uint8(hardOf(c))
		for _, k := range c {
			h.cards += k
		}
	}
	for i := range hs.hands {
		h := &hs.hands[i]
		if h.cards >= 2 {
			soft := 0
			if h.soft() {
				soft = 1
			}
			hs.cells[h.hard][soft] = append(hs.cells[h.hard][soft], i)
		}
		for v := 1; v <= values; v++ {
			h.next[v-1] = -1
			if int(h.hard)+v > 21 {
				continue
			}
			c := h.count
			c[v-1]++
			h.next[v-1] = int16(hs.index[c])
		}
	}
	return hs
}

// of returns the index of the hand holding the given card values.
func (hs *handSet) of(vals ...int) int {
	var c [values]uint8
	for _, v := range vals {
		c[v-1]++
	}
	return hs.index[c]
}

// pairValue returns the value of a two-card hand's pair, or 0.
func (h *hand) pairValue() int {
	if h.cards != 2 {
		return 0
	}
	for i, k := range h.count {
		if k == 2 {
			return i + 1
		}
	}
	return 0
}

// isBlackjack reports whether a two-card hand is an ace and a ten.
func (h *hand) isBlackjack() bool { return h.cards == 2 && h.count[0] == 1 && h.count[9] == 1 }

// isTriple7 reports whether the hand is the three sevens of the 7-7-7 bonus.
func (h *hand) isTriple7() bool { return h.cards == 3 && h.count[6] == 3 }
