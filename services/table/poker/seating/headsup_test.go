package seating

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/profile"
)

// gr-regulation-1 B.57 (literal default, §9 item 1) with B.20: on the
// first hand of a heads-up table the button is the seat chosen for it,
// and he posts the big blind, blinds "exactly as with more than two
// players"; the other player posts the small blind. An empty chosen seat
// passes the button to the first player after it (B.20(a): the first
// active seat). The button and the big blind then alternate.
func TestGRHeadsUpFirstHandButtonIsTheChosenSeat(t *testing.T) {
	for _, c := range []struct {
		first, button, small int
	}{
		{0, 0, 5}, {5, 5, 0}, {3, 5, 0}, {7, 0, 5},
	} {
		tb := table(t, profile.GR, c.first, 0, 5)
		p := play(t, tb, 0, 0)
		if p.Button != c.button || p.BigBlind != c.button || p.SmallBlind != c.small {
			t.Fatalf("first button %d: plan %+v, want button and big blind %d, small blind %d", c.first, p, c.button, c.small)
		}
		q := play(t, tb, 0, 0)
		if q.Button != c.small || q.BigBlind != c.small || q.SmallBlind != c.button {
			t.Fatalf("first button %d: second hand %+v, want button and big blind %d", c.first, q, c.small)
		}
	}
}

// The standard heads-up rule (heads_up=button-small-blind, the Russian and
// Czech default) gives the chosen seat the button too: he posts the small
// blind.
func TestStandardHeadsUpFirstHandButtonIsTheChosenSeat(t *testing.T) {
	for _, name := range []string{profile.RUSport, profile.CZ} {
		tb := table(t, name, 5, 0, 5)
		p := play(t, tb, 0, 0)
		if p.Button != 5 || p.SmallBlind != 5 || p.BigBlind != 0 {
			t.Fatalf("%s: plan %+v, want button and small blind 5, big blind 0", name, p)
		}
	}
}

// The first heads-up hand as the planner dealt it before (the chosen seat
// posting the small blind, the button and the big blind one seat on) is
// what choosing the next seat as the first button gives under the literal
// rule.
func TestGRHeadsUpOldFirstHandByChoosingTheNextSeat(t *testing.T) {
	tb := table(t, profile.GR, 5, 0, 5) // formerly first button 0
	p := play(t, tb, 0, 0)
	if p.Button != 5 || p.BigBlind != 5 || p.SmallBlind != 0 {
		t.Fatalf("plan %+v, want button and big blind 5, small blind 0", p)
	}
}
