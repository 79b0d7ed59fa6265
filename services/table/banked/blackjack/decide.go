package blackjack

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// decide takes the box owner's decision for the hand whose turn it is.
// Only the owner decides, whatever his stake, for everyone on the box
// (cz §2, §8; ru §3.18, §3.22).
func (s *State) decide(r *Rules, c *Command, evs []Event) ([]Event, error) {
	if c.Seq != 0 && c.Seq != s.Turn.Seq {
		return evs, s.stale(c)
	}
	if s.Phase != round.Closed {
		return evs, s.wrongPhase("decision")
	}
	b := s.box(c.Box)
	if b == nil {
		return evs, apierr.NotFound(ReasonUnknownBox, "box %d is not in play", c.Box)
	}
	h, amount, err := s.checkDecision(r, b, c)
	if err != nil {
		return evs, err
	}
	t := &s.Turn
	s.Decisions = append(s.Decisions, Decision{})
	d := &s.Decisions[len(s.Decisions)-1]
	d.Seq, d.Player, d.Box, d.Hand, d.Action, d.Amount = t.Seq, c.Player, b.N, h.ID, c.Action, amount
	evs, e := grow(evs, EvDecided)
	e.Player, e.Box, e.Hand, e.Action, e.Amount, e.Seq = c.Player, b.N, h.ID, c.Action, amount, t.Seq
	t.Seq++
	h.Acted = true
	switch c.Action {
	case Stand:
		h.Done = true
	case Hit:
		h.Wants = true
	default:
		evs = s.ask(r, b, h, c.Action, amount, evs)
	}
	evs = s.advance(r, evs)
	return evs, nil
}

// stale answers a decision for a wait other than the current one: the
// decision taken in it, sent again, is a replay; anything else is
// STALE_TURN.
func (s *State) stale(c *Command) error {
	for _, d := range s.Decisions {
		if d.Seq == c.Seq && !d.Follow && !d.Timeout && d.Player == c.Player && d.Box == c.Box && d.Hand == c.Hand &&
			d.Action == c.Action && (c.Amount == 0 || c.Amount == d.Amount) {
			return nil
		}
	}
	return apierr.Precondition(ReasonStaleTurn, "decision for wait %d: the round is at %d", c.Seq, s.Turn.Seq)
}

// checkDecision checks a decision and returns its hand and, for a double
// or a split, the owner's stake it adds.
func (s *State) checkDecision(r *Rules, b *Box, c *Command) (*Hand, int64, error) {
	d := b.decider()
	if d < 0 || b.Bettors[d].Player != c.Player {
		return nil, 0, apierr.Denied(ReasonNotBoxOwner, "%q does not decide for box %d: its owner does (cz §2; ru §3.18)", c.Player, b.N)
	}
	t := &s.Turn
	switch {
	case s.Stage == Window && r.Options.Window == WindowAnswers:
		return nil, 0, apierr.Precondition(ReasonWindowOpen, "insurance and even money are answered first (cz §6.4)")
	case (s.Stage != Window && s.Stage != Playing) || t.Follow != 0 || t.Player == "":
		return nil, 0, apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the round waits for %s", s.waiting())
	case t.Box != b.N || t.Hand != c.Hand:
		return nil, 0, apierr.Precondition(ReasonNotYourTurn, "box %d hand %d decides now, not box %d hand %d", t.Box, t.Hand, b.N, c.Hand)
	}
	h, _ := b.hand(c.Hand)
	amount, err := s.allowed(r, b, h, d, c.Action, c.Amount)
	return h, amount, err
}

