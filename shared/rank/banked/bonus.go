package banked

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// RoyalBonusRule is how the Royal Bonus of Oasis, Russian and Split poker
// qualifies on the first five dealt cards. The specs' wording is garbled
// and the paytables are missing, so both readings are available.
type RoyalBonusRule uint8

const (
	// RoyalBonusLiteral (default): one pair of kings, two pair topped by
	// kings or aces, or three of a kind or better. A pair of aces and two
	// pair topped by queens or lower lose (docs/rules/ru-russian-poker.md §6 and N6;
	// docs/rules/ru-oasis-poker.md §6 and N4; docs/rules/ru-split-poker.md §6 and N4).
	RoyalBonusLiteral RoyalBonusRule = iota
	// RoyalBonusPairOfKingsOrBetter: any hand ranking at or above a pair of
	// kings, so a pair of aces wins too (the alternative of the same notes).
	RoyalBonusPairOfKingsOrBetter
)

// RoyalBonus returns the line the first five cards win the Royal Bonus
// with, or NoLine.
func RoyalBonus(first []card.Card, rule RoyalBonusRule) Line {
	v := rank.Best(first...)
	rs, _ := v.Ranks()
	c := v.Category()
	win := false
	switch rule {
	case RoyalBonusLiteral:
		win = c >= rank.Trips || c == rank.TwoPair && rs[0] >= card.King || c == rank.Pair && rs[0] == card.King
	case RoyalBonusPairOfKingsOrBetter:
		win = c > rank.Pair || c == rank.Pair && rs[0] >= card.King
	}
	if !win {
		return NoLine
	}
	return LineOf(v)
}

// AABonus returns the AA Bonus line of the player's two cards with the
// three flop cards (docs/rules/gr-casino-holdem.md §6.3): flush or better pays 25:1,
// a pair of aces up to a straight 7:1, anything lower loses (NoLine).
// "Pair of aces or better" is by hand rank, so any two pair wins (N3).
func AABonus(hole, flop []card.Card) Line {
	v := rank.TwoPlusThree(hole, flop[:3])
	rs, _ := v.Ranks()
	switch c := v.Category(); {
	case c >= rank.Flush:
		return AABonusFlushOrBetter
	case c > rank.Pair || c == rank.Pair && rs[0] == card.Ace:
		return AABonusPairOfAcesToStraight
	}
	return NoLine
}

// HoldemBonus returns the Bonus line of docs/rules/ru-texas-holdem-casino.md §6 (the
// box's first five cards, two hole cards and the flop, a pair of aces or
// better, 7:1 flat), or NoLine.
func HoldemBonus(hole, flop []card.Card) Line {
	v := rank.TwoPlusThree(hole, flop[:3])
	rs, _ := v.Ranks()
	if c := v.Category(); c > rank.Pair || c == rank.Pair && rs[0] == card.Ace {
		return BonusPairOfAcesOrBetter
	}
	return NoLine
}
