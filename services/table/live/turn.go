package live

import (
	"slices"
	"time"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/apierr"
)

func (a *applier) checkHand() error {
	t, c := a.t, a.c
	if !t.InHand() {
		return apierr.Precondition("NO_HAND", "no hand is in progress")
	}
	if c.Hand != t.Hand.ID {
		return apierr.Precondition("WRONG_HAND", "hand %q is not in progress (hand %s is)", c.Hand, t.Hand.ID)
	}
	return nil
}

// handInput applies one engine input to the hand in progress.
func (a *applier) handInput(in hand.Action, timedOut bool) error {
	t, c := a.t, a.c
	h := t.Hand
	in.At = time.UnixMilli(c.At).UTC()
	ev, used, err := h.apply(in, c.Ranks)
	if err != nil {
		return err
	}
	if len(used) > 0 {
		c.Ranks = used
	}
	rec := Input{Action: in, TimedOut: timedOut}
	if len(used) > 0 {
		rec.Ranks = slices.Clone(used)
	}
	h.Inputs = append(h.Inputs, rec)
	a.engineEvents(ev, timedOut)
	a.afterHand()
	return nil
}

// engineEvents converts the engine's events.
func (a *applier) engineEvents(ev []hand.Event, timedOut bool) {
	h := a.t.Hand
	v, _ := poker.VariantOf(h.Rules.Game)
	for _, e := range ev {
		le := Event{Kind: EvHand, Hand: h.ID, Engine: e, Seat: e.Seat}
		if v != nil {
			le.Street = hand.StreetName(v, e.Street)
		}
		if e.Seat >= 0 && e.Seat < MaxSeats {
			le.Player = h.state.Seats[e.Seat].Player
		}
		if e.Kind == hand.EvActed {
			le.TimedOut = timedOut
		}
		a.emit(le)
	}
}

// afterHand starts the next turn, or ends the hand.
func (a *applier) afterHand() {
	t, c := a.t, a.c
	h := t.Hand
	s := h.state
	switch {
	case s.Phase == hand.Dispute:
		h.Deadline, h.BankFrom = 0, 0
	case s.Phase.Over():
		a.finish()
	case s.ToAct() >= 0:
		seat := s.ToAct()
		h.TurnAt, h.BankFrom, h.Called, h.Extended = c.At, 0, 0, false
		action, bank := t.Config.Clock.Action, t.Seats[seat].Bank
		if t.Seats[seat].Shot {
			action, bank = min(action, t.Config.Clock.shot()), 0
		}
		h.Deadline = c.At + action.Milliseconds()
		a.emit(Event{Kind: EvTurn, Hand: h.ID, Seat: seat, Seq: s.Seq, Deadline: h.Deadline,
			Legal: s.Legal(seat, nil), Bank: bank})
	}
}

func (a *applier) act() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	seat := viewerSeat(h, Viewer{Player: c.Who})
	if seat < 0 {
		return apierr.Precondition("NOT_IN_HAND", "the player is not dealt into hand %s", h.ID)
	}
	if c.Seq != s.Seq {
		return apierr.Precondition("STALE_SEQ", "action sequence %d, the hand is at %d", c.Seq, s.Seq)
	}
	if s.ToAct() != seat {
		return apierr.Precondition("NOT_YOUR_TURN", "seat %d is to act, not seat %d", s.ToAct(), seat)
	}
	if c.Action == betting.NoKind {
		return apierr.Invalid("UNKNOWN_ACTION", "no action kind")
	}
	used := a.bankUsed(seat, c.At)
	if err := a.handInput(hand.Action{Seat: seat, Kind: c.Action, Amount: c.Amount}, false); err != nil {
		return err
	}
	x := &t.Seats[seat]
	x.Bank -= used
	x.Timeouts = 0
	return nil
}

// bankUsed is the time bank seat used by acting at at.
func (a *applier) bankUsed(seat int, at int64) int64 {
	h := a.t.Hand
	if h.BankFrom == 0 || at <= h.BankFrom {
		return 0
	}
	return min(at-h.BankFrom, a.t.Seats[seat].Bank)
}

func (a *applier) timeout() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	if c.Seq != s.Seq || s.ToAct() < 0 {
		return apierr.Precondition("STALE_SEQ", "the hand moved on")
	}
	if c.At < h.Deadline {
		return apierr.Precondition("NOT_DUE", "the clock runs until %d", h.Deadline)
	}
	seat := s.ToAct()
	used := a.bankUsed(seat, c.At)
	// Auto-check if a check is legal, otherwise fold (docs/rules/tournaments.md §12
	// "Disconnect" DEFAULT; gr-regulation-1 §6.4 assumption); a called
	// clock run out leaves the hand dead, its chips in the pot (H.28(b)).
	in := s.TimeoutAction()
	if h.Called > 0 {
		in = hand.Action{Seat: seat, Command: hand.CmdVoidSeat, Return: hand.VoidKeepBets, Reason: ReasonClockRanOut}
	}
	if err := a.handInput(in, true); err != nil {
		return err
	}
	x := &t.Seats[seat]
	x.Bank -= used
	x.Timeouts++
	return nil
}

func (a *applier) useBank() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	h := t.Hand
	s := h.state
	seat := viewerSeat(h, Viewer{Player: c.Who})
	if seat < 0 || s.ToAct() != seat || c.Seq != s.Seq {
		return apierr.Precondition("NOT_YOUR_TURN", "the time bank is used on one's own turn")
	}
	if c.Flag {
		return a.useExtension(seat)
	}
	if h.BankFrom != 0 {
		return apierr.Precondition("BANK_IN_USE", "the time bank is already running")
	}
	bank := t.Seats[seat].Bank
	switch {
	case t.Seats[seat].Shot:
		return apierr.Precondition("SHOT_CLOCK", "a player on the shot clock has no time bank (GR H.28(a))")
	case h.Called > 0:
		return apierr.Precondition("CLOCK_CALLED", "the clock has been called (GR H.28(b))")
	case bank <= 0:
		return apierr.Precondition("NO_TIME_BANK", "the time bank is used up (GR H.27(a))")
	}
	// Claimed before the base time runs out, the bank runs after it
	// (docs/rules/tournaments.md §13).
	if c.At >= h.Deadline {
		return apierr.Precondition("TOO_LATE", "the base time has run out")
	}
	h.BankFrom = h.Deadline
	h.Deadline += bank
	a.emit(Event{Kind: EvTurn, Hand: h.ID, Seat: seat, Seq: s.Seq, Deadline: h.Deadline,
		Legal: s.Legal(seat, nil), Bank: bank})
	return nil
}
