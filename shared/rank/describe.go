package rank

import "github.com/croupier/croupier/shared/card"

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
// cards used. When several five-card subsets make the same best hand (a
// board that plays, kickers of equal rank), it picks the one whose cards,
// most significant first, are highest by rank then suit, so the answer is
// deterministic.
func Describe(cards ...card.Card) Hand {
	v := Best(cards...)
	if v == 0 {
		return Hand{}
	}
	h := Hand{Value: v}
	var five [5]card.Card
	found := false
	n := len(cards)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						five = [5]card.Card{cards[a], cards[b], cards[c], cards[d], cards[e]}
						h.Cards, found = pick(h.Cards, found, five, v)
					}
				}
			}
		}
	}
	return h
}

// DescribeOmaha is Omaha with the five cards used.
func DescribeOmaha(hole, board []card.Card) Hand {
	v := Omaha(hole, board)
	if v == 0 {
		return Hand{}
	}
	return describeTwoThree(hole, board, v)
}

// DescribeTwoPlusThree is TwoPlusThree with the five cards used.
func DescribeTwoPlusThree(hole, board []card.Card) Hand {
	v := TwoPlusThree(hole, board)
	if v == 0 {
		return Hand{}
	}
	return describeTwoThree(hole, board, v)
}

func describeTwoThree(hole, board []card.Card, v Value) Hand {
	h := Hand{Value: v}
	found := false
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five := [5]card.Card{hole[i], hole[j], board[a], board[b], board[c]}
						h.Cards, found = pick(h.Cards, found, five, v)
					}
				}
			}
		}
	}
	return h
}

// pick keeps the better of the cards chosen so far and five, when five
// makes the best hand v.
func pick(cur [5]card.Card, found bool, five [5]card.Card, v Value) ([5]card.Card, bool) {
	if Best(five[:]...) != v {
		return cur, found
	}
	c := order(five, v)
	if !found || greater(c, cur) {
		return c, true
	}
	return cur, true
}

func greater(a, b [5]card.Card) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// order sorts five cards of Value v most significant first: bigger groups
// first (quads, trips, pairs), then higher ranks, then higher suits; a
// wheel's ace last.
func order(five [5]card.Card, v Value) [5]card.Card {
	var count [16]int
	for _, c := range five {
		count[c.Rank()&15]++
	}
	cat := v.Category()
	wheel := (cat == Straight || cat == StraightFlush) && count[card.Ace] == 1 && count[card.Five] == 1 && count[card.King] == 0
	var key [5]int
	for i, c := range five {
		r := int(c.Rank())
		if wheel && c.Rank() == card.Ace {
			r = -1
		}
		key[i] = count[c.Rank()&15]*1000 + r*4 + int(c.Suit())
	}
	for i := 1; i < 5; i++ { // insertion sort, descending
		for j := i; j > 0 && key[j] > key[j-1]; j-- {
			key[j], key[j-1] = key[j-1], key[j]
			five[j], five[j-1] = five[j-1], five[j]
		}
	}
	return five
}
