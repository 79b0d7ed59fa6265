package history_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card"
)

// table is a hand played through the engines' one entry.
type table struct {
	t *testing.T
	s *hand.State
}

// rulesOf are a named profile's rules at stakes, validated.
func rulesOf(t *testing.T, name string, g profile.Game, st betting.Structure, stakes profile.Stakes) profile.Rules {
	t.Helper()
	r, err := profile.Named(name, g, st)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(stakes)
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// deal starts a hand of n players (seats 0..n-1, named P1..Pn) with stack
// each, the button at button and posts, from an unshuffled deck.
func deal(t *testing.T, r profile.Rules, n int, stack int64, button int, posts ...hand.Post) *table {
	t.Helper()
	setup := hand.Setup{ID: "h-1", Number: 7, Serial: 90_000_123, Table: "tbl-1", TableName: "Alpha", Button: button,
		At: time.Date(2024, 1, 15, 14, 30, 0, 0, time.UTC), Posts: posts, Shoe: card.Deck(1)}
	for i := range n {
		setup.Players = append(setup.Players, hand.Player{Seat: i, Player: fmt.Sprintf("p%d", i+1), Name: fmt.Sprintf("P%d", i+1), Stack: stack})
	}
	s := new(hand.State)
	if _, err := poker.Start(r, setup, s); err != nil {
		t.Fatal(err)
	}
	return &table{t: t, s: s}
}

// blinds deals a hold'em hand with the blinds after the button.
func blinds(t *testing.T, r profile.Rules, n int, stack int64, button int) *table {
	t.Helper()
	sb, bb := (button+1)%n, (button+2)%n
	return deal(t, r, n, stack, button, hand.Post{Seat: sb, Kind: hand.SmallBlind}, hand.Post{Seat: bb, Kind: hand.BigBlind})
}

func (tb *table) act(seat int, k betting.Kind, amount int64) {
	tb.t.Helper()
	tb.do(hand.Action{Seat: seat, Kind: k, Amount: amount})
}

func (tb *table) do(a hand.Action) {
	tb.t.Helper()
	if _, err := poker.Apply(tb.s, a); err != nil {
		tb.t.Fatalf("%+v: %v", a, err)
	}
}

// checkDown checks or calls for whoever is to act until the hand ends.
func (tb *table) checkDown() {
	tb.t.Helper()
	for tb.s.ToAct() >= 0 {
		seat, k := tb.s.ToAct(), betting.Call
		for _, l := range tb.s.Legal(seat, nil) {
			if l.Kind == betting.Check {
				k = betting.Check
			}
		}
		tb.act(seat, k, 0)
	}
}

var usd = profile.Stakes{Currency: "USD", Exponent: 2, Unit: 25, Ante: 25, SmallBlind: 50, BigBlind: 100}
