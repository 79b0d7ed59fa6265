// Package betting holds the betting state of one poker hand and the rules
// that size and validate every action: fixed, spread, pot and no limit, the
// raise cap, the minimum raise, the pot-limit maximum, short all-ins and
// whether they reopen the betting, the stud bring-in and open pair, and the
// reading of chips pushed out without a declaration.
//
// A Round is plain data (JSON round-trips) and is mutated in place by Act;
// an action that is rejected leaves it untouched. Seats are indexed by their
// physical seat number, 0..MaxSeats-1, clockwise.
package betting

import "fmt"

// MaxSeats is the largest table: Hold'em and Omaha seat 10
// (gr-regulation-1 §2.2).
const MaxSeats = 10

// Status is where a seat stands in the hand.
type Status uint8

// Seat statuses.
const (
	// StatusOut: not dealt in.
	StatusOut Status = iota
	// StatusLive: in the hand and able to bet.
	StatusLive
	// StatusFolded: out of the hand; its chips stay in the pot.
	StatusFolded
	// StatusAllIn: in the hand with no chips behind (gr-regulation-2 A1).
	StatusAllIn
)

var statusNames = [...]string{"out", "live", "folded", "allin"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// MarshalText writes the status name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status name.
func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if n == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("betting: unknown seat status %q", b)
}

// InHand reports whether the seat can still win a pot.
func (s Status) InHand() bool { return s == StatusLive || s == StatusAllIn }

// Seat is one seat's chips and betting position.
type Seat struct {
	// Stack is the chips behind, not yet in the pot.
	Stack int64 `json:"stack"`
	// Bet is what the seat put in during this betting round (live chips).
	Bet int64 `json:"bet,omitempty"`
	// Total is everything the seat put in this hand: antes, dead and live
	// blinds, bets of every round including Bet.
	Total  int64  `json:"total,omitempty"`
	Status Status `json:"status"`
	// Acted: the seat has acted since the last full bet or raise. A seat
	// that has acted may not raise again unless a full raise reopens the
	// betting (docs/rules/betting-rules-ru-sports.md note 1; gr-regulation-2 A2).
	Acted bool `json:"acted,omitempty"`
	// Pending is the completion an insufficient bet owes
	// (docs/rules/betting-rules-ru-sports.md §4.13): Call, Bet, Raise or Complete to
	// PendingTo, or fold.
	Pending   Kind  `json:"pending,omitempty"`
	PendingTo int64 `json:"pending_to,omitempty"`
}

// Round is the betting state of a hand: the seats' chips and the state of
// the current betting round.
type Round struct {
	Config Config         `json:"config"`
	Seats  [MaxSeats]Seat `json:"seats"`
	Street int            `json:"street"`
	// Unit is the fixed-limit bet of this round (small or big bet).
	Unit int64 `json:"unit,omitempty"`
	// BigOption: 7 Card Stud open pair on 4th street, a bet or raise may be
	// the small or the big bet (docs/rules/betting-rules-ru-sports.md §5.8.5; V19–V20).
	BigOption bool `json:"big_option,omitempty"`
	// BigUsed: a big bet was made under BigOption; later raises are big.
	BigUsed bool `json:"big_used,omitempty"`
	// High is the highest bet in this round (B): the amount to call.
	High int64 `json:"high,omitempty"`
	// Level is the last full bet or raise (incomplete all-ins leave it).
	Level int64 `json:"level,omitempty"`
	// Inc is the last full bet or raise increment (L).
	Inc int64 `json:"inc,omitempty"`
	// Raises counts full raises this round; the opening bet is not one.
	Raises int `json:"raises,omitempty"`
	// Opened: a full bet stands (preflop the big blind counts as it).
	Opened bool `json:"opened,omitempty"`
	// BringIn: High is a stud bring-in, not a full bet.
	BringIn bool `json:"bring_in,omitempty"`
	// Phantom counts, for the pot-limit maximum only, the part of a blind
	// posted short all-in: raises are computed from the full blind
	// (docs/rules/betting-rules-ru-sports.md §4.9.8 last paragraph, D2).
	Phantom int64 `json:"phantom,omitempty"`
	// ToAct is the seat to act, -1 when the round is closed.
	ToAct int `json:"to_act"`
	// Opener is the seat that must open a stud first round (bring-in or
	// forced bet), -1 if none or done.
	Opener int `json:"opener"`
	// OpenerAmount is the bring-in; 0 means the opener must make a full
	// opening bet (docs/rules/gr-variant-5-card-stud.md §3: "at least the table
	// minimum", no bring-in).
	OpenerAmount int64 `json:"opener_amount,omitempty"`
	// OpenerMayFold: the opener replaced an all-in low card and may fold
	// (docs/rules/betting-rules-ru-sports.md §5 stud all-in, §6.5.4).
	OpenerMayFold bool `json:"opener_may_fold,omitempty"`
	// LastAggressor is the last seat to raise the bet this round, -1 if none.
	LastAggressor int `json:"last_aggressor"`
	// LastCaller is the last seat to call this round, -1 if none.
	LastCaller int `json:"last_caller"`
}

