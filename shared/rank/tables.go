package rank

import (
	"cmp"
	"errors"
	"math/bits"
	"slices"

	"github.com/croupier/croupier/shared/card"
)

// The fast evaluator looks hands up in tables built at start-up from the
// count-based ranking in pattern.go (TableBytes, 3.90 MB, built in a few
// tens of milliseconds; BenchmarkBuildTables measures it).
//
// Every card has a 64-bit key: 5^rank in the low 32 bits and 1 << 4*suit
// in the high 32 bits. Adding the keys of a hand gives, in the low half, the
// rank counts written in base 5 (at most four cards of a rank, so no digit
// carries: the sum identifies the rank multiset exactly), and in the high
// half one 4-bit counter per suit. Starting the counters at 3 makes bit 3
// of a suit's nibble set exactly when the suit holds five or more cards
// (3+5 = 8 .. 3+7 = 10), so one AND finds a flush.
//
// Without a flush, a hand's Value depends only on its rank multiset. The
// multisets of 5 and 6 cards (6,175 and 18,395 of them) go into one
// perfect hash table per size: the key's multiplicative hash picks a
// bucket and a slot, and a per-bucket displacement, XORed into the slot,
// moves the bucket's keys to free slots (hash and displace). A lookup is a
// multiply, two shifts and two loads. With a flush the hand's Value is the
// flush's (in seven or fewer cards a flush rules out quads and full houses),
// read from a table over the flush suit's 13-bit rank mask.
//
// Seven cards, the inner loop of equity enumeration, have keys of their
// own (seven's first 512 words) that need no multiply: the suit counters
// in the low 16 bits, so the flush test is an AND with a small constant,
// and at the top of the word a rank sum made with rankMult7 instead of
// powers of five, so every one of the 49,205 seven-card multisets has a
// distinct sum below 2^23. Those sums are sparse enough for a
// row-displacement table: the sum's top bits pick a row, the row's offset
// is added to the sum, and the result is the slot (Best7: two shifts,
// the offset's load, an add, an AND and the value's load).

const (
	suitBias  = 0x3333 << 32 // every suit counter starts at 3
	flushBits = 0x8888 << 32 // bit 3 of a counter: five or more of that suit
	hashMult  = 0x9e3779b1   // 2^32 / φ: a 32-bit multiply is one instruction with its constant
)

// cardKeys[c] is card c's key. It has an entry for every byte, so a card
// indexes it with no mask and no bounds check; entries 52..255 are zero:
// an invalid card counts as no card.
var cardKeys = func() (k [256]uint64) {
	p := uint64(1)
	for r := 0; r < 13; r++ {
		for s := 0; s < 4; s++ {
			k[r*4+s] = p | 1<<(32+4*s)
		}
		p *= 5
	}
	return k
}()

// rankMult7[r] is rank r's term in a seven-card rank sum. They were found
// by a greedy search: rank 2's is 0 (in seven cards its count follows from
// the others'), rank 3's 1, and each next one the smallest above the last
// for which every multiset of at most seven cards of the ranks so far, at
// most four of a rank, has a sum of its own. The largest seven-card sum,
// four aces and three kings, is 8,107,795 < 2^rankBits7. buildSeven
// refuses them if two seven-card multisets share a sum.
var rankMult7 = [13]uint64{0, 1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359}

// Layout of a seven-card key and of its row-displacement table: the rank
// sum takes the top rankBits7 bits, the row is its top rowBits7 bits, and
// the slots are a power of two so that an AND keeps any sum, even of
// duplicate or invalid cards, inside the table.
const (
	rankBits7  = 23
	rankShift7 = 64 - rankBits7
	rowBits7   = 14             // rows of 2^9 sums
	slotBits7  = 17             // 49,205 keys in 131,072 slots
	handBias7  = suitBias >> 32 // the suit counters, as in cardKeys, but in the low bits
	handFlush7 = flushBits >> 32
	rowsAt7    = 512 // where seven's row offsets start
)

// Sizes of the perfect hash tables: slots and buckets as powers of two.
const (
	slotBits6, bucketBits6 = 15, 13 // 18,395 keys in 32,768 slots
	slotBits5, bucketBits5 = 13, 11 // 6,175 keys in 8,192 slots
)

