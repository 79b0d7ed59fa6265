// Package platform wires any subset of the Croupier services in one
// process, each through its own api.Mount: the RNG (audit log in memory),
// the evaluator, the wallet (SQLite, or PostgreSQL), the table service
// (on a real Redis or an in-process one) and the tournament service (on an
// in-process Temporal server). It is the one place the platform is wired
// in-process: the dev stack (make run), tools/loadgen, the tournament
// end-to-end runs and simulations, and the integration tests use it.
// Production runs each service alone (services/<name>/cmd/<name>), calling
// the others over the network.
package platform

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/interceptor"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	evaluatorapi "github.com/croupier/croupier/services/evaluator/api"
	"github.com/croupier/croupier/services/rng"
	rngapi "github.com/croupier/croupier/services/rng/api"
	rngstore "github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/services/table"
	tableapi "github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/services/table/seal"
	"github.com/croupier/croupier/services/table/store"
	tournamentapi "github.com/croupier/croupier/services/tournament/api"
	"github.com/croupier/croupier/services/tournament/host"
	walletapi "github.com/croupier/croupier/services/wallet/api"
	walletstore "github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	sharedclient "github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/redisconn"
	"github.com/croupier/croupier/tools/devtemporal"
)

// Set is a set of services.
type Set uint8

// The services.
const (
	RNG Set = 1 << iota
	Evaluator
	Wallet
	Table
	Tournament

	// Core is the table service with what it calls: the default.
	Core = RNG | Evaluator | Wallet | Table
	// All is every service.
	All = Core | Tournament
)

// Has reports whether s holds every service of t.
func (s Set) Has(t Set) bool { return s&t == t }

// check refuses a set with a service but not the ones it calls: the
// platform calls them at its own address, where nothing else answers.
func (s Set) check() error {
	switch {
	case s.Has(Tournament) && !s.Has(Core):
		return errors.New("the tournament service calls the table, wallet and RNG (and the table the evaluator): mount rng,evaluator,wallet,table too")
	case s.Has(Table) && !s.Has(RNG|Evaluator|Wallet):
		return errors.New("the table service calls the RNG, evaluator and wallet: mount rng,evaluator,wallet too")
	}
	return nil
}

// ParseSet reads a comma-separated list of service names ("rng",
// "evaluator", "wallet", "table", "tournament", or "all").
func ParseSet(list string) (Set, error) {
	var s Set
	for _, name := range splitList(list) {
		switch name {
		case "rng":
			s |= RNG
		case "evaluator":
			s |= Evaluator
		case "wallet":
			s |= Wallet
		case "table":
			s |= Table
		case "tournament":
			s |= Tournament
		case "all":
			s |= All
		default:
			return 0, fmt.Errorf("service %q: want rng, evaluator, wallet, table, tournament or all", name)
		}
	}
	if s == 0 {
		return 0, errors.New("no service named")
	}
	return s, nil
}

// splitList splits a comma-separated list, dropping blanks.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Config says which services to mount and on what.
type Config struct {
	// Services to mount (Core when zero).
	Services Set

	// RNGSelfTest is the RNG's start-up self-test size in 52-card
	// shuffles (rng.DefaultSelfTestShuffles when zero).
	RNGSelfTest int

	// DataDir holds the wallet's SQLite file (default: a temporary
	// directory removed on Close).
	DataDir string
	// PostgresDSN puts the ledger in PostgreSQL instead of SQLite.
	PostgresDSN string
	// SQLiteSync is the SQLite ledger's synchronous mode ("NORMAL" for
	// tests and load runs; the store's default, FULL, when empty).
	SQLiteSync string
	// WalletSweep is the hold sweeper's period (walletapi.DefaultSweep when
	// zero; negative: none).
	WalletSweep time.Duration

	// RedisAddr is the Redis the table service keeps its tables in
	// (comma-separated seed nodes with RedisCluster); empty: an
	// in-process Redis (miniredis), gone on Close.
	RedisAddr string
	// RedisCluster talks the Redis Cluster protocol.
	RedisCluster bool
	// Prefix starts every Redis key (one per test).
	Prefix string
	// SealKey seals the table's Redis records (random when nil).
	SealKey []byte
	// Table tunes the table core.
	Table table.Options
	// Streams caps each caller's open event streams (api defaults if zero).
	Streams tableapi.StreamLimits
	// Network makes the table and tournament services call the others
	// over the server's socket (gRPC over HTTP/2, as between pods) instead
	// of in-process Connect clients (the tournament always calls over the
	// socket).
	Network bool

	// TaskQueue is the tournament worker's (croupier-tournaments when
	// empty).
	TaskQueue string

	// Start only: the stack's own runtime and listener.

	// Addr is the listen address (default 127.0.0.1:0).
	Addr string
	// Keys are the token keys, every issuer's private key included (one
	// process plays the session issuer, the operators' tool and every
	// service): generated when nil (boot.DevKeys). Partner/APIKey: random
	// when empty.
	Keys    *auth.Keyring
	Partner string
	APIKey  string
	// Log receives the services' logs (discarded when nil).
	Log io.Writer
	// LogLevel is the services' log level (default warn).
	LogLevel string
}

