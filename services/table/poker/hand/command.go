package hand

import (
	"slices"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/pot"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/split"
)

// command applies an operator command.
func (s *State) command(v Variant, a Action) error {
	switch a.Command {
	case CmdVoidSeat:
		if s.Phase != Betting && !s.soleWinner(a.Seat) {
			return apierr.Precondition("HAND_OVER", "the hand is %s", s.Phase)
		}
	case CmdMisdeal, CmdRefusePost:
		if s.Phase != Betting {
			return apierr.Precondition("HAND_OVER", "the hand is %s", s.Phase)
		}
	case CmdAward:
		if s.Phase != Dispute {
			return apierr.Precondition("NO_DISPUTE", "no pot is held for a decision")
		}
	default:
		return apierr.Invalid("UNKNOWN_COMMAND", "command %d", a.Command)
	}
	switch a.Command {
	case CmdRefusePost:
		if !s.inHand(a.Seat) && !(a.Seat >= 0 && a.Seat < MaxSeats && s.Seats[a.Seat].In) {
			return apierr.Invalid("BAD_SEAT", "seat %d is not in the hand", a.Seat)
		}
	case CmdVoidSeat:
		if !s.inHand(a.Seat) {
			return apierr.Invalid("BAD_SEAT", "seat %d is not in the hand", a.Seat)
		}
		if a.Return > VoidReturnUncalled {
			return apierr.Invalid("BAD_VOID", "void choice %d", a.Return)
		}
	case CmdAward:
		if err := s.checkAward(a.Awards); err != nil {
			return err
		}
	}
	s.Seq++
	s.Log = append(s.Log, entryOf(s.Seq, s.Street, a, betting.Result{}))
	switch a.Command {
	case CmdMisdeal:
		// All hands void, every bet back, blinds and antes included (G7.17);
		// the redeal goes to the same first player (G2, INV-05).
		s.Round.RefundAll()
		s.Reason = a.Reason
		s.end(Misdeal)
		s.emit(Event{Kind: EvMisdealt})
	case CmdRefusePost:
		// B.8(c): the hand is cancelled, the button stays, and the player is
		// not dealt in for the round; the chips go back (§6.8 assumption).
		s.Round.RefundAll()
		s.Refused, s.Reason = a.Seat, a.Reason
		s.end(Cancelled)
		s.emit(Event{Kind: EvCancelled, Seat: a.Seat})
	case CmdVoidSeat:
		s.voidSeat(v, a)
	case CmdAward:
		for seat, amt := range a.Awards {
			if amt > 0 {
				s.Round.Seats[seat].Stack += amt
				s.Seats[seat].Won += amt
				s.emit(Event{Kind: EvWon, Seat: seat, Amount: amt, Stack: s.Round.Seats[seat].Stack})
			}
		}
		s.Held = 0
		s.end(Complete)
		s.emit(Event{Kind: EvHandEnded})
	}
	return nil
}

// soleWinner reports whether seat took the pot as the only player left: his
// cards may still be found wrong (gr-regulation-2 G2.7 M9).
func (s *State) soleWinner(seat int) bool {
	return s.Phase == Complete && !s.Showdown && s.inHand(seat) && s.Round.InHand() == 1
}

// unaward takes back an uncontested award so the hand can be re-decided.
func (s *State) unaward() {
	for i := range s.Seats {
		s.Round.Seats[i].Stack -= s.Seats[i].Won
		s.Seats[i].Won = 0
	}
	s.Rake, s.Pots = 0, s.Pots[:0]
	s.Phase = Betting
}

// voidSeat kills one player's hand (wrong number of cards, G2.6): his bets
// go back if he has not acted or stay in the pot if he has (M7–M8), unless
// the operator says otherwise; the hand goes on without him.
func (s *State) voidSeat(v Variant, a Action) {
	seat := a.Seat
	r := &s.Round
	if s.Phase == Complete {
		s.unaward()
	}
	ret := a.Return == VoidReturnBets
	if a.Return == VoidByRule {
		ret = s.Rules.Options.VoidBets == profile.VoidReturnIfNotActed && !s.Seats[seat].Acted
	}
	var back int64
	switch {
	case ret:
		back = r.Refund(seat)
	case a.Return == VoidReturnUncalled:
		back = s.unraise(seat)
		r.Fold(seat)
	default:
		r.Fold(seat)
	}
	// The log keeps what came back, so the record shows the void as its
	// own event with its chips (the entry was logged before it ran).
	if e := &s.Log[len(s.Log)-1]; e.More != nil {
		e.More.Returned = back
	}
	sc := &s.Seats[seat]
	sc.Voided, sc.FoldedOn = true, s.Street
	s.Reason = a.Reason
	s.emit(Event{Kind: EvHandVoided, Seat: seat, Amount: back, Stack: r.Seats[seat].Stack})
	if r.InHand() == 0 {
		s.lastVoided()
		return
	}
	if r.ToAct == seat || r.ToAct < 0 {
		r.Advance(seat)
	} else if r.Closed() {
		r.ToAct = -1
	}
	s.progress(v)
}

