package holdem_test

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// checkStreet checks the current betting round through.
func (g *game) checkStreet() {
	g.t.Helper()
	for street := g.s.Street; g.s.ToAct() >= 0 && g.s.Street == street; {
		g.act(g.s.ToAct(), betting.Check, 0)
	}
}

// callStreet calls (or checks) for everyone until the betting round ends.
func (g *game) callStreet() {
	g.t.Helper()
	for street := g.s.Street; g.s.ToAct() >= 0 && g.s.Street == street; {
		g.act(g.s.ToAct(), callOrCheck(g), 0)
	}
}

// czShowFirst plays a four-handed Czech hand (button 0, SB 1, BB 2, UTG 3)
// under show order order ("" keeps the profile's) and returns the seat
// that shows first. aggress makes the one bet or raise of the hand, on
// street street (-1: none, every street checked after the limps).
func czShowFirst(t *testing.T, order string, street int, aggress func(g *game)) int {
	t.Helper()
	r := rules(t, profile.CZ, profile.Holdem, betting.NoLimit, profile.Stakes{Currency: "CZK", Unit: 5, SmallBlind: 5, BigBlind: 10})
	if order != "" {
		if err := r.Set("show_order", order); err != nil {
			t.Fatal(err)
		}
	}
	g := start(t, r, 0, []int64{1000, 1000, 1000, 1000}, nil)
	for g.s.ToAct() >= 0 {
		if g.s.Street == street {
			aggress(g)
			g.callStreet()
			continue
		}
		if g.s.Street == 0 {
			g.callStreet() // limps; the big blind checks his option
			continue
		}
		g.checkStreet()
	}
	if !g.s.Showdown || len(g.s.ShowOrder) != 4 {
		t.Fatalf("showdown %v, order %v", g.s.Showdown, g.s.ShowOrder)
	}
	return g.s.ShowOrder[0]
}

// docs/rules/cz-cash-game-texas-holdem.md §6 item 8 ("SHOWDOWN") and §11
// note 8: the last aggressor of the whole hand shows first, "vždy"
// (always), also when the later streets were checked through; only a hand
// with no bet or raise on any street (the blinds are not aggression) falls
// back to the first active player after the button.
func TestCZLastAggressorOfTheHandShowsFirst(t *testing.T) {
	cases := []struct {
		name    string
		street  int
		aggress func(g *game)
		want    int
	}{
		{"preflop raise, flop turn and river checked", 0, func(g *game) { g.act(3, betting.Raise, 30) }, 3},
		{"flop bet, turn and river checked", 1, func(g *game) {
			g.act(1, betting.Check, 0)
			g.act(2, betting.Bet, 20)
		}, 2},
		{"turn bet, river checked", 2, func(g *game) { g.act(1, betting.Bet, 20) }, 1},
		{"river bet", 3, func(g *game) {
			g.act(1, betting.Check, 0)
			g.act(2, betting.Check, 0)
			g.act(3, betting.Check, 0)
			g.act(0, betting.Bet, 20)
		}, 0},
		{"no bet or raise on any street: first after the button", -1, nil, 1},
	}
	for _, c := range cases {
		if got := czShowFirst(t, "", c.street, c.aggress); got != c.want {
			t.Errorf("%s: seat %d shows first, want seat %d", c.name, got, c.want)
		}
	}
}

// The reading the Czech profile had before its spec was corrected (the
// last aggressor of the final round only) stays reachable as
// show_order=last-aggressor-final: a preflop raise followed by checked
// streets shows from the first player after the button.
func TestCZOldFinalRoundShowOrderByOption(t *testing.T) {
	if got := czShowFirst(t, "last-aggressor-final", 0, func(g *game) { g.act(3, betting.Raise, 30) }); got != 1 {
		t.Fatalf("last-aggressor-final: seat %d shows first, want seat 1 (first after the button)", got)
	}
	if got := czShowFirst(t, "last-aggressor-final", 3, func(g *game) {
		g.act(1, betting.Bet, 20)
	}); got != 1 {
		t.Fatalf("last-aggressor-final, river bet by seat 1: seat %d shows first", got)
	}
}
