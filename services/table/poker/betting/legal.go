package betting

// Menu is everything the seat to act may do, computed once per decision
// and shared by Legal and Act so the two can never disagree. A caller may
// keep the Menu of the seat to act between Legal and Act (LegalOf, ActOn)
// as long as the round does not change in between.
type Menu struct {
	fold  bool
	check bool
	call  bool
	// callTo is the seat's total after calling (capped by its stack).
	callTo int64
	// raise is the kind of a full bet/raise (Bet, Raise or Complete), or
	// NoKind when none is possible; lo..hi in steps of step.
	raise        Kind
	lo, hi, step int64
	// structMax is the structure's maximum for this raise, before the
	// stack cap: an all-in above it is not allowed (gr-regulation-1 B.3).
	structMax int64
	allIn     bool
	allInTo   int64
	// bringIn: the stud opener may bring in for bringInTo.
	bringIn   bool
	bringInTo int64
	// pending: only the completion owed (or fold) is allowed.
	pending   Kind
	pendingTo int64
}

// Legal appends to dst the actions seat may take now and returns it. It is
// empty unless seat is the seat to act.
func (r *Round) Legal(seat int, dst []Legal) []Legal {
	if seat < 0 || seat >= MaxSeats || seat != r.ToAct {
		return dst
	}
	var m Menu
	r.fill(seat, &m)
	return r.LegalOf(&m, dst)
}

// FillMenu computes the menu of seat, the seat to act, into m.
func (r *Round) FillMenu(seat int, m *Menu) {
	*m = Menu{}
	r.fill(seat, m)
}

// LegalOf appends the actions of a menu to dst.
func (r *Round) LegalOf(m *Menu, dst []Legal) []Legal {
	if m.pending != NoKind {
		dst = append(dst, Legal{Kind: Fold})
		return append(dst, Legal{Kind: m.pending, Min: m.pendingTo, Max: m.pendingTo})
	}
	if m.fold {
		dst = append(dst, Legal{Kind: Fold})
	}
	if m.check {
		dst = append(dst, Legal{Kind: Check})
	}
	if m.call {
		dst = append(dst, Legal{Kind: Call, Min: m.callTo, Max: m.callTo})
	}
	if m.bringIn {
		dst = append(dst, Legal{Kind: BringIn, Min: m.bringInTo, Max: m.bringInTo})
	}
	if m.raise != NoKind {
		l := Legal{Kind: m.raise, Min: m.lo, Max: m.hi}
		if m.hi > m.lo {
			l.Step = m.step
		}
		dst = append(dst, l)
	}
	if m.allIn {
		dst = append(dst, Legal{Kind: AllIn, Min: m.allInTo, Max: m.allInTo})
	}
	return dst
}

func (r *Round) menu(i int) (m Menu) {
	r.fill(i, &m)
	return m
}

// fill computes seat i's menu into a zero m.
func (r *Round) fill(i int, m *Menu) {
	s := &r.Seats[i]
	total := s.Bet + s.Stack
	if s.Pending != NoKind {
		m.pending, m.pendingTo = s.Pending, s.PendingTo
		return
	}
	m.fold = true
	if i == r.Opener {
		// Stud first round, nobody has acted: the low card brings in or
		// completes (docs/rules/betting-rules-ru-sports.md §5.4.3, D15), or opens with a
		// full bet of at least the table minimum (docs/rules/gr-variant-5-card-stud.md R1).
		m.fold = r.OpenerMayFold
		if r.OpenerAmount > 0 {
			m.bringIn = true
			m.bringInTo = min(r.OpenerAmount, total)
		}
		kind, lo, hi, step := r.raiseBounds(i)
		if m.bringIn {
			kind = Complete
		}
		m.structMax, m.lo = hi, lo
		if total >= lo {
			m.raise, m.step = kind, step
			m.hi = clampStep(lo, hi, total, step)
		} else if !m.bringIn || total > m.bringInTo {
			m.allIn, m.allInTo = true, total
		}
		return
	}
	toCall := r.High - s.Bet
	if toCall <= 0 {
		m.check = true
	} else {
		m.call = true
		m.callTo = min(r.High, total)
	}
	if s.Stack <= max(toCall, 0) {
		// Nothing beyond a call: the all-in is the call.
		if toCall > 0 && s.Stack > 0 {
			m.allIn, m.allInTo = true, total
		}
		return
	}
	if !r.mayRaise(i) {
		return
	}
	kind, lo, hi, step := r.raiseBounds(i)
	m.structMax, m.lo = hi, lo
	if total >= lo {
		m.raise, m.step = kind, step
		m.hi = clampStep(lo, hi, total, step)
	}
	if total > r.High && total <= hi {
		m.allIn, m.allInTo = true, total
	}
	return
}

