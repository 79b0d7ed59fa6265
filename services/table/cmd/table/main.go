// Command table serves the table service alone (croupier.table.v1:
// TableService, SessionService, TableAdminService): gRPC, gRPC-Web and
// Connect on one port, live tables in Redis, and the RNG, evaluator and
// wallet services called over the network. Any number of replicas may run
// against one Redis. With -dev it runs alone on a laptop: an in-process
// Redis, the RNG, evaluator and wallet (SQLite) it calls served beside it
// in the same process, throwaway token keys and the credentials printed at
// start (what services/table/stack runs for tests).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"connectrpc.com/connect"
	"github.com/alicebob/miniredis/v2"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/services/table/seal"
	"github.com/croupier/croupier/services/table/stack"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/auth"
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
	s.common.BindDev(l)
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
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return s, err
	}
	if s.common.Dev {
		var conflicts []string
		for _, g := range [][2]string{{"redis-addr", "CROUPIER_REDIS_ADDR"}, {"seal-key", "CROUPIER_SEAL_KEY"},
			{"rng-url", "CROUPIER_RNG_URL"}, {"evaluator-url", "CROUPIER_EVALUATOR_URL"}, {"wallet-url", "CROUPIER_WALLET_URL"}} {
			if boot.Given(l, getenv, g[0], g[1]) {
				conflicts = append(conflicts, "-"+g[0])
			}
		}
		return s, s.common.ApplyDev(conflicts...)
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
	errs := []error{c.Err()}
	if _, err := seal.ParseKey(s.sealKey); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	set, err := load(args, getenv, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if set.common.Dev {
		return runDev(ctx, set, stderr)
	}
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
	copts := append(rt.ClientOptions(), noGzip())
	core, err := table.New(table.Deps{
		Store:     st,
		RNG:       rngv1connect.NewRngServiceClient(hc, set.rngURL, copts...),
		Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, set.evaluatorURL, copts...),
		Wallet:    walletv1connect.NewWalletServiceClient(hc, set.walletURL, copts...),
		Log:       rt.Log,
		Meter:     rt.Telemetry.Meter("croupier/table"),
		Tracer:    rt.Telemetry.Tracer("croupier/table"),
	}, table.Options{Lease: set.lease, ClockInterval: set.clockInterval, EscrowCheckEvery: set.escrowEvery, EscrowAuditEvery: set.auditEvery})
	if err != nil {
		return err
	}
	api.New(core, rt.Auth).WithStreamLimits(set.streams).Register(rt.Server, api.HandlerOptions(rt.HandlerOptions(api.Policy()))...)
	runCtx, stopCore := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() { core.Run(runCtx); close(done) }()
	err = rt.Run(ctx)
	stopCore()
	<-done
	return err
}

// noGzip stops asking the services called for gzipped responses: small
// messages inside the cluster cost more CPU to compress than they save.
func noGzip() connect.ClientOption { return connect.WithAcceptCompression("gzip", nil, nil) }

// runDev is -dev: the table service on an in-process Redis (miniredis) with
// the services it calls in the same process, until ctx ends.
func runDev(ctx context.Context, set settings, stderr io.Writer) error {
	mr := miniredis.NewMiniRedis()
	if err := mr.Start(); err != nil {
		return fmt.Errorf("in-process redis: %w", err)
	}
	defer mr.Close()
	keys, err := auth.ParseAPIKeys(set.common.APIKeys)
	if err != nil {
		return err
	}
	var apiKey, partner string
	for k, p := range keys {
		apiKey, partner = k, p
		break
	}
	st, err := stack.Start(ctx, stack.Config{RedisAddr: mr.Addr(), Prefix: set.redisPrefix, Addr: set.common.Addr,
		Keys: set.common.Keys, Partner: partner, APIKey: apiKey, Streams: set.streams, Log: stderr, LogLevel: set.common.LogLevel,
		Table: table.Options{Lease: set.lease, ClockInterval: set.clockInterval, EscrowCheckEvery: set.escrowEvery, EscrowAuditEvery: set.auditEvery}})
	if err != nil {
		return err
	}
	defer st.Close()
	set.common.Addr = st.Addr
	if err := boot.PrintDev(stderr, set.common, st.Runtime); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}
