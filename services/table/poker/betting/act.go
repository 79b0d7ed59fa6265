package betting

import (
	"github.com/croupier/croupier/shared/apierr"
)

// Result is what an accepted action did.
type Result struct {
	// Kind is the action as normalised: an AllIn becomes the Call, Bet,
	// Raise, Complete or BringIn it amounts to.
	Kind Kind `json:"kind"`
	// To is the seat's bet this round after the action.
	To int64 `json:"to,omitempty"`
	// Paid is what moved from the stack into the pot.
	Paid int64 `json:"paid,omitempty"`
	// By is the raise increment over the previous highest bet (PokerStars
	// "raises By to To").
	By    int64 `json:"by,omitempty"`
	AllIn bool  `json:"all_in,omitempty"`
	// Full: a full bet or raise that reopened the betting. A raise that is
	// not Full is an all-in short of a full raise.
	Full bool `json:"full,omitempty"`
}

// Act applies a to seat, which must be the seat to act. A rejected action
// returns an *apierr.Error with a stable reason and leaves r unchanged. The
// caller advances the turn (Advance) after a successful action.
func (r *Round) Act(seat int, a Action) (Result, error) {
	if r.ToAct < 0 {
		return Result{}, apierr.Precondition("BETTING_CLOSED", "no betting round is open")
	}
	if seat != r.ToAct {
		return Result{}, apierr.Precondition("NOT_YOUR_TURN", "seat %d acts, not seat %d", r.ToAct+1, seat+1)
	}
	m := r.menu(seat)
	var res Result
	err := r.act(seat, &m, a, &res)
	return res, err
}

// ActOn is Act with the seat's Menu already computed (by Menu, on the round
// as it is now).
func (r *Round) ActOn(seat int, m *Menu, a Action) (Result, error) {
	if r.ToAct < 0 {
		return Result{}, apierr.Precondition("BETTING_CLOSED", "no betting round is open")
	}
	if seat != r.ToAct {
		return Result{}, apierr.Precondition("NOT_YOUR_TURN", "seat %d acts, not seat %d", r.ToAct+1, seat+1)
	}
	var res Result
	err := r.ActInto(seat, m, a, &res)
	return res, err
}

// ActInto is ActOn writing the result into res (no copies on the hot
// path). m is only written (a pending completion) on success, after which
// the round has changed and the caller's menu is stale anyway.
func (r *Round) ActInto(seat int, m *Menu, a Action, res *Result) error {
	if r.ToAct < 0 {
		return apierr.Precondition("BETTING_CLOSED", "no betting round is open")
	}
	if seat != r.ToAct {
		return apierr.Precondition("NOT_YOUR_TURN", "seat %d acts, not seat %d", r.ToAct+1, seat+1)
	}
	return r.act(seat, m, a, res)
}

func (r *Round) act(seat int, m *Menu, a Action, res *Result) error {
	kind, to, err := r.check(seat, m, a)
	if err != nil {
		return err
	}
	if m.pending != NoKind {
		// Completing an insufficient bet: fullness is judged against the
		// normal minimum.
		_, m.lo, _, _ = r.raiseBounds(seat)
	}
	r.apply(seat, m, kind, to, res)
	return nil
}

