package live

import (
	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// Apply applies c to the table and returns the events it caused. A command
// the rules refuse returns an *apierr.Error and leaves the table exactly as
// it was; an error with code Internal means the table may be half changed
// and must be reloaded. On success Version goes up by one, unless the
// command changes nothing (Unchanged): then there is no event, the version
// stays, and there is nothing to log.
//
// The first time a command reaches a showdown, c.Ranks is nil and Apply
// fills it with the in-process ranks it used: the caller has the evaluator
// service rank the same hands and refuses to commit if they differ. When a
// command is replayed from the log, c.Ranks are the service's and the
// in-process ranks are checked against them.
func (t *Table) Apply(c *Command) ([]Event, error) {
	if t.Unchanged(c) {
		return nil, nil
	}
	// Most commands are actions: the action and the next turn.
	a := applier{t: t, c: c, events: make([]Event, 0, 2)}
	if err := a.apply(); err != nil {
		return nil, err
	}
	if t.Status == Closing && !t.InHand() && t.Seated() == 0 && len(t.Intents) == 0 {
		t.Status = Closed
		a.emitTable("")
	}
	t.Version++
	return a.events, nil
}

type applier struct {
	t      *Table
	c      *Command
	events []Event
}

func (a *applier) apply() error {
	t, c := a.t, a.c
	if t.Status == Closed {
		return apierr.Precondition("TABLE_CLOSED", "table %s is closed", t.Config.ID)
	}
	if t.FrozenFor != "" && !allowedFrozen(c.Kind) {
		// Issue 11: a table whose state or escrow cannot be trusted moves
		// no chips and no money until an operator has looked at it.
		return apierr.Precondition("TABLE_UNDER_REVIEW", "the table is held for review (%s); an operator resumes it", t.FrozenFor)
	}
	switch c.Kind {
	case CmdReserve:
		return a.reserve()
	case CmdIntentDone:
		return a.intentDone()
	case CmdTopUp:
		return a.topUp()
	case CmdSitOut:
		return a.sitOut()
	case CmdSitIn:
		return a.sitIn()
	case CmdStandUp:
		return a.standUp()
	case CmdAct:
		return a.act()
	case CmdTimeout:
		return a.timeout()
	case CmdUseBank:
		return a.useBank()
	case CmdDeal:
		return a.deal()
	case CmdJoinWait:
		return a.joinWait()
	case CmdLeaveWait:
		return a.leaveWait()
	case CmdPickUp:
		return a.pickUp()
	case CmdExpireOffer:
		return a.expireOffer()
	case CmdPause:
		return a.pause()
	case CmdResume:
		return a.resume()
	case CmdFreeze:
		return a.freeze()
	case CmdClose:
		return a.close()
	case CmdMisdeal:
		return a.misdeal()
	case CmdVoidSeat:
		return a.voidSeat()
	case CmdAward:
		return a.award()
	case CmdSeatPlayer:
		return a.seatPlayer()
	case CmdRemovePlayer:
		return a.removePlayer()
	case CmdSetStakes:
		return a.setStakes()
	case CmdSetHold:
		return a.setHold()
	case CmdSettings:
		return a.settings()
	case CmdPenalize:
		return a.penalize()
	case CmdCallClock:
		return a.callClock()
	case CmdShotClock:
		return a.setShotClock()
	}
	return apierr.Invalid("UNKNOWN_COMMAND", "command %d", c.Kind)
}

// allowedFrozen says which commands a frozen table takes: the operators'
// (they decide what happens to the hand and the table) and the record of
// a money movement the wallet has already made.
func allowedFrozen(k CommandKind) bool {
	switch k {
	case CmdIntentDone, CmdPause, CmdResume, CmdClose, CmdMisdeal, CmdVoidSeat, CmdAward,
		CmdSetStakes, CmdSetHold, CmdSettings, CmdFreeze:
		return true
	}
	return false
}

func (a *applier) emit(e Event) {
	e.At = a.c.At
	a.events = append(a.events, e)
}

func (a *applier) emitSeat(seat int, change string) {
	a.emit(Event{Kind: EvSeat, Seat: seat, Change: change, Seats: []SeatView{a.t.seatView(seat)}})
}

func (a *applier) emitTable(reason string) {
	t := a.t
	clock := t.Config.Clock
	a.emit(Event{Kind: EvTable, Status: t.Status, Reason: reason, Stakes: t.Next, Clock: &clock, Held: t.Held})
}

// internal is an inconsistency that is no caller's fault.
func internal(reason, format string, args ...any) *apierr.Error {
	return apierr.New(connect.CodeInternal, reason, format, args...)
}
