package hand

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/pot"
	"github.com/croupier/croupier/shared/rank"
)

// EventKind says what happened.
type EventKind uint8

// Event kinds.
const (
	NoEvent EventKind = iota
	// EvHandStarted: the hand began (Seat is the button).
	EvHandStarted
	// EvPosted: Seat posted a forced bet (Post, Amount; Stack after).
	EvPosted
	// EvDealt: Seat received Cards (Up marks the face-up ones); Seat -1 is the
	// board. Private: the face-down cards are for Seat's eyes only.
	EvDealt
	// EvStreetStarted: a betting round began (Street), Seat acts first.
	EvStreetStarted
	// EvActed: Seat acted (Action, Amount = its bet this round after, Paid,
	// AllIn, Stack after).
	EvActed
	// EvChipsOwed: Seat's chips were short of what he declared; they are in
	// and Action to Amount is owed (docs/rules/betting-rules-ru-sports.md §4.13).
	EvChipsOwed
	// EvReturned: Amount of Seat's bet went back to him: the uncalled part
	// of the highest bet when a betting round closed.
	EvReturned
	// EvShown: Seat showed Cards at the showdown (Value).
	EvShown
	// EvMucked: Seat gave up at the showdown without showing.
	EvMucked
	// EvWon: Seat won Amount from pot Pot (Rake is the pot's rake, on the
	// first winner's event).
	EvWon
	// EvHandEnded: the hand is over (Amount is the total rake).
	EvHandEnded
	// EvMisdealt: the hand was voided and every bet returned.
	EvMisdealt
	// EvHandVoided: Seat's hand was voided (Amount returned to him).
	EvHandVoided
	// EvCancelled: the hand was cancelled because Seat refused to post.
	EvCancelled
	// EvDisputed: the pot is held for the casino's decision.
	EvDisputed
)

var eventNames = [...]string{"none", "hand_started", "posted", "dealt", "street_started", "acted", "chips_owed",
	"returned", "shown", "mucked", "won", "hand_ended", "misdealt", "hand_voided", "cancelled", "disputed"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// MarshalText writes the kind's name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Event is one thing that happened in the hand, in order. Events with
// Private set carry cards only Seat may see: deliver them through For.
type Event struct {
	Seq    int        `json:"seq"`
	Seat   int        `json:"seat"`
	Street int        `json:"street"`
	Pot    int        `json:"pot,omitempty"`
	Amount int64      `json:"amount,omitempty"`
	Paid   int64      `json:"paid,omitempty"`
	Stack  int64      `json:"stack,omitempty"`
	Rake   int64      `json:"rake,omitempty"`
	Value  rank.Value `json:"value,omitempty"`
	Seats  pot.Seats  `json:"seats,omitempty"`
	Cards  Cards      `json:"cards"`
	Kind   EventKind  `json:"kind"`
	// Action is the normalised action of EvActed and EvChipsOwed.
	Action betting.Kind `json:"action,omitempty"`
	Post   PostKind     `json:"post,omitempty"`
	AllIn  bool         `json:"all_in,omitempty"`
	// Up marks the face-up cards of Cards (bit i for card i).
	Up      uint8 `json:"up,omitempty"`
	Private bool  `json:"private,omitempty"`
}

// For returns the event as viewer (a seat number, or -1 for an observer)
// may see it: the face-down cards of a private event are hidden unless the
// viewer is its seat. Stud up cards stay visible to everyone.
func (e Event) For(viewer int) Event {
	if !e.Private || viewer == e.Seat {
		return e
	}
	for i := 0; i < int(e.Cards.N); i++ {
		if e.Up&(1<<i) == 0 {
			e.Cards.C[i] = Hidden
		}
	}
	return e
}

// emit appends e to the events of the current Start or Apply, stamped with
// the hand's sequence number and street at the time it happened.
func (s *State) emit(e Event) {
	s.events = append(s.events, e)
	last := &s.events[len(s.events)-1]
	last.Seq, last.Street = s.Seq, s.Street
}