// check validates a against the menu and returns the normalised kind and
// total.
func (r *Round) check(seat int, m *Menu, a Action) (Kind, int64, error) {
	s := &r.Seats[seat]
	if a.Amount < 0 {
		return 0, 0, apierr.Invalid("NEGATIVE_AMOUNT", "amount %d is negative", a.Amount)
	}
	if m.pending != NoKind {
		switch {
		case a.Kind == Fold && a.Amount == 0:
			return Fold, 0, nil
		case a.Kind == m.pending && (a.Amount == m.pendingTo || (a.Amount == 0 && a.Kind == Call)):
			return m.pending, m.pendingTo, nil
		}
		return 0, 0, apierr.Invalid("COMPLETION_REQUIRED",
			"the bet put out is insufficient: %s to %d or fold (betting-rules-ru-sports.md §4.13)", m.pending, m.pendingTo)
	}
	switch a.Kind {
	case Fold:
		if !m.fold {
			return 0, 0, apierr.Invalid("FOLD_NOT_ALLOWED", "the forced opening bet must be made")
		}
		if a.Amount != 0 {
			return 0, 0, apierr.Invalid("AMOUNT_NOT_ALLOWED", "a fold carries no amount")
		}
		return Fold, 0, nil
	case Check:
		if !m.check {
			if m.call {
				return 0, 0, apierr.Invalid("CHECK_NOT_ALLOWED", "facing a bet of %d", r.High)
			}
			return 0, 0, apierr.Invalid("CHECK_NOT_ALLOWED", "the forced opening bet must be made")
		}
		if a.Amount != 0 {
			return 0, 0, apierr.Invalid("AMOUNT_NOT_ALLOWED", "a check carries no amount")
		}
		return Check, 0, nil
	case Call:
		if !m.call {
			return 0, 0, apierr.Invalid("NOTHING_TO_CALL", "no bet to call; check or bet")
		}
		if a.Amount != 0 && a.Amount != m.callTo {
			return 0, 0, apierr.Invalid("CALL_AMOUNT_MISMATCH", "a call makes the bet %d, not %d", m.callTo, a.Amount)
		}
		return Call, m.callTo, nil
	case BringIn:
		if !m.bringIn {
			return 0, 0, apierr.Invalid("BRING_IN_NOT_ALLOWED", "only the low card brings in, as the first action")
		}
		if a.Amount != 0 && a.Amount != m.bringInTo {
			return 0, 0, apierr.Invalid("BRING_IN_AMOUNT_MISMATCH", "the bring-in is %d, not %d", m.bringInTo, a.Amount)
		}
		return BringIn, m.bringInTo, nil
	case AllIn:
		if !m.allIn {
			return 0, 0, r.noAllIn(seat, m)
		}
		if a.Amount != 0 && a.Amount != m.allInTo {
			return 0, 0, apierr.Invalid("ALL_IN_AMOUNT_MISMATCH", "all-in makes the bet %d, not %d", m.allInTo, a.Amount)
		}
		return r.allInKind(m), m.allInTo, nil
	case Bet, Raise, Complete:
		if m.raise == NoKind {
			return 0, 0, r.noRaise(seat, m, a.Kind)
		}
		if a.Kind != m.raise {
			return 0, 0, apierr.Invalid(wrongKindReason(a.Kind), "the action here is %s, not %s", m.raise, a.Kind)
		}
		l := Legal{Kind: m.raise, Min: m.lo, Max: m.hi, Step: m.step}
		if m.hi == m.lo {
			l.Step = 0
		}
		if !l.Allows(a.Amount) {
			switch {
			case a.Amount < m.lo:
				return 0, 0, apierr.Invalid(belowReason(a.Kind), "%s to at least %d, not %d", a.Kind, m.lo, a.Amount)
			case a.Amount > s.Bet+s.Stack:
				return 0, 0, apierr.Invalid("EXCEEDS_STACK", "%s to %d is more than the %d the seat has", a.Kind, a.Amount, s.Bet+s.Stack)
			case a.Amount > m.hi:
				return 0, 0, apierr.Invalid(aboveReason(a.Kind), "%s to at most %d, not %d", a.Kind, m.hi, a.Amount)
			}
			return 0, 0, apierr.Invalid("AMOUNT_NOT_ALLOWED", "%s to %d..%d in steps of %d, not %d", a.Kind, m.lo, m.hi, m.step, a.Amount)
		}
		return a.Kind, a.Amount, nil
	}
	return 0, 0, apierr.Invalid("UNKNOWN_ACTION", "action kind %s", a.Kind)
}

func wrongKindReason(k Kind) string {
	switch k {
	case Bet:
		return "BET_NOT_ALLOWED"
	case Complete:
		return "COMPLETE_NOT_ALLOWED"
	}
	return "RAISE_NOT_ALLOWED"
}

func belowReason(k Kind) string {
	if k == Raise {
		return "RAISE_BELOW_MINIMUM"
	}
	return "BET_BELOW_MINIMUM"
}

func aboveReason(k Kind) string {
	if k == Raise {
		return "RAISE_ABOVE_MAXIMUM"
	}
	return "BET_ABOVE_MAXIMUM"
}

// noRaise explains why seat may not bet or raise.
func (r *Round) noRaise(seat int, m *Menu, k Kind) error {
	s := &r.Seats[seat]
	switch {
	case s.Stack <= r.High-s.Bet:
		return apierr.Invalid("INSUFFICIENT_CHIPS", "the stack only covers a call")
	case s.Acted:
		return apierr.Invalid("RAISE_NOT_REOPENED", "the seat has acted and no full raise reopened the betting (§4.9.8)")
	case r.Live() < 2:
		return apierr.Invalid("NO_OPPONENT", "every other player is all-in")
	case r.Opened && r.Config.Structure.Limit() && r.Config.RaiseCap > 0 && r.Raises >= r.Config.RaiseCap:
		return apierr.Invalid("RAISE_CAPPED", "%d raises made this round (gr-regulation-2 G3.9)", r.Raises)
	case m.allIn:
		return apierr.Invalid(belowReason(k), "the stack is short of a full %s; go all-in", k)
	}
	return apierr.Invalid(wrongKindReason(k), "no %s is possible now", k)
}

