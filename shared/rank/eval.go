package rank

import (
	"math/bits"

	"github.com/croupier/croupier/shared/card"
)

// scale is the Value scale, built once at start-up and never changed.
var scale = newScale()

// Best returns the Value of the best five-card hand among 5, 6 or 7 cards
// (Hold'em, stud, the banked games' high hands). It returns 0 for any other
// count. The cards must be distinct valid cards: Best does not check
// (Game.Check does); duplicates give an unspecified Value, out-of-range
// cards count as no card, and nothing panics.
func Best(cards ...card.Card) Value {
	switch len(cards) {
	case 7:
		return Best7((*[7]card.Card)(cards))
	case 6:
		k := suitBias + cardKeys[cards[5]] + cardKeys[cards[4]] +
			cardKeys[cards[3]] + cardKeys[cards[2]] + cardKeys[cards[1]] + cardKeys[cards[0]]
		if k&flushBits != 0 {
			return tab.flushValue(cards, k>>32)
		}
		return tab.lookup6(uint32(k))
	case 5:
		k := suitBias + cardKeys[cards[4]] +
			cardKeys[cards[3]] + cardKeys[cards[2]] + cardKeys[cards[1]] + cardKeys[cards[0]]
		if k&flushBits != 0 {
			return tab.flushValue(cards, k>>32)
		}
		return tab.lookup5(uint32(k))
	}
	return 0
}

// Best7 is Best of exactly seven cards, for the inner loops of equity
// enumeration and simulation: an array instead of a slice leaves nothing
// to check but the cards. A card is a byte and the keys (tab.seven) have
// 256 entries in each half, so a card indexes it with no mask and no bounds check; an
// out-of-range card's key is zero (no card).
func Best7(h *[7]card.Card) Value {
	t := &tab
	k := t.seven[256+int(h[0])] + t.seven[h[1]] + t.seven[h[2]] + t.seven[h[3]] + t.seven[h[4]] + t.seven[h[5]] + t.seven[h[6]]
	if k&handFlush7 == 0 {
		// No flush: the rank sum's row (a shift from the top, so no
		// bounds check) gives the offset to add; the AND keeps any sum
		// in the table. Written here rather than in a function of its
		// own: inlined, that adds a marker instruction to every hand.
		slot := (uint32(k>>rankShift7) + uint32(t.seven[rowsAt7+k>>(64-rowBits7)])) & (1<<slotBits7 - 1)
		return Value(t.vals7[slot])
	}
	// The flush, about one hand in 33: the common case above falls
	// through with no jump. Written out rather than a loop, which the
	// compiler would lay out as the likely branch.
	return t.flushOf(suitRankBits[h[0]]+suitRankBits[h[1]]+suitRankBits[h[2]]+suitRankBits[h[3]]+
		suitRankBits[h[4]]+suitRankBits[h[5]]+suitRankBits[h[6]], k)
}

// Board is five board cards summed once, for the loops that rank many
// two-card hands against one board (Hold'em equity: every hand of a board,
// then the next board). Each hand then adds its two cards' keys to the
// board's, five loads fewer a hand than Best7 of the seven cards, and no
// copy into an array.
type Board struct {
	key   uint64
	cards [5]card.Card // for the flush path, about one hand in 33
}

// BoardOf sums the board's keys. The cards must be distinct valid cards,
// as for Best.
func BoardOf(b *[5]card.Card) Board {
	t := &tab
	return Board{key: t.seven[256+int(b[0])] + t.seven[b[1]] + t.seven[b[2]] + t.seven[b[3]] + t.seven[b[4]], cards: *b}
}

// Best7 is Best of the board and the hole cards c0 and c1, distinct from
// the board's: the same Value as Best7 of the seven cards.
func (b *Board) Best7(c0, c1 card.Card) Value {
	t := &tab
	k := b.key + t.seven[c0] + t.seven[c1]
	if k&handFlush7 == 0 {
		// Best7's lookup, written out here for the same reason as there.
		slot := (uint32(k>>rankShift7) + uint32(t.seven[rowsAt7+k>>(64-rowBits7)])) & (1<<slotBits7 - 1)
		return Value(t.vals7[slot])
	}
	return t.flushOf(suitRankBits[b.cards[0]]+suitRankBits[b.cards[1]]+suitRankBits[b.cards[2]]+suitRankBits[b.cards[3]]+
		suitRankBits[b.cards[4]]+suitRankBits[c0]+suitRankBits[c1], k)
}

