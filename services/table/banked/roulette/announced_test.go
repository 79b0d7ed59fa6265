package roulette

import (
	"slices"
	"testing"
)

// cz-european-roulette.md §4, ru-american-roulette.md §4.2: chip counts and
// the numbers each announced bet covers.
func TestAnnouncedBets(t *testing.T) {
	r := rules(t, CZ)
	for _, tc := range []struct {
		spot  string
		chips int64
		nums  []Number
	}{
		// cz §4.1: "5 and neighbours" is 23, 10, 5, 24, 16.
		{"neighbours:5", 5, []Number{5, 10, 16, 23, 24}},
		// ru T6, T7: neighbours of 0 and 17 wrap the wheel order.
		{"neighbours:0", 5, []Number{0, 3, 15, 26, 32}},
		{"neighbours:17", 5, []Number{2, 6, 17, 25, 34}},
		{"neighbours:26", 5, []Number{0, 3, 26, 32, 35}},
		{"zero_game", 4, []Number{0, 3, 12, 15, 26, 32, 35}},
		{"voisins", 9, []Number{0, 2, 3, 4, 7, 12, 15, 18, 19, 21, 22, 25, 26, 28, 29, 32, 35}},
		{"tiers", 6, []Number{5, 8, 10, 11, 13, 16, 23, 24, 27, 30, 33, 36}},
		{"orphelins", 5, []Number{1, 6, 9, 14, 17, 20, 31, 34}},
	} {
		sp, err := ParseSpot(r, tc.spot)
		if err != nil {
			t.Fatal(err)
		}
		if u := sp.Units(r); u != tc.chips {
			t.Errorf("%s: %d chips, want %d", tc.spot, u, tc.chips)
		}
		if got := sp.Numbers(); !slices.Equal(got, tc.nums) {
			t.Errorf("%s covers %v, want %v", tc.spot, got, tc.nums)
		}
	}
}

// Every piece is a layout bet of the single-zero table: it parses back to
// itself (so its limits and settlement are the layout's).
func TestPiecesAreLayoutBets(t *testing.T) {
	r := rules(t, RU)
	for _, name := range []string{"zero_game", "voisins", "tiers", "orphelins", "neighbours:0", "neighbours:36"} {
		sp, err := ParseSpot(r, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range sp.Pieces(r) {
			got, err := ParseSpot(r, p.Name)
			if err != nil || got.covers != p.covers || got.Kind != p.Kind {
				t.Errorf("%s piece %s: %+v, %v", name, p.Name, got, err)
			}
		}
	}
}

// cz §4.5 / ru §4.2: voisins, tiers and orphelins cover the 37 numbers
// exactly once; each of voisins, tiers, zero game is one arc of the wheel.
func TestSeriesPartitionTheWheel(t *testing.T) {
	r := rules(t, CZ)
	var all set
	for _, name := range []string{"voisins", "tiers", "orphelins"} {
		sp, _ := ParseSpot(r, name)
		if all&sp.covers != 0 {
			t.Errorf("%s overlaps", name)
		}
		all |= sp.covers
	}
	if all.len() != 37 {
		t.Errorf("series cover %d numbers", all.len())
	}
	labels := SingleZero.Wheel().Labels
	for _, name := range []string{"voisins", "tiers", "zero_game"} {
		sp, _ := ParseSpot(r, name)
		// An arc: exactly one place where the wheel goes from outside to inside.
		entries := 0
		for i := range labels {
			a, _ := parseNumber(labels[i], SingleZero)
			b, _ := parseNumber(labels[(i+1)%len(labels)], SingleZero)
			if !sp.Covers(a) && sp.Covers(b) {
				entries++
			}
		}
		if entries != 1 {
			t.Errorf("%s is %d arcs", name, entries)
		}
	}
}

// cz §4.1 "as a rule" 2 each side; the option widens it: 3 each side of 5
// on the wheel order …30, 8, 23, 10, 5, 24, 16, 33, 1…
func TestNeighboursCount(t *testing.T) {
	r := rules(t, CZ, "neighbours", "3")
	sp, err := ParseSpot(r, "neighbours:5")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sp.Numbers(), []Number{5, 8, 10, 16, 23, 24, 33}; !slices.Equal(got, want) {
		t.Errorf("3 each side of 5: %v, want %v", got, want)
	}
	if sp.Units(r) != 7 {
		t.Errorf("%d chips", sp.Units(r))
	}
}
