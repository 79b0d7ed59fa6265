package oasis

import (
	"errors"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Line is a paytable line, as package banked names the hands.
type Line = banked.Line

// Paytable is one bet's paytable, by the line the player's hand hits.
type Paytable = round.Paytable[Line]

// Paytables are a table's two paytables, part of its public description
// and of each round's record. The source lost both (§7, N1): they are
// the operator's data.
type Paytables struct {
	// Bet: what a winning Bet pays by the player's final hand (§4.14),
	// Ace-King and better: a hand that beats a dealer who has a game has
	// at least his Ace-King.
	Bet Paytable `json:"bet"`
	// RoyalBonus: what the Royal Bonus pays by the first five cards dealt
	// (§4.15), a pair (of kings, §6) and better. A table without it (no
	// lines, no source) offers no Royal Bonus: the source prints no
	// placeholder for it.
	RoyalBonus Paytable `json:"royal_bonus"`
}

// BetLines lists the Bet paytable's lines, lowest first (fivecard).
func BetLines() []Line { return fivecard.BetLines() }

// RoyalBonusLines lists the Royal Bonus paytable's lines, lowest first:
// the pair is the pair of kings (or, under PairOfKingsOrBetter, of kings
// or aces) that wins (§6).
func RoyalBonusLines() []Line { return fivecard.RoyalBonusLines() }

// RUPaytables are the defaults: the Bet table the spec prints as a
// placeholder (§7, fivecard.PlaceholderBet), labelled as not from the
// source, and no Royal Bonus table.
func RUPaytables() Paytables { return Paytables{Bet: fivecard.PlaceholderBet()} }

// offersRoyalBonus reports a Royal Bonus paytable: the table offers the
// bet.
func (p *Paytables) offersRoyalBonus() bool {
	return len(p.RoyalBonus.Pays) > 0 || p.RoyalBonus.Source != ""
}

// Validate reports every line missing, out of bounds (at most MaxPays to
// one, never negative) or not the bet's, and a table without a source;
// the Royal Bonus's only when the table offers it.
func (p Paytables) Validate() error {
	errs := []error{p.Bet.Validate("bet", BetLines(), MaxPays)}
	if p.offersRoyalBonus() {
		errs = append(errs, p.RoyalBonus.Validate("royal_bonus", RoyalBonusLines(), MaxPays))
	}
	return errors.Join(errs...)
}

// RoyalBonusReading is how the Royal Bonus qualifies (§6, N4;
// fivecard.RoyalBonusReading).
type RoyalBonusReading = fivecard.RoyalBonusReading

// Readings.
const (
	// Literal: a pair of kings, two pair topped by kings or aces, three
	// of a kind or better; a pair of aces loses (§6, T13).
	Literal = fivecard.Literal
	// PairOfKingsOrBetter: any hand at or above a pair of kings (N4's
	// alternative).
	PairOfKingsOrBetter = fivecard.PairOfKingsOrBetter
)
