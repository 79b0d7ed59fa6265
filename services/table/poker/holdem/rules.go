// Package holdem is the engine of the flop games: Texas Hold'em
// (docs/rules/gr-variant-texas-holdem.md), Omaha high (docs/rules/gr-variant-omaha.md) and Club
// Poker, which is Hold'em under the ru-club profile (docs/rules/ru-club-poker.md). It
// supplies the deal schedule and hand ranking to the shared hand flow:
// two hole cards (Omaha four), dealt one at a time from the seat after the
// button, then a burn and the flop, a burn and the turn, a burn and the
// river, a betting round after each (R1–R4).
package holdem

import (
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Street names of the flop games.
const (
	Preflop = "preflop"
	Flop    = "flop"
	Turn    = "turn"
	River   = "river"
)

var (
	holdemSchedule = []hand.Street{
		{Name: Preflop, Down: 2},
		{Name: Flop, Burn: true, Board: 3},
		{Name: Turn, Burn: true, Board: 1},
		{Name: River, Burn: true, Board: 1},
	}
	omahaSchedule = []hand.Street{
		{Name: Preflop, Down: 4},
		{Name: Flop, Burn: true, Board: 3},
		{Name: Turn, Burn: true, Board: 1},
		{Name: River, Burn: true, Board: 1},
	}
)

// Variant is the flop games' part of the hand flow.
type Variant struct {
	// Omaha: four hole cards, exactly two of them with exactly three board
	// cards (gr-regulation-1 B.74; docs/rules/gr-variant-omaha.md §5). Otherwise the
	// best five of the seven cards, the board alone included (Hold'em §5).
	Omaha bool
}

// Schedule is the flop games' deal.
func (v Variant) Schedule() []hand.Street {
	if v.Omaha {
		return omahaSchedule
	}
	return holdemSchedule
}

// Opener is -1: flop games open with the blinds.
func (Variant) Opener(*hand.State) int { return -1 }

// Leader is -1: after the flop the first player after the button leads.
func (Variant) Leader(*hand.State, int) int { return -1 }

// BigOption is false: the open pair is a stud rule.
func (Variant) BigOption(*hand.State, int) bool { return false }

// Rank ranks seat's hand with the board.
func (v Variant) Rank(s *hand.State, seat int) rank.Value {
	hole := &s.Seats[seat].Cards
	if v.Omaha {
		return rank.Omaha(hole.Slice(), s.Board.Slice())
	}
	var all [7]card.Card
	n := copy(all[:], hole.Slice())
	n += copy(all[n:], s.Board.Slice())
	return rank.Best(all[:n]...)
}

// BoardRank ranks the five board cards alone (Hold'em: a player may play
// the board, §4 SD 6; Omaha never can).
func (v Variant) BoardRank(s *hand.State) rank.Value {
	if v.Omaha || s.Board.N != 5 {
		return 0
	}
	return rank.Best(s.Board.Slice()...)
}

// Best names seat's best five cards.
func (v Variant) Best(s *hand.State, seat int) rank.Hand {
	hole := s.Seats[seat].Cards
	if v.Omaha {
		return rank.DescribeOmaha(hole.Slice(), s.Board.Slice())
	}
	all := append(append([]card.Card(nil), hole.Slice()...), s.Board.Slice()...)
	return rank.Describe(all...)
}
