// Package table is the table service's core: live poker tables kept in
// Redis (package store) as a sealed snapshot and a log of commands (package
// live), served by any number of replicas. A replica caches each table it
// serves, applies a command to its cached state and commits it with a
// compare-and-set on the version; a replica that lost the race catches up
// from the log and tries again, so no command is applied twice and any
// replica may serve any table. Outside results enter as command fields: the
// shoe from the RNG service (one shuffle per hand, idempotency key = hand
// id), the ranks from the evaluator service (one batch per showdown), and
// the outcome of money intents carried out by the wallet service. Deadlines
// (action clock, next deal, absent players, pending money) live in a Redis
// sorted set that every replica claims due work from.
//
// The Connect handlers in package api only authenticate, validate and call
// this core; tests drive it directly.
package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// Deps are the core's dependencies.
type Deps struct {
	Store     *store.Store
	RNG       rngv1connect.RngServiceClient
	Evaluator evaluatorv1connect.EvaluatorServiceClient
	Wallet    walletv1connect.WalletServiceClient
	Log       *slog.Logger
	Meter     metric.Meter
	Tracer    trace.Tracer
	// Now is the clock (time.Now if nil).
	Now func() time.Time
}

// Options tune the core. Zero values take the defaults.
type Options struct {
	// Lease is how long a claimed deadline is held before another replica
	// may take it (default 2s).
	Lease time.Duration
	// ClockInterval is how often the deadline index is polled (default
	// 100ms).
	ClockInterval time.Duration
	// SnapshotEvery writes a snapshot every this many commands at the
	// latest (default 128); a deal writes one once a quarter of that has
	// passed (a snapshot at every deal was a JSON encoding of the whole
	// table per hand; loading replays a few hands' commands instead).
	SnapshotEvery uint64
	// HoldTTL is the lifetime of a buy-in hold (default 10m): a replica
	// dying between the hold and the seat leaves it to expire.
	HoldTTL time.Duration
	// DisableEscrowCheck turns off the comparison of the escrow balance
	// with the chips at the table after a deal.
	DisableEscrowCheck bool
	// EscrowCheckEvery spaces a table's escrow checks (default 5s; negative:
	// after every deal, as the tests run it).
	EscrowCheckEvery time.Duration
	// EscrowAuditEvery is the period of the escrow audit of every table in
	// the lobby, idle and paused ones included (default 1m; negative: no
	// audit). One replica audits a table per period.
	EscrowAuditEvery time.Duration
	// Ring is how many committed commands a table keeps for resuming
	// subscribers (default 256: a stream broken for a few seconds resumes;
	// one broken longer starts over from a view of the table).
	Ring int
	// SubscriberBuffer is how many batches a slow subscriber may fall behind
	// before its stream ends with RESOURCE_EXHAUSTED (default 256; queued
	// batches go out together, so a subscriber catches up quickly).
	SubscriberBuffer int
	// FollowInterval is how often the tables streamed by this replica are
	// checked for commands other replicas committed (default 25ms).
	FollowInterval time.Duration
}

func (o *Options) defaults() {
	if o.Lease == 0 {
		o.Lease = 2 * time.Second
	}
	if o.ClockInterval == 0 {
		o.ClockInterval = 100 * time.Millisecond
	}
	if o.SnapshotEvery == 0 {
		o.SnapshotEvery = 128
	}
	if o.HoldTTL == 0 {
		o.HoldTTL = 10 * time.Minute
	}
	if o.EscrowCheckEvery == 0 {
		o.EscrowCheckEvery = 5 * time.Second
	}
	if o.EscrowAuditEvery == 0 {
		o.EscrowAuditEvery = time.Minute
	}
	if o.FollowInterval == 0 {
		o.FollowInterval = 25 * time.Millisecond
	}
	if o.Ring == 0 {
		o.Ring = 256
	}
	if o.SubscriberBuffer == 0 {
		o.SubscriberBuffer = 256
	}
}

// Service is the table service's core.
type Service struct {
	deps Deps
	opts Options
	log  *slog.Logger
	now  func() time.Time
	m    *metrics

	mu     sync.Mutex
	tables map[string]*runtime

	accounts sync.Map // accountKey -> account id
	removals chan store.Deadline
	kicks    chan string
	lobby    chan string
	wg       sync.WaitGroup
}

