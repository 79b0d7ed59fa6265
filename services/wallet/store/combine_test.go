package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/croupier/croupier/services/wallet/ledger"
)

func queued(c *combiner, debit, credit int64) *pending {
	p := &pending{ctx: context.Background(), out: make(chan groupAnswer, 1),
		op: ledger.Operation{Legs: []ledger.Leg{{Debit: debit, Credit: credit, Amount: 1, Currency: "EUR"}}}}
	c.queue = append(c.queue, p)
	return p
}

func accounts(group []*pending) []int64 {
	var out []int64
	for _, p := range group {
		out = append(out, p.op.Legs[0].Debit, p.op.Legs[0].Credit)
	}
	return out
}

// Two groups in flight never share an account; what one holds waits, in
// order, and goes first once it is released.
func TestCombinerGroupsInFlightTouchDisjointAccounts(t *testing.T) {
	c := &combiner{max: 3, held: map[int64]uint64{}, waiting: map[int64]bool{}}
	c.ready = sync.NewCond(&c.mu)
	a := queued(c, 1, 2)
	b := queued(c, 2, 3) // shares 2 with a: same group is fine
	d := queued(c, 4, 5)
	e := queued(c, 6, 7) // over max
	id1, g1 := c.take()
	if len(g1) != 3 || g1[0] != a || g1[1] != b || g1[2] != d {
		t.Fatalf("first group %v, want the three oldest", accounts(g1))
	}
	f := queued(c, 3, 8) // 3 is held by the first group
	h := queued(c, 9, 10)
	id2, g2 := c.take()
	if len(g2) != 2 || g2[0] != e || g2[1] != h {
		t.Fatalf("second group %v, want e and h (f waits for account 3)", accounts(g2))
	}
	if len(c.queue) != 1 || c.queue[0] != f {
		t.Fatalf("queue %d long, want f alone", len(c.queue))
	}
	c.release(id1, g1)
	_, g3 := c.take()
	if len(g3) != 1 || g3[0] != f {
		t.Fatalf("third group %v, want f", accounts(g3))
	}
	// Releasing the first group again frees nothing the third holds.
	c.release(id1, g1)
	if c.held[3] == 0 || c.held[8] == 0 {
		t.Fatalf("accounts of a group in flight freed by another's release: %v", c.held)
	}
	c.release(id2, g2)
	for _, x := range []int64{6, 7, 9, 10} {
		if _, ok := c.held[x]; ok {
			t.Fatalf("account %d still held after its group's release", x)
		}
	}
}

// Property: with random transfers over a few accounts, whatever groups are
// in flight hold pairwise disjoint accounts, every transfer is taken once,
// and a transfer is never overtaken by a younger one touching its accounts
// (their order on an account is the callers' order).
func TestCombinerSchedulingProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		c := &combiner{max: 1 + r.IntN(8), held: map[int64]uint64{}, waiting: map[int64]bool{}}
		c.ready = sync.NewCond(&c.mu)
		order := map[*pending]int{}
		n := 5 + r.IntN(40)
		for i := range n {
			d := int64(1 + r.IntN(6))
			cr := int64(1 + r.IntN(6))
			for cr == d {
				cr = int64(1 + r.IntN(6))
			}
			order[queued(c, d, cr)] = i
		}
		type flight struct {
			id    uint64
			group []*pending
		}
		var inFlight []flight
		taken := 0
		last := map[int64]int{} // account → order of the last transfer taken on it
		for taken < n {
			if len(c.queue) > 0 && (len(inFlight) == 0 || r.IntN(2) == 0) {
				// take blocks when nothing is free; only call it when the
				// oldest queued transfer's accounts are free or nothing is in flight.
				g := c.queue[0].op.Legs[0]
				if _, busy := c.held[g.Debit]; busy {
					goto release
				}
				if _, busy := c.held[g.Credit]; busy {
					goto release
				}
				id, group := c.take()
				seen := map[int64]bool{}
				for _, p := range group {
					for _, a := range [2]int64{p.op.Legs[0].Debit, p.op.Legs[0].Credit} {
						seen[a] = true
						if o, ok := last[a]; ok && o > order[p] {
							t.Fatalf("trial %d: transfer %d on account %d taken after %d", trial, order[p], a, o)
						}
						last[a] = order[p]
					}
				}
				for _, f := range inFlight {
					for _, a := range accounts(f.group) {
						if seen[a] {
							t.Fatalf("trial %d: account %d in two groups in flight", trial, a)
						}
					}
				}
				inFlight = append(inFlight, flight{id, group})
				taken += len(group)
				continue
			}
		release:
			if len(inFlight) > 0 {
				k := r.IntN(len(inFlight))
				c.release(inFlight[k].id, inFlight[k].group)
				inFlight = append(inFlight[:k], inFlight[k+1:]...)
			}
		}
		if len(c.queue) != 0 {
			t.Fatalf("trial %d: %d transfers never taken", trial, len(c.queue))
		}
	}
}

// Closing answers what is still queued with an error, and refuses more.
func TestCombinerCloseAnswersTheQueue(t *testing.T) {
	c := &combiner{max: 4, held: map[int64]uint64{}, waiting: map[int64]bool{}}
	c.ready = sync.NewCond(&c.mu)
	p := queued(c, 1, 2)
	c.close()
	if a := <-p.out; !errors.Is(a.err, errClosed) {
		t.Fatalf("queued transfer answered %+v, want errClosed", a)
	}
	if _, err := c.submit(context.Background(), p.op); !errors.Is(err, errClosed) {
		t.Fatalf("submit after close: %v", err)
	}
	if id, g := c.take(); g != nil {
		t.Fatalf("take after close: group %d %v", id, accounts(g))
	}
}
