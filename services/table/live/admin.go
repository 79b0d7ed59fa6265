package live

import (
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/apierr"
)

// Unchanged reports whether c changes nothing at t, which Apply accepts as
// a no-op: an operator pausing a paused table, resuming an open one (not
// held for review), or closing a table that is closing or closed; his
// retry, or two operators at once. Such a command is never logged (the
// service answers it as it answers a replayed request), so replaying a log
// never meets one: before they were no-ops they were refused, and a
// refused command is not logged either. Pausing or resuming a table that
// is closing or closed is still refused.
func (t *Table) Unchanged(c *Command) bool {
	switch c.Kind {
	case CmdPause:
		return t.Status == Paused
	case CmdResume:
		return t.Status == Open && t.FrozenFor == ""
	case CmdClose:
		return t.Status == Closing || t.Status == Closed
	case CmdShotClock:
		// Putting a player on the shot clock he is on, or off it.
		seat := t.SeatOf(c.Who)
		return seat >= 0 && t.Seating.Seats[seat].Player == c.Who && t.Seats[seat].Shot == c.Flag
	}
	return false
}

// pause stops dealing: the hand in progress plays on, the next is not
// dealt until the table resumes.
func (a *applier) pause() error {
	t, c := a.t, a.c
	if t.Status != Open {
		return apierr.Precondition("NOT_OPEN", "the table is %s", t.Status)
	}
	t.Status, t.Reason = Paused, c.Reason
	a.emitTable(c.Reason)
	return nil
}

// resume deals again after a pause, and lifts a hold for review.
func (a *applier) resume() error {
	t := a.t
	if t.FrozenFor != "" && t.Status != Paused {
		// Frozen while closing: resuming lifts the hold only.
		t.FrozenFor = ""
		a.emitTable("")
		return nil
	}
	if t.Status != Paused {
		return apierr.Precondition("NOT_PAUSED", "the table is %s", t.Status)
	}
	t.Status, t.Reason, t.FrozenFor = Open, "", ""
	a.emitTable("")
	return nil
}

// freeze holds the table for review (issue 11): an open table pauses, and
// only the operators' commands apply until one resumes it.
func (a *applier) freeze() error {
	t, c := a.t, a.c
	if c.Reason == "" {
		return apierr.Invalid("NO_REASON", "a freeze needs a reason")
	}
	if t.FrozenFor != "" {
		return apierr.Precondition("ALREADY_FROZEN", "the table is held for review (%s)", t.FrozenFor)
	}
	t.FrozenFor = c.Reason
	if t.Status == Open {
		t.Status = Paused
	}
	if t.Status == Paused {
		t.Reason = c.Reason
	}
	a.emitTable(c.Reason)
	return nil
}

// close stops the table: no one waits or is offered a seat any more, the
// players leave with their chips once no hand is in progress, and the
// table is closed when the last seat and money movement are done (Apply).
func (a *applier) close() error {
	t, c := a.t, a.c
	t.Status, t.Reason = Closing, c.Reason
	t.Waiting = nil
	for i := range t.Seats {
		t.Seats[i].Offer, t.Seats[i].OfferUntil = "", 0
	}
	a.emitTable(c.Reason)
	if !t.InHand() {
		a.closeSeats()
	}
	return nil
}

// closeSeats has every seated player leave (between hands).
func (a *applier) closeSeats() {
	t := a.t
	for i := range t.Seats {
		if t.Seating.Seats[i].Occupied() {
			a.leave(i, "", "left")
		}
	}
}

// setStakes sets the stakes the table is to play next.
func (a *applier) setStakes() error {
	t, c := a.t, a.c
	if c.Stakes == nil {
		return apierr.Invalid("NO_STAKES", "set stakes needs stakes")
	}
	st := *c.Stakes
	st.Currency, st.Exponent = t.Rules().Stakes.Currency, t.Rules().Stakes.Exponent
	if err := t.Rules().WithStakes(st).Validate(); err != nil {
		return apierr.Invalid("BAD_STAKES", "%v", err)
	}
	t.Next = &st
	// A tournament level applies from the next hand (GR H.23); a cash
	// game's parameters change only with three hands' notice
	// (gr-regulation-2 G3.10, "Parameter change" vector).
	t.NextFrom = t.HandNo + 1
	if t.Config.Cash() {
		t.NextFrom = t.HandNo + 4
	}
	a.emitTable("")
	return nil
}

// misdeal voids the hand in progress and returns every bet
// (gr-regulation-2 G2).
func (a *applier) misdeal() error {
	if err := a.checkHand(); err != nil {
		return err
	}
	return a.handInput(hand.Action{Seat: -1, Command: hand.CmdMisdeal, Reason: a.c.Reason}, false)
}

// voidSeat kills one seat's hand during the betting (G2.6).
func (a *applier) voidSeat() error {
	t, c := a.t, a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	if t.Hand.state.Phase != hand.Betting {
		return apierr.Precondition("HAND_OVER", "the hand is %s", t.Hand.state.Phase)
	}
	return a.handInput(hand.Action{Seat: c.Seat, Command: hand.CmdVoidSeat, Return: c.Return, Reason: c.Reason}, false)
}

// award settles a pot held in a dispute (M9).
func (a *applier) award() error {
	c := a.c
	if err := a.checkHand(); err != nil {
		return err
	}
	return a.handInput(hand.Action{Seat: -1, Command: hand.CmdAward, Awards: c.Awards, Reason: c.Reason}, false)
}

// setHold holds or releases the next deal (hand-for-hand).
func (a *applier) setHold() error {
	a.t.Held = a.c.Flag
	a.emitTable("")
	return nil
}

// settings changes the table's clock.
func (a *applier) settings() error {
	t, c := a.t, a.c
	if c.Clock == nil {
		return apierr.Invalid("NO_CLOCK", "settings need a clock")
	}
	if err := c.Clock.Validate(); err != nil {
		return apierr.Invalid("BAD_CLOCK", "%v", err)
	}
	t.Config.Clock = *c.Clock
	a.emitTable("")
	return nil
}
