package finish

import (
	"reflect"
	"testing"
)

// docs/rules/tournaments.md T14 (GR H.30): 14 left; A (3,000 at the start of the hand)
// and B (5,000) bust in the same hand at table 1 → B 13th, A 14th.
func TestT14SameTableRankedByStartingStack(t *testing.T) {
	got := Places(14, []Bust{{Player: "A", Table: "1", Start: 3000}, {Player: "B", Table: "1", Start: 5000}})
	if !reflect.DeepEqual(got, []int{14, 13}) {
		t.Fatalf("places %v, want A 14 and B 13", got)
	}
}

// docs/rules/tournaments.md T15 (GR H.31): 14 left under hand-for-hand; X at T1
// (2,000) and Y at T2 (9,000) bust in the same hand → the same place, 13th,
// whatever their stacks.
func TestT15CrossTableTie(t *testing.T) {
	got := Places(14, []Bust{{Player: "X", Table: "1", Start: 2000}, {Player: "Y", Table: "2", Start: 9000}})
	if !reflect.DeepEqual(got, []int{13, 13}) {
		t.Fatalf("places %v, want both 13", got)
	}
}

// docs/rules/tournaments.md §17.2 DEFAULT (mixed case): two bust at table A, one at
// table B in the same hand: A's are ranked by stack; B's player ties with
// the better of A's.
func TestMixedCaseTiesWithBestOfOtherTable(t *testing.T) {
	got := Places(10, []Bust{{Player: "a1", Table: "A", Start: 800}, {Player: "a2", Table: "A", Start: 300}, {Player: "b", Table: "B", Start: 100}})
	if !reflect.DeepEqual(got, []int{8, 10, 8}) {
		t.Fatalf("places %v, want a1 8, a2 10, b 8", got)
	}
}

// docs/rules/tournaments.md §17.1 GAP DEFAULT: equal starting stacks at one table tie.
func TestEqualStacksTie(t *testing.T) {
	got := Places(5, []Bust{{Player: "a", Table: "1", Start: 100}, {Player: "b", Table: "1", Start: 100}, {Player: "c", Table: "1", Start: 50}})
	if !reflect.DeepEqual(got, []int{3, 3, 5}) {
		t.Fatalf("%v", got)
	}
}

// docs/rules/cz-tournaments.md §7 derived finishing order: eliminated P7, P3, P5, then
// P1 wins → 1. P1, 2. P5, 3. P3, 4. P7.
func TestCZReverseEliminationOrder(t *testing.T) {
	left := 4
	places := map[string]int{}
	for _, p := range []string{"P7", "P3", "P5"} {
		places[p] = Places(left, []Bust{{Player: p, Table: "1", Start: 10}})[0]
		left--
	}
	places["P1"] = Winners([]Stack{{Player: "P1", Chips: 40}})[0]
	want := map[string]int{"P1": 1, "P5": 2, "P3": 3, "P7": 4}
	if !reflect.DeepEqual(places, want) {
		t.Fatalf("%v", places)
	}
}

// GR H.32: the winners left when play stops rank by chips.
func TestWinnersRankByChips(t *testing.T) {
	got := Winners([]Stack{{"a", 20000}, {"b", 50000}, {"c", 30000}, {"d", 30000}})
	want := []int{4, 1, 2, 2}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%v", got)
	}
}

// Property: an event's places fill exactly the block it leaves, the best
// place is left-g+1, and no place is outside the block.
func TestPlacesStayInTheBlock(t *testing.T) {
	for g := 1; g <= 6; g++ {
		busts := make([]Bust, g)
		for i := range busts {
			busts[i] = Bust{Player: string(rune('a' + i)), Table: string(rune('A' + i%2)), Start: int64(i % 3)}
		}
		ps := Places(20, busts)
		best := 99
		for _, p := range ps {
			if p < 20-g+1 || p > 20 {
				t.Fatalf("g=%d place %d outside %d..20", g, p, 20-g+1)
			}
			best = min(best, p)
		}
		if best != 20-g+1 {
			t.Fatalf("g=%d best %d", g, best)
		}
	}
}