// unraise gives seat back the part of his bet nobody called (H.25) and
// puts this round's betting back as it stood before that bet: the amount
// to call, the last full bet or raise and its increment, the raise count
// and the last aggressor are the standing ones again, and the players who
// had acted since the last standing full bet have acted (the big blind's
// option survives a killed first raise).
func (s *State) unraise(seat int) int64 {
	r := &s.Round
	back := r.Uncalled(seat)
	if back == 0 {
		return 0
	}
	// This street's player actions before seat's uncalled bet.
	var acts []Entry
	for i := len(s.Log) - 1; i >= 0 && int(s.Log[i].Street) == s.Street; i-- {
		if e := s.Log[i]; e.Result.Kind != betting.NoKind {
			acts = append(acts, e)
		}
	}
	slices.Reverse(acts)
	for i := len(acts) - 1; i >= 0; i-- {
		if int(acts[i].Seat) == seat && acts[i].Result.Kind.Aggressive() {
			acts = acts[:i]
			break
		}
	}
	called := r.Seats[seat].Bet
	r.High, r.LastAggressor, r.Raises = called, -1, 0
	r.Inc, r.Level = min(r.Inc, called), min(r.Level, called)
	full := -1
	for i, e := range acts {
		if e.Result.Kind.Aggressive() {
			r.LastAggressor = int(e.Seat)
		}
		if e.Result.Full {
			full = i
			r.Level = e.Result.To
			if e.Result.Kind == betting.Raise {
				r.Raises++
			}
		}
	}
	if full >= 0 {
		r.Inc = 0
		for _, e := range acts[:full+1] {
			if e.Result.Full {
				r.Inc = max(r.Inc, e.Result.By)
			}
		}
	}
	r.Opened = r.Opened && called > 0
	for i := range r.Seats {
		if i != seat && r.Seats[i].Status == betting.StatusLive {
			r.Seats[i].Acted = false
		}
	}
	for _, e := range acts[max(full, 0):] {
		if st := &r.Seats[e.Seat]; int(e.Seat) != seat && st.Status == betting.StatusLive {
			st.Acted = true
		}
	}
	return back
}

// lastVoided handles the void of the only player left (G2.7 M9): the pot is
// held for the casino's decision, or divided among the other players who
// were in the hand (docs/rules/betting-rules-ru-sports.md Appendix B item 9).
func (s *State) lastVoided() {
	r := &s.Round
	held := r.Pot()
	for i := range r.Seats {
		r.Seats[i].Total, r.Seats[i].Bet = 0, 0
	}
	if s.Rules.Options.LastVoid == profile.LastVoidDispute {
		s.Held = held
		s.end(Dispute)
		s.emit(Event{Kind: EvDisputed, Amount: held})
		return
	}
	var others pot.Seats
	for i := range s.Seats {
		if s.Seats[i].In && !s.Seats[i].Voided {
			others = others.Add(i)
		}
	}
	if others == 0 {
		// Everyone's hand was voided: nobody is left to take it.
		s.Held = held
		s.end(Dispute)
		s.emit(Event{Kind: EvDisputed, Amount: held})
		return
	}
	res := PotResult{Pot: pot.Pot{Amount: held, Eligible: others}, Winners: others}
	n, j := others.Len(), 0
	for off := 1; off <= MaxSeats; off++ {
		seat := (s.Setup.Button + off) % MaxSeats
		if !others.Has(seat) {
			continue
		}
		share := split.Share(held, s.Rules.Stakes.Unit, n, j, s.Rules.Options.OddChip, 0)
		res.Shares[seat] = share
		r.Seats[seat].Stack += share
		s.Seats[seat].Won += share
		s.emit(Event{Kind: EvWon, Seat: seat, Amount: share, Stack: r.Seats[seat].Stack, Seats: others})
		j++
	}
	s.Pots = append(s.Pots, res)
	s.end(Complete)
	s.emit(Event{Kind: EvHandEnded})
}

func (s *State) checkAward(awards []int64) error {
	if len(awards) > MaxSeats {
		return apierr.Invalid("BAD_AWARD", "%d shares for %d seats", len(awards), MaxSeats)
	}
	var sum int64
	for seat, amt := range awards {
		if amt < 0 {
			return apierr.Invalid("BAD_AWARD", "negative share for seat %d", seat)
		}
		if amt > 0 && !s.Seats[seat].In {
			return apierr.Invalid("BAD_AWARD", "seat %d was not in the hand", seat)
		}
		sum += amt
	}
	if sum != s.Held {
		return apierr.Invalid("BAD_AWARD", "shares add up to %d, the held pot is %d", sum, s.Held)
	}
	return nil
}
