package table

import (
	"context"
	"errors"
	"sync"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// runtime is one table as this replica holds it.
type runtime struct {
	id string
	mu sync.Mutex
	// t is the cached table at its Revision, nil until loaded or after it
	// was found inconsistent; drv is its game's driver.
	t   game.Table
	drv driver
	// logID is the log entry id of t.Version ("" for a fresh table).
	logID string
	// snapVersion is the version of the last snapshot stored.
	snapVersion uint64
	// moneyVersion is the last version that recorded or completed a money
	// intent (the escrow check needs none between its two reads).
	moneyVersion uint64
	// checkedAt is when the escrow was last checked.
	checkedAt time.Time
	// known and knownID are the newest version this replica has seen of
	// the table and its log entry id, kept across reloads: a table read
	// back older, or with another entry at that version, went back in
	// Redis (issue 11: a failover to a stale copy).
	known   uint64
	knownID string
	// dueFrom is the span that committed dueVersion, the version whose due
	// work this replica is to do: the work (the next deal, a money intent)
	// continues that trace, though it runs later on a background loop.
	dueFrom    trace.SpanContext
	dueVersion uint64
	// freezing: this replica is committing the table's freeze.
	freezing bool
	hub      hub
}

func (s *Service) runtime(id string) *runtime {
	s.mu.Lock()
	defer s.mu.Unlock()
	rt := s.tables[id]
	if rt == nil {
		rt = &runtime{id: id}
		rt.hub.init(s.opts.Ring)
		s.tables[id] = rt
	}
	return rt
}

// load reads the table from Redis and replays its log (rt.mu held). A
// table found older than this replica had seen it, or with another
// history, is a rewind: reported, frozen, and the caller's command
// refused (errRewound).
func (s *Service) load(ctx context.Context, rt *runtime) error {
	known, knownID := rt.known, rt.knownID
	entries, err := s.loadStored(ctx, rt)
	if err != nil {
		return err
	}
	if known == 0 && knownID == "" {
		return nil
	}
	same := true
	switch v := rt.t.Revision(); {
	case v < known:
		same = false
	case v == known:
		same = rt.logID == knownID
	default:
		found := false
		for _, e := range entries {
			if e.Version == known {
				found, same = true, e.ID == knownID
			}
		}
		if !found {
			if same, err = s.deps.Store.HasEntry(ctx, rt.id, knownID, known); err != nil {
				rt.t = nil
				return unavailable(err)
			}
		}
	}
	if !same {
		return s.rewound(ctx, rt, known, rt.t.Revision() <= known)
	}
	return nil
}

// loadStored reads the table from Redis and replays its log (rt.mu held),
// returning the log entries it applied.
func (s *Service) loadStored(ctx context.Context, rt *runtime) ([]store.Entry, error) {
	snap, err := s.deps.Store.LoadTable(ctx, rt.id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apierr.NotFound("TABLE_NOT_FOUND", "no table %q", rt.id)
	}
	if err != nil {
		return nil, unavailable(err)
	}
	tag, _ := game.Tag(snap.Data)
	drv := s.drivers[tag]
	if drv == nil {
		return nil, apierr.New(connect.CodeInternal, "BAD_SNAPSHOT", "table %s: a snapshot of game %q, which this replica does not play", rt.id, tag)
	}
	t, err := drv.decode(snap.Data)
	if err != nil {
		return nil, apierr.New(connect.CodeInternal, "BAD_SNAPSHOT", "table %s: %v", rt.id, err)
	}
	rt.t, rt.drv, rt.logID, rt.snapVersion = t, drv, snap.LogID, snap.Version
	if t.Revision() != snap.Version {
		rt.t = nil
		return nil, apierr.New(connect.CodeInternal, "BAD_SNAPSHOT", "table %s: snapshot says version %d, holds %d", rt.id, snap.Version, t.Revision())
	}
	s.m.loads.Add(ctx, 1)
	if snap.Version > rt.moneyVersion {
		// What moved money before the snapshot is unknown here: the escrow
		// check at a deal says nothing about versions up to it.
		rt.moneyVersion = snap.Version
	}
	rt.remember()
	return snap.Entries, s.applyEntries(ctx, rt, snap.Entries)
}

// remember records rt's table as the newest this replica has seen.
func (rt *runtime) remember() {
	if rt.t != nil {
		rt.known, rt.knownID = rt.t.Revision(), rt.logID
	}
}

// rewound handles a table found gone back in Redis (rt.mu held, rt.t the
// table as stored now): the alarm (an error log with both versions, the
// croupier.table.state_rewinds counter), the stored table taken as this
// replica's from now on, the table frozen for review, an escrow audit at
// once, and the caller's command refused: it was built on a state Redis
// no longer holds, and the stored one is not to be trusted either.
func (s *Service) rewound(ctx context.Context, rt *runtime, had uint64, older bool) error {
	history := "diverged"
	if older {
		history = "older"
	}
	stored := uint64(0)
	if rt.t != nil {
		stored = rt.t.Revision()
	}
	s.m.rewinds.Add(ctx, 1, metric.WithAttributes(attribute.String("history", history)))
	s.log.Error("table state went back in Redis (a failover to a stale copy?): cached table discarded and reloaded, table frozen for review",
		"table", rt.id, "cached_version", had, "stored_version", stored, "history", history)
	rt.remember()
	if rt.t != nil {
		s.freezeLocked(ctx, rt, game.ReasonRewound)
	}
	s.auditSoon(rt.id)
	return apierr.Unavailable("STATE_REWOUND", "table %s: its stored state went back to an earlier version; the table is held for review", rt.id)
}

// freezeLocked commits the table's freeze for review (rt.mu held) unless
// it is frozen already. A failure is logged: the next audit tries again.
func (s *Service) freezeLocked(ctx context.Context, rt *runtime, reason string) {
	if rt.freezing {
		return
	}
	rt.freezing = true
	defer func() { rt.freezing = false }()
	for range maxAttempts {
		if rt.t == nil {
			if err := s.load(ctx, rt); err != nil && apierr.Reason(err) != "STATE_REWOUND" {
				s.log.Error("freeze table", "table", rt.id, "reason", reason, "err", err)
				return
			}
			continue
		}
		if rt.t.Frozen() != "" || rt.t.Closed() {
			return
		}
		c := rt.t.Freeze(reason)
		c.Stamp(s.now().UnixMilli())
		_, err := s.commit(ctx, rt, c)
		if errors.Is(err, errRetry) {
			continue
		}
		if err != nil {
			s.log.Error("freeze table", "table", rt.id, "reason", reason, "err", err)
			return
		}
		s.m.freezes.Add(ctx, 1, metric.WithAttributes(attribute.String("reason", reason)))
		s.log.Error("table frozen for review", "table", rt.id, "reason", reason, "version", rt.t.Revision())
		return
	}
}

// applyEntries applies logged commands after the cached table's version
// and publishes their events (rt.mu held).
func (s *Service) applyEntries(ctx context.Context, rt *runtime, entries []store.Entry) error {
	for _, e := range entries {
		v := rt.t.Revision()
		if e.Version <= v {
			continue
		}
		if e.Version != v+1 {
			rt.t = nil
			return apierr.New(connect.CodeInternal, "LOG_GAP", "table %s: log jumps from %d to %d", rt.id, v, e.Version)
		}
		c, err := rt.drv.command(e.Command)
		if err != nil {
			rt.t = nil
			return apierr.New(connect.CodeInternal, "BAD_LOG", "table %s v%d: %v", rt.id, e.Version, err)
		}
		st, err := rt.t.Step(c)
		if err != nil {
			rt.t = nil
			return apierr.New(connect.CodeInternal, "REPLAY_FAILED", "table %s v%d (%s): %v", rt.id, e.Version, c.Op(), err)
		}
		if st.Money {
			rt.moneyVersion = e.Version
		}
		rt.logID = e.ID
		rt.remember()
		rt.hub.publish(e.Version, st)
	}
	return nil
}

// current makes rt.t current: loaded, and caught up with the log when
// check is set (rt.mu held).
func (s *Service) current(ctx context.Context, rt *runtime, check bool) error {
	if rt.t == nil {
		return s.load(ctx, rt)
	}
	if !check {
		return nil
	}
	v, err := s.deps.Store.Version(ctx, rt.id)
	if errors.Is(err, store.ErrNotFound) {
		rt.t = nil
		return apierr.NotFound("TABLE_NOT_FOUND", "no table %q", rt.id)
	}
	if err != nil {
		return unavailable(err)
	}
	if v == rt.t.Revision() {
		return nil
	}
	if v < rt.t.Revision() {
		// Redis went back: start over from what it holds (load reports it).
		rt.t = nil
		return s.load(ctx, rt)
	}
	return s.catchUp(ctx, rt)
}

// catchUp applies the commands other replicas logged (rt.mu held).
func (s *Service) catchUp(ctx context.Context, rt *runtime) error {
	if rt.t == nil || rt.logID == "" {
		return s.load(ctx, rt)
	}
	entries, err := s.deps.Store.ReadLog(ctx, rt.id, "("+rt.logID, "+", 0)
	if err != nil {
		return unavailable(err)
	}
	if len(entries) > 0 && entries[0].Version != rt.t.Revision()+1 {
		// Trimmed past us, or (an entry at or below our version after
		// ours) another history: start over from the snapshot; load tells
		// the two apart.
		rt.t = nil
		return s.load(ctx, rt)
	}
	return s.applyEntries(ctx, rt, entries)
}
