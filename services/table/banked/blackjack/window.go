package blackjack

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// upAce and upTen report the dealer's one card an ace or a ten-value
// card.
func (s *State) upAce() bool { return len(s.Dealer) > 0 && isAce(s.Dealer[0]) }
func (s *State) upTen() bool { return len(s.Dealer) > 0 && isTen(s.Dealer[0]) }

// windowOpens reports whether anyone may act in a pre-play window after
// the initial deal: insurance or even money against an ace (cz §6.4; ru
// §3.42, §4.1), even money against a ten on request (ru §3.41), early
// surrender (ru §3.27).
func (s *State) windowOpens(r *Rules) bool {
	o := &r.Options
	if !s.upAce() && !(s.upTen() && o.EvenMoneyVsTen) && o.Surrender != SurrenderEarly {
		return false // no offer is open to anyone (the offers' first conditions)
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for k := range b.Bettors {
			if _, _, no := s.insuranceOffer(r, b, k); no == 0 {
				return true
			}
			if s.evenMoneyOffer(r, b, k) == 0 {
				return true
			}
			if r.Options.Surrender == SurrenderEarly && s.surrenderOffer(r, b, k) == 0 {
				return true
			}
		}
	}
	return false
}

// windowWaits reports a window still holding play: for an answer to an
// insurance or even money offer (cz §6.4), or, while a player may still
// ask for something (early surrender, even money against a ten: ru
// §3.27, §3.41), for the clock (CmdTimeout).
func (s *State) windowWaits(r *Rules) bool {
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for k := range b.Bettors {
			bt := &b.Bettors[k]
			if _, _, no := s.insuranceOffer(r, b, k); no == 0 && bt.Insurance == 0 && !bt.NoInsurance {
				return true
			}
			if s.evenMoneyOffer(r, b, k) == 0 && !bt.NoEvenMoney {
				return true
			}
			if r.Options.Surrender == SurrenderEarly && s.surrenderOffer(r, b, k) == 0 {
				return true
			}
		}
	}
	return false
}

// closeWindow ends the pre-play window, a wait of its own (Turn.Seq);
// play goes on.
func (s *State) closeWindow(_ *Rules, evs []Event) []Event {
	s.Stage = Playing
	s.Turn.Seq++
	evs, _ = grow(evs, EvWindowClosed)
	return evs
}

// refusal is why an insurance, even money or surrender is not open to a
// bettor, 0 when it is. The window asks about every bettor at every step;
// the error, with its words, is made only for a command it refuses
// (State.refuse).
type refusal uint8

const (
	_ refusal = iota
	noInsuranceVsCard
	insuranceOutOfPlay
	insuranceOnBlackjack
	insuranceOfNothing
	insuranceUnderBoxMinimum
	noEvenMoneyForHand
	noEvenMoneyVsCard
	noSurrenderAtTable
	noSurrenderVsAce
	surrenderOutOfPlay
	surrenderAfterPlay
	surrenderOfBlackjack
	surrenderOfPair
	surrenderBeforeDeal
	surrenderClosed
)