// New returns the core. Run starts its background loops.
func New(deps Deps, opts Options) (*Service, error) {
	if deps.Store == nil || deps.RNG == nil || deps.Evaluator == nil {
		return nil, errors.New("table: a store, an RNG client and an evaluator client are required")
	}
	opts.defaults()
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if deps.Log == nil {
		deps.Log = slog.New(slog.DiscardHandler)
	}
	m, err := newMetrics(deps.Meter)
	if err != nil {
		return nil, err
	}
	s := &Service{deps: deps, opts: opts, log: deps.Log, now: deps.Now, m: m,
		tables: map[string]*runtime{}, removals: make(chan store.Deadline, 4096),
		kicks: make(chan string, 4096), lobby: make(chan string, 1024)}
	m.observe(s)
	return s, nil
}

// Run runs the background loops (the clock, deadline removal, lobby
// updates, due work started by this replica's commits) until ctx is done.
func (s *Service) Run(ctx context.Context) {
	s.wg.Add(6)
	go func() { defer s.wg.Done(); s.auditLoop(ctx) }()
	go func() { defer s.wg.Done(); s.followLoop(ctx) }()
	go func() { defer s.wg.Done(); s.clockLoop(ctx) }()
	go func() { defer s.wg.Done(); s.removalLoop(ctx) }()
	go func() { defer s.wg.Done(); s.lobbyLoop(ctx) }()
	go func() { defer s.wg.Done(); s.kickLoop(ctx) }()
	<-ctx.Done()
	s.wg.Wait()
}

// runtime is one table as this replica holds it.
type runtime struct {
	id string
	mu sync.Mutex
	// t is the cached table at t.Version, nil until loaded or after it
	// was found inconsistent.
	t *live.Table
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
	switch v := rt.t.Version; {
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
		return s.rewound(ctx, rt, known, rt.t.Version <= known)
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
	t, err := live.UnmarshalSnapshot(snap.Data)
	if err != nil {
		return nil, apierr.New(connect.CodeInternal, "BAD_SNAPSHOT", "table %s: %v", rt.id, err)
	}
	rt.t, rt.logID, rt.snapVersion = t, snap.LogID, snap.Version
	if t.Version != snap.Version {
		rt.t = nil
		return nil, apierr.New(connect.CodeInternal, "BAD_SNAPSHOT", "table %s: snapshot says version %d, holds %d", rt.id, snap.Version, t.Version)
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
		rt.known, rt.knownID = rt.t.Version, rt.logID
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
		stored = rt.t.Version
	}
	s.m.rewinds.Add(ctx, 1, metric.WithAttributes(attribute.String("history", history)))
	s.log.Error("table state went back in Redis (a failover to a stale copy?): cached table discarded and reloaded, table frozen for review",
		"table", rt.id, "cached_version", had, "stored_version", stored, "history", history)
	rt.remember()
	if rt.t != nil {
		s.freezeLocked(ctx, rt, live.ReasonRewound)
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
		if rt.t.Frozen != "" || rt.t.Status == live.Closed {
			return
		}
		_, err := s.commit(ctx, rt, &live.Command{Kind: live.CmdFreeze, Reason: reason, At: s.now().UnixMilli()})
		if errors.Is(err, errRetry) {
			continue
		}
		if err != nil {
			s.log.Error("freeze table", "table", rt.id, "reason", reason, "err", err)
			return
		}
		s.m.freezes.Add(ctx, 1, metric.WithAttributes(attribute.String("reason", reason)))
		s.log.Error("table frozen for review", "table", rt.id, "reason", reason, "version", rt.t.Version)
		return
	}
}

// applyEntries applies logged commands after rt.t.Version and publishes
// their events (rt.mu held).
func (s *Service) applyEntries(ctx context.Context, rt *runtime, entries []store.Entry) error {
	for _, e := range entries {
		if e.Version <= rt.t.Version {
			continue
		}
		if e.Version != rt.t.Version+1 {
			rt.t = nil
			return apierr.New(connect.CodeInternal, "LOG_GAP", "table %s: log jumps from %d to %d", rt.id, rt.t.Version, e.Version)
		}
		c, err := live.UnmarshalCommand(e.Command)
		if err != nil {
			rt.t = nil
			return apierr.New(connect.CodeInternal, "BAD_LOG", "table %s v%d: %v", rt.id, e.Version, err)
		}
		before := len(rt.t.Intents)
		ev, err := rt.t.Apply(c)
		if err != nil {
			rt.t = nil
			return apierr.New(connect.CodeInternal, "REPLAY_FAILED", "table %s v%d (%s): %v", rt.id, e.Version, c.Kind, err)
		}
		if len(rt.t.Intents) != before {
			rt.moneyVersion = e.Version
		}
		rt.logID = e.ID
		rt.remember()
		rt.hub.publish(rt.t.Version, ev, rt.t)
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
	if v == rt.t.Version {
		return nil
	}
	if v < rt.t.Version {
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
	if len(entries) > 0 && entries[0].Version != rt.t.Version+1 {
		// Trimmed past us, or (an entry at or below our version after
		// ours) another history: start over from the snapshot; load tells
		// the two apart.
		rt.t = nil
		return s.load(ctx, rt)
	}
	return s.applyEntries(ctx, rt, entries)
}

func unavailable(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return apierr.New(connect.CodeDeadlineExceeded, "TIMEOUT", "%v", err)
	}
	return apierr.Unavailable("STORE_UNAVAILABLE", "%v", err)
}

// view runs f on the table, current as of now.
func (s *Service) view(ctx context.Context, id string, f func(t *live.Table, rt *runtime) error) error {
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, true); err != nil {
		return err
	}
	return f(rt.t, rt)
}

// config returns the table's configuration as cached, without asking Redis
// for the version (a round trip per money intent): for its wallet accounts
// and currency, set when the table is created and never changed (its clock
// may be newer in Redis).
func (s *Service) config(ctx context.Context, id string) (live.Config, error) {
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, false); err != nil {
		return live.Config{}, err
	}
	return rt.t.Config, nil
}

