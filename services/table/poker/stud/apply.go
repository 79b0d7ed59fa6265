package stud

import (
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/apierr"
)

// Apply applies an action or operator command to a stud hand, under
// the rules the hand was started with (so a state restored from a snapshot
// needs no engine). It mutates s and returns the events; a rejected input
// returns an *apierr.Error and leaves s unchanged.
func Apply(s *State, a hand.Action) ([]hand.Event, error) {
	v, err := VariantOf(s.Rules.Game)
	if err != nil {
		return nil, apierr.Invalid("WRONG_GAME", "%v", err)
	}
	return hand.Apply(v, s, a)
}