// refuse is the error that refuses bettor k's command on box b for no.
func (s *State) refuse(r *Rules, no refusal, b *Box, k int) error {
	bt := &b.Bettors[k]
	pre := func(reason, format string, args ...any) error { return apierr.Precondition(reason, format, args...) }
	switch no {
	case noInsuranceVsCard:
		return pre(ReasonNotOffered, "insurance only against a dealer ace (cz §6.4; ru §3.42)")
	case insuranceOutOfPlay, surrenderOutOfPlay:
		return pre(ReasonNotOffered, "%s's bet on box %d is out of play", bt.Player, b.N)
	case insuranceOnBlackjack:
		return pre(ReasonNotOffered, "a blackjack is not insured; even money is offered instead (cz §6.4)")
	case insuranceOfNothing:
		return pre(ReasonNotOffered, "half of %d is nothing", bt.Stake)
	case insuranceUnderBoxMinimum:
		lo, hi := s.insuranceRange(r, b, k)
		return pre(ReasonNotOffered, "box %d's insurance must reach %d and %s may insure at most %d (ru §3.43–3.44)", b.N, lo, bt.Player, hi)
	case noEvenMoneyForHand:
		return pre(ReasonNotOffered, "even money is for a blackjack in play")
	case noEvenMoneyVsCard:
		return pre(ReasonNotOffered, "no even money against %s (cz §6.4; ru §3.41)", s.Dealer[0])
	case noSurrenderAtTable:
		return pre(ReasonNotOffered, "the table has no surrender")
	case noSurrenderVsAce:
		return pre(ReasonNotOffered, "no surrender against an ace (cz §6.6; ru §3.30)")
	case surrenderAfterPlay:
		return pre(ReasonNotOffered, "surrender only on the first two cards, before any other (cz §10.6)")
	case surrenderOfBlackjack:
		return pre(ReasonNotOffered, "a blackjack is not surrendered")
	case surrenderOfPair:
		return pre(ReasonNotOffered, "no surrender on a pair (ru N6)")
	case surrenderBeforeDeal:
		return pre(ReasonNotOffered, "the initial deal is not over")
	case surrenderClosed:
		return pre(ReasonWindowClosed, "surrender closed with the first card of play (ru §3.27)")
	}
	return nil
}

// insuranceOffer is what bettor k on box b may insure while the window
// is open: against a dealer ace (cz §6.4; ru §3.42), up to half his
// original bet (cz §0; ru §3.44), the box's insurance at least half the
// table minimum where the rules say so (ru §3.43). A blackjack is not
// insured: it is offered even money (cz §6.4).
func (s *State) insuranceOffer(r *Rules, b *Box, k int) (lo, hi int64, no refusal) {
	bt := &b.Bettors[k]
	switch {
	case !s.upAce():
		return 0, 0, noInsuranceVsCard
	case bt.out() || !b.Hands[0].Stakes[k].live():
		return 0, 0, insuranceOutOfPlay
	case s.isBlackjack(r, &b.Hands[0]):
		return 0, 0, insuranceOnBlackjack
	case bt.Stake/2 < 1:
		return 0, 0, insuranceOfNothing
	}
	if lo, hi = s.insuranceRange(r, b, k); lo > hi {
		return 0, 0, insuranceUnderBoxMinimum
	}
	return lo, hi, 0
}

// insuranceRange is what bettor k may insure: up to half his bet, and
// where the box's insurance must reach half the table minimum, at least
// what the others' leaves to reach (ru §3.43–3.44).
func (s *State) insuranceRange(r *Rules, b *Box, k int) (lo, hi int64) {
	lo, hi = 1, b.Bettors[k].Stake/2
	if r.Options.InsuranceBoxMinHalf {
		need := (r.tableMin() + 1) / 2
		for j := range b.Bettors {
			if j != k {
				need -= b.Bettors[j].Insurance
			}
		}
		lo = max(lo, need)
	}
	return lo, hi
}

// evenMoneyOffer reports whether bettor k on box b may take even money:
// his blackjack still in play against a dealer ace (cz §6.4; ru §4.1) or,
// on request, a ten-value card (ru §3.41).
func (s *State) evenMoneyOffer(r *Rules, b *Box, k int) refusal {
	o := &r.Options
	h := &b.Hands[0]
	switch {
	case !s.isBlackjack(r, h) || b.Bettors[k].out() || !h.Stakes[k].live():
		return noEvenMoneyForHand
	case s.upAce() && o.EvenMoney, s.upTen() && o.EvenMoneyVsTen:
		return 0
	}
	return noEvenMoneyVsCard
}