// Omaha returns the Value of the best hand made of exactly two of the four
// hole cards and exactly three of the 3..5 board cards
// (docs/rules/gr-variant-omaha.md §5). It returns 0 for other counts. Like Best, it
// trusts its caller to pass distinct valid cards.
func Omaha(hole, board []card.Card) Value {
	if len(hole) != 4 || len(board) != 5 {
		return tab.omahaPartial(hole, board)
	}
	// A full board, the case showdowns and equity enumeration spend their
	// time in: the six hole pairs read one row of fullBoard. One sum of
	// the board's keys gives both its rank key (the low half) and its
	// suit counters, which rule out a flush for most hands without a
	// look at the cards.
	t := &tab
	bs := cardKeys[board[0]] + cardKeys[board[1]] + cardKeys[board[2]] + cardKeys[board[3]] + cardKeys[board[4]]
	row := &t.fullBoard[t.boardRow[t.slot5(uint32(bs))]]
	// A card is rank*4 + suit; &15 only tells the compiler the index is
	// in range (an invalid card's slots hold 0).
	p0, p1, p2 := &row[hole[0]>>2&15], &row[hole[1]>>2&15], &row[hole[2]>>2&15]
	r1, r2, r3 := hole[1]>>2&15, hole[2]>>2&15, hole[3]>>2&15
	best := Value(max(p0[r1], p0[r2], p0[r3], p1[r2], p1[r3], p2[r3]))
	hs := cardKeys[hole[0]] + cardKeys[hole[1]] + cardKeys[hole[2]] + cardKeys[hole[3]]
	if cand := flushSuits(hs, bs); cand != 0 {
		// Five board cards hold three of at most one suit: cand has one
		// bit, and no loop over suits is needed.
		hm := suitRankBits[hole[0]] | suitRankBits[hole[1]] | suitRankBits[hole[2]] | suitRankBits[hole[3]]
		sh := laneOf(cand)
		best = max(best, t.suitedTwoThree(hm>>sh, boardSuits(board)>>sh))
	}
	return best
}

// FullBoard is a full five-card board read once, for the loops that rank
// many Omaha or two-plus-three hands against one board (equity: every hand
// of a board, then the next board). Each hand then reads only its own
// cards: the board's row and key are found once a board, not once a hand.
//
// Its methods repeat the steps of Omaha's and TwoPlusThree's full-board
// case. Those are not written as calls to a FullBoard: neither FullBoardOf
// nor the methods can be inlined, and the calls cost Omaha 18 instructions
// a hand (callgrind, make evaluator-instructions: 108.7 -> 126.9).
type FullBoard struct {
	// row is the board's row of fullBoard: an Omaha hand's six hole pairs
	// read six of its entries, a two-plus-three hand's pair one.
	row *[16][16]uint16
	// key is the sum of the board's keys: its rank key (the low half) and
	// its suit counters, which rule out a flush for most hands without a
	// look at the cards.
	key   uint64
	cards [5]card.Card // for the flush path
}

// FullBoardOf reads a five-card board. The cards must be distinct valid
// cards, as for Best.
func FullBoardOf(b *[5]card.Card) FullBoard {
	t := &tab
	k := cardKeys[b[0]] + cardKeys[b[1]] + cardKeys[b[2]] + cardKeys[b[3]] + cardKeys[b[4]]
	return FullBoard{row: &t.fullBoard[t.boardRow[t.slot5(uint32(k))]], key: k, cards: *b}
}

// Omaha is Omaha of the four hole cards on this board.
func (b *FullBoard) Omaha(hole *[4]card.Card) Value {
	row := b.row
	p0, p1, p2 := &row[hole[0]>>2&15], &row[hole[1]>>2&15], &row[hole[2]>>2&15]
	r1, r2, r3 := hole[1]>>2&15, hole[2]>>2&15, hole[3]>>2&15
	best := Value(max(p0[r1], p0[r2], p0[r3], p1[r2], p1[r3], p2[r3]))
	hs := cardKeys[hole[0]] + cardKeys[hole[1]] + cardKeys[hole[2]] + cardKeys[hole[3]]
	if cand := flushSuits(hs, b.key); cand != 0 {
		hm := suitRankBits[hole[0]] | suitRankBits[hole[1]] | suitRankBits[hole[2]] | suitRankBits[hole[3]]
		sh := laneOf(cand)
		best = max(best, tab.suitedTwoThree(hm>>sh, boardSuits(b.cards[:])>>sh))
	}
	return best
}

