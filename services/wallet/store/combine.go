package store

import (
	"context"
	"errors"
	"sync"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// combiner is group commit for single transfers on PostgreSQL: callers
// queue their transfer; a few flushers each take what is queued (up to
// max) and apply it with one call of wallet_transfer_many — one round trip
// and one commit (one WAL flush) for the whole group. Each transfer still
// succeeds or fails on its own with the same answers as alone, and a
// caller is answered only after the commit that made its transfer durable.
//
// Groups in flight at the same time touch disjoint accounts: a flusher
// leaves in the queue a transfer whose account another group in flight
// holds. Two groups sharing an account would run one after the other
// anyway (the second waits on the first's row locks until its commit), so
// leaving it costs nothing, and what is taken instead runs in parallel: one
// group's statement executes while another waits for its WAL flush. The
// oldest transfer whose accounts are free always goes first, so none
// waits for more than the groups already in flight.
type combiner struct {
	s   *Store
	max int

	mu      sync.Mutex
	ready   *sync.Cond       // signalled when a transfer is queued or a group's accounts are freed
	queue   []*pending       // oldest first
	held    map[int64]uint64 // account → the group in flight that holds it
	waiting map[int64]bool   // take's scratch: accounts of the older transfers it left queued
	next    uint64           // the last group's number
	closed  bool
}

type pending struct {
	ctx  context.Context
	op   ledger.Operation
	out  chan groupAnswer
	link trace.Link
}

type groupAnswer struct {
	status        int16
	op, tid, acct int64
	err           error
}

const (
	// defaultFlushers: two groups in flight, one executing while the other
	// commits, on disjoint accounts. Measured with 64 clients on 2 cores
	// (make wallet-bench): more flushers only split the same transfers into
	// smaller groups and more WAL flushes.
	defaultFlushers = 2
	defaultGroup    = 64
)

var errClosed = errors.New("store: closed")

func newCombiner(s *Store, flushers, max int) *combiner {
	c := &combiner{s: s, max: max, held: map[int64]uint64{}, waiting: map[int64]bool{}}
	c.ready = sync.NewCond(&c.mu)
	for range flushers {
		go c.run()
	}
	return c
}

// close stops the flushers once their groups are done and answers every
// transfer still queued with an error (none of them was applied).
func (c *combiner) close() {
	c.mu.Lock()
	c.closed = true
	left := c.queue
	c.queue = nil
	c.mu.Unlock()
	c.ready.Broadcast()
	for _, p := range left {
		p.out <- groupAnswer{err: errClosed}
	}
}

func (c *combiner) run() {
	for {
		id, group := c.take()
		if group == nil {
			return
		}
		c.flush(group)
		c.release(id, group)
	}
}

// take waits for at least one queued transfer whose accounts no other
// group in flight holds and returns the group it starts: the oldest such
// transfers, up to max, with their accounts now held under its number.
func (c *combiner) take() (uint64, []*pending) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		if c.closed {
			return 0, nil
		}
		c.next++
		id := c.next
		var group []*pending
		left := c.queue[:0]
		clear(c.waiting)
		for _, p := range c.queue {
			g := p.op.Legs[0]
			if len(group) < c.max && c.free(g.Debit, id) && c.free(g.Credit, id) {
				c.held[g.Debit], c.held[g.Credit] = id, id
				group = append(group, p)
				continue
			}
			// What an older transfer waits for, a younger one may not
			// take first: each account's transfers go in the callers'
			// order, and none waits for ever.
			c.waiting[g.Debit], c.waiting[g.Credit] = true, true
			left = append(left, p)
		}
		clear(c.queue[len(left):])
		c.queue = left
		if len(group) > 0 {
			return id, group
		}
		c.ready.Wait()
	}
}

// free reports whether account is held by no group in flight but id's and
// no older transfer left in the queue waits for it.
func (c *combiner) free(account int64, id uint64) bool {
	if c.waiting[account] {
		return false
	}
	by, ok := c.held[account]
	return !ok || by == id
}

