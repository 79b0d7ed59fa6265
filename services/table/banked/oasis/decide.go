package oasis

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// advance moves the round on after a card or a decision until it waits
// for a card or a decision, or ends: the deal done, the boxes decide one
// by one from the dealer's left, an exchange's cards dealt in the box's
// turn (§3.18–3.26); once all have, the dealer reveals (§4.3) if a box
// bet; with a game he settles (§4.8–4.12), without one the boxes that
// bet stop or buy (§4.16) and a bought game brings its card (§4.17).
func (s *State) advance(r *Rules, evs []Event) []Event {
	for {
		switch s.Stage {
		case Dealing:
			if s.dealTarget().To != 0 {
				return evs
			}
			s.Stage = Deciding
		case Deciding:
			if b := s.undecided(); b != nil {
				return s.turn(b, evs)
			}
			s.Turn.Box, s.Turn.Player = 0, ""
			if !slices.ContainsFunc(s.Boxes, func(b Box) bool { return b.Action == Bet }) {
				s.end(round.Settled) // every box passed: the dealer's cards stay unseen
				return append(evs, Event{Kind: EvSettled})
			}
			d := s.reveal()
			evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies})
			if d.qualifies {
				return s.showdown(r, evs, d)
			}
			s.Stage = Buying
		case Buying:
			if b := s.unchosen(); b != nil {
				return s.turn(b, evs)
			}
			s.Turn.Box, s.Turn.Player = 0, ""
			if !slices.ContainsFunc(s.Boxes, func(b Box) bool { return b.Choice == Buy }) {
				s.end(round.Settled) // every box stopped, settled as it did
				return append(evs, Event{Kind: EvSettled})
			}
			// §4.17: the dealer replaces his highest card, once.
			var out card.Card
			s.Dealer, out, _ = fivecard.TakeHighest(s.Dealer)
			s.Replaced = append(s.Replaced, out)
			s.Stage = Drawing
		case Drawing:
			if s.dealTarget().To != 0 {
				return evs
			}
			d := s.reveal()
			evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies})
			return s.showdown(r, evs, d)
		default:
			return evs
		}
	}
}

// turn makes box b's decision the one the round waits for, announcing it
// once for each wait; while its exchange's cards are due, nothing waits.
func (s *State) turn(b *Box, evs []Event) []Event {
	if s.dealTarget().To != 0 {
		s.Turn.Box, s.Turn.Player = 0, ""
		return evs
	}
	if s.Turn.Box != b.N {
		s.Turn.Box, s.Turn.Player = b.N, b.player()
		evs = append(evs, Event{Kind: EvTurn, Player: b.player(), Box: b.N, Seq: s.Turn.Seq})
	}
	return evs
}

// undecided is the box whose decision in its turn the round waits for:
// the first, in deal order, that has neither passed nor bet.
func (s *State) undecided() *Box {
	for i := range s.Boxes {
		if s.Boxes[i].Action == 0 {
			return &s.Boxes[i]
		}
	}
	return nil
}

// unchosen is the box whose stop or buy the round waits for: the first
// that bet and has not chosen.
func (s *State) unchosen() *Box {
	for i := range s.Boxes {
		if b := &s.Boxes[i]; b.Action == Bet && b.Choice == 0 {
			return b
		}
	}
	return nil
}

// done reports a box that has nothing left to decide in the round's
// stage.
func (s *State) done(b *Box) bool {
	if s.Stage == Deciding {
		return b.Action != 0
	}
	return b.Action != Bet || b.Choice != 0 || s.Stage != Buying
}

// decide takes a box's decision, its owner's (§2.5), in turn, box by box
// (§3.18): pass, bet or exchange in its turn; stop or buy on the
// dealer's no game (§4.16).
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
	case b.player() != c.Player:
		return nil, apierr.Denied(ReasonNotBoxOwner, "%q does not decide for box %d: its owner %s does (§2.5)", c.Player, b.N, b.player())
	case c.Action < Pass || c.Action > Buy:
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
	return s.act(r, b, c.Action, c.Cards, false)
}

// allowed refuses an action the stage does not allow the box, or an
// amount other than what it costs the owner, whose Amount it is.
func (s *State) allowed(b *Box, c *Command) error {
	var cost int64
	ante := b.Bettors[0].Ante
	switch a := c.Action; {
	case s.Stage == Buying && a == Buy:
		cost = ante
	case s.Stage == Buying && a == Stop, s.Stage == Deciding && a == Pass:
	case s.Stage == Deciding && a == Bet:
		cost = 2 * ante
	case s.Stage == Deciding && a == Exchange && !b.Exchanged:
		cost = int64(len(c.Cards)) * ante
	default:
		return apierr.Precondition(ReasonActionNotAllowed, "box %d may not %s now (§3.18–3.25, §4.16)", b.N, a)
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

// act carries out box b's decision a (the clock's when timeout), for
// each of its bettors' stakes, and the round moves on. An exchange's
// discards are checked last, so that a refused one changes nothing.
func (s *State) act(r *Rules, b *Box, a Action, discards []card.Card, timeout bool) ([]Event, error) {
	if a == Exchange {
		kept, err := fivecard.Discard(b.Cards, discards, 1, MaxExchange)
		if err != nil {
			return nil, err
		}
		b.Cards = kept
		b.Discards, b.Exchanged = append(b.Discards, discards...), true
	}
	t := &s.Turn
	d := Decision{Seq: t.Seq, Player: b.player(), Box: b.N, Action: a, Cards: slices.Clone(discards), Timeout: timeout}
	s.Decisions = append(s.Decisions, d)
	ev := Event{Kind: EvDecided, Player: b.player(), Box: b.N, Action: a, Seq: t.Seq, Cards: discards}
	if len(discards) > 0 {
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
	case Bet:
		b.Action = Bet
		evs = append(evs, s.stake(b, BetBet, func(t *Bettor) *int64 { return &t.Bet }, 2))
	case Exchange:
		evs = append(evs, s.stake(b, BetExchange, func(t *Bettor) *int64 { return &t.Fee }, int64(len(discards))))
		for i := range b.Bettors {
			t := &b.Bettors[i]
			s.line(b, t, BetExchange, t.Fee, lost)
			s.bonus(b, t, lost) // §3.22: an exchange loses the Royal Bonus
		}
	case Stop:
		b.Choice = Stop
		s.stop(r, b)
	case Buy:
		b.Choice = Buy
		evs = append(evs, s.stake(b, BetBuy, func(t *Bettor) *int64 { return &t.BuyFee }, 1))
		for i := range b.Bettors {
			t := &b.Bettors[i]
			s.line(b, t, BetBuy, t.BuyFee, lost)
		}
	}
	if len(s.Lines) > from {
		evs = append(evs, Event{Kind: EvPaid, Player: b.player(), Box: b.N, Lines: s.Lines[from:], Reason: a.String()})
	}
	return s.advance(r, evs), nil
}

// stake makes each bettor of box b stake antes × his Ante on kind k,
// into the field at gives, under his Ante's id, and returns its event.
func (s *State) stake(b *Box, k BetKind, at func(*Bettor) *int64, antes int64) Event {
	ev := Event{Kind: EvStaked, Player: b.player(), Box: b.N}
	for i := range b.Bettors {
		t := &b.Bettors[i]
		amount := antes * t.Ante
		*at(t) = amount
		ev.Bets = append(ev.Bets, round.Bet{ID: t.AnteID, Player: t.Player, Spot: Spot(b.N, k), Amount: amount})
		ev.Amount += amount
	}
	return ev
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
	return s.act(r, s.box(t.Box), a, nil, true)
}
