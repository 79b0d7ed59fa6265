package casinopoker

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Evaluator ranks a two-card holding with the five community cards.
type Evaluator uint8

const (
	// BestOfSeven: the best five of the seven cards (gr-casino-holdem.md
	// §4 step 6, cz-casino-texas-holdem.md §5; ru-texas-holdem-casino.md N1
	// alternative).
	BestOfSeven Evaluator = iota
	// TwoPlusThree: exactly the two hole cards and three board cards
	// (ru-texas-holdem-casino.md §3.21, N1 default).
	TwoPlusThree
)

func (e Evaluator) String() string {
	if e == TwoPlusThree {
		return "two hole cards + three board cards"
	}
	return "best five of seven"
}

// showdown is one board against every holding the other 47 cards make:
// for each holding, the dealer holdings (of the 45 cards left beside it)
// that rank below, level with and above it, and how many of each fail to
// qualify. It is the inner loop of every exact figure here: all 1,081
// holdings are ranked once and counted against each other by a sweep in
// rank order, instead of 1,081 × 990 comparisons.
type showdown struct {
	eval  Evaluator
	qual  rank.Value // the lowest qualifying dealer Value
	board [5]card.Card
	n     int // holdings: 1,081
	// per holding, in dealing order
	cards            [restPairs][2]card.Card
	pair             [restPairs]uint16 // pairIndex
	value            [restPairs]rank.Value
	below, equal     [restPairs]uint16
	nqBelow, nqAbove [restPairs]uint16 // dealer holdings that do not qualify
	nqEqual          [restPairs]uint16
	order            [restPairs]uint16 // holdings by rising Value
	bucket           [rank.MaxValue + 2]uint16
	seen, group, atQ [card.NumCards]uint16
}

func newShowdown(eval Evaluator, qual rank.Value) *showdown {
	return &showdown{eval: eval, qual: qual}
}

// above returns the dealer holdings that beat holding i.
func (s *showdown) above(i int) int {
	return dealerHold - int(s.below[i]) - int(s.equal[i])
}

// deal ranks every holding beside board b (sorted) and counts.
func (s *showdown) deal(b [5]card.Card) {
	s.board = b
	s.rank()
	s.sort()
	s.sweep()
}

// rank lists the holdings beside the board and values them.
func (s *showdown) rank() {
	var rest [47]card.Card
	n, used := 0, card.SetOf(s.board[:]...)
	for c := range card.Card(card.NumCards) {
		if !used.Has(c) {
			rest[n] = c
			n++
		}
	}
	seven := [7]card.Card{s.board[0], s.board[1], s.board[2], s.board[3], s.board[4]}
	s.n = 0
	for j := 1; j < len(rest); j++ {
		for i := range j {
			a, c := rest[i], rest[j]
			s.cards[s.n] = [2]card.Card{a, c}
			s.pair[s.n] = uint16(pairIndex(a, c))
			if s.eval == TwoPlusThree {
				s.value[s.n] = rank.TwoPlusThree(s.cards[s.n][:], s.board[:])
			} else {
				seven[5], seven[6] = a, c
				s.value[s.n] = rank.Best(seven[:]...)
			}
			s.n++
		}
	}
}

// sort orders the holdings by Value: a radix sort, low 7 bits then high
// 6 bits of the Value (below 2^13).
func (s *showdown) sort() {
	var tmp [restPairs]uint16
	var lo [1 << 7]uint16
	var hi [1 << 6]uint16
	for i := range s.n {
		lo[s.value[i]&(1<<7-1)]++
		hi[s.value[i]>>7]++
	}
	prefix(lo[:])
	prefix(hi[:])
	for i := range s.n {
		d := s.value[i] & (1<<7 - 1)
		tmp[lo[d]] = uint16(i)
		lo[d]++
	}
	for _, i := range tmp[:s.n] {
		d := s.value[i] >> 7
		s.order[hi[d]] = i
		hi[d]++
	}
}

// prefix turns counts into the first position of each digit.
func prefix(c []uint16) {
	sum := uint16(0)
	for d, n := range c {
		c[d] = sum
		sum += n
	}
}

// sweep walks the holdings in rank order, keeping per card the number of
// holdings already passed that hold it. The dealer holdings below holding
// {a, b} are those passed that hold neither a nor b: passed − passed(a) −
// passed(b) (none holds both: that is {a, b} itself, not passed). Equal
// ones are counted the same way within the group of equal Value, adding
// {a, b} back. The counters at the lowest qualifying Value give the
// dealer holdings that fail to qualify.
func (s *showdown) sweep() {
	clear(s.seen[:])
	passed, passedQ, snapped := 0, 0, false
	for lo := 0; lo < s.n; {
		v := s.value[s.order[lo]]
		if !snapped && v >= s.qual {
			s.atQ, passedQ, snapped = s.seen, passed, true
		}
		hi := lo
		for hi < s.n && s.value[s.order[hi]] == v {
			i := s.order[hi]
			a, b := s.cards[i][0], s.cards[i][1]
			s.below[i] = uint16(passed - int(s.seen[a]) - int(s.seen[b]))
			s.group[a]++
			s.group[b]++
			hi++
		}
		size := hi - lo
		for _, i := range s.order[lo:hi] {
			a, b := s.cards[i][0], s.cards[i][1]
			s.equal[i] = uint16(size - int(s.group[a]) - int(s.group[b]) + 1)
		}
		for _, i := range s.order[lo:hi] {
			a, b := s.cards[i][0], s.cards[i][1]
			s.seen[a]++
			s.seen[b]++
			s.group[a], s.group[b] = 0, 0
		}
		passed += size
		lo = hi
	}
	if !snapped {
		s.atQ, passedQ = s.seen, passed
	}
	for i := range s.n {
		a, b := s.cards[i][0], s.cards[i][1]
		nq := passedQ - int(s.atQ[a]) - int(s.atQ[b])
		if s.value[i] < s.qual {
			nq++ // {a, b} itself was counted against both its cards
			s.nqBelow[i], s.nqEqual[i] = s.below[i], s.equal[i]
			s.nqAbove[i] = uint16(nq) - s.below[i] - s.equal[i]
		} else {
			s.nqBelow[i], s.nqEqual[i], s.nqAbove[i] = uint16(nq), 0, 0
		}
	}
}

// lowestQualifying returns the lowest Value q passes, checking that every
// higher Value passes too (a qualifier is a threshold on the rank order).
func lowestQualifying(q interface{ Qualifies(rank.Value) bool }) (rank.Value, bool) {
	low := rank.MaxValue + 1
	for v := rank.MaxValue; v >= 1; v-- {
		if !q.Qualifies(v) {
			break
		}
		low = v
	}
	for v := rank.Value(1); v < low; v++ {
		if q.Qualifies(v) {
			return 0, false
		}
	}
	return low, true
}
