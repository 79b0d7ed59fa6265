package roulette

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// The table core stores the rules, the state and the command log as
// JSON: each reads back as it was written (00 and the enums by name).
func TestJSONRoundTrip(t *testing.T) {
	r := rules(t, RU, "wheel", "double_zero", "top_line", "true")
	r.Limits = Limits{Table: round.Limit{Min: 1, Max: 500}, Spot: 300}
	s := opened(t, r, &Spin{Pocket: 2, Label: "9", Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 9})
	cmds := []Command{
		place("ann", bet("a1", "split:0-00", 10), bet("a2", "topline", 5)),
		{Kind: CmdClose},
		{Kind: CmdResult, Spin: &Spin{Pocket: 5, Dealer: true, Wheel: round.Anticlockwise, Ball: round.Clockwise, Revolutions: 1, Reported: []Fault{BallOnRim}}},
		{Kind: CmdClose},
		{Kind: CmdResult, Spin: &Spin{Pocket: 19}}, // 00
	}
	for _, c := range cmds {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back Command
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, c) {
			t.Fatalf("command %s: %+v, %v", b, back, err)
		}
		mustApply(t, r, &s, back)
	}
	if s.Winner != "00" || s.Verdict != round.Valid || s.Phase != round.Settled {
		t.Fatalf("winner %q, verdict %v, phase %v", s.Winner, s.Verdict, s.Phase)
	}
	// The state as data (Clone: without its bet index, a cache).
	data := s.Clone()
	for _, v := range []any{&data, &r} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		back := reflect.New(reflect.TypeOf(v).Elem())
		if err := json.Unmarshal(b, back.Interface()); err != nil || !reflect.DeepEqual(back.Interface(), v) {
			t.Errorf("%s: %+v, %v", b, back.Elem(), err)
		}
	}
}

// Escrow holds every stake in play until the round ends; a settled or a
// voided round has paid it all out (nothing is carried in roulette).
func TestEscrow(t *testing.T) {
	r := rules(t, CZ)
	s := opened(t, r, nil)
	mustApply(t, r, &s, place("ann", bet("a1", "red", 10), bet("a2", "voisins", 18)))
	mustApply(t, r, &s, Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a1"}})
	mustApply(t, r, &s, Command{Kind: CmdClose})
	if s.Escrow() != 18 {
		t.Fatalf("escrow %d while closed", s.Escrow())
	}
	settled, voided := s.Clone(), s.Clone()
	mustApply(t, r, &settled, Command{Kind: CmdResult, Spin: &Spin{Pocket: 0}})
	mustApply(t, r, &voided, Command{Kind: CmdVoid, Reason: "wheel jammed"})
	if settled.Escrow() != 0 || voided.Escrow() != 0 || (State{}).Escrow() != 0 {
		t.Errorf("escrow %d settled, %d voided", settled.Escrow(), voided.Escrow())
	}
}