// clampStep caps hi at total and keeps it on the lo+k*step grid.
func clampStep(lo, hi, total, step int64) int64 {
	if hi > total {
		hi = total
	}
	if hi < lo {
		return lo
	}
	if step > 1 {
		hi = lo + (hi-lo)/step*step
	}
	return hi
}

// mayRaise reports whether seat may put in more than a call: it has not
// acted since the last full raise (a short all-in does not reopen the
// betting, docs/rules/betting-rules-ru-sports.md §4.9.8, gr-regulation-2 A2), another
// player can still call, and the limit-game raise cap is not reached
// (gr-regulation-2 G3.9: three raises, none heads-up; §4.9.7).
func (r *Round) mayRaise(i int) bool {
	if r.Seats[i].Acted {
		return false
	}
	// Another player able to call, and no more than 3 counted: the cap
	// only asks whether exactly two can still bet.
	live := 0
	for j := range r.Seats {
		if r.Seats[j].Status == StatusLive {
			if live++; live == 3 {
				break
			}
		}
	}
	if live < 2 {
		return false
	}
	c := &r.Config
	if r.Opened && c.RaiseCap > 0 && r.Raises >= c.RaiseCap && c.Structure.Limit() {
		return c.HeadsUpUncapped && live == 2
	}
	return true
}

// potRaise is the pot-limit raise: the pot after calling (G3.7, §4.9.6),
// halved at a half-pot table and rounded down to the unit.
func (r *Round) potRaise(toCall int64) int64 {
	p := r.Pot() + r.Phantom + max(toCall, 0)
	if r.Config.HalfPot {
		p /= 2
	}
	u := r.Config.Unit
	return p / u * u
}

// base is where a raise is measured from (RaiseBase).
func (r *Round) base() int64 {
	if r.Config.RaiseBase == FromFullBet {
		return r.Level
	}
	return r.High
}

// raiseBounds returns the kind and structure bounds of a full bet or raise
// by seat i (totals for the round), before its stack is considered.
func (r *Round) raiseBounds(i int) (kind Kind, lo, hi, step int64) {
	c := r.Config
	s := &r.Seats[i]
	toCall := r.High - s.Bet
	step = c.Unit
	if !r.Opened {
		// Opening bet: a bet, the completion of a bring-in, or a raise over
		// an all-in that was not a full bet (D6).
		switch {
		case r.BringIn:
			kind = Complete
		case r.High > 0:
			kind = Raise
		default:
			kind = Bet
		}
		switch c.Structure {
		case FixedLimit:
			lo, hi, step = r.Unit, r.Unit, 0
			if r.BigOption && !r.BigUsed {
				// Open pair: bet 10 or 20 (V19).
				lo, hi, step = c.SmallBet, c.BigBet, c.BigBet-c.SmallBet
			}
		case SpreadLimit:
			lo, hi = c.SpreadMin, c.SpreadMax
		case PotLimit:
			lo = c.MinBet
			hi = r.High + r.potRaise(toCall)
		default:
			lo = c.MinBet
			hi = s.Bet + s.Stack
		}
		if lo <= r.High {
			lo = r.High + c.Unit
		}
		return kind, lo, max(hi, lo), step
	}
	kind = Raise
	switch c.Structure {
	case FixedLimit:
		// The raise goes to the last full level plus the fixed bet, also after
		// an incomplete all-in (docs/rules/betting-rules-ru-sports.md note 3, V8: to 20).
		small, big := r.Unit, r.Unit
		if r.BigOption && !r.BigUsed {
			small, big = c.SmallBet, c.BigBet
		}
		lo, hi = r.Level+small, r.Level+big
		for lo <= r.High {
			lo += small
			hi += small
		}
		return kind, lo, hi, hi - lo
	case SpreadLimit:
		// Each raise at least the last bet or raise, at most the table
		// maximum (gr-regulation-2 G3.8).
		inc := max(r.Inc, c.SpreadMin)
		lo = r.base() + inc
		if lo <= r.High {
			lo = r.High + inc
		}
		hi = max(r.base()+c.SpreadMax, lo)
		return kind, lo, hi, step
	}
	if c.MinRaise == RaiseToDouble {
		// "every raise must be at least double the previous bet"
		// (docs/rules/cz-cash-game-texas-holdem.md §3, §11.1).
		lo = 2 * r.High
	} else {
		lo = r.base() + r.Inc
		if lo <= r.High {
			lo = r.High + r.Inc
		}
	}
	if c.Structure == PotLimit {
		hi = r.High + r.potRaise(toCall)
	} else {
		hi = s.Bet + s.Stack
	}
	return kind, lo, max(hi, lo), step
}