// surrenderOffer reports whether bettor k on box b may surrender his
// bet, the window aside: on the box's first two cards before any
// decision on them (cz §6.6, §10.6; ru §3.27), not against an ace unless
// the manager allows it (cz §6.6; ru §3.30–3.31), not a pair where the
// rules say so (ru N6), not a blackjack, which is paid or pushes.
func (s *State) surrenderOffer(r *Rules, b *Box, k int) refusal {
	o := &r.Options
	h := &b.Hands[0]
	switch {
	case o.Surrender == SurrenderNone:
		return noSurrenderAtTable
	case s.upAce() && !o.SurrenderVsAce:
		return noSurrenderVsAce
	case b.Bettors[k].out() || !h.Stakes[k].live():
		return surrenderOutOfPlay
	case len(b.Hands) != 1 || len(h.Cards) != 2 || h.Acted:
		return surrenderAfterPlay
	case s.isBlackjack(r, h):
		return surrenderOfBlackjack
	case !o.SurrenderPairs && pair(h.Cards[0], h.Cards[1], o.SplitBy):
		return surrenderOfPair
	}
	return 0
}

// surrenderOpen is surrenderOffer with the time it is allowed in: the
// pre-play window (ru §3.27), or, on the hand, also while the boxes play
// (cz §6.6).
func (s *State) surrenderOpen(r *Rules, b *Box, k int) refusal {
	switch {
	case s.Stage == Window:
	case s.Stage == Playing && r.Options.Surrender == SurrenderHand:
	case s.Stage == Dealing:
		return surrenderBeforeDeal
	default:
		return surrenderClosed
	}
	return s.surrenderOffer(r, b, k)
}

// bettorOn finds the command's player among the bets of the command's
// box, once bets are closed.
func (s *State) bettorOn(c *Command, what string) (*Box, int, error) {
	if s.Phase != round.Closed && (!s.Phase.Over() || len(s.Boxes) == 0) {
		return nil, 0, s.wrongPhase(what) // over with boxes: a replay may still be recognised
	}
	b := s.box(c.Box)
	if b == nil {
		return nil, 0, apierr.NotFound(ReasonUnknownBox, "box %d is not in play", c.Box)
	}
	k := b.bettor(c.Player)
	if k < 0 {
		return nil, 0, apierr.Precondition(ReasonNotOnBox, "%q has no bet on box %d", c.Player, c.Box)
	}
	return b, k, nil
}

// windowClosed refuses an answer outside the window.
func (s *State) windowClosed(what string) error {
	if s.Phase != round.Closed {
		return s.wrongPhase(what)
	}
	if s.Stage == Dealing {
		return apierr.Precondition(ReasonNotOffered, "%s: the initial deal is not over", what)
	}
	return apierr.Precondition(ReasonWindowClosed, "%s: the pre-play window is closed (cz §6.4; ru §3.46)", what)
}

// insure takes a bettor's insurance, or his refusal of it (Amount 0).
// Co-bettors decide each for himself (cz §6.4, §8). It cannot be changed
// (ru §3.46).
func (s *State) insure(r *Rules, c *Command, evs []Event) ([]Event, error) {
	b, k, err := s.bettorOn(c, "insurance")
	if err != nil {
		return evs, err
	}
	bt := &b.Bettors[k]
	switch {
	case (c.Amount > 0 && bt.Insurance == c.Amount) || (c.Amount == 0 && bt.NoInsurance):
		return evs, nil
	case bt.Insurance > 0 || bt.NoInsurance:
		return evs, apierr.Precondition(ReasonAlreadyAnswered, "%s answered insurance on box %d (ru §3.46: it cannot be changed)", bt.Player, b.N)
	case s.Phase != round.Closed || s.Stage != Window:
		return evs, s.windowClosed("insurance")
	}
	lo, hi, no := s.insuranceOffer(r, b, k)
	if no != 0 {
		return evs, s.refuse(r, no, b, k)
	}
	if c.Amount == 0 {
		bt.NoInsurance = true
		evs, _ = answerEvent(evs, EvDeclined, bt, b.N, Insure)
		return s.answered(r, evs), nil
	}
	if c.Amount < lo || c.Amount > hi {
		return evs, apierr.Invalid(ReasonBadAmount, "insurance %d: want %d to %d (cz §0; ru §3.43–3.44)", c.Amount, lo, hi)
	}
	bt.Insurance = c.Amount
	stake := round.Bet{ID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, 1, kindInsurance), Amount: c.Amount}
	evs, e := answerEvent(evs, EvInsured, bt, b.N, 0)
	e.Amount, e.Bets = c.Amount, s.scratch.addBets(stake)
	return s.answered(r, evs), nil
}

