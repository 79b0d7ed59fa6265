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
	"log/slog"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table/game"
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
	// CloseDelay is how long a finished hand's RNG outcome waits for
	// others to be closed with it in one call (default 25ms; proofs asked
	// for meanwhile close it themselves).
	CloseDelay time.Duration
	// MinHouseEdge is the least house edge, a fraction, a banked table is
	// created with (nil or below 0: 0, so that a table returning more than
	// 100 % is refused): CreateBankedTable refuses a table below it with
	// HOUSE_EDGE_BELOW_MINIMUM unless the operator overrides it
	// (BankedSpec.AllowBelowMinimum).
	MinHouseEdge *big.Rat
	// RTPSimRounds is how many rounds a casino poker main game with an
	// operator's paytable is simulated for at creation (rtp.Options).
	RTPSimRounds int64
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
	if o.CloseDelay == 0 {
		o.CloseDelay = 25 * time.Millisecond
	}
	if o.Ring == 0 {
		o.Ring = 256
	}
	if o.SubscriberBuffer == 0 {
		o.SubscriberBuffer = 256
	}
	if o.MinHouseEdge == nil || o.MinHouseEdge.Sign() < 0 {
		o.MinHouseEdge = new(big.Rat)
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
	// drivers are the games' drivers by snapshot tag (game.Tag).
	drivers map[string]driver

	accounts sync.Map // accountKey -> account id
	// paying counts the requests to carry out a banked table's intents
	// now (payNow), per table id.
	paying   sync.Map
	removals chan store.Deadline
	kicks    chan string
	lobby    chan string
	// closes are finished hands' RNG outcomes for closeLoop, which runs
	// (batching) with Run's loops.
	closes   chan pendingClose
	batching atomic.Bool
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
		kicks: make(chan string, 4096), lobby: make(chan string, 1024), closes: make(chan pendingClose, 4096)}
	s.drivers = map[string]driver{game.Poker: pokerDriver{s}, game.Round: roundDriver{s}}
	m.observe(s)
	return s, nil
}

// Run runs the background loops (the clock, deadline removal, lobby
// updates, due work started by this replica's commits) until ctx is done.
func (s *Service) Run(ctx context.Context) {
	s.wg.Add(7)
	go func() { defer s.wg.Done(); s.auditLoop(ctx) }()
	go func() { defer s.wg.Done(); s.followLoop(ctx) }()
	go func() { defer s.wg.Done(); s.clockLoop(ctx) }()
	go func() { defer s.wg.Done(); s.removalLoop(ctx) }()
	go func() { defer s.wg.Done(); s.lobbyLoop(ctx) }()
	go func() { defer s.wg.Done(); s.kickLoop(ctx) }()
	go func() { defer s.wg.Done(); s.closeLoop(ctx) }()
	<-ctx.Done()
	s.wg.Wait()
}

// read runs f on table id of any game, current as of now.
func (s *Service) read(ctx context.Context, id string, f func(t game.Table, rt *runtime) error) error {
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, true); err != nil {
		return err
	}
	return f(rt.t, rt)
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

// ReadGame runs f on table id of any game, current and locked: for tests
// and tools.
func (s *Service) ReadGame(ctx context.Context, id string, f func(t game.Table)) error {
	return s.read(ctx, id, func(t game.Table, _ *runtime) error { f(t); return nil })
}
