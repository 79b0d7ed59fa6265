package casinotexas

import (
	"errors"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Line is a paytable line, as package banked names the hands.
type Line = banked.Line

// Paytable is one bet's paytable, by the line of the player's final hand.
type Paytable = round.Paytable[Line]

// Paytables are a table's two paytables (§6), part of its public
// description and of each round's record.
type Paytables struct {
	// Blind: what a winning Blind pays by the player's hand, a straight or
	// better; a win with less is a push (§6).
	Blind Paytable `json:"blind"`
	// Trips: what Trips pays by the player's final hand, three of a kind
	// or better, whatever the dealer's; less loses (§6).
	Trips Paytable `json:"trips"`
}

// BlindLines lists the Blind paytable's lines, lowest first: a straight
// and better (§6).
func BlindLines() []Line {
	return []Line{banked.Straight, banked.Flush, banked.FullHouse, banked.Quads, banked.StraightFlush, banked.RoyalFlush}
}

// TripsLines lists the Trips paytable's lines, lowest first: three of a
// kind and better (§6).
func TripsLines() []Line {
	return append([]Line{banked.Trips}, BlindLines()...)
}

// CZPaytables are the source's, as printed in §6 (reconstructed from the
// flattened text, §9 note 9: "three of a kind 3:1" can only be Trips'):
// the Blind royal flush 500:1, straight flush 50:1, four of a kind 10:1,
// full house 3:1, flush 3:2, straight 1:1; Trips royal flush 50:1,
// straight flush 40:1, four of a kind 30:1, full house 8:1, flush 7:1,
// straight 4:1, three of a kind 3:1. Both are from the source.
func CZPaytables() Paytables {
	return Paytables{
		Blind: Paytable{Pays: map[Line]round.Ratio{
			banked.RoyalFlush: {Num: 500, Den: 1}, banked.StraightFlush: {Num: 50, Den: 1}, banked.Quads: {Num: 10, Den: 1},
			banked.FullHouse: {Num: 3, Den: 1}, banked.Flush: {Num: 3, Den: 2}, banked.Straight: {Num: 1, Den: 1},
		}, Source: "cz-casino-texas-holdem.md §6"},
		Trips: Paytable{Pays: map[Line]round.Ratio{
			banked.RoyalFlush: {Num: 50, Den: 1}, banked.StraightFlush: {Num: 40, Den: 1}, banked.Quads: {Num: 30, Den: 1},
			banked.FullHouse: {Num: 8, Den: 1}, banked.Flush: {Num: 7, Den: 1}, banked.Straight: {Num: 4, Den: 1},
			banked.Trips: {Num: 3, Den: 1},
		}, Source: "cz-casino-texas-holdem.md §6, §9 note 9"},
	}
}

// Validate reports every line missing, out of bounds (at most MaxPays to
// one, never negative) or not the bet's, and a table without a source.
func (p Paytables) Validate() error {
	return errors.Join(p.Blind.Validate("blind", BlindLines(), MaxPays), p.Trips.Validate("trips", TripsLines(), MaxPays))
}
