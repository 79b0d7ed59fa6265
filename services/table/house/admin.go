package house

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// join seats a player at the table (any number play at once, up to
// Config.MaxPlayers) or renames him.
func (a *applier) join() error {
	t, c := a.t, a.c
	switch {
	case c.Who == "" || c.Account == "":
		return apierr.Invalid(ReasonBadPlayer, "a join names the player and his wallet account")
	case t.Status == Closing:
		return apierr.Precondition(ReasonTableClosing, "the table is closing")
	}
	p := t.Players[c.Who]
	if p == nil {
		if len(t.Players) >= t.Config.MaxPlayers {
			return apierr.Precondition(ReasonTableFull, "the table has its %d players", t.Config.MaxPlayers)
		}
		if t.Players == nil {
			t.Players = map[string]*Player{}
		}
		p = &Player{Joined: c.At}
		t.Players[c.Who] = p
	}
	// A new account plays from his next placement: each stake keeps the
	// account it was held from.
	p.Name, p.Account = c.Name, c.Account
	// Told to the player alone: at a table of thousands, a join is not
	// news for every stream (the lobby and views count the players).
	a.emit(Event{Kind: EvJoined, Player: c.Who, Who: c.Who, Name: c.Name, Players: len(t.Players)})
	a.step.Lobby = true
	return nil
}

// leave takes a player from the table; his bets in play still settle,
// to the account each was held from.
func (a *applier) leave() error {
	t, c := a.t, a.c
	p := t.Players[c.Who]
	if p == nil {
		return apierr.Precondition(ReasonNotJoined, "%s has not joined the table", c.Who)
	}
	delete(t.Players, c.Who)
	a.emit(Event{Kind: EvLeft, Player: c.Who, Who: c.Who, Name: p.Name, Players: len(t.Players)})
	a.step.Lobby = true
	return nil
}

func (a *applier) emitTable(reason string) {
	t := a.t
	a.emit(Event{Kind: EvTable, Status: t.Status, Reason: reason, Window: t.Config.Window, Pause: t.Config.Pause})
	a.step.Lobby = true
}

// pause stops opening rounds; the round in progress plays out.
func (a *applier) pause() error {
	t, c := a.t, a.c
	if t.Status != Open {
		return apierr.Precondition(ReasonNotOpen, "the table is %s", t.Status)
	}
	t.Status, t.Reason = Paused, c.Reason
	a.emitTable(c.Reason)
	return nil
}

// resume opens rounds again after a pause, and lifts a hold for review.
func (a *applier) resume() error {
	t := a.t
	if t.Review != "" && t.Status != Paused {
		// Frozen while closing: resuming lifts the hold only.
		t.Review = ""
		a.emitTable("")
		return nil
	}
	if t.Status != Paused {
		return apierr.Precondition(ReasonNotPaused, "the table is %s", t.Status)
	}
	t.Status, t.Reason, t.Review = Open, "", ""
	a.emitTable("")
	return nil
}

// freeze holds the table for review (its state or its escrow cannot be
// trusted): an open table pauses, and only operators' commands and the
// wallet's answers apply until one resumes it.
func (a *applier) freeze() error {
	t, c := a.t, a.c
	if c.Reason == "" {
		return apierr.Invalid(ReasonNoReason, "a freeze needs a reason")
	}
	t.Review = c.Reason
	if t.Status == Open {
		t.Status = Paused
	}
	if t.Status == Paused {
		t.Reason = c.Reason
	}
	a.emitTable(c.Reason)
	return nil
}

// closeTable closes the table once the round in progress has played out
// and its money has moved; with no round running and no money pending it
// closes at once. Bets a void spin carried are refunded now: no round
// will play them.
func (a *applier) closeTable() error {
	t, c := a.t, a.c
	t.Status, t.Reason = Closing, c.Reason
	if e := t.engine(); t.running() && len(e.bets()) == 0 {
		// A round nobody bet in is not waited for (a dealer's spin or the
		// window): it ends void now.
		n := e.round()
		hs, err := e.void(n, VoidClosing)
		if err != nil {
			return internal("voiding the empty round: %v", err)
		}
		for _, h := range hs {
			if err := a.voided(n, h, false); err != nil {
				return err
			}
		}
		if err := a.endRound(n); err != nil {
			return err
		}
	}
	if !t.running() {
		if err := a.refundCarried(); err != nil {
			return err
		}
		if len(t.Intents) == 0 {
			t.Status = Closed
		}
	}
	a.emitTable(c.Reason)
	return nil
}

// finishClose closes a closing table with nothing left to do.
func (a *applier) finishClose() error {
	t := a.t
	switch {
	case t.Status != Closing:
		return apierr.Precondition(ReasonNotClosing, "the table is %s", t.Status)
	case t.running():
		return apierr.Precondition(round.ReasonRoundRunning, "round %d is %v", t.Round(), t.Phase())
	case len(t.Intents) > 0:
		return apierr.Precondition(ReasonMoneyPending, "%d money intents are pending", len(t.Intents))
	}
	t.Status = Closed
	a.emitTable(t.Reason)
	return nil
}

// settings changes the betting window and the pause between rounds, from
// the next round.
func (a *applier) settings() error {
	t, c := a.t, a.c
	if err := checkTiming(c.Window, c.Pause); err != nil {
		return apierr.Invalid(ReasonBadSettings, "%v", err)
	}
	t.Config.Window, t.Config.Pause = c.Window, c.Pause
	a.emitTable("")
	return nil
}
