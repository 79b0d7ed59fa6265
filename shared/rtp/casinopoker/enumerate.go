package casinopoker

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// forEachBoard deals every class of five-card boards (canonicalBoards) on
// GOMAXPROCS workers and hands fn each board's showdown with the class's
// size. It stops early with ctx's error.
func forEachBoard(ctx context.Context, eval Evaluator, qual rank.Value, fn func(s *showdown, weight float64)) error {
	bs := canonicalBoards()
	const chunk = 256
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			s := newShowdown(eval, qual)
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(bs) || ctx.Err() != nil {
					return
				}
				for _, b := range bs[lo:min(lo+chunk, len(bs))] {
					s.deal(b.cards)
					fn(s, float64(b.weight))
				}
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}

// flopTable sums, for every (flop, holding) pair, k figures over the
// boards the flop is part of: the turn and river run out. Only one flop
// of each kind has a row (1,755 rows of 1,326 holdings, small enough to
// stay near the cache): a board's flop f is carried, with the holdings,
// by a suit permutation onto its kind's flop. Each row has its own lock,
// so workers dealing different boards rarely wait.
type flopTable struct {
	k     int
	sums  []float64 // [flop class][holding][k]
	locks []sync.Mutex
}

func newFlopTable(k int) *flopTable {
	n := len(symmetries().classFlop)
	return &flopTable{k: k, sums: make([]float64, n*numPairs*k), locks: make([]sync.Mutex, n)}
}

// add adds x[j][i], the j-th figure of the showdown's holding i, times w,
// for each of the ten flops of the board.
func (t *flopTable) add(s *showdown, w float64, x [][restPairs]float64) {
	sy := symmetries()
	b := s.board
	var at [restPairs]int32
	for _, pos := range boardFlops {
		f := flopIndex(b[pos[0]], b[pos[1]], b[pos[2]])
		c := int(sy.flopClass[f])
		perm := &sy.pairPerm[sy.flopToCanon[f]]
		for i, p := range s.pair[:s.n] {
			at[i] = int32(perm[p]) * int32(t.k)
		}
		row := t.sums[c*numPairs*t.k : (c+1)*numPairs*t.k]
		t.locks[c].Lock()
		for j, xj := range x {
			for i, a := range at[:s.n] {
				row[int(a)+j] += w * xj[i]
			}
		}
		t.locks[c].Unlock()
	}
}

// symmetrize makes the table whole. The boards were dealt one per class,
// weighed by the class's size, and each board's flop was carried with the
// holdings onto its kind's flop f. A class of (holding, flop) pairs under
// the suits has the same sum over its run-outs for every member, and the
// sums dealt for the class's boards add up to the class's true total
// (every board of a class is an image of the one dealt). Its members on
// f are the images of (h, f) under the permutations fixing f; adding the
// rows of h's images under those permutations gives each member's true
// sum 24 times: |stabiliser| × (flops of the kind) = 24. The row of each
// kind is replaced by these sums; at's callers divide by 24.
func (t *flopTable) symmetrize() {
	sy := symmetries()
	row := make([]float64, numPairs*t.k)
	for c := range sy.classFlop {
		src := t.sums[c*numPairs*t.k : (c+1)*numPairs*t.k]
		clear(row)
		for _, p := range sy.flopStab[c] {
			for h := range numPairs {
				img := int(sy.pairPerm[p][h]) * t.k
				for j := range t.k {
					row[h*t.k+j] += src[img+j]
				}
			}
		}
		copy(src, row)
	}
}

// at returns the k sums over every turn and river of (hole, flop), times
// 24.
func (t *flopTable) at(hole [2]card.Card, flop [3]card.Card) []float64 {
	sy := symmetries()
	f := flopIndex(flop[0], flop[1], flop[2])
	c := int(sy.flopClass[f])
	h := int(sy.pairPerm[sy.flopToCanon[f]][pairIndex(hole[0], hole[1])])
	return t.sums[(c*numPairs+h)*t.k:][:t.k]
}

// forEachHoleFlop calls fn for one flop of each kind, every holding
// beside it, and the number of flops of the kind: the (holding, flop)
// pairs of the deck, up to the suits.
func forEachHoleFlop(fn func(weight float64, hole [2]card.Card, flop [3]card.Card)) {
	sy := symmetries()
	for c, f := range sy.classFlop {
		flop := flopCards[f]
		fs := card.SetOf(flop[:]...)
		w := float64(len(suitPerms) / len(sy.flopStab[c]))
		for _, hole := range pairCards {
			if fs&card.SetOf(hole[:]...) == 0 {
				fn(w, hole, flop)
			}
		}
	}
}
