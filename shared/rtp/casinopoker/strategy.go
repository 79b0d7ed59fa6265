package casinopoker

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// The specs state no strategy (gr-casino-holdem.md §7 names a "basic
// strategy" and gives its return only; cz-casino-texas-holdem.md §6 none):
// the simple strategies here are this package's, written to be played
// from memory, and priced exactly.

// SimpleHoldem is a simple Casino Hold'em strategy. At the flop, call
// with
//   - four cards to a flush, or four to an open-ended straight (four
//     consecutive ranks from 2-3-4-5 to 10-J-Q-K);
//   - a pair or better that plays a hole card (a better kind of hand than
//     the flop's three cards make alone);
//   - the flop's own pair (or three of a kind) alone, holding a ten or
//     better;
//   - no pair, holding an ace or a king; a queen, jack or ten with a
//     second card of 4 or more; a nine with a second card of 5 or more;
//
// and fold the rest.
func SimpleHoldem(hole [2]card.Card, flop [3]card.Card) bool {
	x := readFlop(hole, flop)
	switch {
	case x.flushDraw || x.openEnded:
		return true
	case x.hidden:
		return true
	case x.category >= rank.Pair: // the flop's own pair or three of a kind
		return x.high >= card.Ten
	}
	switch {
	case x.high >= card.King:
		return true
	case x.high >= card.Ten:
		return x.low >= card.Four
	case x.high == card.Nine:
		return x.low >= card.Five
	}
	return false
}

// SimpleCasinoTexas is a simple Casino Texas Hold'em strategy, blind to
// the dealer's up card:
//   - before the flop, Play 4× with SimplePreflop's hands;
//   - on the flop, Play 2× with two pair or better that plays a hole
//     card, a pair that plays a hole card except a pocket pair of twos,
//     or four cards to a flush holding a ten or better of the suit;
//   - on the river, Play 1× with a pair or better that plays a hole card
//     (a better kind of hand than the board's own five), or when fewer than 21 of the
//     45 unseen cards would give the dealer, with the board, a hand above
//     the player's; else fold.
func SimpleCasinoTexas() CasinoTexasStrategy {
	return CasinoTexasStrategy{Preflop: SimplePreflop, Flop: simpleTexasFlop, River: simpleTexasRiver}
}

// SimplePreflop plays 4× with a pair of threes or better, any ace, a king
// with a suited card or a five or better, a queen with a suited six or
// better or an eight or better, a jack with a suited eight or better or a
// ten.
func SimplePreflop(hole [2]card.Card) bool {
	hi, lo := hole[0].Rank(), hole[1].Rank()
	if lo > hi {
		hi, lo = lo, hi
	}
	suited := hole[0].Suit() == hole[1].Suit()
	switch {
	case hi == lo:
		return hi >= card.Three
	case hi == card.Ace:
		return true
	case hi == card.King:
		return suited || lo >= card.Five
	case hi == card.Queen:
		return suited && lo >= card.Six || lo >= card.Eight
	case hi == card.Jack:
		return suited && lo >= card.Eight || lo >= card.Ten
	}
	return false
}

func simpleTexasFlop(hole [2]card.Card, flop [3]card.Card) bool {
	x := readFlop(hole, flop)
	switch {
	case x.hidden:
		return x.category > rank.Pair || x.high != card.Two
	case x.flushDraw:
		for _, c := range hole {
			if c.Rank() >= card.Ten && x.flushSuit == c.Suit() {
				return true
			}
		}
	}
	return false
}

func simpleTexasRiver(hole [2]card.Card, board [5]card.Card) bool {
	v := rank.Best(board[0], board[1], board[2], board[3], board[4], hole[0], hole[1])
	if v.Category() > rank.Best(board[:]...).Category() {
		return true // a pair or better that plays a hole card
	}
	seen := card.SetOf(hole[:]...) | card.SetOf(board[:]...)
	outs := 0
	for c := range card.Card(card.NumCards) {
		if !seen.Has(c) && rank.Best(board[0], board[1], board[2], board[3], board[4], c) > v {
			if outs++; outs >= 21 {
				return false
			}
		}
	}
	return true
}

// flopRead is what a simple strategy sees in the player's two cards and
// the flop.
type flopRead struct {
	category  rank.Category // of the five cards
	hidden    bool          // a better kind of hand than the flop's alone
	flushDraw bool          // four (not five) of one suit
	flushSuit card.Suit     // of the flush draw
	openEnded bool          // four consecutive ranks, from 2-3-4-5 to 10-J-Q-K
	high, low card.Rank     // the hole cards
}

func readFlop(hole [2]card.Card, flop [3]card.Card) flopRead {
	v := rank.Best(hole[0], hole[1], flop[0], flop[1], flop[2])
	x := flopRead{category: v.Category(), high: hole[0].Rank(), low: hole[1].Rank()}
	if x.low > x.high {
		x.high, x.low = x.low, x.high
	}
	var suits [4]int
	var ranks uint16
	for _, c := range [5]card.Card{hole[0], hole[1], flop[0], flop[1], flop[2]} {
		suits[c.Suit()]++
		ranks |= 1 << c.Rank()
	}
	for s, n := range suits {
		if n == 4 {
			x.flushDraw, x.flushSuit = true, card.Suit(s)
		}
	}
	for lo := card.Two; lo <= card.Ten; lo++ {
		x.openEnded = x.openEnded || ranks>>lo&0xf == 0xf
	}
	flopKind := rank.HighCard
	switch a, b, c := flop[0].Rank(), flop[1].Rank(), flop[2].Rank(); {
	case a == b && b == c:
		flopKind = rank.Trips
	case a == b || b == c || a == c:
		flopKind = rank.Pair
	}
	x.hidden = x.category > flopKind
	return x
}
