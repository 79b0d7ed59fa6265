package casinoholdem

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
// in EvDealt and EvShown, each marked with who may see them (Vis); the
// other events carry none.
const (
	// EvOpened: the round opened for bets.
	EvOpened EventKind = iota + 1
	// EvPlaced: Player placed Bets (a dark box's Call among them, ru
	// §3.10); Amount is the Call they commit him to cover as well
	// (ReserveCall: 2 × each Ante placed without its dark Call); Reason
	// says when an amount was reduced to its maximum (§3).
	EvPlaced
	// EvCancelled: Player's Bets were taken back, Lines refund them;
	// Reason "replaced" when his new bet on the spot replaced one.
	EvCancelled
	// EvClosed: no more bets.
	EvClosed
	// EvShuffled: a newly shuffled deck (Amount its cards).
	EvShuffled
	// EvDealt: Deal is a card from the deck and where it went (the burn, a
	// box, the dealer, the board); Vis (and Deal.Vis) who may see it:
	// Public, Private to Box's player, or Hidden.
	EvDealt
	// EvTurn: Player decides for Box now, in the wait Seq.
	EvTurn
	// EvDecided: Player's Action for Box in the wait Seq; Reason
	// "timeout" when the clock folded for him.
	EvDecided
	// EvStaked: Box called: Bets is the Call's stake, Amount 2 × Ante.
	EvStaked
	// EvPaid: Lines became final before the settlement: Box folded
	// (Reason "fold"), its Ante lost, its AA Bonus lost or, where the
	// rules settle it on a pass (ru §3.13–3.15), settled on its cards.
	EvPaid
	// EvShown: the showdown shows Cards, Public: the dealer's (Box 0; Hand
	// his best five's name, Qualifies whether it qualifies) or a called
	// box's (Box, Player; Hand its best five's name).
	EvShown
	// EvSettled: Lines are the settlement of every stake still in play,
	// Order the boxes in that order; none when every box folded.
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
	// Cards are the cards EvShown shows; Vis who may see the event's
	// cards (EvDealt, EvShown), none for an event without.
	Cards     []card.Card  `json:"cards,omitempty"`
	Vis       Visibility   `json:"vis,omitempty"`
	Hand      string       `json:"hand,omitempty"`
	Qualifies bool         `json:"qualifies,omitempty"`
	Bets      []round.Bet  `json:"bets,omitempty"`
	Lines     []round.Line `json:"lines,omitempty"`
	Order     []int        `json:"order,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}
