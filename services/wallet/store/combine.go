package store

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// combiner is group commit for single transfers on PostgreSQL: callers
// queue their transfer; a few flushers each take whatever is queued (up to
// maxGroup) and apply it with one call of wallet_transfer_many — one round
// trip and one commit (one WAL flush) for the whole group. Each transfer
// still succeeds or fails on its own with the same answers as alone, and a
// caller is answered only after the commit that made its transfer durable.
type combiner struct {
	s     *Store
	queue chan *pending
	done  chan struct{}
	max   int
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
	defaultFlushers = 8
	defaultGroup    = 64
)

func newCombiner(s *Store, flushers, max int) *combiner {
	c := &combiner{s: s, queue: make(chan *pending, 4*max), done: make(chan struct{}), max: max}
	for range flushers {
		go c.run()
	}
	return c
}

func (c *combiner) close() { close(c.done) }

func (c *combiner) run() {
	for {
		var first *pending
		select {
		case first = <-c.queue:
		case <-c.done:
			return
		}
		group := []*pending{first}
	fill:
		for len(group) < c.max {
			select {
			case p := <-c.queue:
				group = append(group, p)
			default:
				break fill
			}
		}
		c.flush(group)
	}
}

// submit queues op and waits for its group's commit.
func (c *combiner) submit(ctx context.Context, op ledger.Operation) (groupAnswer, error) {
	p := &pending{ctx: ctx, op: op, out: make(chan groupAnswer, 1), link: trace.LinkFromContext(ctx)}
	select {
	case c.queue <- p:
	case <-ctx.Done():
		return groupAnswer{}, ctx.Err()
	case <-c.done:
		return groupAnswer{}, errors.New("store: closed")
	}
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
