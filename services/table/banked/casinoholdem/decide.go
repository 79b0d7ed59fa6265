package casinoholdem

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// decide takes a box's decision after the flop (§4.3): its player's call
// or fold, in turn, box by box. Only the box's player decides for it.
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
	case c.Action != Call && c.Action != Fold:
		return nil, apierr.Invalid(ReasonActionNotAllowed, "%s is not a decision: call or fold (gr §4.3)", c.Action)
	case b.Action != 0:
		if s.decided(c) {
			return nil, nil
		}
		return nil, apierr.Precondition(ReasonAlreadyDecided, "box %d has decided: %s", b.N, b.Action)
	case s.Phase != round.Closed:
		return nil, s.wrongPhase("decision")
	case s.Stage != Deciding:
		return nil, apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the deal is not over")
	case s.Turn.Box != b.N:
		return nil, apierr.Precondition(ReasonNotYourTurn, "box %d decides now, not box %d", s.Turn.Box, b.N)
	case c.Action == Call && c.Amount != 0 && c.Amount != 2*b.Ante:
		return nil, apierr.Invalid(ReasonBadAmount, "the Call is exactly 2 × Ante, %d (gr §3)", 2*b.Ante)
	case c.Action == Fold && c.Amount != 0:
		return nil, apierr.Invalid(ReasonBadAmount, "a fold puts nothing in")
	}
	return s.act(r, b, c.Action, false), nil
}

// decided reports c, a decision for a box that has decided, as the one
// its player took (in the wait it names, if it names one): a retry.
func (s *State) decided(c *Command) bool {
	for _, d := range s.Decisions {
		if d.Box == c.Box && !d.Timeout && d.Player == c.Player && d.Action == c.Action && (c.Seq == 0 || c.Seq == d.Seq) {
			return true
		}
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

// act carries out box b's decision a (the clock's fold when timeout): a
// call puts 2 × Ante on the Call (§3, §4.3); a fold loses the Ante at
// once and settles the AA Bonus as the rules say (fold: lost whatever its
// cards in gr, §6.3 "including any AA Bonus win"; settled on them in ru,
// §3.13–3.15). The wait moves on.
func (s *State) act(r *Rules, b *Box, a Action, timeout bool) []Event {
	t := &s.Turn
	s.Decisions = append(s.Decisions, Decision{Seq: t.Seq, Player: b.Player, Box: b.N, Action: a, Timeout: timeout})
	ev := Event{Kind: EvDecided, Player: b.Player, Box: b.N, Action: a, Seq: t.Seq}
	if timeout {
		ev.Reason = "timeout"
	}
	evs := append(make([]Event, 0, 3), ev) // with the stake or the fold's lines, and the next turn
	t.Seq++
	b.Action = a
	if a == Call {
		b.Call = 2 * b.Ante
		stake := round.Bet{ID: b.AnteID, Player: b.Player, Spot: Spot(b.N, BetCall), Amount: b.Call}
		evs = append(evs, Event{Kind: EvStaked, Player: b.Player, Box: b.N, Amount: b.Call, Bets: []round.Bet{stake}})
	} else {
		from := len(s.Lines)
		s.fold(r, b, s.Board)
		evs = append(evs, Event{Kind: EvPaid, Player: b.Player, Box: b.N, Lines: s.Lines[from:], Reason: "fold"})
	}
	return s.advance(r, evs)
}

// timeout is the clock deciding for the box whose decision the wait
// awaits: it folds, the safe default that puts no more money in (the
// source leaves it to the operator, §4, §8). A timeout for a wait that
// has ended is a replay.
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
	return s.act(r, s.box(t.Box), Fold, true), nil
}
