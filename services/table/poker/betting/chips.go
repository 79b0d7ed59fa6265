package betting

import (
	"github.com/croupier/croupier/shared/apierr"
)

// Chips is what a player physically pushed out, as a live dealer reports
// it: the chips of one motion, any chips of a later motion, and what he
// said, if anything. The table's ChipRules turn it into an action.
type Chips struct {
	// Chips are the denominations put out in the first motion.
	Chips []int64 `json:"chips"`
	// Later are chips brought in a second motion. They never count (string
	// bet, docs/rules/betting-rules-ru-sports.md §4.11, D7; gr-regulation-1 B.97) and
	// go back to the stack.
	Later []int64 `json:"later,omitempty"`
	// Declared is what the player said before the chips landed: NoKind
	// (silent), Check, Call, Bet, Raise, Complete or AllIn. A declaration in
	// turn binds (gr-regulation-2 D1).
	Declared Kind `json:"declared,omitempty"`
}

// Reading is how the rules read a Chips input.
type Reading struct {
	// Action is the action the chips make. When Pending, it is the
	// completion owed.
	Action Action `json:"action"`
	// Change is what goes back to the stack (overbet change and any later
	// motion).
	Change int64 `json:"change,omitempty"`
	// Pending: the chips are short of what the declared action needs; they
	// stay in and the player must complete to Action.Amount or fold,
	// forfeiting them (docs/rules/betting-rules-ru-sports.md §4.13, D8–D9).
	Pending bool `json:"pending,omitempty"`
	// Committed is what a Pending reading puts in now.
	Committed int64 `json:"committed,omitempty"`
}

// Read reads chips pushed out by seat, the seat to act, under the table's
// ChipRules, without changing r.
func (r *Round) Read(seat int, c Chips) (Reading, error) {
	if r.ToAct < 0 {
		return Reading{}, apierr.Precondition("BETTING_CLOSED", "no betting round is open")
	}
	if seat != r.ToAct {
		return Reading{}, apierr.Precondition("NOT_YOUR_TURN", "seat %d acts, not seat %d", r.ToAct+1, seat+1)
	}
	if len(c.Chips) == 0 {
		return Reading{}, apierr.Invalid("NO_CHIPS", "no chips put out")
	}
	unit := r.Config.Unit
	var t, later, minChip int64
	for i, ch := range c.Chips {
		if ch <= 0 || ch%unit != 0 {
			return Reading{}, apierr.Invalid("BAD_CHIP", "chip value %d is not a positive multiple of %d", ch, unit)
		}
		t += ch
		if i == 0 || ch < minChip {
			minChip = ch
		}
	}
	for _, ch := range c.Later {
		if ch <= 0 || ch%unit != 0 {
			return Reading{}, apierr.Invalid("BAD_CHIP", "chip value %d is not a positive multiple of %d", ch, unit)
		}
		later += ch
	}
	s := &r.Seats[seat]
	if t+later > s.Stack {
		return Reading{}, apierr.Invalid("EXCEEDS_STACK", "%d in chips put out, the seat has %d", t+later, s.Stack)
	}
	switch c.Declared {
	case NoKind, Check, Call, Bet, Raise, Complete, AllIn, Fold:
	default:
		return Reading{}, apierr.Invalid("UNKNOWN_DECLARATION", "declaration %s", c.Declared)
	}
	m := r.menu(seat)
	rd := r.read(seat, &m, c, t, minChip)
	rd.Change += later
	return rd, nil
}

// read applies the chip rules; t is the first motion's total.
func (r *Round) read(seat int, m *Menu, c Chips, t, minChip int64) Reading {
	s := &r.Seats[seat]
	rules := r.Config.Chips
	toCall := max(r.High-s.Bet, 0)
	reach := s.Bet + t
	single := len(c.Chips) == 1

	if m.pending != NoKind {
		// Chips after an insufficient bet complete it, or it stays owed.
		if reach >= m.pendingTo {
			return r.done(seat, Action{Kind: m.pending, Amount: m.pendingTo}, t)
		}
		return Reading{Action: Action{Kind: m.pending, Amount: m.pendingTo}, Pending: true}
	}
	if c.Declared == Fold {
		return Reading{Action: Action{Kind: Fold}, Change: t}
	}
	if c.Declared == AllIn {
		if m.allIn {
			return r.done(seat, Action{Kind: AllIn}, t)
		}
		return r.raiseTo(seat, m, s.Bet+s.Stack, t)
	}
	canRaise := m.raise != NoKind || (m.allIn && m.allInTo > r.High)
	if c.Declared == Check || c.Declared == Call || !canRaise {
		return r.callWith(seat, m, t)
	}
	if t < toCall {
		// Less than a call can never become a raise (§4.13 note).
		return r.callWith(seat, m, t)
	}
	declared := c.Declared != NoKind
	if toCall > 0 || r.Opened {
		// Facing a bet (or the big blind's option, where a silent chip is
		// the "call" of C5: a check).
		if !declared {
			if single {
				// A silent single chip facing a bet is a call (§4.12, V11,
				// V16; C3–C5, C7; cz §3).
				return r.callWith(seat, m, t)
			}
			switch rules {
			case ChipsRU:
				// Several chips: a call if any one chip less would not make
				// the call, otherwise a raise (§6.5 reconciliation, V15, V18).
				if t-minChip < toCall {
					return r.callWith(seat, m, t)
				}
			case ChipsGR:
				// C2 (tournaments): two equal chips, each more than half the
				// bet faced and no more than it, are a call.
				if r.Config.TwoChipCall && len(c.Chips) == 2 && c.Chips[0] == c.Chips[1] &&
					2*c.Chips[0] > toCall && c.Chips[0] <= toCall {
					return r.callWith(seat, m, t)
				}
			}
		}
		return r.raiseTo(seat, m, reach, t)
	}
	// Opening bet, no bet faced.
	if single && !declared && m.raise != NoKind && r.Config.Structure != FixedLimit {
		// A single chip opening is a bet at the maximum the chip covers
		// (§4.12, V12–V13, D13; C6; cz §3 "after the flop").
		return r.raiseTo(seat, m, min(reach, m.hi), t)
	}
	return r.raiseTo(seat, m, reach, t)
}

