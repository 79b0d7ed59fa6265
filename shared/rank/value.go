package rank

import (
	"strings"

	"github.com/croupier/croupier/shared/card"
)

// Value is the strength of a five-card poker hand: 1 (7-5-4-3-2 offsuit, the
// weakest high card) to 7462 (a royal flush). Higher is better; two hands
// with the same Value tie. Every one of the 7,462 distinct five-card ranks
// has its own Value, so Values from Best (5, 6 or 7 cards), Omaha and
// TwoPlusThree compare directly. The zero Value means "no hand" (wrong card
// count) and loses to every real hand.
type Value uint32

// MaxValue is the Value of a royal flush.
const MaxValue Value = 7462

// Number of distinct five-card ranks in each category, weakest first; their
// sum is 7,462.
var categorySizes = [NumCategories + 1]Value{0, 1277, 2860, 858, 858, 10, 1277, 156, 156, 10}

// categoryTop[c] is the highest Value of category c.
var categoryTop = func() (top [NumCategories + 1]Value) {
	for c := 1; c <= NumCategories; c++ {
		top[c] = top[c-1] + categorySizes[c]
	}
	return top
}()

// Category returns the hand category of v (NoCategory for the zero Value or
// a Value above MaxValue).
func (v Value) Category() Category {
	if v == 0 || v > MaxValue {
		return NoCategory
	}
	c := HighCard
	for v > categoryTop[c] {
		c++
	}
	return c
}

// Valid reports whether v is a real hand's Value.
func (v Value) Valid() bool { return v >= 1 && v <= MaxValue }

// Ranks returns the ranks that decide v, most significant first: the quads
// then the kicker, the trips then the pair, the high pair, low pair and
// kicker, the five cards of a flush or high card, and for a straight its five
// cards from the top (a wheel is 5-4-3-2-A). Only n = Ranks' second result
// entries are meaningful.
func (v Value) Ranks() ([5]card.Rank, int) {
	if !v.Valid() {
		return [5]card.Rank{}, 0
	}
	return scale.patterns[v].ranks()
}

// String returns the readable name of v, like Name.
func (v Value) String() string { return v.Name() }

// Name returns the readable name of the hand ("Full house, Kings full of
// Fours"; "Two pair, Jacks and Nines, Ace kicker"; "Straight flush, Ace
// high" for a royal flush is spelled "Royal flush").
func (v Value) Name() string {
	if !v.Valid() {
		return NoCategory.Title()
	}
	r, _ := v.Ranks()
	var b strings.Builder
	switch v.Category() {
	case StraightFlush:
		if r[0] == card.Ace {
			return "Royal flush"
		}
		b.WriteString("Straight flush, " + r[0].Name() + " high")
	case Quads:
		b.WriteString("Four of a kind, " + r[0].Plural() + ", " + r[1].Name() + " kicker")
	case FullHouse:
		b.WriteString("Full house, " + r[0].Plural() + " full of " + r[1].Plural())
	case Flush:
		b.WriteString("Flush, " + r[0].Name() + " high (" + rankList(r[:]) + ")")
	case Straight:
		b.WriteString("Straight, " + r[0].Name() + " high")
	case Trips:
		b.WriteString("Three of a kind, " + r[0].Plural() + ", kickers " + rankList(r[1:3]))
	case TwoPair:
		b.WriteString("Two pair, " + r[0].Plural() + " and " + r[1].Plural() + ", " + r[2].Name() + " kicker")
	case Pair:
		b.WriteString("Pair of " + r[0].Plural() + ", kickers " + rankList(r[1:4]))
	case HighCard:
		b.WriteString("High card, " + r[0].Name() + " (" + rankList(r[:]) + ")")
	}
	return b.String()
}

func rankList(rs []card.Rank) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteByte(r.Char())
	}
	return b.String()
}
