package moneywheel

import "github.com/croupier/croupier/services/table/banked/round"

// EventKind says what an event is.
type EventKind uint8

// Event kinds; the comment says what the event carries besides Round.
// Money moves where an event has Bets placed (stakes into the round's
// escrow) or Lines (each line's Returned out of escrow to the player, its
// Lost to the house, its Won from the house bank).
const (
	// EvOpened: the round opened for bets; Bets are the bets carried in
	// from the void round before (their stakes move from that round's
	// escrow to this one's).
	EvOpened EventKind = iota + 1
	// EvPlaced: Player placed Bets.
	EvPlaced
	// EvCancelled: Player cancelled Bets; Lines refund them.
	EvCancelled
	// EvChosen: Player chose Choice for a void spin.
	EvChosen
	// EvClosed: no more bets (cz-money-wheel.md §4.2).
	EvClosed
	// EvResult: the Spin was reported: its Verdict (Valid or Void) and the
	// Winner symbol (for a void spin, where the wheel stopped).
	EvResult
	// EvSettled: Lines are the settlement (§4.6).
	EvSettled
	// EvVoided: the round is void (Reason); Lines refund, Bets are carried
	// into the next round.
	EvVoided
	// EvRefunded: after the void, Player took back the Bets he had
	// carried; Lines refund them.
	EvRefunded
)

var eventNames = round.Enum[EventKind]{Type: "event", Names: []string{"", "opened", "placed", "cancelled", "chosen", "closed", "result", "settled", "voided", "refunded"}}

func (k EventKind) String() string { return eventNames.String(k) }

// MarshalText writes the name.
func (k EventKind) MarshalText() ([]byte, error) { return eventNames.Text(k) }

// UnmarshalText reads a name.
func (k *EventKind) UnmarshalText(b []byte) error { return eventNames.Parse(b, k) }

// Event is one thing that happened in a round. Its slices are its own:
// the caller may keep them.
type Event struct {
	Kind   EventKind    `json:"kind"`
	Round  int64        `json:"round"`
	Player string       `json:"player,omitempty"`
	Bets   []round.Bet  `json:"bets,omitempty"`
	Lines  []round.Line `json:"lines,omitempty"`
	// Spin, Verdict and Winner are a reported spin's (EvResult), as the
	// State records them; other events have none.
	Spin    *Spin         `json:"spin,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Winner  string        `json:"winner,omitempty"`
	Choice  VoidChoice    `json:"choice,omitempty"`
	Reason  string        `json:"reason,omitempty"`
}
