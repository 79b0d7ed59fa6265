package russianpoker

import (
	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// Line is a paytable line, as package banked names the hands.
type Line = banked.Line

// Paytable is one bet's paytable, by the line the player's hand hits.
type Paytable = round.Paytable[Line]

// Paytables are a table's two paytables, the Bet's and the Royal
// Bonus's (§4.18–4.19), which the source lost (§8, N9): the operator's data
// (fivecard.Paytables).
type Paytables = fivecard.Paytables

// BetLines lists the Bet paytable's lines, lowest first (fivecard).
func BetLines() []Line { return fivecard.BetLines() }

// RoyalBonusLines lists the Royal Bonus paytable's lines, lowest first
// (fivecard).
func RoyalBonusLines() []Line { return fivecard.RoyalBonusLines() }

// RUPaytables are the defaults: the Bet table the spec prints as a
// placeholder (§8, fivecard.PlaceholderBet), labelled as not from the
// source, and no Royal Bonus table.
func RUPaytables() Paytables { return Paytables{Bet: fivecard.PlaceholderBet()} }

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
