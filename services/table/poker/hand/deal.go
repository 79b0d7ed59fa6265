package hand

import (
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/shared/card"
)

// shoe is the cards still to deal from.
func (s *State) shoe() []card.Card {
	if s.Shoe != nil {
		return s.Shoe
	}
	return s.Setup.Shoe
}

func (s *State) left() int { return len(s.shoe()) - s.Next }

func (s *State) take() card.Card {
	c := s.shoe()[s.Next]
	s.Next++
	return c
}

// deal deals street's cards: a burn, then one card a pass to each player in
// the hand clockwise from the seat after the button (gr-regulation-2 G7.7),
// face-down passes first, then the board.
func (s *State) deal(v Variant, street int) {
	st := v.Schedule()[street]
	if st.Burn {
		s.burn()
	}
	// One event per seat with its cards of this street, after the passes.
	var got [MaxSeats]Cards
	var ups [MaxSeats]uint8
	for pass := 0; pass < st.Down+st.Up; pass++ {
		up := pass >= st.Down
		recipients := s.recipients()
		if s.left() < recipients && s.Rules.Game.Stud() && !s.shortage(recipients) {
			// Not enough cards even with the burns back: one common card, face
			// up, that every player uses (gr-regulation-1 B.33, §6.7).
			if s.left() > 1 {
				s.burn()
			}
			c := s.take()
			s.Board.Add(c)
			s.Deals = append(s.Deals, Dealt{Street: s.Street, Seat: ToBoard, Card: c, Up: true})
			s.emit(Event{Kind: EvDealt, Seat: ToBoard, Cards: CardsOf(c), Up: 1})
			continue
		}
		for k := 1; k <= MaxSeats; k++ {
			seat := (s.Setup.Button + k) % MaxSeats
			if !s.receives(seat) {
				continue
			}
			c := s.take()
			if s.Seats[seat].Dead {
				// A seat folded with no bet facing keeps being dealt until the
				// next bet; its card goes to the discards (5-card stud I6, N7).
				s.Deals = append(s.Deals, Dealt{Street: s.Street, Seat: ToDiscard, Card: c})
				continue
			}
			sc := &s.Seats[seat]
			if up {
				sc.Up |= 1 << sc.Cards.N
				ups[seat] |= 1 << got[seat].N
			}
			sc.Cards.Add(c)
			got[seat].Add(c)
			s.Deals = append(s.Deals, Dealt{Street: s.Street, Seat: seat, Card: c, Up: up})
		}
	}
	for k := 1; k <= MaxSeats; k++ {
		seat := (s.Setup.Button + k) % MaxSeats
		if got[seat].N > 0 {
			// Face-down cards are the seat's alone; up cards everyone's.
			s.emit(Event{Kind: EvDealt, Seat: seat, Cards: got[seat], Up: ups[seat], Private: ups[seat] != 1<<got[seat].N-1})
		}
	}
	if st.Board > 0 {
		var b Cards
		for range st.Board {
			c := s.take()
			s.Board.Add(c)
			b.Add(c)
			s.Deals = append(s.Deals, Dealt{Street: s.Street, Seat: ToBoard, Card: c, Up: true})
		}
		s.emit(Event{Kind: EvDealt, Seat: ToBoard, Cards: b, Up: 1<<b.N - 1})
	}
}

func (s *State) burn() {
	c := s.take()
	s.Burns = append(s.Burns, c)
	// Burns are in the deal log (never shown); no event: the street's
	// cards follow.
	s.Deals = append(s.Deals, Dealt{Street: s.Street, Seat: ToBurn, Card: c})
}

// receives reports whether seat gets a card in a deal pass.
func (s *State) receives(seat int) bool {
	if s.Seats[seat].Dead {
		return true
	}
	return s.Round.Seats[seat].Status.InHand()
}

func (s *State) recipients() int {
	n := 0
	for i := 0; i < MaxSeats; i++ {
		if s.receives(i) {
			n++
		}
	}
	return n
}

// shortage handles a stud deck running out (docs/rules/gr-variant-5-card-stud.md R4,
// docs/rules/gr-variant-7-card-stud.md R5; gr-regulation-1 B.19): the burns go back
// under the undealt cards. The spec has them shuffled; an engine has no
// randomness, so they return in burn order (the table's RNG may reshuffle
// the stub before replaying). It reports whether there are enough now.
func (s *State) shortage(need int) bool {
	if len(s.Burns) == 0 {
		return false
	}
	stub := append([]card.Card(nil), s.shoe()[s.Next:]...)
	stub = append(stub, s.Burns...)
	s.Shoe, s.Next = stub, 0
	s.Burns = s.Burns[:0]
	s.Deals = append(s.Deals, Dealt{Street: s.Street, Seat: Recycled})
	return s.left() >= need
}

// liveStatus reports whether seat can still bet.
func (s *State) liveStatus(seat int) bool { return s.Round.Seats[seat].Status == betting.StatusLive }
