package hand

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// Apply applies one input to the hand: the action of the seat to act, or
// an operator command. It mutates s and returns the events, which stay
// valid until the next call; a rejected input returns an *apierr.Error
// with a stable reason and leaves s exactly as it was. poker.Apply calls
// it with the variant of the hand's game.
func Apply(v Variant, s *State, a Action) ([]Event, error) {
	s.events = s.events[:0]
	var err error
	switch {
	case a.Command != NoCommand:
		err = s.command(v, a)
	case s.Phase != Betting:
		err = apierr.Precondition("HAND_OVER", "the hand is %s", s.Phase)
	default:
		err = s.act(v, &a)
	}
	if err != nil {
		s.events = s.events[:0]
		return nil, err
	}
	return s.events, nil
}

// act applies a player's action.
func (s *State) act(v Variant, a *Action) error {
	seat := a.Seat
	if seat < 0 || seat >= MaxSeats {
		return apierr.Invalid("BAD_SEAT", "seat %d", seat)
	}
	r := &s.Round
	highBefore := r.High
	var res betting.Result
	var rd betting.Reading
	var err error
	if a.Chips != nil {
		res, rd, err = r.ActChips(seat, *a.Chips)
	} else {
		if a.Kind == betting.NoKind {
			return apierr.Invalid("UNKNOWN_ACTION", "no action kind")
		}
		if c := &s.scratch; c.menuOK && c.menuSeat == seat && c.menuSeq == s.Seq {
			// The menu Legal just computed for this seat, on this state.
			err = r.ActInto(seat, &c.menu, betting.Action{Kind: a.Kind, Amount: a.Amount}, &res)
		} else {
			res, err = r.Act(seat, betting.Action{Kind: a.Kind, Amount: a.Amount})
		}
	}
	if err != nil {
		return err
	}
	s.Seq++
	if a.Chips == nil && a.Reason == "" && a.At.IsZero() {
		s.Log = append(s.Log, Entry{})
		e := &s.Log[len(s.Log)-1]
		e.Seq, e.Street, e.Seat, e.Kind, e.Amount, e.Result = int32(s.Seq), int8(s.Street), int8(seat), a.Kind, a.Amount, res
	} else {
		s.Log = append(s.Log, entryOf(s.Seq, s.Street, *a, res))
	}
	if a.Chips != nil {
		reading := rd // copied so that rd itself stays on the stack
		s.Log[len(s.Log)-1].More.Reading = &reading
	}
	st := &s.Seats[seat]
	if rd.Pending {
		s.emit(Event{Kind: EvChipsOwed, Seat: seat, Action: rd.Action.Kind, Amount: rd.Action.Amount,
			Paid: rd.Committed, Stack: r.Seats[seat].Stack})
		return nil
	}
	st.Acted = true
	s.Voluntary++
	s.emit(Event{Kind: EvActed, Seat: seat, Action: res.Kind, Amount: res.To, Paid: res.Paid,
		Stack: r.Seats[seat].Stack, AllIn: res.AllIn})
	switch {
	case res.Kind == betting.Fold:
		st.FoldedOn = s.Street
		if s.Rules.Options.DealFoldedUntilBet && s.Rules.Game.Stud() && highBefore == 0 {
			// Folded after the ante or in a check round: still dealt to until
			// a bet is placed (docs/rules/gr-variant-5-card-stud.md I6, 7-card I7).
			st.Dead = true
		}
	case res.Kind.Aggressive() || res.Kind == betting.BringIn:
		for i := range s.Seats {
			s.Seats[i].Dead = false
		}
		if res.Kind != betting.BringIn && res.To > highBefore {
			s.Aggressor, s.AggressorStreet = seat, s.Street
		}
	}
	r.Advance(seat)
	s.progress(v)
	return nil
}

