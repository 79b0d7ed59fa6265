package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// hold makes the committer's next commits queue as if a batch were on the
// wire, and returns what ends that batch: the lead passes to the oldest
// commit queued, which sends them all.
func (c *committer) hold() (release func()) {
	c.mu.Lock()
	c.busy = true
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.passLead()
	}
}

// waitQueued waits until n commits are queued.
func (c *committer) waitQueued(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		have := len(c.queue)
		c.mu.Unlock()
		if have == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d commits queued, want %d", have, n)
		}
	}
}

// exerciseBatches checks that commits arriving while a batch is on the
// wire share the next round trip and still succeed or fail one by one.
func exerciseBatches(t *testing.T, open func(t *testing.T) *Store) {
	ctx := context.Background()
	t.Run("one trip, each commit compared and set on its own", func(t *testing.T) {
		s := open(t)
		if s.batch == nil {
			// A cluster sends each commit alone (the tables' slots may be
			// on different masters).
			if c, trips := s.CommitTrips(); c != 0 || trips != 0 {
				t.Fatalf("cluster store counted %d commits in %d trips", c, trips)
			}
			return
		}
		for _, id := range []string{"ba", "bb", "bc"} {
			if err := s.Create(ctx, id, 0, []byte("s")); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Commit(ctx, Commit{Table: "bc", Version: 0, Command: []byte("c1")}); err != nil {
			t.Fatal(err)
		}
		// A table whose log is not a stream: Redis refuses the commit's
		// read of it, which fails that commit alone.
		if err := s.Create(ctx, "bd", 0, []byte("s")); err != nil {
			t.Fatal(err)
		}
		if err := s.rdb.Set(ctx, s.key("bd", "log"), "not a stream", 0).Err(); err != nil {
			t.Fatal(err)
		}
		commits := []Commit{
			{Table: "ba", Version: 0, Command: []byte("a1")},
			{Table: "ba", Version: 0, Command: []byte("a1 again")}, // same version: one of the two loses
			{Table: "bb", Version: 0, Command: []byte("b1"), Snapshot: []byte("snap b1")},
			{Table: "bc", Version: 0, Command: []byte("stale")},
			{Table: "missing", Version: 0, Command: []byte("x")},
			{Table: "bd", Version: 0, Command: []byte("d1")},
		}
		c0, trips0 := s.CommitTrips()
		release := s.batch.hold()
		errs := make([]error, len(commits))
		var wg sync.WaitGroup
		for i, c := range commits {
			wg.Go(func() { _, errs[i] = s.Commit(ctx, c) })
		}
		s.batch.waitQueued(t, len(commits))
		release()
		wg.Wait()
		if c, trips := s.CommitTrips(); c-c0 != uint64(len(commits)) || trips-trips0 != 1 {
			t.Fatalf("%d commits in %d trips, want %d in 1", c-c0, trips-trips0, len(commits))
		}
		if (errs[0] == nil) == (errs[1] == nil) || !errors.Is(errors.Join(errs[0], errs[1]), ErrConflict) {
			t.Fatalf("two commits at one version: %v, %v; want one committed and one ErrConflict", errs[0], errs[1])
		}
		if errs[2] != nil || !errors.Is(errs[3], ErrConflict) || !errors.Is(errs[4], ErrNotFound) ||
			errs[5] == nil || errors.Is(errs[5], ErrConflict) || !strings.Contains(errs[5].Error(), "WRONGTYPE") {
			t.Fatalf("errors %v", errs[2:])
		}
		for id, want := range map[string]uint64{"ba": 1, "bb": 1, "bc": 1} {
			if v, err := s.Version(ctx, id); err != nil || v != want {
				t.Fatalf("%s at version %d (%v), want %d", id, v, err, want)
			}
		}
		if snap, err := s.LoadTable(ctx, "bb"); err != nil || string(snap.Data) != "snap b1" {
			t.Fatalf("bb snapshot %+v %v", snap, err)
		}
		// With nothing on the wire, a commit goes at once, alone.
		if _, err := s.Commit(ctx, Commit{Table: "bb", Version: 1, Head: newest(ctx, s, "bb"), Command: []byte("b2")}); err != nil {
			t.Fatal(err)
		}
		if _, trips := s.CommitTrips(); trips-trips0 != 2 {
			t.Fatalf("%d trips after a lone commit, want 2", trips-trips0)
		}
	})
	t.Run("a commit given up while queued is not sent", func(t *testing.T) {
		s := open(t)
		if s.batch == nil {
			return // cluster: checked above
		}
		// Each round queues x then y, then gives up x while the lead
		// passes to it: x either leads (and both commit) or leaves the
		// queue uncommitted and y takes the lead. Never a stall, never a
		// commit reported lost that was made.
		for i := range 40 {
			x, y := fmt.Sprint("gx", i), fmt.Sprint("gy", i)
			for _, id := range []string{x, y} {
				if err := s.Create(ctx, id, 0, []byte("s")); err != nil {
					t.Fatal(err)
				}
			}
			release := s.batch.hold()
			xctx, cancel := context.WithCancel(ctx)
			xerr, yerr := make(chan error, 1), make(chan error, 1)
			go func() {
				_, err := s.Commit(xctx, Commit{Table: x, Version: 0, Command: []byte("x")})
				xerr <- err
			}()
			s.batch.waitQueued(t, 1)
			go func() {
				_, err := s.Commit(ctx, Commit{Table: y, Version: 0, Command: []byte("y")})
				yerr <- err
			}()
			s.batch.waitQueued(t, 2)
			if i%2 == 0 {
				s.batch.mu.Lock()
				cancel()
				s.batch.mu.Unlock()
				release()
			} else {
				cancel()
				time.Sleep(time.Millisecond)
				release()
			}
			if err := <-yerr; err != nil {
				t.Fatalf("round %d: y: %v", i, err)
			}
			err := <-xerr
			v, verr := s.Version(ctx, x)
			if verr != nil || (err == nil) != (v == 1) || (err != nil && !errors.Is(err, context.Canceled)) {
				t.Fatalf("round %d: x returned %v with the table at version %d (%v)", i, err, v, verr)
			}
		}
		// The committer is free again: a commit goes alone.
		if err := s.Create(ctx, "after", 0, []byte("s")); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { _, err := s.Commit(ctx, Commit{Table: "after", Version: 0, Command: []byte("z")}); done <- err }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("commit after the rounds stalled")
		}
	})
}