func (r *Round) noAllIn(seat int, m *Menu) error {
	s := &r.Seats[seat]
	switch {
	case s.Stack == 0:
		return apierr.Invalid("NO_CHIPS", "the seat has no chips behind")
	case m.structMax > 0 && s.Bet+s.Stack > m.structMax:
		return apierr.Invalid("ALL_IN_ABOVE_LIMIT", "an all-in may not exceed the limit %d (gr-regulation-1 B.3)", m.structMax)
	}
	return apierr.Invalid("ALL_IN_NOT_ALLOWED", "the seat may not raise now; call or fold")
}

// allInKind is the kind an all-in for m.allInTo amounts to.
func (r *Round) allInKind(m *Menu) Kind {
	switch {
	case m.bringIn && m.allInTo <= m.bringInTo:
		return BringIn
	case m.allInTo <= r.High:
		return Call
	case m.raise != NoKind:
		return m.raise
	case m.bringIn || r.BringIn:
		return Complete
	case r.Opened:
		return Raise
	case r.High > 0:
		return Raise
	}
	return Bet
}

// apply carries out a checked action.
func (r *Round) apply(seat int, m *Menu, kind Kind, to int64, res *Result) {
	s := &r.Seats[seat]
	*res = Result{Kind: kind}
	if seat == r.Opener {
		r.Opener = -1
	}
	s.Pending, s.PendingTo = NoKind, 0
	switch kind {
	case Fold:
		s.Status = StatusFolded
		return
	case Check:
		s.Acted = true
		res.To = s.Bet
		return
	case Call:
		res.Paid = r.pay(seat, to)
		s.Acted = true
		r.LastCaller = seat
	case BringIn:
		res.Paid = r.pay(seat, to)
		s.Acted = true
		r.High = max(r.High, r.OpenerAmount)
		r.BringIn = true
	default:
		res.By = to - r.High
		res.Full, res.Paid = r.raise(seat, to, m.lo)
	}
	res.To = s.Bet
	res.AllIn = s.Stack == 0
}

// pay moves chips so seat's bet reaches to (or its stack runs out).
func (r *Round) pay(seat int, to int64) int64 {
	s := &r.Seats[seat]
	p := min(to-s.Bet, s.Stack)
	if p < 0 {
		p = 0
	}
	s.Stack -= p
	s.Bet += p
	s.Total += p
	if s.Stack == 0 {
		s.Status = StatusAllIn
	}
	return p
}

// raise puts seat's bet up to to (> High) and reports whether it is a full
// bet or raise. lo is the smallest full amount. A full raise resets the
// other players' right to raise; a short all-in does not (§4.9.8; A2).
func (r *Round) raise(seat int, to, lo int64) (full bool, paid int64) {
	c := r.Config
	prevHigh, prevLevel := r.High, r.Level
	paid = r.pay(seat, to)
	r.Seats[seat].Acted = true
	full = to >= lo
	if !full && c.Structure.Limit() && c.LimitReopen == ReopenHalf {
		// Limit: an all-in adding at least half the bet counts as a raise
		// (docs/rules/betting-rules-ru-sports.md §4.9.8, V9; D6 for an opening all-in).
		full = 2*(to-prevHigh) >= r.fullIncrement()
	}
	if to > prevHigh {
		r.LastAggressor = seat
		r.High = to
	}
	if !full {
		return false, paid
	}
	base := int64(0)
	if r.Opened {
		base = prevHigh
		if c.RaiseBase == FromFullBet {
			base = prevLevel
		}
		r.Raises++
	}
	r.Inc = max(r.Inc, to-base)
	if c.Structure == FixedLimit && r.BigOption && !r.BigUsed && to-prevLevel >= c.BigBet {
		// A big bet or raise under the open-pair option: every later raise
		// this round is big (docs/rules/betting-rules-ru-sports.md §4 GAP default).
		r.BigUsed = true
		r.Unit = c.BigBet
	}
	r.Opened, r.BringIn = true, false
	r.Level = to
	for i := range r.Seats {
		if i != seat && r.Seats[i].Status == StatusLive {
			r.Seats[i].Acted = false
		}
	}
	return true, paid
}

// fullIncrement is the size of a full bet or raise in a limit game now.
func (r *Round) fullIncrement() int64 {
	c := r.Config
	if c.Structure == SpreadLimit {
		if !r.Opened {
			return c.SpreadMin
		}
		return max(r.Inc, c.SpreadMin)
	}
	if r.BigOption && !r.BigUsed {
		return c.SmallBet
	}
	return r.Unit
}
