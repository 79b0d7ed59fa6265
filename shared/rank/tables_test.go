package rank

import (
	"testing"
	"unsafe"

	"github.com/croupier/croupier/shared/card"
)

// The tables build the same way every time, whatever the goroutines'
// timing, and take the memory TableBytes says (the budget is 4 MB).
func TestTablesAreDeterministicAndSmall(t *testing.T) {
	again, err := buildTables(newScale())
	if err != nil {
		t.Fatal(err)
	}
	if *again != tab {
		t.Fatal("a second build differs from the first")
	}
	if size := unsafe.Sizeof(tables{}); size != TableBytes || size > 4<<20 {
		t.Errorf("tables take %d bytes, TableBytes says %d; budget 4 MiB", size, TableBytes)
	}
}

// noFlushHand is a hand of the seven-card rank multiset counts with no
// flush: its cards take the suits in turn, so no suit has more than two
// and a rank's copies have distinct suits.
func noFlushHand(counts *[13]uint8) *[7]card.Card {
	var h [7]card.Card
	i := 0
	for r, n := range counts {
		for range n {
			h[i] = card.New(card.Rank(r), card.Suit(i%4))
			i++
		}
	}
	return &h
}

// Every rank multiset of 5, 6 and 7 cards reads back its count-based
// ranking from its table (so no two share a slot), and the five-card slots,
// which also index the two-plus-three board table, are distinct.
func TestPerfectHashesHoldEveryMultiset(t *testing.T) {
	for _, n := range []int{5, 6, 7} {
		seen := map[uint32]bool{}
		count := 0
		eachMultiset(n, func(key uint32, counts *[13]uint8) {
			count++
			var got Value
			switch n {
			case 5:
				got = tab.lookup5(key)
				if slot := tab.slot5(key); seen[slot] {
					t.Fatalf("two five-card multisets share slot %d", slot)
				} else {
					seen[slot] = true
				}
			case 6:
				got = tab.lookup6(key)
			case 7:
				got = Best7(noFlushHand(counts))
			}
			if want := scale.value(multisetPattern(counts)); got != want {
				t.Fatalf("%d cards %v: table says %d, counting says %d", n, counts, got, want)
			}
		})
		want := map[int]int{5: 6175, 6: 18395, 7: 49205}[n]
		if count != want {
			t.Errorf("%d-card multisets: %d, want %d", n, count, want)
		}
	}
}

// freeSlots.next skips taken slots and wraps round the end of the table.
func TestFreeSlotsSkipTakenAndWrap(t *testing.T) {
	f := newFreeSlots(8)
	for _, i := range []uint32{2, 3, 4, 6, 7} {
		f.take(i)
	}
	for _, c := range []struct{ at, want uint32 }{
		{0, 0}, {1, 1}, {2, 5}, {3, 5}, {5, 5}, {6, 0}, {7, 0},
	} {
		if got := f.next(c.at); got != c.want {
			t.Errorf("next(%d) = %d, want %d", c.at, got, c.want)
		}
	}
	f.take(0)
	f.take(5)
	if got := f.next(6); got != 1 || f.left != 1 || f.isFree(5) || !f.isFree(1) {
		t.Errorf("after taking 0 and 5: next(6) = %d, left %d", got, f.left)
	}
}
