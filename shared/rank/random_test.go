package rank

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/ranktest"
)

// parallel splits n items into chunks over GOMAXPROCS workers; each worker
// gets its own seeded generator and reports failures through t.
func parallel(t *testing.T, n int, seed uint64, work func(rng *rand.Rand, from, to int)) {
	t.Helper()
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		from, to := n*w/workers, n*(w+1)/workers
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			work(rand.New(rand.NewPCG(uint64(w), seed)), from, to)
		}(w)
	}
	wg.Wait()
}

// deal writes k distinct random cards into out.
func deal(rng *rand.Rand, deck *[52]card.Card, out []card.Card) {
	for j := range out {
		x := j + rng.IntN(52-j)
		deck[j], deck[x] = deck[x], deck[j]
		out[j] = deck[j]
	}
}

func newDeck() *[52]card.Card {
	var d [52]card.Card
	for i := range d {
		d[i] = card.Card(i)
	}
	return &d
}

// The fast evaluator agrees with the slow one on randomSevenHands random
// seven-card hands, and on a tenth as many six- and five-card hands.
func TestBestAgreesWithSlowEvaluatorOnRandomHands(t *testing.T) {
	for _, n := range []int{7, 6, 5} {
		count := randomSevenHands
		if n < 7 {
			count /= 10
		}
		parallel(t, count, uint64(n), func(rng *rand.Rand, from, to int) {
			deck := newDeck()
			var h [7]card.Card
			for i := from; i < to; i++ {
				deal(rng, deck, h[:n])
				got, want := Best(h[:n]...), slowBest(h[:n])
				if keyOf(got) != want {
					t.Errorf("Best(%s) = %d %v, slow evaluator says %v", card.Join(h[:n]), got, keyOf(got), want)
					return
				}
				if n == 7 {
					b := BoardOf((*[5]card.Card)(h[2:]))
					if v := b.Best7(h[0], h[1]); v != got {
						t.Errorf("BoardOf(%s).Best7(%s) = %d, Best says %d", card.Join(h[2:]), card.Join(h[:2]), v, got)
						return
					}
				}
			}
		})
	}
}

func TestOmahaAgreesWithSlowEvaluatorOnRandomHands(t *testing.T) {
	parallel(t, randomOmahaHands, 9, func(rng *rand.Rand, from, to int) {
		deck := newDeck()
		var h [9]card.Card
		for i := from; i < to; i++ {
			deal(rng, deck, h[:])
			hole := h[:4]
			// Every deal with the full board, one in eight also on the
			// flop or the turn.
			for _, nb := range []int{5, 3 + i/8%2} {
				board := h[4 : 4+nb]
				got, want := Omaha(hole, board), slowTwoThree(hole, board)
				if keyOf(got) != want {
					t.Errorf("Omaha(%s | %s) = %d %v, slow evaluator says %v", card.Join(hole), card.Join(board), got, keyOf(got), want)
					return
				}
				if err := fullBoardAgrees(hole, board); err != nil {
					t.Error(err)
					return
				}
				if i%8 != 0 {
					break
				}
			}
		}
	})
}

func TestTwoPlusThreeAgreesWithSlowEvaluatorOnRandomHands(t *testing.T) {
	parallel(t, randomOmahaHands, 23, func(rng *rand.Rand, from, to int) {
		deck := newDeck()
		var h [7]card.Card
		for i := from; i < to; i++ {
			deal(rng, deck, h[:])
			nb := 3 + i%3
			hole, board := h[:2], h[2:2+nb]
			got, want := TwoPlusThree(hole, board), slowTwoThree(hole, board)
			if keyOf(got) != want {
				t.Errorf("TwoPlusThree(%s | %s) = %d %v, slow evaluator says %v", card.Join(hole), card.Join(board), got, keyOf(got), want)
				return
			}
			if err := fullBoardAgrees(hole, board); err != nil {
				t.Error(err)
				return
			}
		}
	})
}

// fullBoardAgrees checks what equity ranks a full board's hands with,
// FullBoardOf(board), against Omaha (four hole cards) and TwoPlusThree
// (the first two) on the same cards. Other boards have no FullBoard.
func fullBoardAgrees(hole, board []card.Card) error {
	if len(board) != 5 {
		return nil
	}
	b := FullBoardOf((*[5]card.Card)(board))
	if len(hole) == 4 {
		if got, want := b.Omaha((*[4]card.Card)(hole)), Omaha(hole, board); got != want {
			return fmt.Errorf("FullBoardOf(%s).Omaha(%s) = %d, Omaha says %d", card.Join(board), card.Join(hole), got, want)
		}
	}
	if got, want := b.TwoPlusThree(hole[0], hole[1]), TwoPlusThree(hole[:2], board); got != want {
		return fmt.Errorf("FullBoardOf(%s).TwoPlusThree(%s) = %d, TwoPlusThree says %d", card.Join(board), card.Join(hole[:2]), got, want)
	}
	return nil
}

// Flush-heavy Omaha deals: the flush path is rare in random deals, so
// these deals draw hole and board cards mostly from one or two suits.
func TestOmahaFlushesAgreeWithSlowEvaluator(t *testing.T) {
	parallel(t, randomOmahaHands/10, 99, func(rng *rand.Rand, from, to int) {
		for i := from; i < to; i++ {
			h := ranktest.FlushHeavyOmaha(rng)
			// Omaha on the river, the turn and the flop, and two-plus-three
			// with the first two hole cards: every board size reaches the
			// suited check.
			for _, nb := range []int{5, 4, 3} {
				hole, board := h[:4], h[4:4+nb]
				if got, want := Omaha(hole, board), slowTwoThree(hole, board); keyOf(got) != want {
					t.Errorf("Omaha(%s | %s) = %v, slow evaluator says %v", card.Join(hole), card.Join(board), keyOf(got), want)
					return
				}
				if got, want := TwoPlusThree(hole[:2], board), slowTwoThree(hole[:2], board); keyOf(got) != want {
					t.Errorf("TwoPlusThree(%s | %s) = %v, slow evaluator says %v", card.Join(hole[:2]), card.Join(board), keyOf(got), want)
					return
				}
				if err := fullBoardAgrees(hole, board); err != nil {
					t.Error(err)
					return
				}
			}
			got, want := Best(h[2:]...), slowBest(h[2:])
			if keyOf(got) != want {
				t.Errorf("Best(%s) = %v, slow evaluator says %v", card.Join(h[2:]), keyOf(got), want)
				return
			}
			// Two hole cards against the board, as Hold'em equity ranks
			// them (flush-heavy: the board's flush path).
			b := BoardOf((*[5]card.Card)(h[4:]))
			if v := b.Best7(h[2], h[3]); v != got {
				t.Errorf("BoardOf(%s).Best7(%s) = %d, Best says %d", card.Join(h[4:]), card.Join(h[2:4]), v, got)
				return
			}
		}
	})
}
