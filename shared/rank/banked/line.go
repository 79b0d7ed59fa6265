package banked

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Line is a paytable line: the name under which a banked game's paytable
// lists a hand. Paytables themselves are operator data (the specs' tables
// are missing or placeholders, README of docs/rules): the evaluator
// says which line a hand hits, the table service multiplies.
type Line string

// Lines of the hand categories, as the banked games' paytables name them.
// RoyalFlush is split from StraightFlush and AceKing from HighCard because
// the paytables pay them differently (gr-casino-holdem §6.2; Russian and
// Oasis minimum game "Ace-King", ru-russian-poker §4.4).
const (
	NoLine        Line = ""
	HighCard      Line = "high_card"
	AceKing       Line = "ace_king"
	Pair          Line = "pair"
	TwoPair       Line = "two_pair"
	Trips         Line = "trips"
	Straight      Line = "straight"
	Flush         Line = "flush"
	FullHouse     Line = "full_house"
	Quads         Line = "quads"
	StraightFlush Line = "straight_flush"
	RoyalFlush    Line = "royal_flush"
)

// Side-bet lines.
const (
	// AA Bonus (docs/rules/gr-casino-holdem.md §6.3): flush or better pays 25:1, pair of
	// aces up to a straight 7:1.
	AABonusFlushOrBetter        Line = "flush_or_better"
	AABonusPairOfAcesToStraight Line = "pair_of_aces_to_straight"
	// Bonus (docs/rules/ru-texas-holdem-casino.md §6): pair of aces or better, 7:1 flat.
	BonusPairOfAcesOrBetter Line = "pair_of_aces_or_better"
)

// LineOf returns the paytable line of a five-card hand Value.
func LineOf(v rank.Value) Line {
	rs, _ := v.Ranks()
	switch v.Category() {
	case rank.StraightFlush:
		if rs[0] == card.Ace {
			return RoyalFlush
		}
		return StraightFlush
	case rank.Quads:
		return Quads
	case rank.FullHouse:
		return FullHouse
	case rank.Flush:
		return Flush
	case rank.Straight:
		return Straight
	case rank.Trips:
		return Trips
	case rank.TwoPair:
		return TwoPair
	case rank.Pair:
		return Pair
	case rank.HighCard:
		if rs[0] == card.Ace && rs[1] == card.King {
			return AceKing
		}
		return HighCard
	}
	return NoLine
}

// lineOrder ranks lines for choosing the best paying combination.
var lineOrder = map[Line]int{
	HighCard: 1, AceKing: 2, Pair: 3, TwoPair: 4, Trips: 5, Straight: 6,
	Flush: 7, FullHouse: 8, Quads: 9, StraightFlush: 10, RoyalFlush: 11,
}
