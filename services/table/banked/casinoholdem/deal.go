package casinoholdem

// advance moves the round on after a card or a decision until it waits
// for a card or a decision, or ends: the deal done, the boxes decide one
// by one from the dealer's left (§4.3); once all have, the turn and the
// river come if a box called (§4.5: they are dealt for a called hand), and
// the showdown settles the round; if every box folded, the round ends
// there, the dealer's cards unseen.
func (s *State) advance(r *Rules, evs []Event) []Event {
	for {
		switch s.Stage {
		case Dealing:
			if s.dealTarget(r).To != 0 {
				return evs
			}
			s.Stage = Deciding
		case Deciding:
			if b := s.deciding(); b != nil {
				if s.Turn.Box != b.N {
					s.Turn.Box, s.Turn.Player = b.N, b.Player
					evs = append(evs, Event{Kind: EvTurn, Player: b.Player, Box: b.N, Seq: s.Turn.Seq})
				}
				return evs
			}
			s.Turn.Box, s.Turn.Player = 0, ""
			if !s.called() {
				return s.settle(r, evs)
			}
			s.Stage = Finishing
		case Finishing:
			if s.dealTarget(r).To != 0 {
				return evs
			}
			return s.showdown(r, evs)
		default:
			return evs
		}
	}
}

// deciding is the box whose decision the round waits for: the first, in
// deal order, that has not decided; nil when all have.
func (s *State) deciding() *Box {
	for i := range s.Boxes {
		if s.Boxes[i].Action == 0 {
			return &s.Boxes[i]
		}
	}
	return nil
}

// called reports a box that called.
func (s *State) called() bool {
	for i := range s.Boxes {
		if s.Boxes[i].Action == Call {
			return true
		}
	}
	return false
}
