package splitpoker

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// EventKind says what an event is.
type EventKind uint8

// Event kinds; the comment says what the event carries besides Round.
// Money moves where an event has Bets (stakes into the round's escrow:
// EvPlaced, EvStaked) or Lines (each line's Returned out of escrow to the
// player, its Lost to the house, its Won from the house bank). Cards move
// in EvDealt, EvDecided (a partition) and EvShown, each marked with who
// may see them (Vis).
const (
	// EvOpened: the round opened for bets.
	EvOpened EventKind = iota + 1
	// EvPlaced: Player placed Bets (a dark box's Bet among them, N6).
	EvPlaced
	// EvCancelled: Player's Bets were taken back, Lines refund them;
	// Reason "replaced" when his new bet on the spot replaced one.
	EvCancelled
	// EvClosed: no more bets.
	EvClosed
	// EvShuffled: a newly shuffled deck (Amount its cards).
	EvShuffled
	// EvDealt: Deal is a card from the deck and where it went (a box, the
	// dealer); Vis (and Deal.Vis) who may see it.
	EvDealt
	// EvTurn: Player decides for Box now, in the wait Seq.
	EvTurn
	// EvDecided: Player's Action for Box in the wait Seq; Cards a bought
	// box's partition (Private); Reason "timeout" when the clock decided.
	EvDecided
	// EvStaked: Box staked Bets by deciding: its Bet, a fee; Amount it.
	EvStaked
	// EvPaid: Lines became final before the settlement (Reason the
	// action): a pass, a fee, a stop.
	EvPaid
	// EvShown: Cards are shown, Public: the dealer's five (Box 0; Hand
	// their name, Qualifies whether they are a game), his small hand (Box
	// 0, Reason "small"), or a box's big hand then small hand (Box,
	// Player; Hand the big hand's name).
	EvShown
	// EvSettled: Lines are the settlement of every stake still in play,
	// Order the boxes in that order.
	EvSettled
	// EvVoided: the round is void (Reason); Lines refund every stake
	// still in play.
	EvVoided
)

var eventNames = round.Enum[EventKind]{Type: "event", Names: []string{
	"", "opened", "placed", "cancelled", "closed", "shuffled", "dealt", "turn", "decided",
	"staked", "paid", "shown", "settled", "voided",
}}

func (k EventKind) String() string { return eventNames.String(k) }

// MarshalText writes the name.
func (k EventKind) MarshalText() ([]byte, error) { return eventNames.Text(k) }

// UnmarshalText reads a name.
func (k *EventKind) UnmarshalText(b []byte) error { return eventNames.Parse(b, k) }

// Event is one thing that happened in a round. Its slices are its own:
// the caller may keep them.
type Event struct {
	Kind   EventKind `json:"kind"`
	Round  int64     `json:"round"`
	Player string    `json:"player,omitempty"`
	Box    int       `json:"box,omitempty"`
	Action Action    `json:"action,omitempty"`
	Amount int64     `json:"amount,omitempty"`
	Seq    int       `json:"seq,omitempty"`
	Deal   Deal      `json:"deal,omitzero"`
	// Cards are the cards EvShown shows or EvDecided's partition; Vis who
	// may see them.
	Cards     []card.Card  `json:"cards,omitempty"`
	Vis       Visibility   `json:"vis,omitempty"`
	Hand      string       `json:"hand,omitempty"`
	Qualifies bool         `json:"qualifies,omitempty"`
	Bets      []round.Bet  `json:"bets,omitempty"`
	Lines     []round.Line `json:"lines,omitempty"`
	Order     []int        `json:"order,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}
