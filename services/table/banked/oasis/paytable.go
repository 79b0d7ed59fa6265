package oasis

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
// Bonus's (§4.14–4.15), which the source lost (§7, N1): the operator's data
// (fivecard.Paytables).
type Paytables = fivecard.Paytables

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
