// Package split divides a pot between tied winners: an equal share to
// each in multiples of the table's smallest chip, and the remainder that
// does not divide evenly placed by the rule profile's odd-chip rule. It is
// the one pot splitter and the one odd-chip vocabulary: the table's engine
// settles its hands with it and the evaluator's Showdown RPC splits the
// pots it is asked about with it. The shares of a pot always sum to the
// pot.
package split

import "fmt"

// OddChip says who receives the remainder of a pot that does not split
// evenly into chip units.
//
// The numbers are stored: a table's rules (profile.Options.OddChip) are
// kept as JSON in its snapshot, where 1 has always meant the whole
// remainder to the first winner and 2 one chip at a time. They must not
// change.
type OddChip uint8

// Odd-chip rules.
const (
	// FirstAfterButton gives the whole remainder to the first tied winner
	// clockwise from the button (gr-regulation-1 §6.6 and B.73;
	// gr-regulation-2 G7.8 "that amount", N17 literal; ru-club-poker T11).
	// The default; the table's option "whole".
	FirstAfterButton OddChip = 1
	// OneAtATime hands the remainder out one chip unit at a time clockwise
	// from the button (docs/rules/betting-rules-ru-sports.md §5.9.3 GAP
	// default, D12; gr-regulation-1 §6.6 config alternative). The table's
	// option "each".
	OneAtATime OddChip = 2
	// WorstPosition is docs/rules/cz-cash-game-texas-holdem.md's wording
	// (§6.9), "the worse position (closer to the dealer button from the
	// game's perspective)", which that spec reads (N7, vector 8) as the
	// first winner clockwise from the button: the same seat as
	// FirstAfterButton.
	WorstPosition OddChip = 3
	// HighestSuit gives the whole remainder to the tied winner holding the
	// highest card by rank, then suit (♠ > ♥ > ♦ > ♣), among the five cards
	// of his hand: the industry stud rule gr-regulation-1 §9.7 names for
	// games without an acting button.
	HighestSuit OddChip = 4
)

func (o OddChip) String() string {
	switch o {
	case FirstAfterButton:
		return "first after the button"
	case WorstPosition:
		return "worst position"
	case HighestSuit:
		return "highest card by suit"
	case OneAtATime:
		return "one unit at a time"
	}
	return fmt.Sprintf("OddChip(%d)", uint8(o))
}

// Share is the part of amount won by the k-th of n tied winners, counted
// clockwise from the button: an equal share in multiples of the smallest
// chip unit (0 or less means 1), and the odd chips by rule. Any amount
// finer than the unit (a pot that is not a whole number of units) goes
// with the first odd chip. top is the winner HighestSuit gives the
// remainder to — the one holding the highest card, which only the caller
// can tell (outside 0..n-1: the first) — and the other rules ignore it;
// an unknown rule gives the remainder to the first winner.
func Share(amount, unit int64, n, k int, rule OddChip, top int) int64 {
	if n <= 0 || k < 0 || k >= n {
		return 0
	}
	if unit <= 0 {
		unit = 1
	}
	units := amount / unit
	dust := amount - units*unit
	share := units / int64(n) * unit
	odd := units % int64(n)
	switch rule {
	case OneAtATime:
		if int64(k) < odd {
			share += unit
		}
		if k == 0 {
			share += dust
		}
	case HighestSuit:
		if top < 0 || top >= n {
			top = 0
		}
		if k == top {
			share += odd*unit + dust
		}
	default:
		if k == 0 {
			share += odd*unit + dust
		}
	}
	return share
}
