package roulette

import "github.com/croupier/croupier/services/table/banked/round"

// EventKind says what happened.
type EventKind uint8

// Events.
const (
	// EvOpened: the round opened for bets; Spin is the table's last
	// physical spin, carried in for the direction rule (cz §5.2).
	EvOpened EventKind = iota + 1
	// EvPlaced: Player's Bets are in play.
	EvPlaced
	// EvCancelled: Player's Bets were taken back; Lines refund them.
	EvCancelled
	// EvClosed: no more bets.
	EvClosed
	// EvNoSpin: Spin was not valid (Verdict Respin, Faults); betting is
	// open again with the bets kept (ru §3.22).
	EvNoSpin
	// EvSettled: Spin settled the round (Lines).
	EvSettled
	// EvVoided: the round is void and every bet refunded (Lines, Reason;
	// Spin, Verdict and Faults for an invalid spin).
	EvVoided
)

var eventNames = round.Enum[EventKind]{Type: "event", Names: []string{"", "opened", "placed", "cancelled", "closed", "no_spin", "settled", "voided"}}

func (k EventKind) String() string { return eventNames.String(k) }

// MarshalText writes the event's name.
func (k EventKind) MarshalText() ([]byte, error) { return eventNames.Text(k) }

// UnmarshalText reads an event's name.
func (k *EventKind) UnmarshalText(b []byte) error { return eventNames.Parse(b, k) }

// Event is one thing that happened in the round. Its slices are its own:
// the caller may keep them.
type Event struct {
	Kind   EventKind    `json:"kind"`
	Round  int64        `json:"round"`
	Player string       `json:"player,omitempty"`
	Bets   []round.Bet  `json:"bets,omitempty"`
	Lines  []round.Line `json:"lines,omitempty"`
	// Spin is the table's last physical spin (EvOpened) or a reported
	// spin; a reported one has Verdict, Winner (as State.Winner) and
	// Faults (EvNoSpin, EvSettled, and EvVoided of an invalid spin). Other
	// events have none.
	Spin    *Spin         `json:"spin,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Winner  string        `json:"winner,omitempty"`
	Faults  []Fault       `json:"faults,omitempty"`
	Reason  string        `json:"reason,omitempty"`
}
