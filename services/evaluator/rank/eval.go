package rank

import "github.com/croupier/croupier/shared/card"

// scale is the Value scale, built once at start-up and never changed.
var scale = newScale()

// Best returns the Value of the best five-card hand among 5, 6 or 7 cards
// (Hold'em, stud, the Russian/banked games' high hands). It returns 0 for
// any other count. The cards must be distinct valid cards: Best does not
// check (Check does), and duplicates give an unspecified Value.
func Best(cards ...card.Card) Value {
	if len(cards) < 5 || len(cards) > 7 {
		return 0
	}
	var counts [13]uint8
	var suits [4]uint16
	for _, c := range cards {
		counts[c.Rank()%13]++
		suits[c.Suit()] |= 1 << (c.Rank() % 13)
	}
	p := multisetPattern(&counts)
	for _, m := range suits {
		if popcount(m) >= 5 {
			if f := flushPattern(m); f > p {
				p = f
			}
		}
	}
	return scale.value(p)
}

// Omaha returns the Value of the best hand made of exactly two of the four
// hole cards and exactly three of the 3..5 board cards
// (gr-variant-omaha.md §5). It returns 0 for other counts.
func Omaha(hole, board []card.Card) Value {
	if len(hole) != 4 || len(board) < 3 || len(board) > 5 {
		return 0
	}
	return bestTwoThree(hole, board)
}

// TwoPlusThree returns the Value of the best hand made of exactly two hole
// cards and exactly three of the 3..5 board cards: the casino rule of
// ru-texas-holdem-casino.md (default profile). It returns 0 for other
// counts.
func TwoPlusThree(hole, board []card.Card) Value {
	if len(hole) != 2 || len(board) < 3 || len(board) > 5 {
		return 0
	}
	return bestTwoThree(hole, board)
}

func bestTwoThree(hole, board []card.Card) Value {
	var best Value
	var five [5]card.Card
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			five[0], five[1] = hole[i], hole[j]
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five[2], five[3], five[4] = board[a], board[b], board[c]
						if v := Best(five[:]...); v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

func popcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