// TwoPlusThree is TwoPlusThree of the hole cards c0 and c1 on this board.
func (b *FullBoard) TwoPlusThree(c0, c1 card.Card) Value {
	best := Value(b.row[c0>>2&15][c1>>2&15])
	if cand := flushSuits(cardKeys[c0]+cardKeys[c1], b.key); cand != 0 {
		sh := laneOf(cand)
		best = max(best, tab.suitedTwoThree((suitRankBits[c0]|suitRankBits[c1])>>sh, boardSuits(b.cards[:])>>sh))
	}
	return best
}

// omahaPartial is Omaha on a board of three or four cards (0 for other
// counts).
func (t *tables) omahaPartial(hole, board []card.Card) Value {
	if len(hole) != 4 || len(board) < 3 || len(board) > 4 {
		return 0
	}
	r0, r1, r2, r3 := cardRank[hole[0]&63], cardRank[hole[1]&63], cardRank[hole[2]&63], cardRank[hole[3]&63]
	p0, p1, p2 := uint32(t.pairRow[r0<<4|r1]), uint32(t.pairRow[r0<<4|r2]), uint32(t.pairRow[r0<<4|r3])
	p3, p4, p5 := uint32(t.pairRow[r1<<4|r2]), uint32(t.pairRow[r1<<4|r3]), uint32(t.pairRow[r2<<4|r3])
	var cols [10]uint16
	n := t.boardTriples(board, &cols)
	best := uint16(0)
	for _, c := range cols[:n] {
		q := uint32(c)
		best = max(best,
			t.twoThree[uint16(p0+q)], t.twoThree[uint16(p1+q)], t.twoThree[uint16(p2+q)],
			t.twoThree[uint16(p3+q)], t.twoThree[uint16(p4+q)], t.twoThree[uint16(p5+q)])
	}
	return max(Value(best), t.twoThreeFlush(hole, board, flushSuits(sumKeys(hole), sumKeys(board))))
}

// TwoPlusThree returns the Value of the best hand made of exactly two hole
// cards and exactly three of the 3..5 board cards: the casino rule of
// docs/rules/ru-texas-holdem-casino.md (default profile). It returns 0 for other
// counts. Like Best, it trusts its caller to pass distinct valid cards.
func TwoPlusThree(hole, board []card.Card) Value {
	if len(hole) != 2 || len(board) < 3 || len(board) > 5 {
		return 0
	}
	t := &tab
	if len(board) == 5 {
		// As Omaha's full board: one sum of the board's keys for its rank
		// key and its suit counters, and at most one suit to check.
		bs := cardKeys[board[0]] + cardKeys[board[1]] + cardKeys[board[2]] + cardKeys[board[3]] + cardKeys[board[4]]
		best := Value(t.fullBoard[t.boardRow[t.slot5(uint32(bs))]][hole[0]>>2&15][hole[1]>>2&15])
		if cand := flushSuits(cardKeys[hole[0]]+cardKeys[hole[1]], bs); cand != 0 {
			// Three board cards of one suit leave two for the others: one
			// suit at most, as in Omaha.
			sh := laneOf(cand)
			best = max(best, t.suitedTwoThree((suitRankBits[hole[0]]|suitRankBits[hole[1]])>>sh, boardSuits(board)>>sh))
		}
		return best
	}
	r0, r1 := cardRank[hole[0]&63], cardRank[hole[1]&63]
	p := uint32(t.pairRow[r0<<4|r1])
	var cols [10]uint16
	n := t.boardTriples(board, &cols)
	best := uint16(0)
	for _, c := range cols[:n] {
		best = max(best, t.twoThree[uint16(p+uint32(c))])
	}
	return max(Value(best), t.twoThreeFlush(hole, board, flushSuits(sumKeys(hole), sumKeys(board))))
}

// rankKey is the base-5 rank part of a card's key.
func rankKey(c card.Card) uint32 { return uint32(cardKeys[c]) }

// cardRank[c] is card c's rank, 0..12; invalid cards read as Twos (they
// give an unspecified Value but index safely).
var cardRank = func() (r [64]uint8) {
	for c := card.Card(0); c < card.NumCards; c++ {
		r[c] = uint8(c.Rank())
	}
	return r
}()

