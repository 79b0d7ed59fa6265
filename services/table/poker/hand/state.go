// Package hand is the flow every poker game shares: forced bets, the deal
// of each street from the shoe, betting rounds, the uncalled bet, the
// showdown order and mucking, main and side pots, rake and split pots,
// misdeals and voided hands, and the hand's record. A game (the holdem and
// stud packages) supplies what differs through Variant: the deal schedule,
// who leads a stud street, and how hands rank. Callers reach the flow
// through package poker, which picks the variant of the rules' game; the
// functions here take the variant explicitly.
//
// The state is plain data: it round-trips through JSON, so a table can be
// snapshotted to Redis and resumed by another process. Apply mutates the
// state the caller owns and returns the events; a rejected action returns
// an *apierr.Error and changes nothing. Callers that need the state before
// an action keep a Clone. Nothing here reads a clock or a random source: the
// shoe and the time come in with the Setup and the actions.
package hand

import (
	"fmt"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/pot"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// MaxSeats is the largest table.
const MaxSeats = betting.MaxSeats

// Street is one dealing stage followed by a betting round.
type Street struct {
	Name string
	// Burn: one card is burned first (gr-regulation-1 B.18).
	Burn bool
	// Down and Up are the cards each player gets, face down then face up,
	// one card a pass (gr-regulation-2 G7.7).
	Down, Up int
	// Board is the community cards dealt.
	Board int
}

// Variant is what a game adds to the shared flow.
type Variant interface {
	// Schedule is the game's streets, the initial deal first.
	Schedule() []Street
	// Opener returns the seat whose up card must open a stud ante game's
	// first round (the lowest up card among the seats dealt in), or -1.
	Opener(s *State) int
	// Leader returns the seat whose up cards lead betting round street
	// (>= 1) in stud, all-in seats included, or -1: the first player after
	// the button leads (flop games).
	Leader(s *State, street int) int
	// BigOption reports the 7 Card Stud open-pair option for round street.
	BigOption(s *State, street int) bool
	// Rank ranks seat's best hand at the showdown.
	Rank(s *State, seat int) rank.Value
	// BoardRank ranks the board alone (0 if the game has no playable board).
	BoardRank(s *State) rank.Value
	// Best returns seat's best five cards, for the record.
	Best(s *State, seat int) rank.Hand
}

// PostKind is a forced bet.
type PostKind uint8

// Forced bets.
const (
	NoPost PostKind = iota
	// Ante: dead, from every player dealt in (gr-regulation-1 B.4).
	Ante
	// SmallBlind and BigBlind are live (B.64).
	SmallBlind
	BigBlind
	// Straddle is a live voluntary blind: 2 × BB, a re-straddle 2 × the
	// previous (gr-regulation-2 G4.4).
	Straddle
	// LiveBlind is a big blind posted live out of position by a new or
	// returning player, or as a seat-change penalty (G4.5, G4.7).
	LiveBlind
	// DeadSmall and DeadBig are missed blinds made up dead (B.37).
	DeadSmall
	DeadBig
)

var postNames = [...]string{"none", "ante", "small_blind", "big_blind", "straddle", "live_blind", "dead_small", "dead_big"}

func (p PostKind) String() string {
	if int(p) < len(postNames) {
		return postNames[p]
	}
	return fmt.Sprintf("PostKind(%d)", uint8(p))
}

// MarshalText writes the post kind's name.
func (p PostKind) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a post kind's name.
func (p *PostKind) UnmarshalText(b []byte) error {
	for i, n := range postNames {
		if n == string(b) {
			*p = PostKind(i)
			return nil
		}
	}
	return fmt.Errorf("hand: unknown post %q", b)
}

// Live reports whether the post counts toward the player's bet.
func (p PostKind) Live() bool {
	return p == SmallBlind || p == BigBlind || p == Straddle || p == LiveBlind
}

// Post is a forced bet the table's flow requires of a seat this hand.
type Post struct {
	Seat int      `json:"seat"`
	Kind PostKind `json:"kind"`
}

// Player is a seat dealt into the hand.
type Player struct {
	Seat   int    `json:"seat"`
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	Stack  int64  `json:"stack"`
}

// Setup is everything a hand starts from: who plays with what, the button,
// the forced bets, and the shoe.
type Setup struct {
	ID     string `json:"id"`
	Number uint64 `json:"number,omitempty"`
	// Serial is the hand's number unique across the deployment (set by the
	// table service; Number restarts on every table).
	Serial uint64 `json:"serial,omitempty"`
	Table  string `json:"table,omitempty"`
	// TableName is the table's display name (Table is its id).
	TableName string    `json:"table_name,omitempty"`
	At        time.Time `json:"at"`
	// Button is the dealer position, possibly an empty seat (dead button).
	Button  int      `json:"button"`
	Players []Player `json:"players"`
	// Posts are the blinds, straddles and make-ups, in posting order. Antes
	// come from the stakes and are not listed.
	Posts []Post `json:"posts,omitempty"`
	// Shoe is the shuffled cards, dealt from the front.
	Shoe []card.Card `json:"shoe"`
	// Commitment is the RNG's published commitment to the shoe.
	Commitment []byte `json:"commitment,omitempty"`
}

// Phase is where the hand is.
type Phase uint8

// Phases.
const (
	// Betting: players act.
	Betting Phase = iota + 1
	// Complete: the pots are awarded.
	Complete
	// Misdeal: voided, every bet returned; redeal with the same button.
	Misdeal
	// Cancelled: voided because a player refused to post; the button stays.
	Cancelled
	// Dispute: the pot waits for the casino's decision (gr-regulation-2 M9).
	Dispute
)

var phaseNames = [...]string{"", "betting", "complete", "misdeal", "cancelled", "dispute"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) && p > 0 {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// MarshalText writes the phase name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n != "" && n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("hand: unknown phase %q", b)
}

// Over reports whether the hand has ended.
func (p Phase) Over() bool { return p != Betting }

// Seat is one seat's part of the hand.
type Seat struct {
	In     bool   `json:"in,omitempty"`
	Player string `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	// Start is the stack before the forced bets.
	Start int64 `json:"start,omitempty"`
	// Cards are the seat's cards in deal order; Up marks the face-up ones.
	Cards Cards `json:"cards"`
	Up    uint8 `json:"up,omitempty"`
	// Acted: the seat made a voluntary action this hand.
	Acted bool `json:"acted,omitempty"`
	// FoldedOn is the street the seat folded on, -1 if it did not.
	FoldedOn int `json:"folded_on"`
	// Dead: a stud seat folded with no bet facing, still dealt a card until
	// the next bet (docs/rules/gr-variant-5-card-stud.md I6 / N7).
	Dead   bool `json:"dead,omitempty"`
	Voided bool `json:"voided,omitempty"`
	Shown  bool `json:"shown,omitempty"`
	Mucked bool `json:"mucked,omitempty"`
	// Won is what the seat collected from the pots.
	Won   int64      `json:"won,omitempty"`
	Value rank.Value `json:"value,omitempty"`
}

// PotResult is one pot as awarded.
type PotResult struct {
	pot.Pot
	Rake    int64     `json:"rake,omitempty"`
	Winners pot.Seats `json:"winners"`
	// Shares are what each seat won from this pot.
	Shares [MaxSeats]int64 `json:"shares"`
}

// Dealt is one card leaving the shoe.
type Dealt struct {
	Street int `json:"street"`
	// Seat is the receiving seat, -1 the board, -2 a burn, -3 a discard (a
	// dead stud seat's card), -4 burns shuffled back (Card unset).
	Seat int       `json:"seat"`
	Card card.Card `json:"card"`
	Up   bool      `json:"up,omitempty"`
}

// Return is an uncalled bet given back when a betting round closed.
type Return struct {
	Street int   `json:"street"`
	Seat   int   `json:"seat"`
	Amount int64 `json:"amount"`
}

// Record targets of Dealt.Seat.
const (
	ToBoard   = -1
	ToBurn    = -2
	ToDiscard = -3
	Recycled  = -4
)

// Entry is one accepted input with its outcome, in order. It is compact
// (the log grows by one per action): the rarer parts of an input — chips,
// a command, a reason — sit in More.
type Entry struct {
	Seq    int32        `json:"seq"`
	Street int8         `json:"street"`
	Seat   int8         `json:"seat"`
	Kind   betting.Kind `json:"kind,omitempty"`
	Amount int64        `json:"amount,omitempty"`
	// At is the input's time in Unix nanoseconds, 0 when it had none.
	At int64 `json:"at,omitempty"`
	// Result is what a player action did (Kind NoKind for a command or an
	// insufficient bet left owing).
	Result betting.Result `json:"result"`
	More   *More          `json:"more,omitempty"`
}

// More is the rarer part of a logged input.
type More struct {
	Chips   *betting.Chips   `json:"chips,omitempty"`
	Reading *betting.Reading `json:"reading,omitempty"`
	Command Command          `json:"command,omitempty"`
	Return  VoidReturn       `json:"return,omitempty"`
	Awards  []int64          `json:"awards,omitempty"`
	Reason  string           `json:"reason,omitempty"`
	// Returned is what a voided seat got back (CmdVoidSeat): its bets
	// (M7) or the part of its bet nobody called (H.25), 0 when they stay.
	Returned int64 `json:"returned,omitempty"`
}

// entryOf logs input a (seq and street are the hand's).
func entryOf(seq, street int, a Action, res betting.Result) Entry {
	e := Entry{Seq: int32(seq), Street: int8(street), Seat: int8(a.Seat), Kind: a.Kind, Amount: a.Amount, Result: res}
	if !a.At.IsZero() {
		e.At = a.At.UnixNano()
	}
	if a.Chips != nil || a.Command != NoCommand || a.Awards != nil || a.Reason != "" {
		c := a.clone()
		e.More = &More{Chips: c.Chips, Command: c.Command, Return: c.Return, Awards: c.Awards, Reason: c.Reason}
	}
	return e
}

// Input returns the input as it came in.
func (e *Entry) Input() Action {
	a := Action{Seat: int(e.Seat), Kind: e.Kind, Amount: e.Amount}
	if e.At != 0 {
		a.At = time.Unix(0, e.At).UTC()
	}
	if m := e.More; m != nil {
		a.Chips, a.Command, a.Return, a.Awards, a.Reason = m.Chips, m.Command, m.Return, m.Awards, m.Reason
	}
	return a
}

// State is a hand in progress or finished.
type State struct {
	Rules profile.Rules `json:"rules"`
	Setup Setup         `json:"setup"`
	Phase Phase         `json:"phase"`
	// Street is the current betting round (index into the schedule).
	Street int `json:"street"`
	// Seq counts the inputs accepted; the next Act must carry it.
	Seq   int            `json:"seq"`
	Round betting.Round  `json:"round"`
	Seats [MaxSeats]Seat `json:"seats"`
	Board Cards          `json:"board"`
	// Next is the next card of Setup.Shoe; Shoe replaces it once burns
	// were shuffled back (stud deck shortage).
	Next int         `json:"next"`
	Shoe []card.Card `json:"shoe,omitempty"`
	// Burns are the burned cards, in order.
	Burns []card.Card `json:"burns,omitempty"`
	Deals []Dealt     `json:"deals"`
	// Returns are the uncalled bets given back, in order.
	Returns []Return `json:"returns,omitempty"`
	// Posted is what each forced bet put in, in order.
	Posted []Posted `json:"posted"`
	// Level is the seat whose blind or straddle sets the preflop bet.
	Level int `json:"level"`
	// Leader is the seat that led the current betting round.
	Leader int `json:"leader"`
	// Aggressor and AggressorStreet are the last bet or raise of the hand.
	Aggressor       int `json:"aggressor"`
	AggressorStreet int `json:"aggressor_street"`
	// Voluntary counts voluntary actions (substantial action, B.99).
	Voluntary int         `json:"voluntary"`
	Log       []Entry     `json:"log"`
	Pots      []PotResult `json:"pots,omitempty"`
	Rake      int64       `json:"rake,omitempty"`
	Showdown  bool        `json:"showdown,omitempty"`
	// ShowOrder is the seats in the order they showed or mucked.
	ShowOrder []int `json:"show_order,omitempty"`
	// Held is the pot waiting in a dispute.
	Held int64 `json:"held,omitempty"`
	// Refused is the seat that refused to post (Cancelled), -1 otherwise.
	Refused int    `json:"refused"`
	Reason  string `json:"reason,omitempty"`

	events []Event
	scratch
}

// Posted is a forced bet as it went in.
type Posted struct {
	Post
	Amount int64 `json:"amount"`
}

// scratch is reusable working memory, never serialised.
type scratch struct {
	pots    []pot.Pot
	amounts []int64
	rakes   []int64
	// menu is the last Legal's menu, valid for menuSeat while Seq is
	// menuSeq (any accepted input moves Seq on).
	menu              betting.Menu
	menuOK            bool
	menuSeat, menuSeq int
}

// Events returns the events of the last Apply or Start. The slice is
// reused by the next call: copy what must be kept.
func (s *State) Events() []Event { return s.events }

// ToAct is the seat to act, or -1.
func (s *State) ToAct() int {
	if s.Phase != Betting {
		return -1
	}
	return s.Round.ToAct
}

// Legal appends the actions seat may take now to dst.
func (s *State) Legal(seat int, dst []betting.Legal) []betting.Legal {
	if s.Phase != Betting || seat < 0 || seat != s.Round.ToAct {
		return dst
	}
	s.Round.FillMenu(seat, &s.scratch.menu)
	s.scratch.menuOK, s.scratch.menuSeat, s.scratch.menuSeq = true, seat, s.Seq
	return s.Round.LegalOf(&s.scratch.menu, dst)
}

// Stack is seat's chips behind.
func (s *State) Stack(seat int) int64 { return s.Round.Seats[seat].Stack }

// CanAddChips reports whether the player in seat may top up now: only
// when he is not in the hand (never dealt in, or folded); a player still
// in it plays the chips he had at its start (table stakes,
// gr-regulation-1 B.101; gr-regulation-2 G3.11).
func (s *State) CanAddChips(seat int) bool {
	if seat < 0 || seat >= MaxSeats || s.Phase.Over() {
		return true
	}
	return !s.Round.Seats[seat].Status.InHand()
}

// SubstantialAction reports whether two or more voluntary actions were
// taken (gr-regulation-1 B.99), after which a misdeal is no longer due for
// most dealing errors (gr-regulation-2 G2).
func (s *State) SubstantialAction() bool { return s.Voluntary >= 2 }

// StreetName is the name of betting round street under v.
func StreetName(v Variant, street int) string {
	sch := v.Schedule()
	if street >= 0 && street < len(sch) {
		return sch[street].Name
	}
	return ""
}

// CardsFor returns seat's cards as viewer may see them: his own, the face-up
// ones, and any shown at the showdown.
func (s *State) CardsFor(seat, viewer int) Cards {
	st := &s.Seats[seat]
	if viewer == seat || st.Shown {
		return st.Cards
	}
	out := st.Cards
	for i := 0; i < int(out.N); i++ {
		if st.Up&(1<<i) == 0 {
			out.C[i] = Hidden
		}
	}
	return out
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.Setup.Players = append([]Player(nil), s.Setup.Players...)
	c.Setup.Posts = append([]Post(nil), s.Setup.Posts...)
	c.Setup.Shoe = append([]card.Card(nil), s.Setup.Shoe...)
	c.Setup.Commitment = append([]byte(nil), s.Setup.Commitment...)
	c.Shoe = append([]card.Card(nil), s.Shoe...)
	c.Burns = append([]card.Card(nil), s.Burns...)
	c.Deals = append([]Dealt(nil), s.Deals...)
	c.Returns = append([]Return(nil), s.Returns...)
	c.Posted = append([]Posted(nil), s.Posted...)
	c.Log = make([]Entry, len(s.Log))
	for i, e := range s.Log {
		if e.More != nil {
			m := *e.More
			in := e.Input().clone()
			m.Chips, m.Awards = in.Chips, in.Awards
			if m.Reading != nil {
				rd := *m.Reading
				m.Reading = &rd
			}
			e.More = &m
		}
		c.Log[i] = e
	}
	c.Pots = append([]PotResult(nil), s.Pots...)
	c.ShowOrder = append([]int(nil), s.ShowOrder...)
	c.events = nil
	c.scratch = scratch{}
	return &c
}
