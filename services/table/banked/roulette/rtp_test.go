package roulette

import (
	"math/big"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// rtp is a spot's exact return to player: the sum over every pocket of
// what one bet of amount is paid (winnings and stakes back), over amount ×
// pockets.
func rtp(t *testing.T, r Rules, spot string, amount int64) *big.Rat {
	t.Helper()
	labels := r.Wheel.Wheel().Labels
	var paid int64
	for _, l := range labels {
		n, _ := parseNumber(l, r.Wheel)
		st := Settle(r, []round.Bet{{ID: "b", Player: "p", Spot: spot, Amount: amount}}, n)
		if err := st.Check(); err != nil {
			t.Fatal(err)
		}
		for _, tot := range st.ByPlayer() {
			paid += tot.Paid
		}
	}
	return big.NewRat(paid, amount*int64(len(labels)))
}

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
		{single, nil}, {double, nil},
		{single, []string{"zero_game", "voisins", "tiers", "orphelins"}},
		{wide, []string{"neighbours:13"}},
	}
	for n := Number(0); n <= 36; n++ {
		cases[2].spots = append(cases[2].spots, "neighbours:"+n.String())
	}
	for _, s := range Spots(single) {
		cases[0].spots = append(cases[0].spots, s.Name)
	}
	for _, s := range Spots(double) {
		cases[1].spots = append(cases[1].spots, s.Name)
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
			// 3 units a chip, so that the pieces are not all of one.
			got := rtp(t, tc.r, name, 3*sp.Units(tc.r))
			if got.Cmp(want) != 0 {
				t.Errorf("%s %s: RTP %s, want %s", tc.r.Wheel, name, got.RatString(), want.RatString())
			}
			perKind[tc.r.Wheel.String()+" "+sp.Kind.String()] = got
		}
	}
	// Single zero: 8 layout kinds and 5 announced; 0/00: 9 with the top line.
	if len(perKind) != 8+5+9 {
		t.Errorf("%d kinds enumerated: %v", len(perKind), perKind)
	}
}