// allowed checks action a on hand h, decided by bettor d, and returns
// the stake it adds (a double's, a split's).
func (s *State) allowed(r *Rules, b *Box, h *Hand, d int, a Action, amount int64) (int64, error) {
	if a == Stand {
		return 0, nil
	}
	o := &r.Options
	t, _ := Value(h.Cards)
	hit := !h.Aces && (t < 21 || s.tenAceHits(r, h))
	no := func(format string, args ...any) (int64, error) {
		return 0, apierr.Precondition(ReasonActionNotAllowed, format, args...)
	}
	base := h.Stakes[d].Base
	switch a {
	case Hit:
		if !hit {
			return no("no card on %d: 21 stands (cz §10.12; ru §3.37), split aces take one card (cz §6.6; ru §3.35)", t)
		}
		return 0, nil
	case Double:
		switch {
		case !hit || len(h.Cards) != 2:
			return no("a double is on two cards, not a blackjack or 21 (cz §6.6; ru §3.14)")
		case h.Split && !o.DoubleAfterSplit:
			return no("no double after a split")
		}
		return s.doubleAmount(r, base, amount)
	case Split:
		switch {
		case len(h.Cards) != 2 || !pair(h.Cards[0], h.Cards[1], o.SplitBy):
			return no("a split is of a pair of %s (cz §0; ru §3.20)", o.SplitBy)
		case len(b.Hands) >= r.MaxHands:
			return no("at most %d hands on a box (cz §6.6; ru §3.25, T13)", r.MaxHands)
		case h.Aces && !o.ResplitAces:
			return no("aces are split once (ru §3.35)")
		case amount != 0 && amount != base:
			return 0, apierr.Invalid(ReasonBadAmount, "a split stake equals the original, %d (cz §6.6; ru §3.21)", base)
		}
		return base, nil
	}
	return no("%s is not a decision", a)
}

// doubleAmount is the double of a stake base on a hand: equal to it (cz
// §6.6), or, double-for-less, from the table minimum up to it (ru §3.17,
// T10). Amount 0 is the whole stake.
func (s *State) doubleAmount(r *Rules, base, amount int64) (int64, error) {
	lo, hi := doubleRange(r, base)
	if amount == 0 {
		return hi, nil
	}
	if amount < lo || amount > hi {
		return 0, apierr.Invalid(ReasonBadAmount, "double %d: want %d to %d (cz §6.6; ru §3.17)", amount, lo, hi)
	}
	return amount, nil
}

// doubleRange is what a bettor with stake base on a hand may double.
func doubleRange(r *Rules, base int64) (lo, hi int64) {
	if !r.Options.DoubleForLess {
		return base, base
	}
	return min(r.tableMin(), base), base
}

// ask puts the owner's double or split to the box's other bettors on the
// hand (cz §8; ru §3.19, §3.25, N4), or carries it out when none is to be
// asked.
func (s *State) ask(r *Rules, b *Box, h *Hand, a Action, amount int64, evs []Event) []Event {
	rule := r.Options.FollowSplit
	if a == Double {
		rule = r.Options.FollowDouble
	}
	t := &s.Turn
	t.Follow, t.Amount = a, amount
	t.Answers, t.Amounts = [MaxBettors]Answer{}, [MaxBettors]int64{}
	d := b.decider()
	asked := false
	for k := range b.Bettors {
		if k == d || !h.Stakes[k].live() {
			continue
		}
		switch rule {
		case FollowChoose:
			t.Answers[k], asked = Asked, true
			var e *Event
			evs, e = grow(evs, EvTurn)
			e.Player, e.Box, e.Hand, e.Action, e.Seq = b.Bettors[k].Player, b.N, h.ID, a, t.Seq
		case FollowAlways:
			// with his whole stake, as a follow of 0 says (ru §3.21, N4)
			t.Answers[k], t.Amounts[k] = Follows, h.Stakes[k].Base
		default:
			t.Answers[k] = Stays
		}
	}
	if asked {
		t.Player = ""
		return evs
	}
	return s.carryOut(b, h.ID, evs)
}

