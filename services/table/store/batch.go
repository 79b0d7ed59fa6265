package store

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// committer runs the commit script on one Redis server for every table of
// a replica, grouping the commits that arrive together: while one batch is
// on the wire, the commits that arrive queue up and go as the next batch,
// in one call. Under load a round trip (a write and a read system call
// on each side, and Redis's event-loop work) then carries several tables'
// commits instead of one; at low load a commit goes at once, alone, as it
// did before. Each commit is still compared and set on its own and gets
// its own reply and error: a batch only shares the trip.
//
// There is no goroutine of its own. The first caller to find no batch on
// the wire leads: it sends the queue, hands every commit its reply, and
// passes the lead to the oldest commit queued meanwhile (or drops it), so
// no caller sends more than its own batch.
type committer struct {
	rdb         redis.UniversalClient
	script      *redis.Script // one commit (commit.lua)
	batchScript *redis.Script // several (batch.lua)

	mu    sync.Mutex
	queue []*queued
	busy  bool // a leader is sending, or has been chosen

	batches, commits atomic.Uint64
}

// queued is one commit waiting for its batch.
type queued struct {
	ctx  context.Context // the caller's: its span is told of the batch
	keys []string
	args []any
	res  []any
	err  error
	// wake gets false when the reply is in res and err, or true when this
	// commit is to lead the next batch. Buffered: the sender never waits.
	wake chan bool
}

//go:embed batch.lua
var batchLua string

func newCommitter(rdb redis.UniversalClient, script *redis.Script) *committer {
	// The batch script holds the commit script as a function: its KEYS and
	// ARGV become the function's parameters, so both run the same text.
	batch := redis.NewScript("local function commit(KEYS, ARGV)\n" + commitLua + "\nend\n" + batchLua)
	return &committer{rdb: rdb, script: script, batchScript: batch}
}

// run commits keys and args with the script and returns its reply.
func (c *committer) run(ctx context.Context, keys []string, args []any) ([]any, error) {
	q := &queued{ctx: ctx, keys: keys, args: args, wake: make(chan bool, 1)}
	c.mu.Lock()
	c.queue = append(c.queue, q)
	if c.busy {
		c.mu.Unlock()
		select {
		case lead := <-q.wake:
			if !lead {
				return q.res, q.err
			}
		case <-ctx.Done():
			if c.leave(q) {
				return nil, ctx.Err()
			}
			// Already sent, or the lead is this caller's: the batch is on
			// its way and ends within the client's timeouts.
			if lead := <-q.wake; !lead {
				return q.res, q.err
			}
		}
		c.mu.Lock()
	}
	c.busy = true
	batch := c.queue
	c.queue = nil
	c.mu.Unlock()

	c.send(ctx, batch)
	for _, b := range batch {
		if b != q {
			b.wake <- false
		}
	}

	c.mu.Lock()
	c.passLead()
	c.mu.Unlock()
	return q.res, q.err
}

// passLead ends a batch (c.mu held): the lead goes to the oldest commit
// queued, or, with none, the committer is free.
func (c *committer) passLead() {
	if len(c.queue) > 0 {
		c.queue[0].wake <- true
	} else {
		c.busy = false
	}
}

// leave takes q out of the queue if it has not been sent, and reports
// whether it did. A commit chosen to lead that leaves passes the lead on.
func (c *committer) leave(q *queued) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.queue, q)
	if i < 0 {
		return false
	}
	c.queue = slices.Delete(c.queue, i, i+1)
	select {
	case <-q.wake: // chosen to lead (only the head is, and it is still queued)
		c.passLead()
	default:
	}
	return true
}

// send runs a batch and puts each commit's reply in it: one commit with
// the commit script, several with the batch script (batch.lua), one
// EVALSHA for them all. One call rather than a pipeline of calls because
// redisotel's pipeline hook formats every argument of a pipeline (sealed
// snapshots included) into its span name, traced or not; for one command
// it formats nothing. Redis's time inside the script is about the same
// per commit either way (28 against 29 µs): what a batch saves Redis is
// the network round trips. The batch runs on the leader's context
// without its cancellation: the other commits in it are not the leader's
// to abandon (the client's timeouts bound it).
func (c *committer) send(ctx context.Context, batch []*queued) {
	ctx = context.WithoutCancel(ctx)
	c.batches.Add(1)
	c.commits.Add(uint64(len(batch)))
	if len(batch) == 1 {
		q := batch[0]
		q.res, q.err = c.script.Run(ctx, c.rdb, q.keys, q.args...).Slice()
		return
	}
	var keys []string
	args := []any{len(batch)}
	for _, q := range batch {
		keys = append(keys, q.keys...)
		args = append(args, len(q.keys), len(q.args))
		args = append(args, q.args...)
	}
	replies, err := c.batchScript.Run(ctx, c.rdb, keys, args...).Slice()
	if err == nil && len(replies) != len(batch) {
		err = fmt.Errorf("store: %d replies to a batch of %d commits", len(replies), len(batch))
	}
	// The Redis call's span is in the leader's trace only: each traced
	// commit's own span names the span that call is a child of.
	lead := trace.SpanContextFromContext(ctx)
	for _, q := range batch {
		if sp := trace.SpanFromContext(q.ctx); sp.IsRecording() {
			sp.AddEvent("store.commit batched", trace.WithAttributes(
				attribute.Int("croupier.store.batch_commits", len(batch)),
				attribute.String("croupier.store.batch_trace_id", lead.TraceID().String()),
				attribute.String("croupier.store.batch_span_id", lead.SpanID().String())))
		}
	}
	for i, q := range batch {
		if err != nil {
			q.err = err
			continue
		}
		q.res, _ = replies[i].([]any)
		if len(q.res) == 2 && q.res[0] == int64(-1) {
			msg, _ := q.res[1].(string)
			q.res, q.err = nil, fmt.Errorf("store: commit in a batch: %s", msg)
		}
	}
}

// CommitTrips is how many commits this Store has sent to a single Redis
// server and in how many round trips (batches): their ratio is the
// commits a trip carried on average. Both are 0 on a cluster.
func (s *Store) CommitTrips() (commits, trips uint64) {
	if s.batch == nil {
		return 0, 0
	}
	return s.batch.commits.Load(), s.batch.batches.Load()
}
