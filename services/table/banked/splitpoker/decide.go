package splitpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// done reports a box that has nothing left to decide in the round's
// stage.
func (s *State) done(b *Box) bool {
	if s.Stage == Deciding {
		return b.Action != 0
	}
	return b.Action != Play || b.Choice != 0 || s.Stage != Buying
}

// decide takes a box's decision, its player's, in turn, box by box
// (§3.19): pass, play or buy cards in its turn, and after a buy play or
// pass; stop or buy the dealer's game on his no game (§6).
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
	case c.Action < Pass || c.Action > BuyGame:
		return nil, apierr.Invalid(ReasonActionNotAllowed, "%s is not a decision", c.Action)
	case s.decided(c):
		return nil, nil
	case s.Phase != round.Closed:
		return nil, s.wrongPhase("decision")
	case s.done(b):
		return nil, apierr.Precondition(ReasonAlreadyDecided, "box %d has nothing to decide now", b.N)
	case s.Turn.Box == 0:
		return nil, apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the round waits for a card")
	case s.Turn.Box != b.N:
		return nil, apierr.Precondition(ReasonNotYourTurn, "box %d decides now, not box %d", s.Turn.Box, b.N)
	}
	if err := s.allowed(b, c); err != nil {
		return nil, err
	}
	return s.act(r, b, c.Action, c.Cards, false), nil
}

// allowed refuses an action the stage does not allow the box (a second
// buy of cards, a buy of the game in the turn, a pass on the dealer's no
// game), a partition that is not the box's (split.go), or an amount other
// than what the action costs.
func (s *State) allowed(b *Box, c *Command) error {
	var cost int64
	switch a := c.Action; {
	case s.Stage == Buying && a == BuyGame:
		cost = b.Ante
	case s.Stage == Buying && a == Stop, s.Stage == Deciding && a == Pass:
	case s.Stage == Deciding && a == Play:
		cost = 2 * b.Ante
	case s.Stage == Deciding && a == BuyCards && !b.Bought:
		cost = b.Ante
	default:
		return apierr.Precondition(ReasonActionNotAllowed, "box %d may not %s now (§3.19–3.24, §6)", b.N, a)
	}
	if err := b.checkPartition(c.Action, c.Cards); err != nil {
		return err
	}
	if c.Amount != 0 && c.Amount != cost {
		return apierr.Invalid(ReasonBadAmount, "%s costs %d", c.Action, cost)
	}
	return nil
}

// decided reports c as a decision its player took for the box (in the
// wait it names, if it names one): a retry.
func (s *State) decided(c *Command) bool {
	for _, d := range s.Decisions {
		if d.Box == c.Box && !d.Timeout && d.Player == c.Player && d.Action == c.Action && (c.Seq == 0 || c.Seq == d.Seq) &&
			slices.Equal(d.Cards, c.Cards) {
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

// act carries out box b's decision a (the clock's when timeout), and the
// round moves on: a pass loses the Ante and the Royal Bonus (§3.19); a
// play stakes the Bet, 2 × Ante, its hands the five dealt (the small
// hand dealt next, free) or the partition of the seven (§3.20, §3.22); a
// buy of cards pays its fee, lost (§3.21), the Royal Bonus standing
// unless the rules say otherwise (N5); a stop takes the Ante 1:1 (§6.6);
// a buy of the game pays its fee, lost (§6.2).
func (s *State) act(r *Rules, b *Box, a Action, partition []card.Card, timeout bool) []Event {
	t := &s.Turn
	d := Decision{Seq: t.Seq, Player: b.Player, Box: b.N, Action: a, Cards: slices.Clone(partition), Timeout: timeout}
	s.Decisions = append(s.Decisions, d)
	ev := Event{Kind: EvDecided, Player: b.Player, Box: b.N, Action: a, Seq: t.Seq, Cards: partition}
	if len(partition) > 0 {
		ev.Vis = Private
	}
	if timeout {
		ev.Reason = "timeout"
	}
	evs := append(make([]Event, 0, 4), ev)
	t.Seq++
	from := len(s.Lines)
	switch a {
	case Pass:
		b.Action = Pass
		s.pass(b)
	case Play:
		b.Action, b.Bet = Play, 2*b.Ante
		evs = append(evs, s.staked(b, BetBet, b.Bet))
		if b.Bought {
			b.Big, b.Small = slices.Clone(partition[:BigCards]), slices.Clone(partition[BigCards:])
		} else {
			b.Big = slices.Clone(b.Cards)
		}
	case BuyCards:
		b.Bought, b.CardsFee = true, b.Ante
		evs = append(evs, s.staked(b, BetBuyCards, b.CardsFee))
		s.line(b, BetBuyCards, b.CardsFee, lost)
		if !r.Options.BuyKeepsRoyalBonus {
			s.bonus(b, lost)
		}
	case Stop:
		b.Choice = Stop
		s.stop(r, b)
	case BuyGame:
		b.Choice, b.GameFee = BuyGame, b.Ante
		evs = append(evs, s.staked(b, BetBuyGame, b.GameFee))
		s.line(b, BetBuyGame, b.GameFee, lost)
	}
	if len(s.Lines) > from {
		evs = append(evs, Event{Kind: EvPaid, Player: b.Player, Box: b.N, Lines: s.Lines[from:], Reason: a.String()})
	}
	return s.advance(r, evs)
}

// staked is the event of box b's stake of kind k made by deciding, under
// the Ante's id.
func (s *State) staked(b *Box, k BetKind, amount int64) Event {
	stake := round.Bet{ID: b.AnteID, Player: b.Player, Spot: Spot(b.N, k), Amount: amount}
	return Event{Kind: EvStaked, Player: b.Player, Box: b.N, Amount: amount, Bets: []round.Bet{stake}}
}

// timeout is the clock deciding for the box whose decision the wait
// awaits: a pass in its turn, a stop on the dealer's no game: the
// choices that put no more money in. A timeout for a wait that has ended
// is a replay.
func (s *State) timeout(r *Rules, c *Command) ([]Event, error) {
	t := &s.Turn
	if replay, err := t.Timeout(c.Seq); replay || err != nil {
		return nil, err
	}
	switch {
	case s.Phase != round.Closed:
		return nil, s.wrongPhase("timeout")
	case t.Box == 0:
		return nil, apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the round waits for a card")
	}
	a := Pass
	if s.Stage == Buying {
		a = Stop
	}
	return s.act(r, s.box(t.Box), a, nil, true), nil
}