// carryOut makes the double or split the turn holds, with the stakes of
// the owner and of the co-bettors who follow. A double gets one card
// (cz §6.6; ru §3.15); a split puts the second card on a new hand right
// of the first, each with one card to be dealt, the co-bettors who stay
// remaining on the first (cz §8; ru §3.25, T18).
func (s *State) carryOut(b *Box, id int, evs []Event) []Event {
	t := &s.Turn
	d := b.decider()
	h, i := b.hand(id)
	from := len(s.scratch.bets)
	stake := func(k int, spot string, amount int64) {
		bt := &b.Bettors[k]
		s.scratch.bets = append(s.scratch.bets, round.Bet{})
		bet := &s.scratch.bets[len(s.scratch.bets)-1]
		bet.ID, bet.Player, bet.Spot, bet.Amount = bt.BetID, bt.Player, spot, amount
	}
	in := func(k int) bool { return h.Stakes[k].live() && (k == d || t.Answers[k] == Follows) }
	if t.Follow == Double {
		for k := range h.Stakes {
			if !in(k) {
				continue
			}
			amount := t.Amount
			if k != d {
				amount = t.Amounts[k]
			}
			h.Stakes[k].Double = amount
			stake(k, lineSpot(b.N, id, kindDouble), amount)
		}
		h.Doubled, h.Wants = true, true
	} else {
		first := h.Cards[0]
		nh := Hand{ID: len(b.Hands) + 1, Split: true, Aces: isAce(first), TenSplit: isTen(first)}
		for k := range h.Stakes {
			if in(k) {
				nh.Stakes[k].Base = b.Bettors[k].Stake
				stake(k, lineSpot(b.N, nh.ID, kindSplit), nh.Stakes[k].Base)
			}
		}
		h.Split, h.Aces, h.TenSplit = true, nh.Aces, nh.TenSplit
		b.split(i, nh)
	}
	evs, e := grow(evs, EvStaked)
	e.Box, e.Hand, e.Action, e.Bets = b.N, id, t.Follow, s.scratch.betsFrom(from)
	t.Follow, t.Amount = 0, 0
	t.Answers, t.Amounts = [MaxBettors]Answer{}, [MaxBettors]int64{}
	return evs
}

// split puts hand nh, made by splitting hand i, right of it, with hand
// i's second card; the cards' storage is what the slice held past its
// length from a round before, when it has some (growBox).
func (b *Box) split(i int, nh Hand) {
	n := len(b.Hands)
	var cards []card.Card
	if n < cap(b.Hands) {
		b.Hands = b.Hands[:n+1]
		cards = b.Hands[n].Cards[:0]
	} else {
		b.Hands = append(b.Hands, Hand{})
	}
	copy(b.Hands[i+2:], b.Hands[i+1:n])
	h := &b.Hands[i]
	nh.Cards = append(cards, h.Cards[1])
	h.Cards = h.Cards[:1]
	b.Hands[i+1] = nh
}

// follow takes a co-bettor's answer to the owner's double or split: he
// adds his stake (his whole stake for a split, ru §3.21; for a double as
// the rules allow, ru N4) or stays as he is.
func (s *State) follow(r *Rules, c *Command, evs []Event) ([]Event, error) {
	b, k, err := s.bettorOn(c, "follow")
	if err != nil {
		return evs, err
	}
	t := &s.Turn
	pending := s.Phase == round.Closed && t.Follow != 0 && t.Box == b.N && t.Hand == c.Hand && t.Answers[k] != 0
	if !pending || t.Answers[k] != Asked {
		if s.followed(c) {
			return evs, nil
		}
		if pending {
			return evs, apierr.Precondition(ReasonAlreadyAnswered, "%s answered the %s already", c.Player, t.Follow)
		}
		return evs, apierr.Precondition(ReasonNoFollowDue, "no double or split of box %d hand %d waits for %s", c.Box, c.Hand, c.Player)
	}
	var amount int64
	if !c.Decline {
		h, _ := b.hand(c.Hand)
		base := h.Stakes[k].Base
		if t.Follow == Split {
			if c.Amount != 0 && c.Amount != base {
				return evs, apierr.Invalid(ReasonBadAmount, "a split stake equals the original, %d (ru §3.21)", base)
			}
			amount = base
		} else if amount, err = s.doubleAmount(r, base, c.Amount); err != nil {
			return evs, err
		}
	}
	evs = s.answer(evs, b, k, amount, c.Decline, false)
	evs = s.resolve(b, evs)
	evs = s.advance(r, evs)
	return evs, nil
}

// answer records bettor k's answer to the turn's double or split and
// appends its event.
func (s *State) answer(evs []Event, b *Box, k int, amount int64, stays, timeout bool) []Event {
	t := &s.Turn
	bt := &b.Bettors[k]
	t.Answers[k], t.Amounts[k] = Follows, amount
	if stays {
		t.Answers[k] = Stays
	}
	s.Decisions = append(s.Decisions, Decision{})
	d := &s.Decisions[len(s.Decisions)-1]
	d.Seq, d.Player, d.Box, d.Hand, d.Action, d.Amount = t.Seq, bt.Player, b.N, t.Hand, t.Follow, amount
	d.Stays, d.Follow, d.Timeout = stays, true, timeout
	evs, e := grow(evs, EvFollowed)
	e.Player, e.Box, e.Hand, e.Action, e.Amount, e.Seq = bt.Player, b.N, t.Hand, t.Follow, amount, t.Seq
	if timeout {
		e.Reason = "timeout"
	}
	return evs
}