// reply is what a command's builder decided: a command to commit, or an
// answer without one (a replayed request).
type reply struct {
	cmd *live.Command
	// done: answer without committing.
	done bool
}

// committed is a committed command with the table after it.
type committed struct {
	cmd     *live.Command
	events  []live.Event
	version uint64
}

const maxAttempts = 20

// exec builds a command from the current table, applies it, and commits
// it. build runs with the table locked; it returns a command, or done to
// answer without one (a command that would change nothing, as
// live.Table.Unchanged says, is answered so too). after runs with the
// table still locked once the command is committed (or, with done,
// instead of it).
func (s *Service) exec(ctx context.Context, id string, build func(t *live.Table) (reply, error), after func(t *live.Table, c *committed) error) error {
	start := s.now()
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, false); err != nil {
		return err
	}
	verified := false
	for attempt := 0; attempt < maxAttempts; attempt++ {
		r, err := build(rt.t)
		if err == nil && !r.done && rt.t.Unchanged(r.cmd) {
			// The command changes nothing (pausing a paused table): there is
			// nothing to commit, and it is answered like a replay, from the
			// current table.
			r.done = true
		}
		if err == nil && r.done {
			if !verified {
				// A replay answer must come from the current table.
				if err := s.current(ctx, rt, true); err != nil {
					return err
				}
				verified = true
				continue
			}
			if after != nil {
				return after(rt.t, nil)
			}
			return nil
		}
		if err != nil {
			if !verified && apierr.Code(err) != connect.CodeInvalidArgument {
				// Refused against a cached table: make sure it is current.
				if cerr := s.current(ctx, rt, true); cerr != nil {
					return cerr
				}
				verified = true
				continue
			}
			return err
		}
		c := r.cmd
		c.At = s.now().UnixMilli()
		res, err := s.commit(ctx, rt, c)
		if errors.Is(err, errRetry) {
			verified = true
			continue
		}
		if err != nil {
			if !verified && isRejection(err) {
				if cerr := s.current(ctx, rt, true); cerr != nil {
					return cerr
				}
				verified = true
				continue
			}
			return err
		}
		s.m.commandLatency.Record(ctx, float64(s.now().Sub(start).Microseconds())/1000, s.m.kind(c.Kind))
		if after != nil {
			return after(rt.t, res)
		}
		return nil
	}
	return apierr.Aborted("CONTENDED", "table %s changed too often to commit; try again", id)
}

func isRejection(err error) bool {
	switch apierr.Code(err) {
	case connect.CodeFailedPrecondition, connect.CodeNotFound:
		return true
	}
	return false
}

var errRetry = errors.New("retry")

