package blackjack

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// BlackjackPay is what a blackjack on stake is paid on top of it: 3:2
// (cz §0; ru §4.4), rounded to the chip unit as the rules say when not
// whole (ru N8).
func (r Rules) BlackjackPay(stake int64) int64 { return r.Options.blackjackPay(stake) }

func (o *Options) blackjackPay(stake int64) int64 {
	unit := max(o.ChipUnit, 1) * max(o.BlackjackPays.Den, 1)
	exact := stake * o.BlackjackPays.Num
	n := exact / unit
	if exact%unit != 0 && o.BlackjackRounding == RoundUp {
		n++
	}
	return n * max(o.ChipUnit, 1)
}

// verdict is what a stake's line does with it.
type verdict uint8

const (
	// open: nothing yet; the line only states the stake.
	open verdict = iota
	lost
	pushed // returned
	won    // 1:1
	blackjack
	// surrendered: half returned, the other half lost (cz §6.6; ru §3.29).
	surrendered
)

// settleStake settles bettor k's stakes on hand h: the base (the
// original bet on the first hand, a split stake on the others) as base
// says, and the double, when he has one, as double says, each with its
// line on the spot it was made on.
func (s *State) settleStake(o *Options, b *Box, h *Hand, k int, base, double verdict) {
	st := &h.Stakes[k]
	st.Settled = true
	kind := kindOriginal
	if h.ID != 1 {
		kind = kindSplit
	}
	s.addLine(o, b, k, lineSpot(b.N, h.ID, kind), st.Base, base)
	if st.Double > 0 {
		s.addLine(o, b, k, lineSpot(b.N, h.ID, kindDouble), st.Double, double)
	}
}

// addLine appends the line of bettor k's stake on box b at spot, which
// does with it what v says, made in place (grow).
func (s *State) addLine(o *Options, b *Box, k int, spot string, stake int64, v verdict) {
	s.Lines = append(s.Lines, round.Line{})
	l := &s.Lines[len(s.Lines)-1]
	bt := &b.Bettors[k]
	l.BetID, l.Player, l.Spot, l.Stake = bt.BetID, bt.Player, spot, stake
	switch v {
	case lost:
		l.Lost = stake
	case pushed:
		l.Returned = stake
	case won:
		l.Won, l.Returned = stake, stake
	case blackjack:
		l.Won, l.Returned = o.blackjackPay(stake), stake
	case surrendered:
		l.Returned = stake / 2
		l.Lost = stake - l.Returned
	}
}

// paid reports the lines s.Lines gained since from, made final before
// the settlement, as an EvPaid for the reason why (on box and hand, when
// they are one hand's); nothing when there are none.
func (s *State) paid(evs []Event, from, box, hand int, why string) []Event {
	if len(s.Lines) == from {
		return evs
	}
	evs, e := grow(evs, EvPaid)
	e.Box, e.Hand, e.Lines, e.Reason = box, hand, s.linesFrom(from), why
	return evs
}

// payBlackjacks pays every blackjack still in play 3:2 (cz §6.5, §7; ru
// §3.39–3.40).
func (s *State) payBlackjacks(r *Rules, evs []Event) []Event {
	from := len(s.Lines)
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for j := range b.Hands {
			h := &b.Hands[j]
			if !s.isBlackjack(r, h) {
				continue
			}
			for k := range h.Stakes {
				if h.Stakes[k].live() {
					s.settleStake(&r.Options, b, h, k, blackjack, open)
				}
			}
		}
	}
	return s.paid(evs, from, 0, 0, "blackjack")
}

// lose takes every stake still on hand h at once (a bust: cz §6.6, ru
// §3.11).
func (s *State) lose(r *Rules, b *Box, h *Hand, why string, evs []Event) []Event {
	from := len(s.Lines)
	for k := range h.Stakes {
		if h.Stakes[k].live() {
			s.settleStake(&r.Options, b, h, k, lost, lost)
		}
	}
	return s.paid(evs, from, b.N, h.ID, why)
}