// Platform is a set of services mounted on one runtime.
type Platform struct {
	// URL is the base URL of the runtime's server.
	URL string
	// SealKey seals the table's records.
	SealKey []byte
	// Store and Redis are the table service's.
	Store *store.Store
	Redis redis.UniversalClient
	// The mounted services (nil when not mounted).
	RNG        *rngapi.Mounted
	Evaluator  *evaluatorapi.Mounted
	Wallet     *walletapi.Mounted
	Table      *tableapi.Mounted
	Tournament *tournamentapi.Mounted
	// Temporal is the in-process Temporal server the tournament runs on.
	Temporal *devtemporal.Server
	// Notes say, one line per service, what it runs on (the dev stack
	// prints them).
	Notes []string

	local   *inProcess
	cleanup []func()
}

// Mount mounts cfg.Services on rt, in dependency order; the services call
// each other at url, the base URL rt's server will serve (or in process).
// Close undoes it; stop the server first.
func Mount(ctx context.Context, rt *boot.Runtime, url string, cfg Config) (*Platform, error) {
	if cfg.Services == 0 {
		cfg.Services = Core
	}
	if err := cfg.Services.check(); err != nil {
		return nil, err
	}
	p := &Platform{URL: url}
	steps := []struct {
		s     Set
		mount func(context.Context, *boot.Runtime, Config) error
	}{
		{RNG, p.mountRNG}, {Evaluator, p.mountEvaluator}, {Wallet, p.mountWallet},
		{Table, p.mountTable}, {Tournament, p.mountTournament},
	}
	for _, st := range steps {
		if !cfg.Services.Has(st.s) {
			continue
		}
		if err := st.mount(ctx, rt, cfg); err != nil {
			p.Close()
			return nil, err
		}
	}
	if p.local != nil {
		p.local.set(rt.Server.Handler())
	}
	return p, nil
}

// Close stops the mounted services and closes what Mount opened, in
// reverse order.
func (p *Platform) Close() {
	for i := len(p.cleanup) - 1; i >= 0; i-- {
		p.cleanup[i]()
	}
	p.cleanup = nil
}

func (p *Platform) onClose(f func()) { p.cleanup = append(p.cleanup, f) }

func (p *Platform) mountRNG(_ context.Context, rt *boot.Runtime, cfg Config) error {
	m, err := rngapi.Mount(rt, rngapi.Deps{Config: rng.Config{Store: rngstore.NewMemory(), SelfTestShuffles: cfg.RNGSelfTest}})
	if err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	p.RNG = m
	p.onClose(m.Stop)
	p.Notes = append(p.Notes, "rng      in-memory audit log; croupierctl rng verify --addr "+p.URL+" --id <outcome id>")
	return nil
}

func (p *Platform) mountEvaluator(_ context.Context, rt *boot.Runtime, _ Config) error {
	m, err := evaluatorapi.Mount(rt, evaluatorapi.Deps{})
	if err != nil {
		return fmt.Errorf("evaluator: %w", err)
	}
	p.Evaluator = m
	p.onClose(m.Stop)
	return nil
}

func (p *Platform) mountWallet(ctx context.Context, rt *boot.Runtime, cfg Config) error {
	opts := walletstore.Options{TracerProvider: rt.Telemetry.TracerProvider, Meter: rt.Telemetry.Meter("croupier/wallet"), SQLiteSync: cfg.SQLiteSync}
	var ws *walletstore.Store
	var err error
	if cfg.PostgresDSN != "" {
		ws, err = walletstore.OpenPostgres(ctx, cfg.PostgresDSN, opts)
		p.Notes = append(p.Notes, "wallet   PostgreSQL ledger")
	} else {
		dir := cfg.DataDir
		if dir == "" {
			if dir, err = os.MkdirTemp("", "croupier-platform-"); err != nil {
				return fmt.Errorf("wallet: %w", err)
			}
			p.onClose(func() { os.RemoveAll(dir) })
		}
		path := filepath.Join(dir, "wallet.db")
		ws, err = walletstore.OpenSQLite(ctx, path, opts)
		p.Notes = append(p.Notes, "wallet   SQLite ledger "+path)
	}
	if err != nil {
		return fmt.Errorf("wallet: %w", err)
	}
	p.onClose(func() { ws.Close() })
	m, err := walletapi.Mount(rt, walletapi.Deps{Store: ws, Sweep: cfg.WalletSweep})
	if err != nil {
		return fmt.Errorf("wallet: %w", err)
	}
	p.Wallet = m
	p.onClose(m.Stop)
	return nil
}

