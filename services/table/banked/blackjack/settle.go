package blackjack

import "github.com/croupier/croupier/services/table/banked/round"

// pay is what a winning stake is paid at the ratio, rounded down to the
// minor unit.
func (q Ratio) pay(stake int64) int64 { return stake * q.Num / q.Den }

// BlackjackPay is what a blackjack on stake is paid on top of it: 3:2
// (cz §0; ru §4.4), rounded to the chip unit as the rules say when not
// whole (ru N8).
func (r Rules) BlackjackPay(stake int64) int64 {
	o := r.Options
	unit := max(o.ChipUnit, 1) * max(o.BlackjackPays.Den, 1)
	exact := stake * o.BlackjackPays.Num
	n := exact / unit
	if exact%unit != 0 && o.BlackjackRounding == RoundUp {
		n++
	}
	return n * max(o.ChipUnit, 1)
}

// stakeLines are the lines of bettor k's stakes on hand h: the base
// (the original bet on the first hand, a split stake on the others) and
// the double, each with its stake and nothing paid or taken yet.
func stakeLines(b *Box, h *Hand, k int) (base, double round.Line) {
	bt, st := &b.Bettors[k], &h.Stakes[k]
	kind := kindOriginal
	if h.ID != 1 {
		kind = kindSplit
	}
	base = round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, h.ID, kind), Stake: st.Base}
	double = round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, h.ID, kindDouble), Stake: st.Double}
	return base, double
}

// appendStake settles bettor k's stakes on hand h with the lines given,
// the double's only when he has one.
func appendStake(lines []round.Line, h *Hand, k int, base, double round.Line) []round.Line {
	h.Stakes[k].Settled = true
	lines = append(lines, base)
	if double.Stake > 0 {
		lines = append(lines, double)
	}
	return lines
}

// paid records lines made final before the settlement, as an EvPaid.
func (s *State) paid(evs []Event, ev Event) []Event {
	if len(ev.Lines) == 0 {
		return evs
	}
	s.Lines = append(s.Lines, ev.Lines...)
	return append(evs, ev)
}

// payBlackjacks pays every blackjack still in play 3:2 (cz §6.5, §7; ru
// §3.39–3.40).
func (s *State) payBlackjacks(r Rules, evs []Event) []Event {
	ev := Event{Kind: EvPaid, Reason: "blackjack"}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		for j := range b.Hands {
			h := &b.Hands[j]
			if !s.isBlackjack(r, h) {
				continue
			}
			for k := range h.Stakes {
				if h.Stakes[k].live() {
					base, double := stakeLines(b, h, k)
					base.Won, base.Returned = r.BlackjackPay(base.Stake), base.Stake
					ev.Lines = appendStake(ev.Lines, h, k, base, double)
				}
			}
		}
	}
	return s.paid(evs, ev)
}

// lose takes every stake still on hand h at once (a bust: cz §6.6, ru
// §3.11).
func (s *State) lose(b *Box, h *Hand, why string, evs []Event) []Event {
	ev := Event{Kind: EvPaid, Box: b.N, Hand: h.ID, Reason: why}
	for k := range h.Stakes {
		if h.Stakes[k].live() {
			base, double := stakeLines(b, h, k)
			base.Lost, double.Lost = base.Stake, double.Stake
			ev.Lines = appendStake(ev.Lines, h, k, base, double)
		}
	}
	return s.paid(evs, ev)
}

// bonus777 pays three sevens making 21 1:1 at once on each bettor's
// stake on the hand, the hand then settled as any other (cz §6.6, §7;
// §10.7: no suit needed, after a split and a double too, by default). A
// bonus has no stake: its line's Stake is 0 and it pays Won.
func (s *State) bonus777(r Rules, b *Box, h *Hand, evs []Event) []Event {
	o := r.Options
	if !o.Bonus777 || !sevens(h.Cards, o.Bonus777Suited) || (h.Split && !o.Bonus777AfterSplit) || (h.Doubled && !o.Bonus777AfterDouble) {
		return evs
	}
	ev := Event{Kind: EvPaid, Box: b.N, Hand: h.ID, Reason: "7-7-7"}
	for k := range h.Stakes {
		st := &h.Stakes[k]
		if !st.live() || st.Bonus {
			continue
		}
		st.Bonus = true
		bt := &b.Bettors[k]
		ev.Lines = append(ev.Lines, round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, h.ID, kindBonus), Won: st.Base + st.Double})
	}
	return s.paid(evs, ev)
}