// tables holds every lookup table. It is built once and read-only after.
type tables struct {
	// seven holds the seven-card keys and row offsets, one array so that
	// Best7 reads both from one base address:
	//
	//   - seven[c] is card c's key, rankMult7[rank] << rankShift7 |
	//     1 << 4*suit; seven[256+c] is the same with handBias7 added, so a
	//     hand's first card read from there starts every suit counter at
	//     3 without an add of its own. Invalid bytes' keys are zero (or
	//     the bias alone).
	//   - seven[rowsAt7+row] is the row's offset (the low 32 bits: the
	//     add in Best7 is 32-bit and wraps).
	//
	// vals7[(sum + offset) mod 2^slotBits7] is the Value of the seven-card
	// rank multiset whose rank sum is sum (see Best7).
	seven [rowsAt7 + 1<<rowBits7]uint64
	vals7 [1 << slotBits7]uint16
	vals6 [1 << slotBits6]uint16
	disp6 [1 << bucketBits6]uint16
	vals5 [1 << slotBits5]uint16
	disp5 [1 << bucketBits5]uint16
	// flush[m] is the Value of the best flush or straight flush in the
	// 13-bit rank mask m of one suit (zero below five ranks).
	flush [1 << 13]uint16

	// Two-plus-three hands ignoring suits: twoThree[pairRow[a<<4|b] +
	// tripleCol[c<<8|d<<4|e]] is the Value of hole ranks a, b with board
	// ranks c, d, e (in any order), or 0 where a rank would appear five
	// times. 91 rank pairs by 455 rank triples: one load per combination
	// instead of a hash, which is what makes Omaha's 60 combinations cheap.
	twoThree  [1 << 16]uint16
	pairRow   [1 << 8]uint16
	tripleCol [1 << 12]uint16

	// With a full five-card board, the best two-plus-three hand without a
	// flush depends only on the board's rank multiset and the hole pair's:
	// fullBoard[boardRow[slot5(board key)]][a][b] is it, for hole ranks
	// a and b in either order. An Omaha hand then reads six entries of one
	// row instead of 60 scattered ones. A row is 16 by 16, so a card's
	// rank indexes it with no lookup and no bounds check (the slots of
	// ranks above 12 hold 0).
	fullBoard [boardMultisets][16][16]uint16
	boardRow  [1 << slotBits5]uint16 // five-card slot -> fullBoard row

	// suited[m] describes the 13-bit rank mask m of one suit's cards, for
	// a two-plus-three flush of two hole and three board cards of that
	// suit: the straight-flush windows (bit i: the five ranks of
	// windowMask(i)) m holds two of (bits 0..9) and three of (16..25), and
	// the mask of m's two (32..47) and three (48..63) highest ranks.
	suited [1 << 13]uint64
}

// boardMultisets counts the rank multisets of five cards.
const boardMultisets = 6175

// Shape of the two-plus-three table.
const (
	rankTriples = 455 // multisets of three ranks
)

// TableBytes is the memory the lookup tables take.
const TableBytes = 8*(rowsAt7+1<<rowBits7) + 2*(1<<slotBits7+1<<slotBits6+1<<bucketBits6+1<<slotBits5+1<<bucketBits5+1<<13+
	1<<16+1<<8+1<<12+boardMultisets*1<<8+1<<slotBits5) + 8<<13

// tab is the package's tables, built at start-up.
var tab = *mustBuildTables(scale)

func mustBuildTables(s *valueScale) *tables {
	t, err := buildTables(s)
	if err != nil {
		panic("rank: " + err.Error()) // the constants above are wrong; tests catch it
	}
	return t
}

