package rank

import (
	"math/bits"
	"slices"

	"github.com/croupier/croupier/shared/card"
)

// pattern identifies one of the 7,462 five-card ranks as the category and
// the deciding ranks, most significant first, four bits each:
// category<<20 | r0<<16 | r1<<12 | r2<<8 | r3<<4 | r4. Unused rank slots
// are zero. Patterns of different categories order by category, and within
// a category by the deciding ranks in turn, which is exactly poker's order
// (gr-regulation-2 §7.2, N16), so sorting all patterns gives the Value scale.
type pattern uint32

func makePattern(c Category, rs ...card.Rank) pattern {
	p := pattern(c) << 20
	for i, r := range rs {
		p |= pattern(r) << (16 - 4*i)
	}
	return p
}

func (p pattern) category() Category { return Category(p >> 20) }

// ranks returns the deciding ranks and how many there are.
func (p pattern) ranks() ([5]card.Rank, int) {
	var rs [5]card.Rank
	for i := range rs {
		rs[i] = card.Rank(p >> (16 - 4*i) & 0xf)
	}
	return rs, decidingRanks[p.category()]
}

// decidingRanks is how many ranks decide a hand of each category.
var decidingRanks = [NumCategories + 1]int{0, 5, 4, 3, 3, 5, 5, 2, 2, 5}

// straightHigh returns the top rank of the highest straight in a 13-bit
// rank mask, or -1. The ace also plays low: A-2-3-4-5 is the lowest
// straight, five high (gr-regulation-1 B.79; gr-regulation-2 §7.2 row 6).
// Q-K-A-2-3 does not wrap around (gr-regulation-1 §8 vector 11).
func straightHigh(mask uint16) int {
	m := uint32(mask)<<1 | uint32(mask)>>12&1 // bit 0 is the low ace
	run := m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)
	if run == 0 {
		return -1
	}
	// A run starting at bit b (b=0 is the low ace) has its top at bit b+4,
	// which is rank b+3.
	return bits.Len32(run) - 1 + 3
}

func straightPattern(c Category, high int) pattern {
	rs := [5]card.Rank{}
	for i := range rs {
		r := high - i
		if r < 0 {
			r += 13 // the wheel's ace
		}
		rs[i] = card.Rank(r)
	}
	return makePattern(c, rs[:]...)
}

// topRanks returns the n highest ranks of mask, highest first; the slots
// past the ranks the mask holds stay zero.
func topRanks(mask uint16, n int) [5]card.Rank {
	var out [5]card.Rank
	m := uint32(mask)
	for i := 0; i < n && m != 0; i++ {
		r := bits.Len32(m) - 1
		out[i] = card.Rank(r)
		m &^= 1 << r
	}
	return out
}

// flushPattern is the best hand of a single suit holding ranks mask (five
// or more ranks): a straight flush if they hold a straight, else a flush
// of the top five.
func flushPattern(mask uint16) pattern {
	if h := straightHigh(mask); h >= 0 {
		return straightPattern(StraightFlush, h)
	}
	t := topRanks(mask, 5)
	return makePattern(Flush, t[:]...)
}

// multisetPattern is the best hand that ignores suits, of five or more
// cards with counts[r] cards of rank r: quads, full house, straight, trips,
// two pair, pair or high card, with the best kickers available. It is the
// direct, count-based ranking the lookup tables are built from.
func multisetPattern(counts *[13]uint8) pattern {
	var any, pairs, trips, quads uint16
	for r, n := range counts {
		if n >= 1 {
			any |= 1 << r
		}
		if n >= 2 {
			pairs |= 1 << r
		}
		if n >= 3 {
			trips |= 1 << r
		}
		if n >= 4 {
			quads |= 1 << r
		}
	}
	if quads != 0 {
		q := topRanks(quads, 1)[0]
		return makePattern(Quads, q, topRanks(any&^(1<<q), 1)[0])
	}
	if trips != 0 {
		t := topRanks(trips, 1)[0]
		if rest := pairs &^ (1 << t); rest != 0 {
			return makePattern(FullHouse, t, topRanks(rest, 1)[0])
		}
	}
	if h := straightHigh(any); h >= 0 {
		return straightPattern(Straight, h)
	}
	if trips != 0 {
		t := topRanks(trips, 1)[0]
		k := topRanks(any&^(1<<t), 2)
		return makePattern(Trips, t, k[0], k[1])
	}
	if bits.OnesCount16(pairs) >= 2 {
		ps := topRanks(pairs, 2)
		return makePattern(TwoPair, ps[0], ps[1], topRanks(any&^(1<<ps[0]|1<<ps[1]), 1)[0])
	}
	if pairs != 0 {
		p := topRanks(pairs, 1)[0]
		k := topRanks(any&^(1<<p), 3)
		return makePattern(Pair, p, k[0], k[1], k[2])
	}
	t := topRanks(any, 5)
	return makePattern(HighCard, t[:]...)
}

// valueScale maps patterns to Values and back.
type valueScale struct {
	patterns [MaxValue + 1]pattern // patterns[v] is the pattern of Value v
}

// value returns the Value of p by binary search.
func (s *valueScale) value(p pattern) Value {
	lo, hi := 1, int(MaxValue) // patterns[lo..hi] may hold p
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.patterns[mid] < p {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if s.patterns[lo] != p {
		panic("rank: pattern outside the scale") // a bug in the builder, never input
	}
	return Value(lo)
}

// newScale enumerates every five-card rank: each rank multiset of five
// cards (at most four of a rank) ranked without suits, plus, for the 1,287
// sets of five distinct ranks, the suited hand (flush or straight flush).
func newScale() *valueScale {
	ps := make([]pattern, 0, MaxValue)
	var counts [13]uint8
	var walk func(r, left int)
	walk = func(r, left int) {
		if r == 13 {
			if left == 0 {
				ps = append(ps, multisetPattern(&counts))
				var mask uint16
				for i, n := range counts {
					if n > 0 {
						mask |= 1 << i
					}
				}
				if bits.OnesCount16(mask) == 5 {
					ps = append(ps, flushPattern(mask))
				}
			}
			return
		}
		for n := 0; n <= 4 && n <= left; n++ {
			counts[r] = uint8(n)
			walk(r+1, left-n)
		}
		counts[r] = 0
	}
	walk(0, 5)
	slices.Sort(ps)
	if len(ps) != int(MaxValue) {
		panic("rank: the scale does not hold 7,462 ranks")
	}
	s := &valueScale{}
	copy(s.patterns[1:], ps)
	return s
}
