// Command table serves the table service alone (croupier.table.v1:
// TableService, SessionService, TableAdminService): gRPC, gRPC-Web and
// Connect on one port, live tables in Redis, and the RNG, evaluator and
// wallet services called over the network. Any number of replicas may run
// against one Redis. It has no -dev mode of its own: it needs the services
// it calls under one token key set, so on a laptop it runs in the dev stack
// (make run, or go run ./tools/devstack -services rng,evaluator,wallet,table).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/services/table/seal"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/config"
	"github.com/croupier/croupier/shared/redisconn"
)

// settings is the table binary's configuration.
type settings struct {
	common        boot.Common
	redis         redisconn.Config
	redisPrefix   string
	sealKey       string
	rngURL        string
	evaluatorURL  string
	walletURL     string
	lease         time.Duration
	clockInterval time.Duration
	escrowEvery   time.Duration
	auditEvery    time.Duration
	streams       api.StreamLimits
	// minHouseEdge is CROUPIER_TABLE_MIN_HOUSE_EDGE_PERCENT as read: a
	// decimal percentage ("0.5") or a fraction of one ("100/37").
	minHouseEdge string
}

// gcPercent is the table service's GOGC unless the environment sets one.
// Its live heap is small (cached tables) and nearly everything it allocates
// dies with the request or the event that allocated it, so collecting at
// every doubling of the heap spent about a tenth of its CPU on the
// collector; the chart's GOMEMLIMIT (the container's memory limit) makes
// the collector work harder before the pod runs out of memory.
const gcPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "table:", err)
		os.Exit(1)
	}
}

func load(args []string, getenv func(string) string, stderr io.Writer) (settings, error) {
	var s settings
	l := config.New("table", getenv)
	s.common.Bind(l, ":8080")
	// The table alone signs player sessions (SessionService).
	s.common.BindSessionKey(l)
	// The Redis, seal-key and service-URL variables are the ones the Helm
	// chart gives the table service.
	s.redis.Bind(l, "the tables")
	l.String(&s.redisPrefix, "redis-prefix", "CROUPIER_TABLE_REDIS_PREFIX", "croupier:", "prefix of every table key in Redis")
	l.Int(&s.redis.PoolSize, "redis-pool", "CROUPIER_TABLE_REDIS_POOL", 256, "Redis connections per replica")
	l.String(&s.sealKey, "seal-key", "CROUPIER_SEAL_KEY", "", "hex AES-256 key (32 bytes) sealing snapshots, commands and hand records in Redis")
	l.String(&s.rngURL, "rng-url", "CROUPIER_RNG_URL", "", "base URL of the RNG service")
	l.String(&s.evaluatorURL, "evaluator-url", "CROUPIER_EVALUATOR_URL", "", "base URL of the evaluator service")
	l.String(&s.walletURL, "wallet-url", "CROUPIER_WALLET_URL", "", "base URL of the wallet service")
	l.Duration(&s.lease, "deadline-lease", "CROUPIER_TABLE_DEADLINE_LEASE", 2*time.Second, "how long a claimed deadline is held before another replica may take it")
	l.Duration(&s.clockInterval, "clock-interval", "CROUPIER_TABLE_CLOCK_INTERVAL", 100*time.Millisecond, "how often the deadline index is polled")
	l.Duration(&s.escrowEvery, "escrow-check-every", "CROUPIER_TABLE_ESCROW_CHECK_EVERY", 5*time.Second, "spacing of a table's escrow checks at hand boundaries (negative: every hand)")
	l.Duration(&s.auditEvery, "escrow-audit-every", "CROUPIER_TABLE_ESCROW_AUDIT_EVERY", time.Minute, "period of the escrow audit of every table, idle and paused ones included (negative: none)")
	l.Int(&s.streams.PerPlayer, "max-streams-per-player", "CROUPIER_TABLE_MAX_STREAMS_PER_PLAYER", api.DefaultStreamLimits.PerPlayer, "event streams (Subscribe and Play) one player may hold open on a replica (negative: no cap)")
	l.Int(&s.streams.PerPartner, "max-streams-per-partner", "CROUPIER_TABLE_MAX_STREAMS_PER_PARTNER", api.DefaultStreamLimits.PerPartner, "event streams one partner API key may hold open on a replica (negative: no cap)")
	l.String(&s.minHouseEdge, "min-house-edge-percent", "CROUPIER_TABLE_MIN_HOUSE_EDGE_PERCENT", "0",
		"least house edge in percent a banked table may be created with (0: a table returning more than 100 % is refused); below it CreateBankedTable wants the operator's override")
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return s, err
	}
	return s, s.validate()
}

