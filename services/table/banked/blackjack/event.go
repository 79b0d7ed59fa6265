package blackjack

import "github.com/croupier/croupier/services/table/banked/round"

// EventKind says what an event is.
type EventKind uint8

// Event kinds; the comment says what the event carries besides Round.
// Money moves where an event has Bets (stakes into the round's escrow:
// EvPlaced, EvInsured, EvStaked) or Lines (each line's Returned out of
// escrow to the player, its Lost to the house, its Won from the house
// bank).
const (
	// EvOpened: the round opened for bets.
	EvOpened EventKind = iota + 1
	// EvPlaced: Player placed Bets.
	EvPlaced
	// EvCancelled: Player's Bets were taken back, Lines refund them.
	// Reason says why when he did not ask: "replaced" by his new bet on
	// the box, or pushed out by the owner's (cz §4).
	EvCancelled
	// EvClosed: no more bets (cz §6.2; ru §4.2).
	EvClosed
	// EvShuffled: a new shoe (Amount its cards, Deal.Pos 0); Reason is
	// "mid-round" when the shoe ran out in a round.
	EvShuffled
	// EvDealerChanged: a new dealer; burns may be due (cz §3.7).
	EvDealerChanged
	// EvMarker: the reshuffle marker came out: the shoe is shuffled before
	// the next round (ru §5.2).
	EvMarker
	// EvDealt: Deal is a card from the shoe and where it went (a burn, a
	// box's hand, the dealer); Total and Soft are that hand's after it.
	EvDealt
	// EvBlackjack: Box's first hand is a blackjack (ru §3.38: announced).
	EvBlackjack
	// EvWindowOpened and EvWindowClosed: the pre-play window (cz §6.4;
	// ru §4.5).
	EvWindowOpened
	EvWindowClosed
	// EvInsured: Player insured Box for Amount; Bets is the insurance
	// stake.
	EvInsured
	// EvDeclined: Player declined the Action offered on Box (insurance,
	// even money).
	EvDeclined
	// EvTurn: Player decides for Box's Hand now (Seq).
	EvTurn
	// EvDecided: Player decided Action (with Amount, a double's) for
	// Box's Hand, Seq; Reason "timeout" when the clock stood for him.
	EvDecided
	// EvFollowed: Player answered the owner's Action on Box's Hand:
	// follows with Amount, or stays (Amount 0).
	EvFollowed
	// EvStaked: the double or split (Action) of Box's Hand took its
	// stakes: Bets, one per bettor who put money in.
	EvStaked
	// EvPaid: Lines became final before the settlement; Reason says why
	// ("blackjack", "even money", "surrender", "bust", "7-7-7",
	// "insurance").
	EvPaid
	// EvSettled: Lines are the settlement of every stake still in play,
	// box by box right to left as the dealer pays (ru §4.8), Order the
	// boxes in that order.
	EvSettled
	// EvVoided: the round is void (Reason); Lines refund every stake still
	// in play.
	EvVoided
)

var eventNames = round.Enum[EventKind]{Type: "event", Names: []string{
	"", "opened", "placed", "cancelled", "closed", "shuffled", "dealer_changed", "marker", "dealt",
	"blackjack", "window_opened", "window_closed", "insured", "declined", "turn", "decided",
	"followed", "staked", "paid", "settled", "voided",
}}

func (k EventKind) String() string { return eventNames.String(k) }

// MarshalText writes the name.
func (k EventKind) MarshalText() ([]byte, error) { return eventNames.Text(k) }

// UnmarshalText reads a name.
func (k *EventKind) UnmarshalText(b []byte) error { return eventNames.Parse(b, k) }

// grow appends a zero Event of kind k to evs and returns the slice and
// the event, to be filled in place. A literal appended is built apart
// and copied, which the hot paths feel: the copy is more work for a
// large struct, and its wide loads of what narrow stores have just
// written stall the CPU until those stores are done. The engine's
// records (deals, decisions, bets, lines) are made in place so too.
func grow(evs []Event, k EventKind) ([]Event, *Event) {
	evs = append(evs, Event{})
	e := &evs[len(evs)-1]
	e.Kind = k
	return evs, e
}

// addBet appends a copy of bet b to bets, field by field (grow).
func addBet(bets []round.Bet, b *round.Bet) []round.Bet {
	bets = append(bets, round.Bet{})
	c := &bets[len(bets)-1]
	c.ID, c.Player, c.Spot, c.Amount = b.ID, b.Player, b.Spot, b.Amount
	return bets
}

// Event is one thing that happened in a round. Apply's events' slices are
// their own: the caller may keep them (AppendApply's are views of the
// state, good until the next command).
type Event struct {
	Kind   EventKind    `json:"kind"`
	Round  int64        `json:"round"`
	Player string       `json:"player,omitempty"`
	Box    int          `json:"box,omitempty"`
	Hand   int          `json:"hand,omitempty"`
	Action Action       `json:"action,omitempty"`
	Amount int64        `json:"amount,omitempty"`
	Seq    int          `json:"seq,omitempty"`
	Deal   Deal         `json:"deal,omitzero"`
	Total  int          `json:"total,omitempty"`
	Soft   bool         `json:"soft,omitempty"`
	Bets   []round.Bet  `json:"bets,omitempty"`
	Lines  []round.Line `json:"lines,omitempty"`
	Order  []int        `json:"order,omitempty"`
	Reason string       `json:"reason,omitempty"`
}