// done is the reading of an action that uses t chips put out: the rest is
// change.
func (r *Round) done(seat int, a Action, t int64) Reading {
	s := &r.Seats[seat]
	to := a.Amount
	if a.Kind == AllIn {
		to = s.Bet + s.Stack
	}
	return Reading{Action: a, Change: max(t-(to-s.Bet), 0)}
}

// callWith reads chips as a call (or a check when nothing is owed).
func (r *Round) callWith(seat int, m *Menu, t int64) Reading {
	s := &r.Seats[seat]
	if m.check {
		return Reading{Action: Action{Kind: Check}, Change: t}
	}
	if !m.call {
		// The forced stud opener cannot call: the chips are its bet.
		return r.raiseTo(seat, m, s.Bet+t, t)
	}
	if s.Bet+t < m.callTo && t < s.Stack {
		if r.Config.Chips == ChipsRU {
			// Insufficient call: add the rest or fold and lose it (D9).
			return Reading{Action: Action{Kind: Call, Amount: m.callTo}, Pending: true, Committed: t}
		}
		// gr-regulation-2 A6/N10: the under-call is completed.
	}
	return r.done(seat, Action{Kind: Call, Amount: m.callTo}, t)
}

// raiseTo reads chips as a bet or raise wanting to reach want.
func (r *Round) raiseTo(seat int, m *Menu, want, t int64) Reading {
	s := &r.Seats[seat]
	total := s.Bet + s.Stack
	if m.raise != NoKind && want >= m.lo {
		to := min(want, m.hi)
		if m.step > 0 {
			to = m.lo + (to-m.lo)/m.step*m.step
		}
		return r.done(seat, Action{Kind: m.raise, Amount: to}, t)
	}
	if m.allIn && want >= total {
		return r.done(seat, Action{Kind: AllIn}, t)
	}
	if m.bringIn && want <= m.bringInTo {
		return r.done(seat, Action{Kind: BringIn, Amount: m.bringInTo}, t)
	}
	// Short of the minimum bet or raise.
	lo, kind := m.lo, m.raise
	if kind == NoKind {
		// The stack is short of a full raise: the most it can do is all-in.
		lo, kind = m.allInTo, r.allInKind(m)
	}
	if r.Config.Chips == ChipsRU {
		// Complete to the minimum or fold, losing the chips (§4.13, D8).
		return Reading{Action: Action{Kind: kind, Amount: lo}, Pending: true, Committed: t}
	}
	// Greek C1 / Czech 50 % rule: half the minimum raise or more must be
	// completed to the minimum raise; less is a call with the excess back.
	// A forced stud opener has no call: its chips must make the bet.
	if 2*(want-r.High) >= lo-r.High || (!m.call && !m.check) {
		if m.raise == NoKind {
			return r.done(seat, Action{Kind: AllIn}, t)
		}
		return r.done(seat, Action{Kind: kind, Amount: lo}, t)
	}
	return r.callWith(seat, m, t)
}

// ActChips reads chips and applies the action they make. A Pending reading
// commits the chips and leaves the seat to act, owing the completion.
func (r *Round) ActChips(seat int, c Chips) (Result, Reading, error) {
	rd, err := r.Read(seat, c)
	if err != nil {
		return Result{}, Reading{}, err
	}
	if rd.Pending {
		s := &r.Seats[seat]
		if rd.Committed < s.Stack {
			paid := r.pay(seat, s.Bet+rd.Committed)
			s.Pending, s.PendingTo = rd.Action.Kind, rd.Action.Amount
			return Result{To: s.Bet, Paid: paid}, rd, nil
		}
		// The chips are the whole stack after all: an all-in.
		rd = Reading{Action: Action{Kind: AllIn}}
	}
	res, err := r.Act(seat, rd.Action)
	if err != nil {
		return Result{}, Reading{}, err
	}
	return res, rd, nil
}
