package moneywheel

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// TestJSONRoundTrip: the table core stores the rules, the state and the
// command log as JSON; each reads back as it was written.
func TestJSONRoundTrip(t *testing.T) {
	r := limitedRules(t)
	var s State
	mustApply(t, r, &s, open)
	mustApply(t, r, &s, place("ann", bet("a", "", Melon, 10), bet("b", "", Bell, 20)))
	mustApply(t, r, &s, place("ben", bet("c", "", Seven, 10)))
	mustApply(t, r, &s, cancel("ann", "b"))
	mustApply(t, r, &s, Command{Kind: CmdChoose, Player: "ben", Choice: Refund})
	mustApply(t, r, &s, closing)
	spin := Command{Kind: CmdResult, Round: 1, Spin: Spin{Source: FromDealer, Field: 4, Revolutions: 2, Direction: round.Anticlockwise, Peg: true}}
	evs := mustApply(t, r, &s, spin)
	if s.Phase != round.Voided || len(s.Carried) != 1 || len(s.Lines) != 2 {
		t.Fatalf("%+v", s)
	}
	data := s.Clone() // the state as data: without its bet index, a cache
	roundTrip(t, &data)
	roundTrip(t, &r)
	roundTrip(t, &spin)
	roundTrip(t, &evs)
	roundTrip(t, &Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{bet("a", "", Star, 5)}})
	roundTrip(t, &State{})
}

func roundTrip[T any](t *testing.T, v *T) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back T
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if !reflect.DeepEqual(*v, back) {
		t.Fatalf("%s read back as %+v", b, back)
	}
}

// TestEventsShareNothingWithTheState: the core may keep or change an
// event without touching the round.
func TestEventsShareNothingWithTheState(t *testing.T) {
	r := placeholderRules(t)
	var s State
	mustApply(t, r, &s, open)
	placed := mustApply(t, r, &s, place("ann", bet("a", "", Melon, 10)))
	mustApply(t, r, &s, closing)
	res := mustApply(t, r, &s, Command{Kind: CmdResult, Spin: rngSpin(fieldOf(t, r, Melon))})
	before := s.Clone()
	placed[0].Bets[0].Amount = 99
	res[0].Spin.Field++
	res[0].Winner = X
	res[1].Lines[0].Won = 0
	if !sameState(s, before) {
		t.Fatalf("changing an event changed the state: %+v", s)
	}
}
