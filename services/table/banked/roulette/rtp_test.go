package roulette

import (
	"math/big"
	"testing"
)

// Issue 14 "must show": every single-zero bet returns 36/37 (cz §10: zero
// takes the even chances in full), every 0/00 bet 36/38, and the 0/00 top
// line, 5 numbers at 6:1, 35/38 (92.105 %): enumerated over every pocket,
// for every layout spot and every announced bet.
func TestReturnToPlayer(t *testing.T) {
	single := rules(t, CZ)
	double := rules(t, RU, "wheel", "double_zero", "top_line", "true")
	wide := rules(t, RU, "neighbours", "4")
	cases := []struct {
		r     Rules
		spots []string
	}{
		{single, OfferedSpots(single)}, {double, OfferedSpots(double)},
		{wide, []string{"neighbours:13"}},
	}
	perKind := map[string]*big.Rat{}
	for _, tc := range cases {
		for _, name := range tc.spots {
			sp, err := ParseSpot(tc.r, name)
			if err != nil {
				t.Fatal(err)
			}
			want := big.NewRat(36, int64(tc.r.Wheel.Wheel().Size()))
			if sp.Kind == TopLine {
				want = big.NewRat(35, 38)
			}
			got, err := SpotRTP(tc.r, name)
			if err != nil {
				t.Fatal(err)
			}
			// 3 units a chip, so that the pieces are not all of one.
			if three := spotReturn(tc.r, sp, 3*sp.Units(tc.r)); got.Cmp(want) != 0 || three.Cmp(want) != 0 {
				t.Errorf("%s %s: RTP %s (%s at 3 units a chip), want %s", tc.r.Wheel, name, got.RatString(), three.RatString(), want.RatString())
			}
			perKind[tc.r.Wheel.String()+" "+sp.Kind.String()] = got
		}
	}
	// Single zero: 8 layout kinds and 5 announced; 0/00: 9 with the top line.
	if len(perKind) != 8+5+9 {
		t.Errorf("%d kinds enumerated: %v", len(perKind), perKind)
	}
	// Single zero: 157 layout spots (37 straights, 60 splits, 14 streets,
	// 23 corners, 11 six lines, 3 dozens, 3 columns, 6 even chances) and
	// 4 + 37 announced bets.
	if n := len(OfferedSpots(single)); n != 157+41 {
		t.Errorf("single zero: %d spots offered", n)
	}
}

// The table's figure is the best bet's, and every kind the table offers is
// listed once with its spots: cz-european-roulette.md §3 and §10 (single
// zero, zero takes the even chances), ru-american-roulette.md §4–§5 and N1
// (the 0/00 wheel: 36/38; the top line, when offered, 35/38; no
// announced bets there).
func TestTableReturnIsTheBestBets(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     Rules
		best  *big.Rat
		kinds int
	}{
		{"cz", rules(t, CZ), big.NewRat(36, 37), 13},
		{"ru", rules(t, RU), big.NewRat(36, 37), 13},
		{"cz without announced bets", rules(t, CZ, "announced", "off"), big.NewRat(36, 37), 8},
		{"ru 0/00", rules(t, RU, "wheel", "double_zero"), big.NewRat(36, 38), 8},
		{"ru 0/00 with the top line", rules(t, RU, "wheel", "double_zero", "top_line", "true"), big.NewRat(36, 38), 9},
	} {
		kinds, best, err := RTP(tc.r)
		if err != nil {
			t.Fatal(err)
		}
		if best.Cmp(tc.best) != 0 || len(kinds) != tc.kinds {
			t.Errorf("%s: best %s over %d kinds, want %s over %d", tc.name, best.RatString(), len(kinds), tc.best.RatString(), tc.kinds)
		}
		spots := 0
		for _, k := range kinds {
			spots += k.Spots
			want := tc.best
			if k.Kind == TopLine {
				want = big.NewRat(35, 38)
			}
			if k.RTP.Cmp(want) != 0 {
				t.Errorf("%s %s: %s, want %s", tc.name, k.Kind, k.RTP.RatString(), want.RatString())
			}
		}
		if spots != len(OfferedSpots(tc.r)) {
			t.Errorf("%s: %d spots priced, %d offered", tc.name, spots, len(OfferedSpots(tc.r)))
		}
	}
}