// release frees the accounts of group id once its callers are answered.
func (c *combiner) release(id uint64, group []*pending) {
	c.mu.Lock()
	for _, p := range group {
		g := p.op.Legs[0]
		for _, a := range [2]int64{g.Debit, g.Credit} {
			if c.held[a] == id {
				delete(c.held, a)
			}
		}
	}
	c.mu.Unlock()
	c.ready.Broadcast()
}

// submit queues op and waits for its group's commit.
func (c *combiner) submit(ctx context.Context, op ledger.Operation) (groupAnswer, error) {
	p := &pending{ctx: ctx, op: op, out: make(chan groupAnswer, 1), link: trace.LinkFromContext(ctx)}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return groupAnswer{}, errClosed
	}
	c.queue = append(c.queue, p)
	c.mu.Unlock()
	c.ready.Signal()
	select {
	case a := <-p.out:
		return a, a.err
	case <-ctx.Done():
		// The group may still commit this transfer; a retry with the same
		// key returns it.
		return groupAnswer{}, ctx.Err()
	}
}

func (c *combiner) flush(group []*pending) {
	links := make([]trace.Link, 0, len(group))
	n := len(group)
	var (
		scope, key, currency, table, hand, round, tour, note = make([]string, n), make([]string, n), make([]string, n),
			make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		hash                  = make([][]byte, n)
		debit, credit, amount = make([]int64, n), make([]int64, n), make([]int64, n)
		kind                  = make([]int16, n)
		now                   time.Time
	)
	for i, p := range group {
		if i > 0 {
			links = append(links, p.link)
		}
		g := p.op.Legs[0]
		scope[i], key[i], hash[i] = p.op.Scope, p.op.Key, p.op.Hash
		debit[i], credit[i], amount[i], currency[i], kind[i] = g.Debit, g.Credit, g.Amount, g.Currency, int16(g.Kind)
		table[i], hand[i], round[i], tour[i], note[i] = g.Meta.TableID, g.Meta.HandID, g.Meta.RoundID, g.Meta.TournamentID, g.Meta.Note
		if p.op.Now.After(now) {
			now = p.op.Now
		}
	}
	// The group outlives no caller but is cancelled by none: a background
	// context. Its span is a child of the first caller's (the statement is
	// that call's work, and a transfer alone — the usual case off peak —
	// keeps its SQL in its own trace), linked to every other caller's.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ctx = trace.ContextWithSpanContext(ctx, group[0].link.SpanContext)
	ctx, span := c.s.tracer.Start(ctx, "wallet.transfer_group", trace.WithLinks(links...),
		trace.WithAttributes(attribute.Int("wallet.group_size", n)))
	defer span.End()
	c.s.m.group.Record(ctx, int64(n))
	answers := make([]groupAnswer, n)
	err := c.s.once(ctx, "transfer_group", func(x q) error {
		return x.rows(ctx, "wallet_transfer_many",
			`SELECT out_idx, out_status, out_op, out_transfer, out_account FROM wallet_transfer_many($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			[]any{scope, key, hash, debit, credit, amount, currency, kind, table, hand, round, tour, note, micros(now)},
			func(r rowScanner) error {
				var i int
				var a groupAnswer
				if err := r.Scan(&i, &a.status, &a.op, &a.tid, &a.acct); err != nil {
					return err
				}
				if i >= 1 && i <= n {
					answers[i-1] = a
				}
				return nil
			})
	})
	if err != nil {
		if n > 1 && apierr.Code(err) != connect.CodeUnavailable && ctx.Err() == nil {
			// An error raised by one item (a second rake for a hand, an
			// overflowing balance) fails the group's statement whole: run
			// each transfer alone so one cannot fail another. A lost
			// connection fails them all: each caller retries with its key.
			c.s.m.splits.Add(ctx, 1)
			for _, p := range group {
				a, err := c.s.single(p.ctx, p.op)
				a.err = err
				p.out <- a
			}
			return
		}
		for _, p := range group {
			p.out <- groupAnswer{err: err}
		}
		return
	}
	for i, p := range group {
		p.out <- answers[i]
	}
}
