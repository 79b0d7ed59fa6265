package house

import (
	"time"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/round"
)

// EventKind says what an event is.
type EventKind uint8

// Event kinds; the comment says what the event carries besides Kind,
// Round and At. A private event names its Player: only he (and internal
// viewers) receive it (Event.For). Who is the player a public event is
// about, shown only to those who may see his id.
const (
	// EvOpened: round Round opened for bets until ClosesAt; Commitment
	// and Outcome of the RNG's draw (rng tables); Players, BetCount and
	// Stake of the bets carried in from a void round.
	EvOpened EventKind = iota + 1
	// EvJoined: Who joined as Name (or renamed himself).
	EvJoined
	// EvLeft: Who (Name) left.
	EvLeft
	// EvPlaced: Who placed Bets (BetCount, Stake); others see the counts
	// only.
	EvPlaced
	// EvCancelled: Who took back Bets, refunded by Lines (BetCount,
	// Stake); Reason STAKE_FAILED when the table took them back.
	EvCancelled
	// EvChosen: Player chose Choice for a void spin (private).
	EvChosen
	// EvClosed: no more bets; Players with bets, BetCount, Stake.
	EvClosed
	// EvNoSpin: the reported Spin does not count (Verdict respin); betting
	// is open again until ClosesAt with the bets kept (ru §3.22).
	EvNoSpin
	// EvResult: the round is settled on Spin: Winner; Stake, Paid and
	// Players are the round's totals.
	EvResult
	// EvSettled: Player's Lines in the settlement, with his Stake, Paid
	// and Won (private).
	EvSettled
	// EvVoided: the round is void (Reason; Spin and Verdict for an
	// invalid spin).
	EvVoided
	// EvRefunded: Player's refund Lines of a void, and his Carried bets
	// kept for the next round (private).
	EvRefunded
	// EvStakeFailed: Player's stake Hold never reached the escrow
	// (Reason, the wallet's): its Bets carry no money (private).
	EvStakeFailed
	// EvPaid: the wallet paid Player's settlement of Round: Stake
	// (returned and lost), Paid (returned and won), Won (private).
	EvPaid
	// EvTable: the table's Status, Reason, Window or Pause changed.
	EvTable
	// EvMove: a card game's move as its engine reported it (Blackjack: a
	// card dealt, a turn, a decision, a stake, lines paid before the
	// end); Who and Name are the player it is about. Public: the cards on
	// a blackjack table are all face up (no hole card).
	EvMove
	// EvShoe: a card table's shoe changed (Shoe): a new one, its
	// commitment public from the start, or the one before revealed.
	EvShoe
)

var eventNames = round.Enum[EventKind]{Type: "event", Names: []string{"", "opened", "joined", "left", "placed", "cancelled", "chosen",
	"closed", "no_spin", "result", "settled", "voided", "refunded", "stake_failed", "paid", "table", "move", "shoe"}}

func (k EventKind) String() string { return eventNames.String(k) }

// MarshalText writes the event's name.
func (k EventKind) MarshalText() ([]byte, error) { return eventNames.Text(k) }

// UnmarshalText reads an event's name.
func (k *EventKind) UnmarshalText(b []byte) error { return eventNames.Parse(b, k) }

// Event is one thing that happened at the table, with everything any
// viewer might be shown; For filters it for one viewer. Its slices are
// its own.
type Event struct {
	Kind  EventKind `json:"kind"`
	Round int64     `json:"round,omitempty"`
	At    int64     `json:"at"`
	// Player is who a private event is for; "" for a public event.
	Player string `json:"player,omitempty"`
	// Who is the player a public event is about, Name his name.
	Who     string       `json:"who,omitempty"`
	Name    string       `json:"name,omitempty"`
	Bets    []round.Bet  `json:"bets,omitempty"`
	Carried []round.Bet  `json:"carried,omitempty"`
	Lines   []round.Line `json:"lines,omitempty"`
	Hold    string       `json:"hold,omitempty"`
	// Stake, Paid and Won are totals (a player's, or the round's).
	Stake int64 `json:"stake,omitempty"`
	Paid  int64 `json:"paid,omitempty"`
	Won   int64 `json:"won,omitempty"`
	// Spin is the reported spin, as everyone may see it once reported.
	Spin    *SpinView     `json:"spin,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Winner  string        `json:"winner,omitempty"`
	Reason  string        `json:"reason,omitempty"`
	// Commitment and Outcome are the RNG draw's public part (EvOpened).
	Commitment []byte `json:"commitment,omitempty"`
	Outcome    string `json:"outcome,omitempty"`
	ClosesAt   int64  `json:"closes_at,omitempty"`
	// Players and BetCount are aggregates: players with bets, bets.
	Players  int    `json:"players,omitempty"`
	BetCount int    `json:"bet_count,omitempty"`
	Status   Status `json:"status,omitempty"`
	// Choice is a money wheel void choice ("carry", "refund").
	Choice string        `json:"choice,omitempty"`
	Window time.Duration `json:"window,omitempty"`
	Pause  time.Duration `json:"pause,omitempty"`
	// Blackjack is a blackjack move (EvMove); Shoe a shoe's public record
	// (EvShoe); Deadline when the decision the move asks for is due
	// (the decision clock, Unix ms).
	Blackjack *blackjack.Event `json:"blackjack,omitempty"`
	// Poker is a casino poker game's move (EvMove), its cards marked
	// with who may see them: For blanks those the viewer may not.
	Poker    *PokerEvent `json:"poker,omitempty"`
	Shoe     *ShoeRecord `json:"shoe,omitempty"`
	Deadline int64       `json:"deadline,omitempty"`
}

// SpinView is a reported result as everyone may see it once it is
// reported: where it landed and how the spin went.
type SpinView struct {
	// Pocket is the index in the wheel order (a roulette pocket, a money
	// wheel field), Label what is written there.
	Pocket int    `json:"pocket"`
	Label  string `json:"label,omitempty"`
	// Source is "rng" or "dealer".
	Source string `json:"source"`
	// Wheel and Ball are the ways a roulette wheel and its ball turned;
	// Wheel is the way a money wheel turned.
	Wheel       round.Direction `json:"wheel,omitempty"`
	Ball        round.Direction `json:"ball,omitempty"`
	Revolutions int             `json:"revolutions,omitempty"`
	// Peg: the money wheel's pointer stopped on the peg after Pocket.
	Peg bool `json:"peg,omitempty"`
	// Faults are why a roulette spin is not valid.
	Faults []string `json:"faults,omitempty"`
}
