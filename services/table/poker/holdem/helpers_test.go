package holdem_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// arrange builds a shoe that deals holes[seat] (in notation) to each seat
// in the deal order (one card a pass from the seat after the button) and
// then the board, with burns; cards not named fill the rest in deck order.
// seats lists the seats dealt in.
func arrange(t *testing.T, button int, seats []int, per int, holes map[int]string, board string) []card.Card {
	t.Helper()
	used := card.Set(0)
	parse := func(s string) []card.Card {
		cs, err := card.ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if used.Has(c) {
				t.Fatalf("card %s named twice", c)
			}
			used = used.Add(c)
		}
		return cs
	}
	h := map[int][]card.Card{}
	for seat, s := range holes {
		h[seat] = parse(s)
	}
	b := parse(board)
	var filler []card.Card
	for _, c := range card.Deck(1) {
		if !used.Has(c) {
			filler = append(filler, c)
		}
	}
	next := func() card.Card {
		c := filler[0]
		filler = filler[1:]
		return c
	}
	order := make([]int, 0, len(seats))
	for k := 1; k <= 10; k++ {
		s := (button + k) % 10
		for _, x := range seats {
			if x == s {
				order = append(order, s)
			}
		}
	}
	var shoe []card.Card
	for p := 0; p < per; p++ {
		for _, s := range order {
			if p < len(h[s]) {
				shoe = append(shoe, h[s][p])
			} else {
				shoe = append(shoe, next())
			}
		}
	}
	for i, n := range []int{3, 1, 1} {
		shoe = append(shoe, next()) // burn
		for j := 0; j < n; j++ {
			k := []int{0, 3, 4}[i] + j
			if k < len(b) {
				shoe = append(shoe, b[k])
			} else {
				shoe = append(shoe, next())
			}
		}
	}
	return append(shoe, filler...)
}

type game struct {
	t *testing.T
	s *hand.State
}

func rules(t *testing.T, name string, g profile.Game, st betting.Structure, stakes profile.Stakes) profile.Rules {
	t.Helper()
	r, err := profile.Named(name, g, st)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(stakes)
	// Most vectors are about chips, not rake: no commission unless a test
	// sets one (club poker requires one in production, N5).
	r.Rake.Mode = 0
	r.Options.RakeRequired = false
	return r
}

var blinds12 = profile.Stakes{Unit: 1, SmallBlind: 1, BigBlind: 2}

// start deals a hand with players in seats 0..len(stacks)-1 (0 stack =
// empty seat), the button at button, and the blinds on the next two seats.
func start(t *testing.T, r profile.Rules, button int, stacks []int64, shoe []card.Card, extra ...hand.Post) *game {
	t.Helper()
	setup := hand.Setup{ID: "t", Button: button, Shoe: shoe}
	var seats []int
	for i, s := range stacks {
		if s > 0 {
			setup.Players = append(setup.Players, hand.Player{Seat: i, Stack: s, Name: "P" + string(rune('1'+i))})
			seats = append(seats, i)
		}
	}
	next := func(from int) int {
		for k := 1; k <= len(stacks); k++ {
			j := (from + k) % len(stacks)
			if stacks[j] > 0 {
				return j
			}
		}
		return -1
	}
	sb := next(button)
	bb := next(sb)
	if len(seats) == 2 && r.Options.HeadsUp == profile.HeadsUpButtonSmallBlind {
		sb, bb = button, next(button)
	}
	setup.Posts = append([]hand.Post{{Seat: sb, Kind: hand.SmallBlind}, {Seat: bb, Kind: hand.BigBlind}}, extra...)
	if shoe == nil {
		setup.Shoe = card.Deck(1)
	}
	s, _, err := deal(t, r, setup)
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, s: s}
}

// deal starts a hand under r, which must be valid, through the engines'
// one entry.
func deal(t *testing.T, r profile.Rules, setup hand.Setup) (*hand.State, []hand.Event, error) {
	t.Helper()
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	s := new(hand.State)
	ev, err := poker.Start(r, setup, s)
	return s, ev, err
}

func (g *game) act(seat int, k betting.Kind, amount int64) []hand.Event {
	g.t.Helper()
	ev, err := poker.Apply(g.s, hand.Action{Seat: seat, Kind: k, Amount: amount})
	if err != nil {
		g.t.Fatalf("seat %d %s %d: %v", seat, k, amount, err)
	}
	return append([]hand.Event(nil), ev...)
}

// checkDown checks or calls for whoever is to act until the hand ends.
func (g *game) checkDown() {
	g.t.Helper()
	for g.s.ToAct() >= 0 {
		seat := g.s.ToAct()
		k := betting.Call
		for _, l := range g.s.Legal(seat, nil) {
			if l.Kind == betting.Check {
				k = betting.Check
			}
		}
		g.act(seat, k, 0)
	}
}

func (g *game) command(a hand.Action) []hand.Event {
	g.t.Helper()
	ev, err := poker.Apply(g.s, a)
	if err != nil {
		g.t.Fatalf("%+v: %v", a, err)
	}
	return append([]hand.Event(nil), ev...)
}

func (g *game) reject(a hand.Action, reason string) {
	g.t.Helper()
	before := g.s.Clone()
	_, err := poker.Apply(g.s, a)
	if got := apierr.Reason(err); got != reason {
		g.t.Fatalf("%+v: reason %q (%v), want %s", a, got, err, reason)
	}
	if !reflect.DeepEqual(before, g.s.Clone()) {
		g.t.Fatal("rejected input changed the hand")
	}
}

func (g *game) toAct(seat int) {
	g.t.Helper()
	if got := g.s.ToAct(); got != seat {
		g.t.Fatalf("to act %d, want %d", got, seat)
	}
}

func (g *game) shows() []int { return g.s.ShowOrder }

func (g *game) stacks() []int64 {
	var out []int64
	for i := range g.s.Seats {
		if g.s.Seats[i].In {
			out = append(out, g.s.Stack(i))
		}
	}
	return out
}

func (g *game) total() int64 {
	var sum int64
	for i := range g.s.Seats {
		sum += g.s.Stack(i) + g.s.Round.Seats[i].Total*btoi(!g.s.Phase.Over())
	}
	return sum + g.s.Rake + g.s.Held
}

func btoi(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func names(h interface{ Name() string }) string { return strings.ToLower(h.Name()) }