// settle settles every stake still in play, box by box from the dealer's
// right and hand by hand right to left, as the dealer pays (ru §4.8;
// cz §7 gives no order and takes ru's), and ends the round.
func (s *State) settle(r Rules, evs []Event) []Event {
	ev := Event{Kind: EvSettled, Order: make([]int, 0, len(s.Boxes))}
	for i := len(s.Boxes) - 1; i >= 0; i-- {
		b := &s.Boxes[i]
		ev.Order = append(ev.Order, b.N)
		for j := len(b.Hands) - 1; j >= 0; j-- {
			h := &b.Hands[j]
			for k := range h.Stakes {
				if h.Stakes[k].live() {
					ev.Lines = s.outcome(r, b, h, k, ev.Lines)
				}
			}
		}
		// An insurance always has its line from the dealer's second card,
		// which it waits for; should one be left, it is returned rather
		// than taken on a card nobody saw.
		for k := range b.Bettors {
			if bt := &b.Bettors[k]; bt.Insurance > 0 && !bt.InsuranceDone {
				bt.InsuranceDone = true
				ev.Lines = append(ev.Lines, round.Line{BetID: bt.BetID, Player: bt.Player, Spot: lineSpot(b.N, 1, kindInsurance), Stake: bt.Insurance, Returned: bt.Insurance})
			}
		}
	}
	s.Lines = append(s.Lines, ev.Lines...)
	s.Phase, s.Stage = round.Settled, 0
	s.Turn = Turn{Seq: s.Turn.Seq}
	return append(evs, ev)
}

// outcome settles bettor k's stakes on hand h against the dealer's hand
// (cz §7; ru §4.8, §6).
func (s *State) outcome(r Rules, b *Box, h *Hand, k int, lines []round.Line) []round.Line {
	o := r.Options
	base, double := stakeLines(b, h, k)
	pt, _ := Value(h.Cards)
	dt, _ := Value(s.Dealer)
	playerBJ, dealerBJ := s.isBlackjack(r, h), IsBlackjack(s.Dealer)
	win := func(l *round.Line) { l.Won, l.Returned = l.Stake, l.Stake }
	push := func(l *round.Line) { l.Returned = l.Stake }
	lose := func(l *round.Line) { l.Lost = l.Stake }
	switch {
	case len(s.Dealer) < 2:
		// The dealer drew no second card because nothing waited on it:
		// unreachable with a stake in play, which he draws for; returned
		// rather than decided on a card nobody saw.
		push(&base)
		push(&double)
	case dealerBJ && playerBJ:
		// Blackjack against blackjack is a push (cz §7; ru §4.8 "Стей").
		push(&base)
	case dealerBJ && pt == 21 && !o.DealerBlackjackBeats21:
		push(&base)
		push(&double)
	case dealerBJ && !o.ENHCLoseAll:
		// Original bet only: the original stake loses, the double and
		// split stakes are returned (cz §10.1's alternative).
		if h.ID == 1 {
			lose(&base)
		} else {
			push(&base)
		}
		push(&double)
	case dealerBJ:
		// No hole card: the dealer's blackjack takes every stake,
		// doubles and splits included (cz §10.1; ru N1, T9).
		lose(&base)
		lose(&double)
	case playerBJ:
		base.Won, base.Returned = r.BlackjackPay(base.Stake), base.Stake
	case pt > 21:
		lose(&base)
		lose(&double)
	case dt > 21 || pt > dt:
		win(&base)
		win(&double)
	case pt == dt:
		push(&base)
		push(&double)
	default:
		lose(&base)
		lose(&double)
	}
	return appendStake(lines, h, k, base, double)
}