func (p *Platform) mountTable(ctx context.Context, rt *boot.Runtime, cfg Config) error {
	addr, prefix := cfg.RedisAddr, cfg.Prefix
	if addr == "" {
		mr := miniredis.NewMiniRedis()
		if err := mr.Start(); err != nil {
			return fmt.Errorf("table: in-process redis: %w", err)
		}
		p.onClose(mr.Close)
		addr = mr.Addr()
		if prefix == "" {
			prefix = "croupier:"
		}
		p.Notes = append(p.Notes, "table    in-process Redis (miniredis); sessions: SessionService/CreatePlayerSession with the partner key")
	} else {
		p.Notes = append(p.Notes, "table    Redis "+addr+" (keys under "+prefix+"); sessions: SessionService/CreatePlayerSession with the partner key")
	}
	conn := redisconn.Config{Addr: addr, Cluster: cfg.RedisCluster, PoolSize: 256}
	rdb := redis.NewUniversalClient(conn.Options())
	// Event streams block on XREAD: they get a client of their own with a
	// large pool and a read timeout above the block time.
	conn.PoolSize = 4096
	tailOpts := conn.Options()
	tailOpts.ReadTimeout = 5 * time.Second
	tailRdb := redis.NewUniversalClient(tailOpts)
	p.onClose(func() { rdb.Close(); tailRdb.Close() })
	p.Redis = rdb
	if err := redisconn.Instrument(rdb, rt.Telemetry.TracerProvider, rt.Telemetry.MeterProvider); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	key := cfg.SealKey
	if key == nil {
		key = []byte(boot.RandomKey()[:seal.KeySize])
	}
	p.SealKey = key
	sealer, err := seal.New(key)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	p.Store = store.New(rdb, sealer, store.Config{Prefix: prefix}).WithTailClient(tailRdb)
	if err := p.Store.Load(ctx); err != nil {
		return fmt.Errorf("table: %w", err)
	}
	hc, base, opts, err := p.callers(rt, cfg)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	m, err := tableapi.Mount(rt, tableapi.Deps{
		Store:     p.Store,
		RNG:       rngv1connect.NewRngServiceClient(hc, base, opts...),
		Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, base, opts...),
		Wallet:    walletv1connect.NewWalletServiceClient(hc, base, opts...),
		Options:   cfg.Table,
		Streams:   cfg.Streams,
	})
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	p.Table = m
	p.onClose(m.Stop)
	return nil
}

// callers is how the table service reaches the services it calls: over
// the server's socket with the runtime's client options (Network), or
// through an in-process transport that hands each request to the server's
// handler, with the Connect protocol (plain HTTP unary calls), traced and
// with a service token like rt.ClientOptions.
func (p *Platform) callers(rt *boot.Runtime, cfg Config) (*http.Client, string, []connect.ClientOption, error) {
	if cfg.Network {
		return sharedclient.NewHTTPClient(), p.URL, append(rt.ClientOptions(), sharedclient.NoGzip()), nil
	}
	otelic, err := rt.Telemetry.Interceptor()
	if err != nil {
		return nil, "", nil, err
	}
	// The transport gets the server's handler once every service is
	// mounted (Mount's end): the handler is built from what is registered.
	p.local = &inProcess{}
	tokens := auth.NewTokenSource(rt.Auth, auth.Principal{Role: auth.RoleService, Subject: "croupier-table"}, 15*time.Minute)
	opts := []connect.ClientOption{connect.WithInterceptors(otelic, auth.NewTokenInterceptor(tokens.Token)), sharedclient.NoGzip(), sharedclient.Codec()}
	return &http.Client{Transport: p.local}, "http://in-process", opts, nil
}

func (p *Platform) mountTournament(_ context.Context, rt *boot.Runtime, cfg Config) error {
	srv, err := devtemporal.Start(rt.Log)
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	p.Temporal = srv
	p.onClose(srv.Close)
	tracing, err := host.Tracing(rt.Telemetry.TracerProvider)
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	tc, err := srv.Client(client.Options{Interceptors: []interceptor.ClientInterceptor{tracing}, DataConverter: host.DataConverter(),
		MetricsHandler: host.Metrics(rt.Telemetry.MeterProvider, func(err error) { rt.Log.Warn("temporal metrics", "err", err) })})
	if err != nil {
		return fmt.Errorf("tournament: temporal client: %w", err)
	}
	p.onClose(tc.Close)
	queue := cfg.TaskQueue
	if queue == "" {
		queue = "croupier-tournaments"
	}
	m, err := tournamentapi.Mount(rt, tournamentapi.Deps{
		Temporal:      tc,
		TaskQueue:     queue,
		TableURL:      p.URL,
		WalletURL:     p.URL,
		RNGURL:        p.URL,
		HTTP:          sharedclient.NewHTTPClient(),
		ClientOptions: append(rt.ClientOptions(), sharedclient.NoGzip()),
	})
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	p.Tournament = m
	p.onClose(m.Stop)
	p.Notes = append(p.Notes, "tournament in-process Temporal server "+srv.HostPort()+" (namespace "+srv.Namespace()+", task queue "+queue+"; no web UI: temporal --address "+srv.HostPort()+" --namespace "+srv.Namespace()+")")
	return nil
}