// New returns a round with every seat out.
func New(cfg Config) Round {
	return Round{Config: cfg, ToAct: -1, Opener: -1, LastAggressor: -1, LastCaller: -1}
}

// Seat dealt in with stack chips.
func (r *Round) Sit(seat int, stack int64) {
	r.Seats[seat] = Seat{Stack: stack, Status: StatusLive}
	if stack == 0 {
		r.Seats[seat].Status = StatusAllIn
	}
}

// Post puts a forced bet in for seat: live (counts toward its bet this
// round: blinds, straddles) or dead (antes, dead blinds, gr-regulation-1
// B.37, B.64). It posts what the stack allows and returns the amount posted.
func (r *Round) Post(seat int, amount int64, live bool) int64 {
	s := &r.Seats[seat]
	if amount > s.Stack {
		amount = s.Stack
	}
	s.Stack -= amount
	s.Total += amount
	if live {
		s.Bet += amount
	}
	if s.Stack == 0 && s.Status == StatusLive {
		s.Status = StatusAllIn
	}
	return amount
}

// OpenWithBlind makes a posted blind (or straddle) of nominal size level
// the round's opening bet: players call the full level even if the blind
// was posted short, and raises are measured from it (gr-regulation-1 B.23;
// docs/rules/betting-rules-ru-sports.md §4.9.8). posted is what the blind actually put in.
func (r *Round) OpenWithBlind(level, posted int64) {
	r.High, r.Level, r.Inc, r.Opened = level, level, level, true
	r.Phantom = 0
	if posted < level {
		r.Phantom = level - posted
	}
}

// StartStreet resets the round for a new betting round at fixed-limit size
// unit. Bets of the previous round must have been collected (EndStreet).
func (r *Round) StartStreet(street int, unit int64, bigOption bool) {
	r.Street = street
	r.Unit = unit
	r.BigOption, r.BigUsed = bigOption, false
	r.High, r.Level, r.Inc, r.Raises = 0, 0, 0, 0
	r.Opened, r.BringIn = false, false
	r.Phantom = 0
	r.ToAct, r.Opener, r.OpenerAmount, r.OpenerMayFold = -1, -1, 0, false
	r.LastAggressor, r.LastCaller = -1, -1
	for i := range r.Seats {
		s := &r.Seats[i]
		s.Bet, s.Acted, s.Pending, s.PendingTo = 0, false, NoKind, 0
	}
}

// SetOpener makes seat the forced opener of a stud first round: it must
// bring in for amount (or complete), or, when amount is 0, open with a full
// bet. mayFold lets a replacement opener fold.
func (r *Round) SetOpener(seat int, amount int64, mayFold bool) {
	r.Opener, r.OpenerAmount, r.OpenerMayFold = seat, amount, mayFold
}

// EndStreet closes the betting round: an uncalled part of the highest bet
// goes back to its live owner (gr-regulation-1 §6.5 step 1) and the round's
// bets join the pot. It returns the seat and amount returned (-1, 0 if none).
func (r *Round) EndStreet() (seat int, returned int64) {
	seat = -1
	top, second := -1, int64(0)
	for i := range r.Seats {
		b := r.Seats[i].Bet
		if b == 0 {
			continue
		}
		if top < 0 || b > r.Seats[top].Bet {
			if top >= 0 {
				second = max(second, r.Seats[top].Bet)
			}
			top = i
		} else {
			second = max(second, b)
		}
	}
	if top >= 0 && r.Seats[top].Status.InHand() && r.Seats[top].Bet > second {
		s := &r.Seats[top]
		returned = s.Bet - second
		s.Bet -= returned
		s.Total -= returned
		s.Stack += returned
		if s.Status == StatusAllIn && s.Stack > 0 {
			s.Status = StatusLive
		}
		seat = top
	}
	for i := range r.Seats {
		r.Seats[i].Bet = 0
		r.Seats[i].Acted = false
	}
	r.ToAct = -1
	return seat, returned
}

