package russianpoker

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
// and of each round's record. The source lost both (§8, N9): they are
// the operator's data.
type Paytables struct {
	// Bet: what a winning Bet pays by each of the box's combinations
	// (§4.18, "Minimum game – Ace-King"), Ace-King and better.
	Bet Paytable `json:"bet"`
	// RoyalBonus: what the Royal Bonus pays by the first five cards dealt
	// (§4.19), a pair (of kings, §6) and better. A table without it (no
	// lines, no source) offers no Royal Bonus: the source prints no
	// placeholder for it.
	RoyalBonus Paytable `json:"royal_bonus"`
}

// BetLines lists the Bet paytable's lines, lowest first (fivecard).
func BetLines() []Line { return fivecard.BetLines() }

// RoyalBonusLines lists the Royal Bonus paytable's lines, lowest first
// (fivecard).
func RoyalBonusLines() []Line { return fivecard.RoyalBonusLines() }

// RUPaytables are the defaults: the Bet table the spec prints as a
// placeholder (§8, fivecard.PlaceholderBet), labelled as not from the
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

// RoyalBonusReading is how the Royal Bonus qualifies (§6, N6;
// fivecard.RoyalBonusReading).
type RoyalBonusReading = fivecard.RoyalBonusReading

// Readings.
const (
	// Literal: a pair of kings, two pair topped by kings or aces, three
	// of a kind or better; a pair of aces loses (§3.15, T17).
	Literal = fivecard.Literal
	// PairOfKingsOrBetter: any hand at or above a pair of kings (N6's
	// alternative).
	PairOfKingsOrBetter = fivecard.PairOfKingsOrBetter
)

// LockIn is which improvements keep a Royal Bonus the first five cards
// win (§3.16): its cards are set under the bet first, so an improvement
// may not discard them.
type LockIn uint8

// Lock-ins.
const (
	// LockOutside: a sixth card, or an exchange of any number of cards
	// outside the bonus's combination (N10's default).
	LockOutside LockIn = iota + 1
	// LockLiteral: the text's "buying a 6th card or exchanging two
	// cards": a sixth card, or an exchange of at most two cards outside
	// the combination.
	LockLiteral
	// LockNone: every improvement loses the Royal Bonus (§3.14, §3.25).
	LockNone
)

var lockNames = round.Enum[LockIn]{Type: "lock-in", Names: []string{"", "outside_combination", "literal", "none"}}

func (v LockIn) String() string { return lockNames.String(v) }

// MarshalText writes the name.
func (v LockIn) MarshalText() ([]byte, error) { return lockNames.Text(v) }

// UnmarshalText reads a name.
func (v *LockIn) UnmarshalText(b []byte) error { return lockNames.Parse(b, v) }
