package rank

import (
	"testing"
	"unsafe"
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
				got = tab.lookup7(key)
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