func (s settings) validate() error {
	var c config.Check
	s.redis.Check(&c)
	c.That(s.rngURL != "", "the RNG service URL is not set (CROUPIER_RNG_URL)")
	c.That(s.evaluatorURL != "", "the evaluator service URL is not set (CROUPIER_EVALUATOR_URL)")
	c.That(s.walletURL != "", "the wallet service URL is not set (CROUPIER_WALLET_URL)")
	c.That(s.lease >= 100*time.Millisecond, "deadline lease %s: want at least 100ms", s.lease)
	c.That(s.clockInterval >= 10*time.Millisecond && s.clockInterval <= s.lease, "clock interval %s: want 10ms .. the lease", s.clockInterval)
	c.That(s.redis.PoolSize > 0, "redis pool must be positive")
	c.That(s.streams.PerPlayer != 0 && s.streams.PerPartner != 0, "stream caps must be positive, or negative for none")
	if _, err := s.minimumHouseEdge(); err != nil {
		c.That(false, "%v", err)
	}
	errs := []error{c.Err()}
	if _, err := seal.ParseKey(s.sealKey); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// minimumHouseEdge is the configured minimum house edge as a fraction:
// 0 to under 100 percent.
func (s settings) minimumHouseEdge() (*big.Rat, error) {
	q, ok := new(big.Rat).SetString(strings.TrimSpace(s.minHouseEdge))
	if !ok || q.Sign() < 0 || q.Cmp(big.NewRat(100, 1)) >= 0 {
		return nil, fmt.Errorf("minimum house edge %q: want a percentage from 0 to under 100 (CROUPIER_TABLE_MIN_HOUSE_EDGE_PERCENT)", s.minHouseEdge)
	}
	return q.Quo(q, big.NewRat(100, 1)), nil
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	set, err := load(args, getenv, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rt, err := boot.Start(ctx, "croupier-table", set.common, stderr, getenv)
	if err != nil {
		return err
	}
	rdb, err := set.redis.Open(ctx, 5*time.Second)
	if err != nil {
		return err
	}
	defer rdb.Close()
	if err := redisconn.Instrument(rdb, rt.Telemetry.TracerProvider, rt.Telemetry.MeterProvider); err != nil {
		return err
	}
	minEdge, _ := set.minimumHouseEdge()
	opts := table.Options{Lease: set.lease, ClockInterval: set.clockInterval, EscrowCheckEvery: set.escrowEvery, EscrowAuditEvery: set.auditEvery,
		MinHouseEdge: minEdge}
	key, _ := seal.ParseKey(set.sealKey)
	sealer, err := seal.New(key)
	if err != nil {
		return err
	}
	st := store.New(rdb, sealer, store.Config{Prefix: set.redisPrefix})
	if err := st.Load(ctx); err != nil {
		return err
	}
	hc := client.NewHTTPClient()
	copts := append(rt.ClientOptions(), client.NoGzip())
	m, err := api.Mount(rt, api.Deps{
		Store:     st,
		RNG:       rngv1connect.NewRngServiceClient(hc, set.rngURL, copts...),
		Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, set.evaluatorURL, copts...),
		Wallet:    walletv1connect.NewWalletServiceClient(hc, set.walletURL, copts...),
		Options:   opts,
		Streams:   set.streams,
	})
	if err != nil {
		return err
	}
	// The server stops first (rt.Run returns once it has drained), then
	// the core's loops: no request runs on a stopped core.
	err = rt.Run(ctx)
	m.Stop()
	return err
}