// Live counts seats that can still bet.
func (r *Round) Live() int {
	n := 0
	for i := range r.Seats {
		if r.Seats[i].Status == StatusLive {
			n++
		}
	}
	return n
}

// InHand counts seats still in the hand (live or all-in).
func (r *Round) InHand() int {
	n := 0
	for i := range r.Seats {
		if r.Seats[i].Status.InHand() {
			n++
		}
	}
	return n
}

// Pot is every chip put in this hand, this round's bets included.
func (r *Round) Pot() int64 {
	var p int64
	for i := range r.Seats {
		p += r.Seats[i].Total
	}
	return p
}

// needs reports whether seat must still act this round.
func (r *Round) needs(i int) bool {
	s := &r.Seats[i]
	if s.Status != StatusLive {
		return false
	}
	return s.Pending != NoKind || !s.Acted || s.Bet < r.High
}

// Closed reports whether the betting round is over: nobody owes an action,
// or a single player can still bet and has nothing to call.
func (r *Round) Closed() bool {
	live, last := 0, -1
	for i := range r.Seats {
		if r.Seats[i].Status == StatusLive {
			live++
			last = i
		}
	}
	switch live {
	case 0:
		return true
	case 1:
		s := &r.Seats[last]
		return s.Pending == NoKind && s.Bet >= r.High
	}
	for i := range r.Seats {
		if r.needs(i) {
			return false
		}
	}
	return true
}

// Advance sets ToAct to the first seat clockwise after from (exclusive)
// that must act, or -1 when the round is closed. Pass from = start-1 to
// begin with start.
func (r *Round) Advance(from int) {
	r.ToAct = -1
	live, last := 0, -1
	for i := range r.Seats {
		if r.Seats[i].Status == StatusLive {
			live++
			last = i
		}
	}
	switch live {
	case 0:
		return
	case 1:
		// A single player able to bet acts only if he owes something.
		if s := &r.Seats[last]; s.Pending != NoKind || s.Bet < r.High {
			r.ToAct = last
		}
		return
	}
	for k := 1; k <= MaxSeats; k++ {
		j := (from + k + MaxSeats) % MaxSeats
		if r.needs(j) {
			r.ToAct = j
			return
		}
	}
}

// Fold removes seat from the hand out of turn order, as a voided hand
// does; its chips stay in the pot.
func (r *Round) Fold(seat int) {
	s := &r.Seats[seat]
	s.Status = StatusFolded
	s.Pending, s.PendingTo = NoKind, 0
}

// Uncalled gives seat back the part of its bet in this betting round that
// no other seat has matched, and returns it.
func (r *Round) Uncalled(seat int) int64 {
	var called int64
	for i := range r.Seats {
		if i != seat {
			called = max(called, r.Seats[i].Bet)
		}
	}
	s := &r.Seats[seat]
	back := max(0, s.Bet-called)
	s.Bet -= back
	s.Total -= back
	s.Stack += back
	return back
}

// Refund takes seat out of the hand and gives back every chip it put in
// (a voided hand whose bets are returned, gr-regulation-2 M7).
func (r *Round) Refund(seat int) int64 {
	s := &r.Seats[seat]
	back := s.Total
	s.Stack += back
	s.Total, s.Bet = 0, 0
	s.Status = StatusFolded
	s.Pending, s.PendingTo = NoKind, 0
	return back
}

// RefundAll returns every chip to its owner (misdeal, gr-regulation-2
// G7.17): stacks are as they were before the forced bets.
func (r *Round) RefundAll() {
	for i := range r.Seats {
		s := &r.Seats[i]
		s.Stack += s.Total
		s.Total, s.Bet = 0, 0
		s.Pending, s.PendingTo = NoKind, 0
	}
	r.ToAct = -1
}