// followed reports the player's answer to a double or split of the
// command's hand, sent again: the last he gave there (in the wait Seq
// names, if it does), with the same content.
func (s *State) followed(c *Command) bool {
	for i := len(s.Decisions) - 1; i >= 0; i-- {
		d := s.Decisions[i]
		if !d.Follow || d.Player != c.Player || d.Box != c.Box || d.Hand != c.Hand || (c.Seq != 0 && d.Seq != c.Seq) {
			continue
		}
		return d.Stays == c.Decline && (c.Decline || c.Amount == 0 || c.Amount == d.Amount)
	}
	return false
}

// resolve carries out the turn's double or split once every co-bettor
// asked has answered; the wait then ends.
func (s *State) resolve(b *Box, evs []Event) []Event {
	t := &s.Turn
	if slices.Contains(t.Answers[:], Asked) {
		return evs
	}
	evs = s.carryOut(b, t.Hand, evs)
	t.Seq++
	return evs
}

// timeout is the clock acting for whoever is to decide in the wait (cz
// §10.9): the co-bettors asked to follow stay, the window's open offers
// are declined and the window closes, the box owner stands. A timeout
// for a wait that has ended is a replay.
func (s *State) timeout(r *Rules, c *Command, evs []Event) ([]Event, error) {
	t := &s.Turn
	switch {
	case c.Seq != 0 && c.Seq < t.Seq:
		return evs, nil
	case c.Seq > t.Seq:
		return evs, apierr.Precondition(ReasonStaleTurn, "timeout for wait %d: the round is at %d", c.Seq, t.Seq)
	case s.Phase != round.Closed:
		return evs, s.wrongPhase("timeout")
	}
	switch {
	case t.Follow != 0:
		b := s.box(t.Box)
		for k := range t.Answers {
			if t.Answers[k] == Asked {
				evs = s.answer(evs, b, k, 0, true, true)
			}
		}
		evs = s.resolve(b, evs)
	case t.Player != "":
		b := s.box(t.Box)
		h, _ := b.hand(t.Hand)
		s.Decisions = append(s.Decisions, Decision{})
		d := &s.Decisions[len(s.Decisions)-1]
		d.Seq, d.Player, d.Box, d.Hand, d.Action, d.Timeout = t.Seq, t.Player, b.N, h.ID, Stand, true
		var e *Event
		evs, e = grow(evs, EvDecided)
		e.Player, e.Box, e.Hand, e.Action, e.Seq, e.Reason = t.Player, b.N, h.ID, Stand, t.Seq, "timeout"
		t.Seq++
		h.Acted, h.Done = true, true
	case s.Stage == Window && t.Box == 0:
		evs = s.declineOffers(r, evs)
		evs = s.closeWindow(r, evs)
	default:
		return evs, apierr.Precondition(ReasonNoDecisionDue, "no decision is due: the round waits for %s", s.waiting())
	}
	evs = s.advance(r, evs)
	return evs, nil
}

// declineOffers records the open insurance and even money offers as
// declined when the window's clock runs out (cz §10.9: no insurance
// unless the player signals).
func (s *State) declineOffers(r *Rules, evs []Event) []Event {
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for k := range b.Bettors {
			bt := &b.Bettors[k]
			if _, _, no := s.insuranceOffer(r, b, k); no == 0 && bt.Insurance == 0 && !bt.NoInsurance {
				bt.NoInsurance = true
				evs = append(evs, Event{Kind: EvDeclined, Player: bt.Player, Box: b.N, Hand: 1, Action: Insure, Reason: "timeout"})
			}
			if s.evenMoneyOffer(r, b, k) == 0 && !bt.NoEvenMoney {
				bt.NoEvenMoney = true
				evs = append(evs, Event{Kind: EvDeclined, Player: bt.Player, Box: b.N, Hand: 1, Action: EvenMoney, Reason: "timeout"})
			}
		}
	}
	return evs
}
