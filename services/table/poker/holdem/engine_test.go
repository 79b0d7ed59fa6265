package holdem

import (
	"errors"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// An engine plays its own game's hands and refuses another game's, which
// carries other rules, leaving that hand as it was.
func TestEngineAppliesOnlyItsGame(t *testing.T) {
	hold, err := New(rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12))
	if err != nil {
		t.Fatal(err)
	}
	g := start(t, rules(t, profile.GR, profile.Omaha, betting.PotLimit, blinds12), 0, []int64{100, 100, 100}, nil)
	seat := g.s.ToAct()
	before := g.s.Clone()
	_, err = hold.Apply(g.s, hand.Action{Seat: seat, Kind: betting.Call})
	var ae *apierr.Error
	if !errors.As(err, &ae) || ae.Reason != "WRONG_GAME" {
		t.Fatalf("Hold'em engine on an Omaha hand: %v, want WRONG_GAME", err)
	}
	if g.s.ToAct() != before.ToAct() || g.s.Stack(seat) != before.Stack(seat) || len(g.s.Log) != len(before.Log) {
		t.Fatal("a refused hand changed")
	}

	omaha, err := New(g.s.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := omaha.Apply(g.s, hand.Action{Seat: seat, Kind: betting.Call}); err != nil {
		t.Fatalf("Omaha engine on its own hand: %v", err)
	}
	if g.s.ToAct() == seat {
		t.Fatal("the call was not applied")
	}
}
