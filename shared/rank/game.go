package rank

import (
	"errors"
	"fmt"

	"github.com/croupier/croupier/shared/card"
)

// Game says which cards may form the best five.
type Game uint8

// Games.
const (
	// GameHigh is the best five of all the cards, hole and board together:
	// Hold'em, stud, 5..7 cards in all.
	GameHigh Game = iota + 1
	// GameOmaha is exactly two of four hole cards with exactly three of the
	// 3..5 board cards (docs/rules/gr-variant-omaha.md).
	GameOmaha
	// GameTwoPlusThree is exactly two hole cards with exactly three of the
	// 3..5 board cards (docs/rules/ru-texas-holdem-casino.md default).
	GameTwoPlusThree
)

func (g Game) String() string {
	switch g {
	case GameHigh:
		return "high"
	case GameOmaha:
		return "omaha"
	case GameTwoPlusThree:
		return "twoplusthree"
	}
	return fmt.Sprintf("Game(%d)", uint8(g))
}

// Errors returned by Check. Test with errors.Is.
var (
	// ErrCardCount: the hand has the wrong number of hole or board cards.
	ErrCardCount = errors.New("wrong number of cards")
	// ErrDuplicate: a card appears twice in one hand (hole and board together).
	ErrDuplicate = card.ErrDuplicate
	// ErrInvalidCard: a card value outside 0..51.
	ErrInvalidCard = errors.New("invalid card")
	// ErrUnknownGame: a Game other than the constants above.
	ErrUnknownGame = errors.New("unknown game")
)

// Eval returns the Value of the hand under the game's rule: Best of hole and
// board together, Omaha or TwoPlusThree. It returns 0 when the counts are
// wrong; run Check first on untrusted input.
func (g Game) Eval(hole, board []card.Card) Value {
	switch g {
	case GameHigh:
		n := len(hole) + len(board)
		if n < 5 || n > 7 {
			return 0
		}
		var all [7]card.Card
		copy(all[copy(all[:], hole):], board)
		return Best(all[:n]...)
	case GameOmaha:
		return Omaha(hole, board)
	case GameTwoPlusThree:
		return TwoPlusThree(hole, board)
	}
	return 0
}

// Describe is Eval with the five cards used.
func (g Game) Describe(hole, board []card.Card) Hand {
	switch g {
	case GameHigh:
		n := len(hole) + len(board)
		if n < 5 || n > 7 {
			return Hand{}
		}
		var all [7]card.Card
		copy(all[copy(all[:], hole):], board)
		return Describe(all[:n]...)
	case GameOmaha:
		return DescribeOmaha(hole, board)
	case GameTwoPlusThree:
		return DescribeTwoPlusThree(hole, board)
	}
	return Hand{}
}

// Check validates a hand for the game: the card counts (high: 5..7 cards
// in all; Omaha: 4 hole and 3..5 board; two plus three: 2 hole and 3..5
// board), every card valid and none repeated across hole and board.
func (g Game) Check(hole, board []card.Card) error {
	switch g {
	case GameHigh:
		if n := len(hole) + len(board); n < 5 || n > 7 {
			return fmt.Errorf("%w: %d cards, want 5 to 7", ErrCardCount, n)
		}
	case GameOmaha, GameTwoPlusThree:
		want := 4
		if g == GameTwoPlusThree {
			want = 2
		}
		if len(hole) != want {
			return fmt.Errorf("%w: %d hole cards, want %d for %s", ErrCardCount, len(hole), want, g)
		}
		if len(board) < 3 || len(board) > 5 {
			return fmt.Errorf("%w: %d board cards, want 3 to 5 for %s", ErrCardCount, len(board), g)
		}
	default:
		return fmt.Errorf("%w: %d", ErrUnknownGame, uint8(g))
	}
	return CheckDistinct(hole, board)
}

// CheckDistinct reports an invalid card or a card repeated anywhere across
// the given lists.
func CheckDistinct(lists ...[]card.Card) error {
	var seen card.Set
	for _, l := range lists {
		for _, c := range l {
			if !c.Valid() {
				return fmt.Errorf("%w: %d", ErrInvalidCard, c)
			}
			if seen.Has(c) {
				return fmt.Errorf("%w: %s", ErrDuplicate, c)
			}
			seen = seen.Add(c)
		}
	}
	return nil
}