// bonus777 pays three sevens making 21 1:1 at once on each bettor's
// stake on the hand, the hand then settled as any other (cz §6.6, §7;
// §10.7: no suit needed, after a split and a double too, by default). A
// bonus has no stake: its line's Stake is 0 and it pays Won.
func (s *State) bonus777(r *Rules, b *Box, h *Hand, evs []Event) []Event {
	o := &r.Options
	if !o.Bonus777 || !sevens(h.Cards, o.Bonus777Suited) || (h.Split && !o.Bonus777AfterSplit) || (h.Doubled && !o.Bonus777AfterDouble) {
		return evs
	}
	from := len(s.Lines)
	for k := range h.Stakes {
		st := &h.Stakes[k]
		if !st.live() || st.Bonus {
			continue
		}
		st.Bonus = true
		bt := &b.Bettors[k]
		s.Lines = append(s.Lines, round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, h.ID, kindBonus), Won: st.Base + st.Double})
	}
	return s.paid(evs, from, b.N, h.ID, "7-7-7")
}

// settle settles every stake still in play, box by box from the dealer's
// right and hand by hand right to left, as the dealer pays (ru §4.8;
// cz §7 gives no order and takes ru's), and ends the round.
func (s *State) settle(r *Rules, evs []Event) []Event {
	from, order := len(s.Lines), len(s.scratch.order)
	dealer := handOf(s.Dealer)
	for i := len(s.Boxes) - 1; i >= 0; i-- {
		b := &s.Boxes[i]
		s.scratch.order = append(s.scratch.order, b.N)
		for j := len(b.Hands) - 1; j >= 0; j-- {
			h := &b.Hands[j]
			if !h.live() {
				continue
			}
			base, double := s.outcome(r, h, dealer) // the hand's, each bettor's on it alike
			for k := range h.Stakes {
				if h.Stakes[k].live() {
					s.settleStake(&r.Options, b, h, k, base, double)
				}
			}
		}
		// An insurance always has its line from the dealer's second card,
		// which it waits for; should one be left, it is returned rather
		// than taken on a card nobody saw.
		for k := range b.Bettors {
			if bt := &b.Bettors[k]; bt.Insurance > 0 && !bt.InsuranceDone {
				bt.InsuranceDone = true
				s.Lines = append(s.Lines, round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, 1, kindInsurance), Stake: bt.Insurance, Returned: bt.Insurance})
			}
		}
	}
	s.Phase, s.Stage = round.Settled, 0
	s.Turn = Turn{Seq: s.Turn.Seq}
	evs, e := grow(evs, EvSettled)
	o := s.scratch.order
	e.Lines, e.Order = s.linesFrom(from), o[order:len(o):len(o)]
	return evs
}

// dealerHand is what settling asks of the dealer's cards, counted once.
type dealerHand struct {
	total     int
	blackjack bool
}

func handOf(cards []card.Card) dealerHand {
	t, _ := Value(cards)
	return dealerHand{total: t, blackjack: IsBlackjack(cards)}
}

// outcome is what becomes of the stakes on hand h, its base and its
// double, against the dealer's hand (cz §7; ru §4.8, §6).
func (s *State) outcome(r *Rules, h *Hand, dealer dealerHand) (base, double verdict) {
	o := &r.Options
	pt, _ := Value(h.Cards)
	dt, dealerBJ := dealer.total, dealer.blackjack
	playerBJ := s.isBlackjack(r, h)
	switch {
	case len(s.Dealer) < 2:
		// The dealer drew no second card because nothing waited on it:
		// unreachable with a stake in play, which he draws for; returned
		// rather than decided on a card nobody saw.
		return pushed, pushed
	case dealerBJ && playerBJ:
		// Blackjack against blackjack is a push (cz §7; ru §4.8 "Стей").
		return pushed, open
	case dealerBJ && pt == 21 && !o.DealerBlackjackBeats21:
		return pushed, pushed
	case dealerBJ && !o.ENHCLoseAll:
		// Original bet only: the original stake loses, the double and
		// split stakes are returned (cz §10.1's alternative).
		if h.ID == 1 {
			return lost, pushed
		}
		return pushed, pushed
	case dealerBJ:
		// No hole card: the dealer's blackjack takes every stake,
		// doubles and splits included (cz §10.1; ru N1, T9).
		return lost, lost
	case playerBJ:
		return blackjack, open
	case pt > 21:
		return lost, lost
	case dt > 21 || pt > dt:
		return won, won
	case pt == dt:
		return pushed, pushed
	}
	return lost, lost
}