// A traced commit that rides in another's batch has no Redis span of its
// own: its span gets an event naming the batch's trace and span.
func TestBatchedCommitSpansNameTheBatch(t *testing.T) {
	s, _ := miniStore(t)
	ctx := context.Background()
	rec := tracetest.NewSpanRecorder()
	tr := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)).Tracer("test")
	for _, id := range []string{"sa", "sb"} {
		if err := s.Create(ctx, id, 0, []byte("s")); err != nil {
			t.Fatal(err)
		}
	}
	release := s.batch.hold()
	ctxA, spanA := tr.Start(ctx, "a")
	ctxB, spanB := tr.Start(ctx, "b")
	errs := make(chan error, 2)
	go func() { _, err := s.Commit(ctxA, Commit{Table: "sa", Version: 0, Command: []byte("a")}); errs <- err }()
	s.batch.waitQueued(t, 1)
	go func() { _, err := s.Commit(ctxB, Commit{Table: "sb", Version: 0, Command: []byte("b")}); errs <- err }()
	s.batch.waitQueued(t, 2)
	release() // a is the head of the queue: it leads
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	spanA.End()
	spanB.End()
	lead := spanA.SpanContext()
	for _, sp := range rec.Ended() {
		var found bool
		for _, ev := range sp.Events() {
			if ev.Name != "store.commit batched" {
				continue
			}
			found = true
			got := map[attribute.Key]string{}
			for _, kv := range ev.Attributes {
				got[kv.Key] = kv.Value.Emit()
			}
			if got["croupier.store.batch_commits"] != "2" || got["croupier.store.batch_trace_id"] != lead.TraceID().String() ||
				got["croupier.store.batch_span_id"] != lead.SpanID().String() {
				t.Fatalf("span %s: batch event %v, want 2 commits led by %s/%s", sp.Name(), got, lead.TraceID(), lead.SpanID())
			}
		}
		if !found {
			t.Fatalf("span %s has no batch event", sp.Name())
		}
	}
	if n := len(rec.Ended()); n != 2 {
		t.Fatalf("%d spans ended, want 2", n)
	}
}
