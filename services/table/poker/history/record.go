// Package history is the complete record of a poker hand: the rules it was
// played under, the seats and stacks, the shoe and its commitment, every
// card dealt, every input with the action the rules made of it, the pots,
// rake and winners. A record replays to the same result (the engines'
// Replay), serialises as JSON, and exports as PokerStars hand-history text
// that tracking tools import. For is the record as one viewer may see it.
package history

import (
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// Version is the record format version.
const Version = 1

// Record is one hand.
type Record struct {
	Version int    `json:"version"`
	HandID  string `json:"hand_id"`
	// Number is the hand's number at its table; Serial its number unique
	// across the deployment, which the PokerStars export writes.
	Number uint64 `json:"number,omitempty"`
	Serial uint64 `json:"serial,omitempty"`
	// Table is the table's id, TableName its display name.
	Table     string    `json:"table,omitempty"`
	TableName string    `json:"table_name,omitempty"`
	At        time.Time `json:"at"`
	// Rules are the table's rules for this hand.
	Rules profile.Rules `json:"rules"`
	// Streets are the game's betting rounds by name, in order.
	Streets []string `json:"streets"`
	Button  int      `json:"button"`
	Seats   []Seat   `json:"seats"`
	Posts   []Post   `json:"posts"`
	// Commitment is the RNG's commitment to the shoe, hex.
	Commitment string `json:"commitment,omitempty"`
	// Shoe is the whole shoe in order, for audit and replay; empty in a
	// viewer's copy.
	Shoe []string `json:"shoe,omitempty"`
	// Deals are the cards as they left the shoe, in order.
	Deals   []Deal   `json:"deals"`
	Board   []string `json:"board,omitempty"`
	Actions []Action `json:"actions"`
	Returns []Return `json:"returns,omitempty"`
	// ShowOrder is the seats in the order they showed or mucked.
	ShowOrder []int `json:"show_order,omitempty"`
	Showdown  bool  `json:"showdown,omitempty"`
	Pots      []Pot `json:"pots,omitempty"`
	Rake      int64 `json:"rake"`
	// Held is a pot held for the casino's decision.
	Held int64 `json:"held,omitempty"`
	// Result is how the hand ended: complete, misdeal, cancelled, dispute,
	// or betting for a hand still in progress.
	Result string `json:"result"`
	Reason string `json:"reason,omitempty"`
}

// Seat is a player dealt in.
type Seat struct {
	Seat   int    `json:"seat"`
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	// Stack is the stack before the forced bets, Final after the hand.
	Stack int64 `json:"stack"`
	Final int64 `json:"final"`
	// Cards are his cards in deal order ("??" where hidden); Up marks the
	// face-up ones (stud).
	Cards []string `json:"cards"`
	Up    uint8    `json:"up,omitempty"`
	// FoldedOn is the street he folded on, -1 if he did not.
	FoldedOn int   `json:"folded_on"`
	Voided   bool  `json:"voided,omitempty"`
	Shown    bool  `json:"shown,omitempty"`
	Mucked   bool  `json:"mucked,omitempty"`
	Won      int64 `json:"won,omitempty"`
	// Value is the hand's rank value (evaluator scale) and Hand its name,
	// for shown hands.
	Value uint32   `json:"value,omitempty"`
	Hand  string   `json:"hand,omitempty"`
	Best  []string `json:"best,omitempty"`
}

// Post is a forced bet as it went in.
type Post struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Amount int64  `json:"amount"`
	AllIn  bool   `json:"all_in,omitempty"`
}

// Deal is one card leaving the shoe: to a seat (>= 0), the board (-1), a
// burn (-2), the discards (-3); -4 marks burns shuffled back.
type Deal struct {
	Street int    `json:"street"`
	To     int    `json:"to"`
	Card   string `json:"card,omitempty"`
	Up     bool   `json:"up,omitempty"`
}

// Action is one accepted input and what it did.
type Action struct {
	Seq    int   `json:"seq"`
	Street int   `json:"street"`
	Seat   int   `json:"seat"`
	Input  Input `json:"input"`
	// Kind is the action as normalised (fold, check, call, bet, raise,
	// bringin, complete), empty for a command or an insufficient bet.
	Kind  betting.Kind `json:"kind,omitempty"`
	To    int64        `json:"to,omitempty"`
	By    int64        `json:"by,omitempty"`
	Paid  int64        `json:"paid,omitempty"`
	AllIn bool         `json:"all_in,omitempty"`
	Full  bool         `json:"full,omitempty"`
	// Change is what went back from chips put out; Owed an insufficient
	// bet's completion (kind and amount).
	Change  int64          `json:"change,omitempty"`
	Pending bool           `json:"pending,omitempty"`
	Owed    betting.Action `json:"owed,omitzero"`
	// Returned is what a voided seat got back (the void_seat command):
	// its bets, or the part of its bet nobody called; 0 when they stay in
	// the pot.
	Returned int64 `json:"returned,omitempty"`
}

// Input is an input as it came in (the engine's hand.Action).
type Input struct {
	Seat    int            `json:"seat"`
	Kind    betting.Kind   `json:"kind,omitempty"`
	Amount  int64          `json:"amount,omitempty"`
	Chips   *betting.Chips `json:"chips,omitempty"`
	Command string         `json:"command,omitempty"`
	Return  uint8          `json:"return,omitempty"`
	Awards  []int64        `json:"awards,omitempty"`
	Reason  string         `json:"reason,omitempty"`
	At      time.Time      `json:"at,omitzero"`
}

// Return is an uncalled bet given back at the end of a street.
type Return struct {
	Street int   `json:"street"`
	Seat   int   `json:"seat"`
	Amount int64 `json:"amount"`
}

// Pot is one pot as awarded.
type Pot struct {
	Amount   int64         `json:"amount"`
	Rake     int64         `json:"rake"`
	Eligible []int         `json:"eligible"`
	Winners  []int         `json:"winners"`
	Shares   map[int]int64 `json:"shares"`
}

// Seat returns the record of seat number n, or nil.
func (r *Record) Seat(n int) *Seat {
	for i := range r.Seats {
		if r.Seats[i].Seat == n {
			return &r.Seats[i]
		}
	}
	return nil
}

// For returns the record as viewer (a seat number, or -1 for an observer)
// may see it: other players' face-down cards are "??" unless shown at the
// showdown, mucked hands stay hidden, the shoe, burns and discards are
// withheld, and so are the undealt cards.
func (r *Record) For(viewer int) *Record {
	out := *r
	out.Shoe = nil
	out.Seats = make([]Seat, len(r.Seats))
	visible := map[int]bool{}
	for i, s := range r.Seats {
		s.Cards = append([]string(nil), s.Cards...)
		s.Best = append([]string(nil), s.Best...)
		if s.Seat != viewer && !s.Shown {
			for j := range s.Cards {
				if s.Up&(1<<j) == 0 {
					s.Cards[j] = "??"
				}
			}
			if !s.Shown {
				s.Hand, s.Best, s.Value = "", nil, 0
			}
		}
		visible[s.Seat] = s.Seat == viewer || s.Shown
		out.Seats[i] = s
	}
	out.Deals = make([]Deal, len(r.Deals))
	for i, d := range r.Deals {
		switch {
		case d.To == -2 || d.To == -3:
			d.Card = "??"
		case d.To >= 0 && !d.Up && !visible[d.To]:
			d.Card = "??"
		}
		out.Deals[i] = d
	}
	return &out
}
