package casinotexas

// advance moves the round on after a card or a decision until it waits
// for a card or a decision, or ends (§4): each street's cards dealt, the
// boxes still without a Play decide one by one from the dealer's left;
// once all have, the next street's cards come, and after the river's
// decisions the showdown settles the round. The board is dealt out
// whatever the boxes did: Trips is settled on every box's final hand.
func (s *State) advance(r *Rules, evs []Event) []Event {
	for {
		switch s.Stage {
		case Dealing:
			if s.dealTarget().To != 0 {
				return evs
			}
			s.Stage = Deciding
		case Deciding:
			if b := s.deciding(); b != nil {
				if s.Turn.Box != b.N {
					s.Turn.Box, s.Turn.Player = b.N, b.Player
					evs = append(evs, Event{Kind: EvTurn, Player: b.Player, Box: b.N, Seq: s.Turn.Seq, Street: s.Street})
				}
				return evs
			}
			s.Turn.Box, s.Turn.Player = 0, ""
			if s.Street == River {
				return s.showdown(r, evs)
			}
			s.Street++
			s.Stage = Dealing
		default:
			return evs
		}
	}
}

// deciding is the box whose decision the round waits for: the first, in
// deal order, that decides on this street; nil when none does.
func (s *State) deciding() *Box {
	for i := range s.Boxes {
		if s.Boxes[i].decides(s.Street) {
			return &s.Boxes[i]
		}
	}
	return nil
}
