package russianpoker

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
// in EvDealt, EvDecided (an exchange's discards) and EvShown, each marked
// with who may see them (Vis).
const (
	// EvOpened: the round opened for bets.
	EvOpened EventKind = iota + 1
	// EvPlaced: Player placed Bets.
	EvPlaced
	// EvCancelled: Player's Bets were taken back, Lines refund them;
	// Reason "replaced" when his new bet on the spot replaced one.
	EvCancelled
	// EvClosed: no more bets.
	EvClosed
	// EvShuffled: a newly shuffled deck (Amount its cards).
	EvShuffled
	// EvDealt: Deal is a card from the deck and where it went (a box, the
	// dealer); Vis who may see it.
	EvDealt
	// EvTurn: Player decides for Box now, in the wait Seq.
	EvTurn
	// EvDecided: Player's Action for Box in the wait Seq; Cards an
	// exchange's discards (Private); Reason "timeout" when the clock
	// decided.
	EvDecided
	// EvStaked: Box put Bets in deciding: the Bet (2 × Ante) and its
	// insurance, an improvement's fee or a buy's; Amount their sum.
	EvStaked
	// EvPaid: Lines became final before the settlement, Reason the
	// action that made them: a pass (Ante and Royal Bonus lost), an
	// improvement (its fee, and the Royal Bonus unless locked in, lost), a
	// stop (Ante 1:1, Bet returned), a buy (its fee lost); or "reveal",
	// the dealer's reveal settling a box's Royal Bonus and, on no game,
	// its insurance 1:1 (§3.34, §6).
	EvPaid
	// EvShown: Cards shown to all: the dealer's (Box 0; Hand his hand's
	// name, Qualifies whether it is a game), at his reveal and after a
	// bought game; or a box's at the showdown (Box, Player, Hand, its main
	// combination's name).
	EvShown
	// EvSettled: Lines are the settlement of every stake still in play,
	// Order the boxes in that order; none when every box passed or
	// stopped.
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
	// Cards are the cards EvShown shows and EvDecided's discards; Vis who
	// may see the event's cards, none for an event without.
	Cards     []card.Card  `json:"cards,omitempty"`
	Vis       Visibility   `json:"vis,omitempty"`
	Hand      string       `json:"hand,omitempty"`
	Qualifies bool         `json:"qualifies,omitempty"`
	Bets      []round.Bet  `json:"bets,omitempty"`
	Lines     []round.Line `json:"lines,omitempty"`
	Order     []int        `json:"order,omitempty"`
	Reason    string       `json:"reason,omitempty"`
}
