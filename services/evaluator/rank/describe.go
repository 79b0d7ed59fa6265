package rank

import (
	"sort"

	"github.com/croupier/croupier/shared/card"
)

// Hand is a ranked hand: its Value and the five cards that make it.
type Hand struct {
	Value Value
	// Cards are the five cards used, most significant first: the quads,
	// trips or pairs before the kickers, higher ranks first, a straight from
	// its top card (the wheel's ace last). All zero when Value is 0.
	Cards [5]card.Card
}

// Category returns the hand's category.
func (h Hand) Category() Category { return h.Value.Category() }

// Name returns the hand's readable name ("Full house, Kings full of Fours").
func (h Hand) Name() string { return h.Value.Name() }

// Describe ranks the best five of 5..7 cards like Best and names the five
// cards used. Describe is for showdown reports and APIs, not for inner
// loops: it tries every five-card subset.
func Describe(cards ...card.Card) Hand {
	if len(cards) < 5 || len(cards) > 7 {
		return Hand{}
	}
	var h Hand
	var five [5]card.Card
	var pick func(start, k int)
	pick = func(start, k int) {
		if k == 5 {
			h = better(h, five)
			return
		}
		for i := start; i <= len(cards)-(5-k); i++ {
			five[k] = cards[i]
			pick(i+1, k+1)
		}
	}
	pick(0, 0)
	return h
}

// DescribeOmaha is Omaha with the five cards used.
func DescribeOmaha(hole, board []card.Card) Hand {
	if len(hole) != 4 || len(board) < 3 || len(board) > 5 {
		return Hand{}
	}
	return describeTwoThree(hole, board)
}

// DescribeTwoPlusThree is TwoPlusThree with the five cards used.
func DescribeTwoPlusThree(hole, board []card.Card) Hand {
	if len(hole) != 2 || len(board) < 3 || len(board) > 5 {
		return Hand{}
	}
	return describeTwoThree(hole, board)
}

func describeTwoThree(hole, board []card.Card) Hand {
	var h Hand
	var five [5]card.Card
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			five[0], five[1] = hole[i], hole[j]
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five[2], five[3], five[4] = board[a], board[b], board[c]
						h = better(h, five)
					}
				}
			}
		}
	}
	return h
}

// better returns the better of h and the hand of five: the higher Value,
// and between equal Values the five whose ordered cards are higher card by
// card, so the choice of cards is deterministic.
func better(h Hand, five [5]card.Card) Hand {
	v := Best(five[:]...)
	if v < h.Value {
		return h
	}
	c := order(five, v)
	if v > h.Value || greater(c, h.Cards) {
		return Hand{Value: v, Cards: c}
	}
	return h
}

func greater(a, b [5]card.Card) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// order sorts five cards of Value v most significant first.
func order(five [5]card.Card, v Value) [5]card.Card {
	var count [13]int
	for _, c := range five {
		count[c.Rank()]++
	}
	cat := v.Category()
	wheel := (cat == Straight || cat == StraightFlush) && count[card.Ace] == 1 && count[card.Five] == 1 && count[card.King] == 0
	key := func(c card.Card) int {
		r := int(c.Rank())
		if wheel && c.Rank() == card.Ace {
			r = -1
		}
		return count[c.Rank()]*1000 + r*4 + int(c.Suit())
	}
	sort.Slice(five[:], func(i, j int) bool { return key(five[i]) > key(five[j]) })
	return five
}
