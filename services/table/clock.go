package table

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/services/table/store"
)

// kick asks this replica to do a table's due work now (the work a commit
// made due at once: the next deal, a money intent).
func (s *Service) kick(id string) {
	select {
	case s.kicks <- id:
	default:
		// The deadline index has it: the clock loop will claim it after
		// the lease.
	}
}

const kickWorkers = 8

func (s *Service) kickLoop(ctx context.Context) {
	done := make(chan struct{})
	for range kickWorkers {
		go func() {
			defer func() { done <- struct{}{} }()
			for {
				select {
				case <-ctx.Done():
					return
				case id := <-s.kicks:
					s.fire(ctx, id)
				}
			}
		}()
	}
	for range kickWorkers {
		<-done
	}
}

// clockLoop claims due deadline entries from the shared index and does the
// work; each entry is held for a lease, so one replica does it at a time,
// and the work itself is a compare-and-set command.
func (s *Service) clockLoop(ctx context.Context) {
	tick := time.NewTicker(s.opts.ClockInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for {
			claimed, err := s.deps.Store.Claim(ctx, s.now(), s.opts.Lease, 64)
			if err != nil {
				if ctx.Err() == nil {
					s.log.Warn("claim deadlines", "err", err)
				}
				break
			}
			for _, d := range claimed {
				s.claimed(ctx, d)
			}
			if len(claimed) < 64 {
				break
			}
		}
	}
}

// claimed handles one claimed deadline entry.
func (s *Service) claimed(ctx context.Context, d store.Deadline) {
	rt := s.runtime(d.Table)
	rt.mu.Lock()
	err := s.current(ctx, rt, true)
	var stale bool
	if err == nil {
		due, ok := rt.t.Due()
		stale = rt.t.Revision() != d.Version || !ok || due != d.Due
	}
	rt.mu.Unlock()
	if err != nil {
		s.log.Warn("deadline of an unreadable table", "table", d.Table, "err", err)
		return
	}
	if stale {
		// Superseded by a later command, or from a commit that lost.
		_ = s.deps.Store.Done(ctx, d)
		return
	}
	s.m.clockFired.Add(ctx, 1)
	s.fire(ctx, d.Table)
	rt.mu.Lock()
	advanced := rt.t != nil && rt.t.Revision() > d.Version
	rt.mu.Unlock()
	if advanced {
		_ = s.deps.Store.Done(ctx, d)
	}
}

// fire does a table's due work until nothing more is due now.
func (s *Service) fire(ctx context.Context, id string) {
	rt := s.runtime(id)
	for range 32 {
		rt.mu.Lock()
		if err := s.current(ctx, rt, false); err != nil {
			rt.mu.Unlock()
			return
		}
		t := rt.t
		var j job
		at, ok := t.Due()
		if ok && at <= s.now().UnixMilli() {
			j, ok = rt.drv.job(t, id)
		}
		var from trace.SpanContext
		if rt.dueVersion == t.Revision() {
			from = rt.dueFrom
		}
		rt.mu.Unlock()
		if !ok || j.run == nil {
			return
		}
		if err := s.doTraced(ctx, from, id, j); err != nil {
			s.log.Warn("table due work", "table", id, "work", j.name, "err", err)
			return
		}
	}
}

// job is a table's due work, with what it needs of the table copied out
// so that the table is not locked while other services are called.
type job struct {
	// name says what the work is ("deal", "intent", "open").
	name string
	run  func(ctx context.Context) error
}

// doTraced does j in a span of its own, a child of from (the commit that
// made it due, when this replica made that commit) so that a hand's deal
// and shuffle stay in the trace of the action that started the hand; the
// background loop's context gives the cancellation, from only the trace.
func (s *Service) doTraced(ctx context.Context, from trace.SpanContext, id string, j job) error {
	if s.deps.Tracer == nil {
		return j.run(ctx)
	}
	if from.IsValid() {
		ctx = trace.ContextWithSpanContext(ctx, from)
	}
	ctx, span := s.deps.Tracer.Start(ctx, "croupier.table due "+j.name, trace.WithSpanKind(trace.SpanKindInternal))
	defer span.End()
	if span.IsRecording() {
		span.SetAttributes(attribute.String("croupier.table.id", id))
	}
	err := j.run(ctx)
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
	}
	return err
}

// ignoreStale: due work refused because the table moved on is done.
func (s *Service) ignoreStale(err error) error {
	if err != nil && isRejection(err) {
		return nil
	}
	return err
}

func (s *Service) removeDeadline(d store.Deadline) {
	select {
	case s.removals <- d:
	default:
		// The claimer drops stale entries anyway.
	}
}

// removalLoop removes superseded deadline entries in batches.
func (s *Service) removalLoop(ctx context.Context) {
	batch := make([]store.Deadline, 0, 256)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case d := <-s.removals:
			batch = append(batch, d)
			if len(batch) < cap(batch) {
				continue
			}
		case <-tick.C:
		}
		if len(batch) > 0 {
			if err := s.deps.Store.Done(ctx, batch...); err != nil && ctx.Err() == nil {
				s.log.Warn("remove deadlines", "err", err)
			}
			batch = batch[:0]
		}
	}
}