// commit applies c to the cached table and commits it (rt.mu held). A
// rejection leaves the table as it was; a lost race reloads it and asks
// for a retry (errRetry).
func (s *Service) commit(ctx context.Context, rt *runtime, c *live.Command) (*committed, error) {
	t := rt.t
	prev, hadDue := t.NextDue()
	prevVersion := t.Version
	intents := len(t.Intents)
	var handBefore string
	finishedBefore := false
	if t.Hand != nil {
		handBefore, finishedBefore = t.Hand.ID, t.Hand.Finished
	}
	given := c.Ranks != nil
	events, err := t.Apply(c)
	if err != nil {
		if apierr.Code(err) == connect.CodeInternal {
			rt.t = nil
		}
		return nil, err
	}
	if !given && c.Ranks != nil {
		// The command reached a showdown: the evaluator service ranks the
		// same hands; the commit goes ahead only if it agrees.
		if err := s.confirmRanks(ctx, t, c); err != nil {
			rt.t = nil
			return nil, err
		}
	}
	enc, err := live.MarshalCommand(c)
	if err != nil {
		rt.t = nil
		return nil, apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
	}
	sc := store.Commit{Table: rt.id, Version: prevVersion, Head: rt.logID, Command: enc}
	since := t.Version - rt.snapVersion
	if since >= s.opts.SnapshotEvery || (c.Kind == live.CmdDeal && since >= max(s.opts.SnapshotEvery/4, 1)) || t.Status == live.Closed {
		if sc.Snapshot, err = t.MarshalSnapshot(); err != nil {
			rt.t = nil
			return nil, apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
		}
	}
	if h := t.Hand; h != nil && h.Finished && (h.ID != handBefore || !finishedBefore) {
		if sc.Hand, err = encodeHand(h); err != nil {
			rt.t = nil
			return nil, apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
		}
		sc.HandID = h.ID
	}
	now := s.now().UnixMilli()
	due, hasDue := t.NextDue()
	runNow := false
	if hasDue {
		d := store.Deadline{Table: rt.id, Version: t.Version, Due: due.At, Score: due.At}
		if due.At <= now+5 {
			// Due at once: this replica does it, holding the entry as a lease
			// another replica takes over if this one dies.
			d.Score = now + s.opts.Lease.Milliseconds()
			runNow = true
		}
		sc.Deadline = &d
	}
	if hadDue {
		sc.Supersedes = &store.Deadline{Table: rt.id, Version: prevVersion, Due: prev.At}
	}
	res, err := s.deps.Store.Commit(ctx, sc)
	if err != nil {
		rt.t = nil
		if errors.Is(err, store.ErrRewound) {
			// The command was built on a history Redis no longer holds: it
			// is not applied on the stored one either.
			if lerr := s.load(ctx, rt); lerr != nil {
				return nil, lerr
			}
			// load compared the stored table with what it knew, and what
			// it knew was this command's predecessor.
			return nil, s.rewound(ctx, rt, prevVersion, rt.t.Version <= prevVersion)
		}
		if errors.Is(err, store.ErrConflict) {
			s.m.conflicts.Add(ctx, 1)
			if lerr := s.load(ctx, rt); lerr != nil {
				return nil, lerr
			}
			return nil, errRetry
		}
		if errors.Is(err, store.ErrNotFound) {
			return nil, apierr.NotFound("TABLE_NOT_FOUND", "no table %q", rt.id)
		}
		return nil, unavailable(err)
	}
	rt.logID = res.LogID
	rt.remember()
	if hasDue {
		rt.dueFrom, rt.dueVersion = trace.SpanContextFromContext(ctx), t.Version
	}
	if sc.HandID != "" {
		// The hand is over (played out, misdealt or voided): its shoe is no
		// longer live, and the RNG may open it for the fairness proofs.
		s.closeOutcome(ctx, t.Hand.Outcome)
	}
	if sc.Snapshot != nil {
		rt.snapVersion = t.Version
	}
	if len(t.Intents) != intents {
		rt.moneyVersion = t.Version
	}
	if hadDue && !res.Superseded {
		s.removeDeadline(*sc.Supersedes)
	}
	s.m.commands.Add(ctx, 1, s.m.kind(c.Kind))
	s.observeCommit(ctx, t, c, events)
	rt.hub.publish(t.Version, events, t)
	if lobbyChanged(events) {
		s.touchLobby(rt.id)
	}
	if runNow {
		s.kick(rt.id)
	}
	return &committed{cmd: c, events: events, version: t.Version}, nil
}

func lobbyChanged(events []live.Event) bool {
	for _, e := range events {
		switch e.Kind {
		case live.EvSeat, live.EvTable:
			return true
		case live.EvHandEnded:
			return true
		}
	}
	return false
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

// Table returns a copy-free read of a table for tests and tools: f runs
// with the table current and locked.
func (s *Service) Table(ctx context.Context, id string, f func(t *live.Table)) error {
	return s.view(ctx, id, func(t *live.Table, _ *runtime) error { f(t); return nil })
}

func notImplemented(what string) error {
	return apierr.New(connect.CodeUnimplemented, "UNIMPLEMENTED", "%s", what)
}

var _ = fmt.Sprintf
var _ = notImplemented