// boardTriples writes the two-plus-three table column of every three-card
// subset of the 3..5 board cards and returns how many there are (1, 4 or
// 10; 0 for another count).
func (t *tables) boardTriples(board []card.Card, out *[10]uint16) int {
	switch len(board) {
	case 5:
		b0, b1, b2, b3, b4 := uint16(cardRank[board[0]&63]), uint16(cardRank[board[1]&63]), uint16(cardRank[board[2]&63]), uint16(cardRank[board[3]&63]), uint16(cardRank[board[4]&63])
		out[0], out[1], out[2], out[3], out[4] = t.col(b0, b1, b2), t.col(b0, b1, b3), t.col(b0, b1, b4), t.col(b0, b2, b3), t.col(b0, b2, b4)
		out[5], out[6], out[7], out[8], out[9] = t.col(b0, b3, b4), t.col(b1, b2, b3), t.col(b1, b2, b4), t.col(b1, b3, b4), t.col(b2, b3, b4)
		return 10
	case 4:
		b0, b1, b2, b3 := uint16(cardRank[board[0]&63]), uint16(cardRank[board[1]&63]), uint16(cardRank[board[2]&63]), uint16(cardRank[board[3]&63])
		out[0], out[1], out[2], out[3] = t.col(b0, b1, b2), t.col(b0, b1, b3), t.col(b0, b2, b3), t.col(b1, b2, b3)
		return 4
	case 3:
		out[0] = t.col(uint16(cardRank[board[0]&63]), uint16(cardRank[board[1]&63]), uint16(cardRank[board[2]&63]))
		return 1
	}
	return 0
}

func (t *tables) col(a, b, c uint16) uint16 { return t.tripleCol[(a<<8|b<<4|c)&(1<<12-1)] }

// sumKeys is the sum of the cards' keys: their rank key in the low half,
// their suit counters in the high.
func sumKeys(cards []card.Card) uint64 {
	var k uint64
	for _, c := range cards {
		k += cardKeys[c]
	}
	return k
}

// flushSuits are the suits (bit 3 of each suit's nibble) with at least two
// hole cards and three board cards, from the sums of their keys: only
// these can make a two-plus-three flush. Bit 3 of a nibble: 6+2 = 8 (two
// hole cards), 5+3 = 8 (three board cards); counts stay below 8 so
// nothing carries.
func flushSuits(hole, board uint64) uint64 {
	return (hole>>32 + 0x6666) & (board>>32 + 0x5555) & 0x8888
}

// twoThreeFlush is the best flush or straight flush of exactly two hole
// cards and exactly three board cards in the suits cand names (flushSuits),
// or 0.
//
// In one suit the hole and board cards have distinct ranks (distinct
// cards), so two hole and three board ranks make a straight flush exactly
// when a straight's five ranks hold two of the hole's and three of the
// board's; the best is the highest such straight. Without one, the best
// flush is the hole's two highest ranks with the board's three highest: a
// card swapped for a higher one of the same side only raises a flush.
func (t *tables) twoThreeFlush(hole, board []card.Card, cand uint64) Value {
	if cand == 0 {
		return 0
	}
	var hm, bm uint64 // each suit's ranks, 16 bits a suit
	for _, c := range hole {
		hm |= suitRankBits[c]
	}
	for _, c := range board {
		bm |= suitRankBits[c]
	}
	best := Value(0)
	for ; cand != 0; cand &= cand - 1 {
		sh := laneOf(cand)
		best = max(best, t.suitedTwoThree(hm>>sh, bm>>sh))
	}
	return best
}

// suitedTwoThree is the best flush or straight flush of two of the hole
// ranks h and three of the board ranks b of one suit (the low 13 bits of
// each count).
func (t *tables) suitedTwoThree(h, b uint64) Value {
	hs, bs := t.suited[h&(1<<13-1)], t.suited[b&(1<<13-1)]
	if w := uint16(hs) & uint16(bs>>16); w != 0 {
		return Value(t.flush[windowMask(bits.Len16(w)-1)&(1<<13-1)])
	}
	return Value(t.flush[(hs>>32|bs>>48)&(1<<13-1)])
}

// boardSuits is the ranks of each suit of a five-card board, 16 bits a
// suit (suitRankBits).
func boardSuits(board []card.Card) uint64 {
	return suitRankBits[board[0]] | suitRankBits[board[1]] | suitRankBits[board[2]] | suitRankBits[board[3]] | suitRankBits[board[4]]
}

// laneOf is the shift to the 16-bit lane (suitRankBits) of the lowest
// suit cand (flushSuits) names.
func laneOf(cand uint64) int { return bits.TrailingZeros64(cand) / 4 * 16 }

// suitRankBits[c] is 1 << (16*suit + rank) for a valid card c, 0 for the
// other bytes.
var suitRankBits = func() (k [256]uint64) {
	for c := card.Card(0); c < card.NumCards; c++ {
		k[c] = 1 << (16*int(c.Suit()) + int(c.Rank()))
	}
	return k
}()
