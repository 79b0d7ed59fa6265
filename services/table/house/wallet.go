package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// intentsDone records the wallet's answers: intents carried out, and
// posts that failed for good (the hold expired, was voided or is not
// found). Ids the table does not hold are ignored: another replica's
// answer came first. A settle is never given up: reported failed, it
// stays pending and is retried.
func (a *applier) intentsDone() error {
	t, c := a.t, a.c
	if err := checkAnswers(c); err != nil {
		return err
	}
	var done, failed []Intent
	t.Intents = slices.DeleteFunc(t.Intents, func(in Intent) bool {
		switch {
		case slices.Contains(c.Done, in.ID):
			done = append(done, in)
		case in.Kind == IntentPost && c.Failed[in.ID] != "":
			failed = append(failed, in)
		default:
			return false
		}
		return true
	})
	for _, in := range done {
		a.intentDone(in)
	}
	for _, in := range failed {
		a.postFailed(in, c.Failed[in.ID])
	}
	a.step.Money = true
	return a.cancelFailed()
}

// checkAnswers refuses an answer that names an intent both done and
// failed, or a failure without the wallet's reason.
func checkAnswers(c *Command) error {
	for id, why := range c.Failed {
		if slices.Contains(c.Done, id) {
			return apierr.Invalid(ReasonBadIntents, "intent %s both done and failed", id)
		}
		if why == "" {
			return apierr.Invalid(ReasonBadIntents, "intent %s failed without the wallet's reason", id)
		}
	}
	return nil
}

// answersChange reports whether the wallet's answers name an intent the
// table holds.
func (t *Table) answersChange(c *Command) bool {
	for _, in := range t.Intents {
		if slices.Contains(c.Done, in.ID) || (in.Kind == IntentPost && c.Failed[in.ID] != "") {
			return true
		}
	}
	return false
}

// intentDone books a movement the wallet made: a post puts the stake in
// the escrow and settles the lines that waited for it; a settle takes its
// stakes out of the escrow and tells the player he was paid.
func (a *applier) intentDone(in Intent) {
	t := a.t
	switch in.Kind {
	case IntentPost:
		i := t.stakeByHold(in.Hold)
		if i < 0 {
			return
		}
		s := &t.Stakes[i]
		s.Posted = true
		t.Escrowed += s.Amount
		held := s.Held
		s.Held = nil
		for _, p := range held {
			running := p.Round == t.Round() && t.running()
			a.credit(s.Player, s.Account, p, !running)
		}
	case IntentSettle:
		t.Escrowed -= in.Returned + in.Lost
		a.emit(Event{Kind: EvPaid, Round: in.Round, Player: in.Player, Stake: in.Returned + in.Lost, Paid: in.Returned + in.Won, Won: in.Won})
	}
}

// postFailed marks a stake that will never reach the escrow: its lines
// move no money, its bets are taken back while betting is still open
// (cancelFailed), and the player is told.
func (a *applier) postFailed(in Intent, why string) {
	t := a.t
	i := t.stakeByHold(in.Hold)
	if i < 0 {
		return
	}
	s := &t.Stakes[i]
	s.Failed, s.Held = true, nil
	t.Failed = append(t.Failed, Failed{Round: s.Round, Player: s.Player, Hold: s.Hold, BetIDs: slices.Clone(s.BetIDs), Reason: why})
	a.emit(Event{Kind: EvStakeFailed, Round: in.Round, Player: s.Player, Hold: s.Hold, Stake: s.Amount, Reason: why, Bets: t.betsOf(s)})
}

// betsOf are the stake's bets the round still has (in play, cancelled or
// carried).
func (t *Table) betsOf(s *Stake) []round.Bet {
	if s.Round != t.Round() {
		return nil
	}
	e := t.engine()
	var out []round.Bet
	for _, set := range [][]round.Bet{e.bets(), e.cancelled()} {
		for _, b := range set {
			if b.Player == s.Player && slices.Contains(s.BetIDs, b.ID) {
				out = append(out, b)
			}
		}
	}
	return out
}
