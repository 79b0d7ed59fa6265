package seating

// Why a seated player is not dealt a hand: sitting out, waiting for the
// big blind, refusing to post, or a tournament move (gr-regulation-2
// H.29(c), H.35).

// OutReason is why a seated player is dealt out for a number of hands.
type OutReason uint8

// Out reasons.
const (
	// OutRefused: he refused to post and sits out a round (B.8(c)).
	OutRefused OutReason = iota + 1
	// OutMoved: a tournament moved him into the seat between the button
	// and the small blind (H.29(c)).
	OutMoved
)

// DealtOut is why a seated player is not dealt a hand.
type DealtOut uint8

// Reasons a seated player is not dealt in.
const (
	// NotOut: he is dealt in (or the seat is empty).
	NotOut DealtOut = iota
	// OutSittingOut: away or sitting out (B.69).
	OutSittingOut
	// OutWaitingBigBlind: a newcomer waiting for the big blind (G4.7).
	OutWaitingBigBlind
	// OutRefusedBlind: dealt out for a round after refusing to post (B.8(c)).
	OutRefusedBlind
	// OutMovedMissHand: the hand his tournament move makes him miss (H.29(c)).
	OutMovedMissHand
	// OutNoChips: no chips to play with.
	OutNoChips
	// OutOther: not in the hand's plan for another reason (seated while
	// the hand ran, or on the button without posting, G4.7).
	OutOther
)

// Why reports why seat, not in the hand planned, was dealt out.
func (t *Table) Why(seat int) DealtOut {
	s := &t.Seats[seat]
	switch {
	case !s.Occupied():
		return NotOut
	case s.SittingOut:
		return OutSittingOut
	case s.Stack <= 0:
		return OutNoChips
	case s.OutHands > 0 && s.OutFor == OutMoved:
		return OutMovedMissHand
	case s.OutHands > 0:
		return OutRefusedBlind
	case s.Entry == WaitBB:
		return OutWaitingBigBlind
	}
	return OutOther
}

// Moved sets the terms of a player a tournament moved in (Exempt, dealt in
// without posting, G4.7): miss, his new seat lies between the button and
// the small blind, so he is not dealt the next hand (gr-regulation-2
// H.29(c); tournaments.md T20); deadBig, the move let him skip a big
// blind, which he posts dead in the first pot he plays (H.35; T21). Before
// the table's first hand there is no blind to skip and no hand to miss
// (everyone is dealt in at the first hand, B.20): the terms are dropped.
func (t *Table) Moved(seat int, miss, deadBig bool) {
	if t.BigBlind < 0 || !t.Seats[seat].Occupied() {
		return
	}
	s := &t.Seats[seat]
	if miss {
		s.OutHands, s.OutFor = 1, OutMoved
	}
	s.OwesDeadBig = deadBig
}