func buildTables(s *valueScale) (*tables, error) {
	t := &tables{}
	// Two halves of about equal work run side by side: the seven-card
	// table, and everything else (the two-plus-three tables need the
	// five-card one).
	errc := make(chan error, 1)
	go func() {
		errc <- t.buildSeven(s)
	}()
	for m := 0; m < 1<<13; m++ {
		if bits.OnesCount(uint(m)) >= 5 {
			t.flush[m] = uint16(s.value(flushPattern(uint16(m))))
		}
	}
	err := t.buildHash(s, 6, t.vals6[:], t.disp6[:], slotBits6, bucketBits6)
	if err == nil {
		err = t.buildHash(s, 5, t.vals5[:], t.disp5[:], slotBits5, bucketBits5)
	}
	if err == nil {
		t.buildTwoThree()
		t.buildFullBoard()
		t.buildSuited()
	}
	if err7 := <-errc; err == nil {
		err = err7
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// buildHash fills the perfect hash table of the n-card rank multisets.
func (t *tables) buildHash(s *valueScale, n int, out, disp []uint16, slotBits, bucketBits uint) error {
	keys := make([]uint32, 0, 49205)
	vals := make([]uint16, 0, 49205)
	eachMultiset(n, func(key uint32, counts *[13]uint8) {
		keys = append(keys, key)
		vals = append(vals, uint16(s.value(multisetPattern(counts))))
	})
	return displace(keys, vals, out, disp, slotBits, bucketBits)
}

// freeSlots finds free slots of a table of a power-of-two size quickly:
// next(i) is the first free slot at or after i, round the end, found by
// following links that skip taken slots (with path halving, so a long run
// of taken slots is crossed once, not once per question).
type freeSlots struct {
	link []uint32 // link[i] == i: slot i is free
	left int      // free slots
}

func newFreeSlots(n int) *freeSlots {
	f := &freeSlots{link: make([]uint32, n), left: n}
	for i := range f.link {
		f.link[i] = uint32(i)
	}
	return f
}

func (f *freeSlots) isFree(i uint32) bool { return f.link[i] == i }

// next is meaningful only while a slot is free (left > 0).
func (f *freeSlots) next(i uint32) uint32 {
	for f.link[i] != i {
		f.link[i] = f.link[f.link[i]]
		i = f.link[i]
	}
	return i
}

func (f *freeSlots) take(i uint32) {
	f.link[i] = (i + 1) & uint32(len(f.link)-1)
	f.left--
}

// rankSum7 is the seven-card rank sum of a rank multiset.
func rankSum7(counts *[13]uint8) uint32 {
	var sum uint64
	for r, n := range counts {
		sum += uint64(n) * rankMult7[r]
	}
	return uint32(sum)
}

// buildSeven fills seven and vals7. Rows are placed largest first, each
// with the smallest offset that puts all its sums on free slots (counting
// round the end of vals7); a row without sums keeps offset 0.
func (t *tables) buildSeven(s *valueScale) error {
	for c := card.Card(0); c < card.NumCards; c++ {
		t.seven[c] = rankMult7[c.Rank()]<<rankShift7 | 1<<(4*int(c.Suit()))
	}
	for c := range 256 {
		t.seven[256+c] = t.seven[c] + handBias7
	}
	const rowShift = rankBits7 - rowBits7
	type entry struct {
		sum uint32
		val uint16
	}
	rows := make([][]entry, 1<<rowBits7)
	maxSize := 0
	eachMultiset(7, func(_ uint32, counts *[13]uint8) {
		sum := rankSum7(counts)
		r := sum >> rowShift
		rows[r] = append(rows[r], entry{sum, uint16(s.value(multisetPattern(counts)))})
		maxSize = max(maxSize, len(rows[r]))
	})
	const mask = 1<<slotBits7 - 1
	free := newFreeSlots(1 << slotBits7)
	for size := maxSize; size >= 1; size-- {
		for r, row := range rows {
			if len(row) != size {
				continue
			}
			slices.SortFunc(row, func(a, b entry) int { return cmp.Compare(a.sum, b.sum) })
			for i := 1; i < len(row); i++ {
				if row[i].sum == row[i-1].sum {
					return errors.New("two seven-card rank multisets share a sum: rankMult7 is wrong")
				}
			}
			// Candidate offsets put the row's first sum on each free slot
			// in turn, from its own position round the table.
			first := row[0].sum & mask
			if free.left < len(row) {
				return errors.New("no free row offset: the seven-card table is too full")
			}
			placed := false
			for f, n := free.next(first), 0; n < free.left && !placed; f, n = free.next((f+1)&mask), n+1 {
				off := f - first
				placed = true
				for _, e := range row[1:] {
					if !free.isFree((e.sum + off) & mask) {
						placed = false
						break
					}
				}
				if placed {
					t.seven[rowsAt7+r] = uint64(off)
					for _, e := range row {
						free.take((e.sum + off) & mask)
						t.vals7[(e.sum+off)&mask] = e.val
					}
				}
			}
			if !placed {
				return errors.New("no free row offset: the seven-card table is too full")
			}
		}
	}
	return nil
}

// buildFullBoard fills fullBoard from the two-plus-three table: for each
// five-card board rank multiset and hole rank pair, the best of the ten
// board triples.
func (t *tables) buildFullBoard() {
	next := uint16(0)
	eachMultiset(5, func(key uint32, counts *[13]uint8) {
		var b [5]uint16
		n := 0
		for r, c := range counts {
			for ; c > 0; c-- {
				b[n] = uint16(r)
				n++
			}
		}
		var cols [10]uint16
		i := 0
		for x := 0; x < 5; x++ {
			for y := x + 1; y < 5; y++ {
				for z := y + 1; z < 5; z++ {
					cols[i] = t.col(b[x], b[y], b[z])
					i++
				}
			}
		}
		t.boardRow[t.slot5(key)] = next
		row := &t.fullBoard[next]
		next++
		tt := &t.twoThree
		for a := 0; a < 13; a++ {
			for b := 0; b < 13; b++ {
				base := t.pairRow[a<<4|b]
				row[a][b] = max(tt[base+cols[0]], tt[base+cols[1]], tt[base+cols[2]], tt[base+cols[3]], tt[base+cols[4]],
					tt[base+cols[5]], tt[base+cols[6]], tt[base+cols[7]], tt[base+cols[8]], tt[base+cols[9]])
			}
		}
	})
}

// windowMask is the rank mask of straight window i: 0 the wheel (A-2-3-4-5),
// 1..9 the five ranks from rank i-1 up (9: T-J-Q-K-A).
func windowMask(i int) uint16 {
	if i == 0 {
		return 1<<12 | 0xf
	}
	return 0x1f << (i - 1)
}

// buildSuited fills suited (see tables).
func (t *tables) buildSuited() {
	for m := range t.suited {
		var pairs, triples uint64
		for i := 0; i < 10; i++ {
			switch n := bits.OnesCount16(uint16(m) & windowMask(i)); {
			case n >= 3:
				triples |= 1 << i
				fallthrough
			case n >= 2:
				pairs |= 1 << i
			}
		}
		top := func(k int) uint64 {
			var out uint64
			for r := 12; r >= 0 && k > 0; r-- {
				if m&(1<<r) != 0 {
					out |= 1 << r
					k--
				}
			}
			return out
		}
		t.suited[m] = pairs | triples<<16 | top(2)<<32 | top(3)<<48
	}
}

// buildTwoThree fills the two-plus-three table from the five-card hash
// table.
func (t *tables) buildTwoThree() {
	p := uint16(0)
	for a := 0; a < 13; a++ {
		for b := a; b < 13; b++ {
			t.pairRow[a<<4|b], t.pairRow[b<<4|a] = p*rankTriples, p*rankTriples
			p++
		}
	}
	q := uint16(0)
	for c := 0; c < 13; c++ {
		for d := c; d < 13; d++ {
			for e := d; e < 13; e++ {
				for _, i := range [...]int{c<<8 | d<<4 | e, c<<8 | e<<4 | d, d<<8 | c<<4 | e, d<<8 | e<<4 | c, e<<8 | c<<4 | d, e<<8 | d<<4 | c} {
					t.tripleCol[i] = q
				}
				q++
			}
		}
	}
	for a := 0; a < 13; a++ {
		for b := a; b < 13; b++ {
			for c := 0; c < 13; c++ {
				for d := c; d < 13; d++ {
					for e := d; e < 13; e++ {
						var counts [13]int
						for _, r := range [...]int{a, b, c, d, e} {
							counts[r]++
						}
						if counts[a] > 4 || counts[b] > 4 || counts[c] > 4 || counts[d] > 4 || counts[e] > 4 {
							continue
						}
						key := rankKey(card.Card(a*4)) + rankKey(card.Card(b*4)) + rankKey(card.Card(c*4)) + rankKey(card.Card(d*4)) + rankKey(card.Card(e*4))
						t.twoThree[t.pairRow[a<<4|b]+t.tripleCol[c<<8|d<<4|e]] = uint16(t.lookup5(key))
					}
				}
			}
		}
	}
}

// eachMultiset calls f with the base-5 key and the counts of every rank
// multiset of n cards (at most four of a rank).
func eachMultiset(n int, f func(key uint32, counts *[13]uint8)) {
	var counts [13]uint8
	var walk func(r, left int, key, pow uint32)
	walk = func(r, left int, key, pow uint32) {
		if r == 13 {
			if left == 0 {
				f(key, &counts)
			}
			return
		}
		for c := 0; c <= 4 && c <= left; c++ {
			counts[r] = uint8(c)
			walk(r+1, left-c, key+uint32(c)*pow, pow*5)
		}
		counts[r] = 0
	}
	walk(0, n, 0, 1)
}

// hashParts splits a key's hash into its bucket and its slot.
func hashParts(key uint32, slotBits, bucketBits uint) (bucket, slot uint32) {
	h := key * hashMult
	return h >> (32 - bucketBits), h >> (32 - bucketBits - slotBits) & (1<<slotBits - 1)
}

// displace fills out (slot -> value) and disp (bucket -> displacement) so
// that every key lands in its own slot: buckets are placed largest first,
// each with the smallest displacement whose slots are all free.
func displace(keys []uint32, vals []uint16, out, disp []uint16, slotBits, bucketBits uint) error {
	nb := 1 << bucketBits
	start := make([]int32, nb+1)
	for _, k := range keys {
		b, _ := hashParts(k, slotBits, bucketBits)
		start[b+1]++
	}
	maxSize := int32(0)
	for b := 0; b < nb; b++ {
		maxSize = max(maxSize, start[b+1])
		start[b+1] += start[b]
	}
	members := make([]int32, len(keys)) // key indices grouped by bucket
	fill := append([]int32(nil), start[:nb]...)
	for i, k := range keys {
		b, _ := hashParts(k, slotBits, bucketBits)
		members[fill[b]] = int32(i)
		fill[b]++
	}
	used := make([]bool, 1<<slotBits)
	slots := make([]uint32, maxSize)
	for size := maxSize; size >= 1; size-- {
		for b := 0; b < nb; b++ {
			if start[b+1]-start[b] != size {
				continue
			}
			for j, i := range members[start[b]:start[b+1]] {
				_, slots[j] = hashParts(keys[i], slotBits, bucketBits)
				for _, prev := range slots[:j] {
					if prev == slots[j] {
						return errors.New("two keys share a bucket and a slot: pick another hash multiplier")
					}
				}
			}
			d := uint32(0)
			for ; d < 1<<slotBits; d++ {
				free := true
				for _, sl := range slots[:size] {
					if used[sl^d] {
						free = false
						break
					}
				}
				if free {
					break
				}
			}
			if d == 1<<slotBits {
				return errors.New("no free displacement: the table is too full")
			}
			disp[b] = uint16(d)
			for j, i := range members[start[b]:start[b+1]] {
				used[slots[j]^d] = true
				out[slots[j]^d] = vals[i]
			}
		}
	}
	return nil
}

func (t *tables) lookup6(key uint32) Value {
	h := key * hashMult
	slot := h>>(32-bucketBits6-slotBits6) ^ uint32(t.disp6[h>>(32-bucketBits6)])
	return Value(t.vals6[slot&(1<<slotBits6-1)])
}

func (t *tables) lookup5(key uint32) Value { return Value(t.vals5[t.slot5(key)]) }

// slot5 is the slot of a five-card key in the five-card table: a distinct
// number below 2^13 for each rank multiset of five cards.
func (t *tables) slot5(key uint32) uint32 {
	h := key * hashMult
	slot := h>>(32-bucketBits5-slotBits5) ^ uint32(t.disp5[h>>(32-bucketBits5)])
	return slot & (1<<slotBits5 - 1)
}

// flushValue is the Value of a hand whose suit counters (a key's, shifted
// to the low 16 bits) show a flush: the best five of the flush suit's
// ranks.
func (t *tables) flushValue(cards []card.Card, suits uint64) Value {
	var m uint64
	for _, c := range cards {
		m += suitRankBits[c]
	}
	return t.flushOf(m, suits)
}

// flushOf is flushValue given m, the sum of the cards' suitRankBits: it
// holds each suit's rank mask in a 16-bit lane. The flush suit's counter
// has bit 3 set, so laneOf of the counters' bits 3, moved down to bit 0,
// finds its lane. (Masking with 0x8888 in place would be the same AND as
// the caller's flush test, and the compiler would keep its result in a
// register for this rare path, costing the common one a copy and a
// separate test.)
func (t *tables) flushOf(m, suits uint64) Value {
	return Value(t.flush[m>>laneOf(suits>>3&0x1111)&(1<<13-1)])
}
