package live

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// EventKind says what an event is.
type EventKind uint8

// Event kinds.
const (
	NoEvent EventKind = iota
	// EvHand is an event of the hand's engine (Engine).
	EvHand
	// EvHandStarted: hand Number began (Button, Commitment, Outcome, Seats
	// dealt in, Stakes).
	EvHandStarted
	// EvTurn: Seat is to act at Seq until Deadline, with Legal actions.
	EvTurn
	// EvHandEnded: the hand is over (Result, Rake, every Seat after it).
	EvHandEnded
	// EvSeat: a seat changed (Change; Seats[0] is the seat now).
	EvSeat
	// EvTable: the table changed (Status, Reason, Stakes, Clock, Held).
	EvTable
)

var eventKindNames = [...]string{"none", "hand", "hand_started", "turn", "hand_ended", "seat", "table"}

func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// SeatStatus is how a seat shows in a view.
type SeatStatus uint8

// Seat statuses.
const (
	SeatEmpty SeatStatus = iota + 1
	SeatPlaying
	SeatSittingOut
	SeatReserved
	SeatWaiting
)

// SeatView is a seat as events and views carry it (cards are filled per
// viewer in views only).
type SeatView struct {
	Seat   int        `json:"seat"`
	Status SeatStatus `json:"status"`
	// Player is the table-scoped player key (partner:player).
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	Stack  int64  `json:"stack"`
	Bet    int64  `json:"bet,omitempty"`
	InHand bool   `json:"in_hand,omitempty"`
	Folded bool   `json:"folded,omitempty"`
	AllIn  bool   `json:"all_in,omitempty"`
	// Cards are the seat's cards as the viewer may see them (views only).
	Cards   hand.Cards `json:"cards"`
	Up      uint8      `json:"up,omitempty"`
	Bank    int64      `json:"bank,omitempty"`
	TopUp   int64      `json:"top_up,omitempty"`
	Leaving bool       `json:"leaving,omitempty"`
}

// Event is one thing that happened at the table, with everything a viewer
// might be shown; For filters it for one viewer.
type Event struct {
	Kind EventKind `json:"kind"`
	Hand string    `json:"hand,omitempty"`
	At   int64     `json:"at"`
	// Engine is the engine's event (EvHand); Player is the player key of
	// its seat in this hand, Street the name of its betting round.
	Engine hand.Event `json:"engine,omitzero"`
	Player string     `json:"player,omitempty"`
	Street string     `json:"street,omitempty"`
	// TimedOut marks an action the clock took (EvHand acted).
	TimedOut bool `json:"timed_out,omitempty"`

	Seat     int             `json:"seat"`
	Seq      int             `json:"seq,omitempty"`
	Deadline int64           `json:"deadline,omitempty"`
	Legal    []betting.Legal `json:"legal,omitempty"`
	Bank     int64           `json:"bank,omitempty"`

	Number     uint64          `json:"number,omitempty"`
	Button     int             `json:"button,omitempty"`
	Commitment []byte          `json:"commitment,omitempty"`
	Outcome    string          `json:"outcome,omitempty"`
	Seats      []SeatView      `json:"seats,omitempty"`
	Stakes     *profile.Stakes `json:"stakes,omitempty"`
	Result     string          `json:"result,omitempty"`
	Rake       int64           `json:"rake,omitempty"`
	Amount     int64           `json:"amount,omitempty"`
	Reason     string          `json:"reason,omitempty"`
	Change     string          `json:"change,omitempty"`
	Status     Status          `json:"status,omitempty"`
	Clock      *Clock          `json:"clock,omitempty"`
	Held       bool            `json:"held,omitempty"`
}
