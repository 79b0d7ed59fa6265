package history

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Describe names a hand the way PokerStars does: "high card Ace", "a pair
// of Sixes", "two pair, Kings and Fives", "three of a kind, Fours", "a
// straight, Ten to Ace", "a flush, Ace high", "a full house, Kings full of
// Fives", "four of a kind, Aces", "a straight flush, Nine to King", "a
// Royal Flush".
func Describe(v rank.Value) string {
	r, _ := v.Ranks()
	switch v.Category() {
	case rank.HighCard:
		return "high card " + r[0].Name()
	case rank.Pair:
		return "a pair of " + r[0].Plural()
	case rank.TwoPair:
		return "two pair, " + r[0].Plural() + " and " + r[1].Plural()
	case rank.Trips:
		return "three of a kind, " + r[0].Plural()
	case rank.Straight:
		return "a straight, " + r[4].Name() + " to " + r[0].Name()
	case rank.Flush:
		return "a flush, " + r[0].Name() + " high"
	case rank.FullHouse:
		return "a full house, " + r[0].Plural() + " full of " + r[1].Plural()
	case rank.Quads:
		return "four of a kind, " + r[0].Plural()
	case rank.StraightFlush:
		if r[0] == card.Ace {
			return "a Royal Flush"
		}
		return "a straight flush, " + r[4].Name() + " to " + r[0].Name()
	}
	return "no hand"
}
