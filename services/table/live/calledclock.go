package live

import (
	"slices"

	"github.com/croupier/croupier/shared/apierr"
)

// ReasonClockRanOut is a hand killed because a called clock ran out.
const ReasonClockRanOut = "clock called and run out (H.28(b))"

// callClock calls the clock on the seat to act (gr-regulation-2 H.28(b),
// RU §7.1.7; docs/rules/tournaments.md T24): he has the called time, then
// a final countdown; if he has not acted when it ends his hand is dead and
// his chips stay in the pot. A call never gives more time than he has: an
// action clock or a time bank that ends first ends his turn, and then too
// his hand is dead. A time bank he has claimed runs on until the call's
// end, counted as used; he cannot claim it after the call.
func (a *applier) callClock() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	seat := s.ToAct()
	if seat < 0 || c.Seq != s.Seq {
		return apierr.Precondition("STALE_SEQ", "action sequence %d, the hand is at %d with seat %d to act", c.Seq, s.Seq, seat)
	}
	if h.Called > 0 {
		return apierr.Precondition("CLOCK_CALLED", "the clock is already called on seat %d", seat)
	}
	called, countdown := t.Config.Clock.CalledTimes()
	h.Called = c.At
	h.Deadline = min(h.Deadline, c.At+(called+countdown).Milliseconds())
	if !slices.Contains(h.Clocks, seat) {
		h.Clocks = append(h.Clocks, seat)
	}
	a.emit(Event{Kind: EvTurn, Hand: h.ID, Seat: seat, Seq: s.Seq, Deadline: h.Deadline, Legal: s.Legal(seat, nil),
		Reason: "clock_called", Amount: min(h.Deadline, c.At+called.Milliseconds())})
	return nil
}

// setShotClock puts Who on the shot clock for every later decision, or
// takes him off (Flag false); a turn of his already running keeps its
// time.
func (a *applier) setShotClock() error {
	seat, err := a.seatOf()
	if err != nil {
		return err
	}
	x := &a.t.Seats[seat]
	x.Shot = a.c.Flag
	change := "shot_clock_on"
	if !x.Shot {
		change = "shot_clock_off"
	}
	a.emitSeat(seat, change)
	return nil
}

// useExtension spends one of seat's extension periods on his turn
// (gr-regulation-2 H.27(b); docs/rules/tournaments.md §13): one a
// decision, claimed before his time runs out; none left, none more.
func (a *applier) useExtension(seat int) error {
	t, c := a.t, a.c
	h := t.Hand
	x := &t.Seats[seat]
	switch {
	case x.Shot:
		return apierr.Precondition("SHOT_CLOCK", "a player on the shot clock has no extra time (GR H.28(a))")
	case h.Called > 0:
		return apierr.Precondition("CLOCK_CALLED", "the clock has been called (GR H.28(b))")
	case h.Extended:
		return apierr.Precondition("EXTENSION_IN_USE", "one extension period a decision (GR H.27(b))")
	case x.Ext <= 0:
		return apierr.Precondition("NO_TIME_EXTENSIONS", "no extension periods left (GR H.27(b))")
	case c.At >= h.Deadline:
		return apierr.Precondition("TOO_LATE", "the time has run out")
	}
	x.Ext--
	h.Extended = true
	ext := t.Config.Clock.Extension.Milliseconds()
	if h.BankFrom > 0 {
		// A running time bank pauses for the period: it ends later.
		h.BankFrom += ext
	}
	h.Deadline += ext
	s := h.state
	a.emit(Event{Kind: EvTurn, Hand: h.ID, Seat: seat, Seq: s.Seq, Deadline: h.Deadline, Legal: s.Legal(seat, nil), Bank: x.Bank})
	return nil
}
