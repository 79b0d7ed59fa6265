package casinotexas

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// multiples are the Play's sizes in Antes on street st (§3): 3 or 4
// before the flop, 2 on it, 1 at the river.
func multiples(st Street) []int64 {
	switch st {
	case PreFlop:
		return []int64{3, 4}
	case Flop:
		return []int64{2}
	}
	return []int64{1}
}

// allowed reports whether the street offers action a (§4 steps 3, 5, 7):
// a Play on every street, a check before the river, a fold only at it.
func allowed(st Street, a Action) bool {
	switch a {
	case Play:
		return true
	case Check:
		return st != River
	case Fold:
		return st == River
	}
	return false
}

// playAmount is the Play's stake for a decision's amount on street st:
// the amount itself when it is one of the street's sizes; 0 stands for
// the street's one size (the flop's 2 ×, the river's 1 ×), never for the
// pre-flop's two. ok is false for any other amount.
func playAmount(st Street, ante, amount int64) (int64, bool) {
	m := multiples(st)
	if amount == 0 && len(m) == 1 {
		return m[0] * ante, true
	}
	for _, k := range m {
		if amount == k*ante {
			return amount, true
		}
	}
	return 0, false
}

// decide takes a box's decision on its street (§4): its player's, in
// turn, box by box. Only the box's player decides for it.
func (s *State) decide(r *Rules, c *Command) ([]Event, error) {
	if c.Seq != 0 && c.Seq != s.Turn.Seq {
		return nil, s.stale(c)
	}
	if s.Phase != round.Closed && (!s.Phase.Over() || len(s.Boxes) == 0) {
		return nil, s.wrongPhase("decision") // over with boxes: a replay may still be recognised
	}
	b := s.box(c.Box)
	switch {
	case b == nil:
		return nil, apierr.NotFound(ReasonUnknownBox, "box %d is not in play", c.Box)
	case b.Player != c.Player:
		return nil, apierr.Denied(ReasonNotBoxOwner, "%q does not decide for box %d: its player %s does", c.Player, b.N, b.Player)
	case c.Action != Check && c.Action != Play && c.Action != Fold:
		return nil, apierr.Invalid(ReasonActionNotAllowed, "%s is not a decision: check, play or fold (cz §4)", c.Action)
	case s.Phase != round.Closed || s.Stage != Deciding || s.Turn.Box != b.N:
		return nil, s.notNow(b, c)
	case !allowed(s.Street, c.Action):
		return nil, apierr.Invalid(ReasonActionNotAllowed, "no %s %s (cz §4: check before the river, fold at it)", c.Action, s.Street)
	}
	amount := int64(0)
	if c.Action == Play {
		var ok bool
		if amount, ok = playAmount(s.Street, b.Ante, c.Amount); !ok {
			return nil, apierr.Invalid(ReasonBadAmount, "a Play %s is %v × Ante %d (cz §3)", s.Street, multiples(s.Street), b.Ante)
		}
	} else if c.Amount != 0 {
		return nil, apierr.Invalid(ReasonBadAmount, "a %s puts nothing in", c.Action)
	}
	return s.act(r, b, c.Action, amount, false), nil
}

// notNow answers a decision for a box that is not deciding now: the
// box's last decision sent again is a replay; a box with no decision
// left has decided; otherwise the round is not where the decision goes.
func (s *State) notNow(b *Box, c *Command) error {
	switch {
	case s.decided(c):
		return nil
	case !b.decides(River):
		return apierr.Precondition(ReasonAlreadyDecided, "box %d has no decision left: %s", b.N, b.Action)
	case s.Phase != round.Closed:
		return s.wrongPhase("decision")
	case s.Stage != Deciding:
		return apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the round waits for a card")
	}
	return apierr.Precondition(ReasonNotYourTurn, "box %d decides now, not box %d", s.Turn.Box, b.N)
}

// decided reports c as a decision its player took, sent again: the one
// taken in the wait c names, or for a command naming none, the box's
// last.
func (s *State) decided(c *Command) bool {
	for i := len(s.Decisions) - 1; i >= 0; i-- {
		d := &s.Decisions[i]
		if d.Box != c.Box || (c.Seq != 0 && d.Seq != c.Seq) {
			continue
		}
		return !d.Timeout && d.Player == c.Player && d.Action == c.Action && (c.Amount == 0 || c.Amount == d.Amount)
	}
	return false
}

// stale answers a decision for a wait other than the current one: the
// decision taken in it, sent again, is a replay; anything else is
// STALE_TURN.
func (s *State) stale(c *Command) error {
	if s.decided(c) {
		return nil
	}
	return apierr.Precondition(ReasonStaleTurn, "decision for wait %d: the round is at %d", c.Seq, s.Turn.Seq)
}

// act carries out box b's decision a (the clock's default when timeout):
// a Play puts its stake in (§3) and ends the box's decisions; a check
// waits for the next street; a fold loses the Ante and the Blind at once
// and settles Trips on the final hand (§6, "player folded"), unless the
// rules keep them in action. The wait moves on.
func (s *State) act(r *Rules, b *Box, a Action, amount int64, timeout bool) []Event {
	t := &s.Turn
	s.Decisions = append(s.Decisions, Decision{Seq: t.Seq, Player: b.Player, Box: b.N, Street: s.Street, Action: a, Amount: amount, Timeout: timeout})
	ev := Event{Kind: EvDecided, Player: b.Player, Box: b.N, Action: a, Amount: amount, Seq: t.Seq, Street: s.Street}
	if timeout {
		ev.Reason = "timeout"
	}
	evs := append(make([]Event, 0, 3), ev) // with the stake or the fold's lines, and the next turn
	t.Seq++
	// The wait is over: the next, this box's again on a later street
	// included, is announced anew.
	t.Box, t.Player = 0, ""
	b.Decided, b.Action = s.Street, a
	switch {
	case a == Play:
		b.Play = amount
		stake := round.Bet{ID: b.AnteID, Player: b.Player, Spot: Spot(b.N, BetPlay), Amount: amount}
		evs = append(evs, Event{Kind: EvStaked, Player: b.Player, Box: b.N, Amount: amount, Bets: []round.Bet{stake}})
	case a == Fold && !r.Options.FoldKeepsAnteBlindInAction:
		from := len(s.Lines)
		s.fold(r, b)
		evs = append(evs, Event{Kind: EvPaid, Player: b.Player, Box: b.N, Lines: s.Lines[from:], Reason: "fold"})
	}
	return s.advance(r, evs)
}

// timeout is the clock deciding for the box whose decision the wait
// awaits: the safe default that puts no more money in, a check before the
// river and a fold at it (§4: "assume a default of Check on the pre-flop
// and flop decisions and Fold on the river decision"). A timeout for a
// wait that has ended is a replay.
func (s *State) timeout(r *Rules, c *Command) ([]Event, error) {
	t := &s.Turn
	if replay, err := t.Timeout(c.Seq); replay || err != nil {
		return nil, err
	}
	switch {
	case s.Phase != round.Closed:
		return nil, s.wrongPhase("timeout")
	case s.Stage != Deciding || t.Box == 0:
		return nil, apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the round waits for a card")
	}
	a := Check
	if s.Street == River {
		a = Fold
	}
	return s.act(r, s.box(t.Box), a, 0, true), nil
}