// progress moves the hand on while no one is to act: it closes the betting
// round, deals the next street or runs the board out when nobody can bet,
// and ends the hand.
func (s *State) progress(v Variant) {
	r := &s.Round
	last := len(v.Schedule()) - 1
	for s.Phase == Betting {
		// One player left wins at once, whoever was to act; otherwise the
		// round is closed exactly when nobody is to act (Advance).
		one := r.InHand() <= 1
		if !one && r.ToAct >= 0 {
			return
		}
		if seat, back := r.EndStreet(); back > 0 {
			s.Returns = append(s.Returns, Return{Street: s.Street, Seat: seat, Amount: back})
			s.emit(Event{Kind: EvReturned, Seat: seat, Amount: back, Stack: r.Seats[seat].Stack})
		}
		if one {
			s.settle(v, false)
			return
		}
		if s.Street == last {
			s.settle(v, true)
			return
		}
		s.Street++
		s.deal(v, s.Street)
		r.StartStreet(s.Street, s.Rules.StreetBet(s.Street), v.BigOption(s, s.Street))
		if lead := v.Leader(s, s.Street); lead >= 0 {
			// Stud: the best up cards lead; an all-in leader passes to the
			// player on his left (docs/rules/gr-variant-5-card-stud.md item 6).
			r.Advance(lead - 1)
		} else {
			// The first player in the hand after the button
			// (docs/rules/gr-variant-texas-holdem.md R2.4).
			r.Advance(s.Setup.Button)
		}
		s.Leader = r.ToAct
		s.emit(Event{Kind: EvStreetStarted, Seat: r.ToAct})
	}
}

// TimeoutAction is the action taken for the seat to act when its clock
// runs out: a check if it may check, the forced opening if it owes one,
// otherwise a fold (gr-regulation-1 §6.4 assumption).
func (s *State) TimeoutAction() Action {
	seat := s.ToAct()
	if seat < 0 {
		return Action{Seat: -1}
	}
	var fold, check bool
	var forced betting.Legal
	for _, l := range s.Round.Legal(seat, nil) {
		switch l.Kind {
		case betting.Fold:
			fold = true
		case betting.Check:
			check = true
		case betting.BringIn, betting.Bet, betting.Complete, betting.AllIn, betting.Call:
			if forced.Kind == betting.NoKind || l.Kind == betting.BringIn {
				forced = l
			}
		}
	}
	switch {
	case check:
		return Action{Seat: seat, Kind: betting.Check}
	case fold:
		return Action{Seat: seat, Kind: betting.Fold}
	}
	return Action{Seat: seat, Kind: forced.Kind, Amount: forced.Min}
}

// firstAfterButton is the first seat in hand clockwise from the button.
func (s *State) firstAfterButton() int {
	for k := 1; k <= MaxSeats; k++ {
		j := (s.Setup.Button + k) % MaxSeats
		if s.Round.Seats[j].Status.InHand() {
			return j
		}
	}
	return -1
}

func (s *State) inHand(seat int) bool {
	return seat >= 0 && seat < MaxSeats && s.Round.Seats[seat].Status.InHand()
}

// firstToShow is the seat that shows first (profile.ShowOrder).
func (s *State) firstToShow() int {
	r := &s.Round
	switch s.Rules.Options.ShowOrder {
	case profile.ShowLastAggressor:
		// The last bettor or raiser of the final round, else the last raiser
		// of an earlier round, else the first after the button
		// (docs/rules/gr-variant-texas-holdem.md SD 1–3;
		// docs/rules/cz-cash-game-texas-holdem.md §6 item 8, §11 note 8).
		if s.inHand(r.LastAggressor) {
			return r.LastAggressor
		}
		if s.inHand(s.Aggressor) {
			return s.Aggressor
		}
	case profile.ShowLastAggressorFinal:
		if s.inHand(r.LastAggressor) {
			return r.LastAggressor
		}
	case profile.ShowCaller:
		// The player whose call closed the final round shows first; a checked
		// final round starts with its first actor in stud (N5) and the first
		// player after the button in Omaha (N4).
		if r.LastAggressor >= 0 && s.inHand(r.LastCaller) {
			return r.LastCaller
		}
		if s.Rules.Game.Stud() && s.inHand(s.Leader) {
			return s.Leader
		}
	}
	return s.firstAfterButton()
}
