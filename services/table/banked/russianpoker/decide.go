package russianpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// advance moves the round on after a card or a decision until it waits
// for a card or a decision, or ends: the deal done, the boxes decide one
// by one from the dealer's left, an improvement's cards dealt in the
// box's turn (§3.20–3.28); once all have, the dealer reveals (§4.3) if a
// box bet, and the Royal Bonuses and, on no game, the insurances are
// settled (§3.34, §3.16); with a game he settles (§4.12–4.16), without
// one the boxes that bet stop or buy (§4.20–4.21) and a bought game
// brings its cards (§4 step 7.3).
func (s *State) advance(r *Rules, evs []Event) []Event {
	for {
		switch s.Stage {
		case Dealing:
			if s.dealTarget().To != 0 {
				return evs
			}
			for i := range s.Boxes {
				b := &s.Boxes[i]
				b.FirstFive = append(b.FirstFive[:0], b.Cards...)
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
			evs = s.revealed(r, evs, d)
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
			rest, out, _ := fivecard.TakeHighest(s.Dealer)
			s.swap(rest, out)
			s.Stage = Drawing
		case Drawing:
			if s.dealTarget().To != 0 {
				return evs
			}
			if s.swapAgain() {
				s.swap(s.Dealer[:4], s.Dealer[4])
				continue
			}
			d := s.reveal()
			evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies})
			return s.showdown(r, evs, d)
		default:
			return evs
		}
	}
}

// swap takes card out of the dealer's hand, which is rest without it,
// for the next card from the deck to replace (§4 step 7.3).
func (s *State) swap(rest []card.Card, out card.Card) {
	s.Dealer = rest
	s.Replaced = append(s.Replaced, out)
}

// swapAgain reports the bought game's new card of the rank of the card
// it replaced, which is swapped again, up to three swaps in all, unless
// it makes the dealer a flush, when it is kept (§4 step 7.3, T11–T12).
func (s *State) swapAgain() bool {
	n := s.Dealer[len(s.Dealer)-1]
	if n.Rank() != s.Replaced[len(s.Replaced)-1].Rank() || len(s.Replaced) >= MaxSwaps {
		return false
	}
	return slices.ContainsFunc(s.Dealer, func(c card.Card) bool { return c.Suit() != n.Suit() })
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
// (§3.20): pass, bet (and insure) or improve in its turn; stop or buy on
// the dealer's no game (§4.20–4.21).
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
	if err := s.allowed(r, b, c); err != nil {
		return nil, err
	}
	return s.act(r, b, c, false)
}

// allowed refuses an action the stage does not allow the box, or an
// amount other than what it costs the owner, whose Amount it is: an
// improvement the box has made, or
// any once it has improved but where the rules allow both (N2); an
// insurance but with the Bet, and there only on three of a kind or
// better within its bounds (insure.go).
func (s *State) allowed(r *Rules, b *Box, c *Command) error {
	var cost int64
	ante := b.Bettors[0].Ante
	switch a := c.Action; {
	case s.Stage == Buying && a == Buy:
		cost = ante
	case s.Stage == Buying && a == Stop, s.Stage == Deciding && a == Pass:
	case s.Stage == Deciding && a == Bet:
		cost = 2 * ante
	case s.Stage == Deciding && (a == Exchange || a == Sixth) && s.mayImprove(r, b, a):
		cost = ante
	default:
		return apierr.Precondition(ReasonActionNotAllowed, "box %d may not %s now (§3.20–3.28, §4.20–4.21, N2)", b.N, a)
	}
	if c.Amount != 0 && c.Amount != cost {
		return apierr.Invalid(ReasonBadAmount, "%s costs %d", c.Action, cost)
	}
	if c.Insurance != 0 && c.Action != Bet {
		return apierr.Invalid(ReasonBadAmount, "an insurance goes with the Bet (§3.31)")
	}
	if c.Insurance != 0 {
		return s.checkInsurance(r, b, c.Insurance)
	}
	return nil
}

// decided reports c as a decision its player took for the box (in the
// wait it names, if it names one): a retry.
func (s *State) decided(c *Command) bool {
	for _, d := range s.Decisions {
		if d.Box == c.Box && !d.Timeout && d.Player == c.Player && d.Action == c.Action && (c.Seq == 0 || c.Seq == d.Seq) &&
			d.Insurance == c.Insurance && slices.Equal(d.Cards, c.Cards) {
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

// act carries out box b's decision c (the clock's when timeout), for
// each of its bettors' stakes (the insurance the owner's alone), and the
// round moves on. An exchange's discards are checked last, so that a
// refused one changes nothing.
func (s *State) act(r *Rules, b *Box, c *Command, timeout bool) ([]Event, error) {
	a := c.Action
	keep := s.keepsBonus(r, b, a, c.Cards)
	if a == Exchange {
		kept, err := fivecard.Discard(b.Cards, c.Cards, 1, MaxExchange)
		if err != nil {
			return nil, err
		}
		b.Cards = kept
		b.Discards, b.Exchanged = append(b.Discards, c.Cards...), true
	}
	t := &s.Turn
	d := Decision{Seq: t.Seq, Player: b.player(), Box: b.N, Action: a, Insurance: c.Insurance, Cards: slices.Clone(c.Cards), Timeout: timeout}
	s.Decisions = append(s.Decisions, d)
	ev := Event{Kind: EvDecided, Player: b.player(), Box: b.N, Action: a, Seq: t.Seq, Cards: c.Cards}
	if len(c.Cards) > 0 {
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
		st := s.stake(b, BetBet, func(t *Bettor) *int64 { return &t.Bet }, 2)
		if o := &b.Bettors[0]; c.Insurance > 0 {
			o.Insurance = c.Insurance
			st.Bets = append(st.Bets, round.Bet{ID: o.AnteID, Player: o.Player, Spot: Spot(b.N, BetInsurance), Amount: o.Insurance})
			st.Amount += o.Insurance
		}
		evs = append(evs, st)
	case Exchange, Sixth:
		k, fee := BetExchange, func(t *Bettor) *int64 { return &t.Fee }
		if a == Sixth {
			k, fee, b.Sixth = BetSixth, func(t *Bettor) *int64 { return &t.SixthFee }, true
		}
		evs = append(evs, s.stake(b, k, fee, 1))
		for i := range b.Bettors {
			t := &b.Bettors[i]
			s.line(b, t, k, *fee(t), lost)
			if keep {
				b.Locked = b.Locked || t.RoyalBonus > 0 && !t.BonusDone
			} else {
				s.bonus(b, t, lost) // §3.25: an improvement loses the Royal Bonus
			}
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
	return s.act(r, s.box(t.Box), &Command{Action: a}, true)
}
