package round

// Outcome is what settling does with one stake: keep it for the house
// (Lost), return it (a push, a refund), or return it with Won on top from
// the house bank. The zero Outcome returns the stake.
type Outcome struct {
	Lost bool
	Won  int64
}

// Line is the line of a stake settled as o: bet id, player, spot and the
// stake it settles.
func (o Outcome) Line(id, player, spot string, stake int64) Line {
	l := Line{BetID: id, Player: player, Spot: spot, Stake: stake}
	if o.Lost {
		l.Lost = stake
	} else {
		l.Won, l.Returned = o.Won, stake
	}
	return l
}