// answered moves the round on after a window answer, whose event evs
// ends with.
func (s *State) answered(r *Rules, evs []Event) []Event {
	evs = s.advance(r, evs)
	return evs
}

// answerEvent appends the event of bettor bt's answer on box n's first
// hand (an insurance, even money, a surrender).
func answerEvent(evs []Event, k EventKind, bt *Bettor, n int, a Action) ([]Event, *Event) {
	evs, e := grow(evs, k)
	e.Player, e.Box, e.Hand, e.Action = bt.Player, n, 1, a
	return evs, e
}

// evenMoney pays a bettor's blackjack 1:1 at once, his hand then over
// for him (cz §6.4; ru §4.1, T6), or takes his refusal.
func (s *State) evenMoney(r *Rules, c *Command, evs []Event) ([]Event, error) {
	b, k, err := s.bettorOn(c, "even money")
	if err != nil {
		return evs, err
	}
	bt := &b.Bettors[k]
	switch {
	case (!c.Decline && bt.EvenMoney) || (c.Decline && bt.NoEvenMoney):
		return evs, nil
	case bt.EvenMoney || bt.NoEvenMoney:
		return evs, apierr.Precondition(ReasonAlreadyAnswered, "%s answered even money on box %d", bt.Player, b.N)
	case s.Phase != round.Closed || s.Stage != Window:
		return evs, s.windowClosed("even money")
	}
	if no := s.evenMoneyOffer(r, b, k); no != 0 {
		return evs, s.refuse(r, no, b, k)
	}
	if c.Decline && !s.upAce() {
		// Against a ten even money is the player's request (ru §3.41),
		// not an offer the window waits on: there is nothing to decline,
		// and Legal lists no such move.
		return evs, apierr.Precondition(ReasonNotOffered, "even money against %s is asked for, not offered: nothing to decline (ru §3.41)", s.Dealer[0])
	}
	if c.Decline {
		bt.NoEvenMoney = true
		evs, _ = answerEvent(evs, EvDeclined, bt, b.N, EvenMoney)
		return s.answered(r, evs), nil
	}
	bt.EvenMoney = true
	st := &b.Hands[0].Stakes[k]
	st.Settled = true
	from := len(s.Lines)
	s.addLine(&r.Options, b, k, lineSpot(b.N, 1, kindEvenMoney), st.Base, won)
	evs, e := answerEvent(evs, EvPaid, bt, b.N, EvenMoney)
	e.Lines, e.Reason = s.linesFrom(from), "even money"
	return s.answered(r, evs), nil
}

// surrender returns half a bettor's bet and takes the other half; his
// stake is out of the round (cz §6.6, §7; ru §3.29, T14). Each bettor on
// a box decides for his own stake (cz §8; ru N6); when the owner's goes,
// the next bettor decides for the box.
func (s *State) surrender(r *Rules, c *Command, evs []Event) ([]Event, error) {
	b, k, err := s.bettorOn(c, "surrender")
	if err != nil {
		return evs, err
	}
	bt := &b.Bettors[k]
	if bt.Surrendered {
		return evs, nil
	}
	if s.Phase != round.Closed {
		return evs, s.wrongPhase("surrender")
	}
	if no := s.surrenderOpen(r, b, k); no != 0 {
		return evs, s.refuse(r, no, b, k)
	}
	bt.Surrendered = true
	st := &b.Hands[0].Stakes[k]
	st.Settled = true
	from := len(s.Lines)
	s.addLine(&r.Options, b, k, lineSpot(b.N, 1, kindOriginal), st.Base, surrendered)
	evs, e := answerEvent(evs, EvPaid, bt, b.N, Surrender)
	e.Lines, e.Reason = s.linesFrom(from), "surrender"
	return s.answered(r, evs), nil
}
