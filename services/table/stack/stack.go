// Package stack runs the table service with the services it calls — the
// RNG (in-memory audit log), the evaluator and the wallet (SQLite) — on one
// loopback server in this process, against a real Redis. Integration tests,
// tools/loadgen and demos use it; production runs each service alone
// (cmd/table and its siblings).
package stack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"connectrpc.com/connect"
	"github.com/redis/go-redis/v9"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	evalapi "github.com/croupier/croupier/services/evaluator/api"
	"github.com/croupier/croupier/services/rng"
	rngstore "github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/services/table/seal"
	"github.com/croupier/croupier/services/table/store"
	walletapi "github.com/croupier/croupier/services/wallet/api"
	"github.com/croupier/croupier/services/wallet/ledger"
	walletstore "github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/redisconn"
)

// Config configures a stack.
type Config struct {
	// RedisAddr is the Redis the table service keeps its tables in
	// (comma-separated seed nodes with RedisCluster).
	RedisAddr string
	// RedisCluster talks the Redis Cluster protocol.
	RedisCluster bool
	// Prefix starts every Redis key (one per test).
	Prefix string
	// Addr is the listen address (default 127.0.0.1:0).
	Addr string
	// DataDir holds the wallet's SQLite file (default: a temporary
	// directory removed on Close).
	DataDir string
	// Keys are the token keys, every issuer's private key included (one
	// process plays the session issuer, the operators' tool and every
	// service): generated when nil (boot.DevKeys). Partner/APIKey: random
	// when empty.
	Keys    *auth.Keyring
	Partner string
	APIKey  string
	// NoTable runs only the services the table service calls (tests that
	// run table services as separate processes).
	NoTable bool
	// Table tunes the table core.
	Table table.Options
	// Streams caps each caller's open event streams (api defaults if zero).
	Streams api.StreamLimits
	// SealKey seals the table's Redis records (random when nil).
	SealKey []byte
	// Network makes the table service call the RNG, evaluator and wallet
	// over the loopback socket (gRPC over HTTP/2, as between pods) instead
	// of in-process Connect clients.
	Network bool
	// Log receives the services' logs (discarded when nil).
	Log io.Writer
	// LogLevel is the services' log level (default warn).
	LogLevel string
}

// Stack is a running stack.
type Stack struct {
	// URL is the server's base URL.
	URL  string
	Addr string
	// Keys are the stack's token keys: a process started beside the stack
	// (boot.KeyEnv) or a runtime in this one (boot.Common.Keys) uses them
	// for its tokens to be accepted.
	Keys    *auth.Keyring
	Partner string
	APIKey  string
	SealKey []byte
	Auth    *auth.Authenticator
	Core    *table.Service
	Store   *store.Store
	Redis   redis.UniversalClient
	Runtime *boot.Runtime

	cancel  context.CancelFunc
	done    chan error
	local   *inProcess
	cleanup []func()
}

// Start starts a stack and returns once it serves.
func Start(ctx context.Context, cfg Config) (*Stack, error) {
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	if cfg.Keys == nil {
		cfg.Keys = boot.DevKeys("croupier-table-stack")
	}
	if cfg.Partner == "" {
		cfg.Partner = "partner-1"
	}
	if cfg.APIKey == "" {
		cfg.APIKey = "key-" + boot.RandomKey()[:32]
	}
	if cfg.LogLevel == "" {
		cfg.LogLevel = "warn"
	}
	logOut := cfg.Log
	if logOut == nil {
		logOut = io.Discard
	}
	st := &Stack{Keys: cfg.Keys, Partner: cfg.Partner, APIKey: cfg.APIKey}
	fail := func(err error) (*Stack, error) {
		st.Close()
		return nil, err
	}
	common := boot.Common{Addr: cfg.Addr, LogLevel: cfg.LogLevel, Keys: cfg.Keys,
		APIKeys: cfg.Partner + ":" + cfg.APIKey, ShutdownTimeout: 2 * time.Second}
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	st.cancel = cancel
	rt, err := boot.Start(sctx, "croupier-table-stack", common, logOut, func(string) string { return "" })
	if err != nil {
		return fail(err)
	}
	st.Runtime, st.Auth = rt, rt.Auth
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fail(err)
	}
	st.Addr = ln.Addr().String()
	st.URL = "http://" + st.Addr

	// RNG: in-memory audit log, a small start-up self-test.
	rsvc, err := rng.New(rng.Config{Store: rngstore.NewMemory(), SelfTestShuffles: 10_000})
	if err != nil {
		ln.Close()
		return fail(err)
	}
	if err := rng.Register(rt.Server, rsvc, rt.HandlerOptions(rng.Policy())...); err != nil {
		ln.Close()
		return fail(err)
	}
	// Evaluator.
	p, h := evaluatorv1connect.NewEvaluatorServiceHandler(evalapi.New(evalapi.DefaultLimits), rt.HandlerOptions(evalapi.Policy())...)
	rt.Server.Register(evaluatorv1connect.EvaluatorServiceName, p, h)
	// Wallet on SQLite.
	dir := cfg.DataDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "croupier-table-stack-"); err != nil {
			ln.Close()
			return fail(err)
		}
		st.cleanup = append(st.cleanup, func() { os.RemoveAll(dir) })
	}
	ws, err := walletstore.OpenSQLite(ctx, filepath.Join(dir, "wallet.db"), walletstore.Options{SQLiteSync: "NORMAL"})
	if err != nil {
		ln.Close()
		return fail(err)
	}
	st.cleanup = append(st.cleanup, func() { ws.Close() })
	l := ledger.New(ws, ledger.Options{})
	p, h = walletv1connect.NewWalletServiceHandler(walletapi.New(l), rt.HandlerOptions(walletapi.Policy())...)
	rt.Server.Register(walletv1connect.WalletServiceName, p, h)

	if !cfg.NoTable {
		conn := redisconn.Config{Addr: cfg.RedisAddr, Cluster: cfg.RedisCluster, PoolSize: 256}
		rdb := redis.NewUniversalClient(conn.Options())
		conn.PoolSize = 4096
		tailOpts := conn.Options()
		tailOpts.ReadTimeout = 5 * time.Second
		tailRdb := redis.NewUniversalClient(tailOpts)
		st.cleanup = append(st.cleanup, func() { rdb.Close(); tailRdb.Close() })
		st.Redis = rdb
		if err := redisconn.Instrument(rdb, rt.Telemetry.TracerProvider, rt.Telemetry.MeterProvider); err != nil {
			ln.Close()
			return fail(err)
		}
		key := cfg.SealKey
		if key == nil {
			key = []byte(boot.RandomKey()[:seal.KeySize])
		}
		st.SealKey = key
		sealer, err := seal.New(key)
		if err != nil {
			ln.Close()
			return fail(err)
		}
		st.Store = store.New(rdb, sealer, store.Config{Prefix: cfg.Prefix}).WithTailClient(tailRdb)
		if err := st.Store.Load(ctx); err != nil {
			ln.Close()
			return fail(err)
		}
		hc := client.NewHTTPClient()
		opts := append(rt.ClientOptions(), NoGzip())
		base := st.URL
		if !cfg.Network {
			st.local = &inProcess{}
			hc = &http.Client{Transport: st.local}
			// The Connect protocol (plain HTTP unary calls), traced and with a
			// service token like rt.ClientOptions.
			otelic, err := rt.Telemetry.Interceptor()
			if err != nil {
				ln.Close()
				return fail(err)
			}
			tokens := auth.NewTokenSource(rt.Auth, auth.Principal{Role: auth.RoleService, Subject: "croupier-table"}, 15*time.Minute)
			opts = []connect.ClientOption{connect.WithInterceptors(otelic, auth.NewTokenInterceptor(tokens.Token)), NoGzip()}
			base = "http://in-process"
		}
		core, err := table.New(table.Deps{
			Store:     st.Store,
			RNG:       rngv1connect.NewRngServiceClient(hc, base, opts...),
			Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, base, opts...),
			Wallet:    walletv1connect.NewWalletServiceClient(hc, base, opts...),
			Log:       rt.Log,
			Meter:     rt.Telemetry.Meter("croupier/table"),
			Tracer:    rt.Telemetry.Tracer("croupier/table"),
		}, cfg.Table)
		if err != nil {
			ln.Close()
			return fail(err)
		}
		st.Core = core
		api.New(core, rt.Auth).WithStreamLimits(cfg.Streams).Register(rt.Server, api.HandlerOptions(rt.HandlerOptions(api.Policy()))...)
		go core.Run(sctx)
	}
	if st.local != nil {
		st.local.set(rt.Server.Handler())
	}
	st.done = make(chan error, 1)
	go func() { st.done <- rt.Serve(sctx, ln) }()
	return st, nil
}

// Close stops the stack.
func (s *Stack) Close() {
	if s.cancel != nil {
		s.cancel()
	}
	if s.done != nil {
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
		}
	}
	for i := len(s.cleanup) - 1; i >= 0; i-- {
		s.cleanup[i]()
	}
}

// OperatorToken is a token of the operator role.
func (s *Stack) OperatorToken() string {
	t, _ := s.Auth.Issue(auth.Principal{Role: auth.RoleOperator, Subject: "stack-operator"}, 24*time.Hour)
	return t
}

// PlayerToken is a session token of player at the stack's partner.
func (s *Stack) PlayerToken(player string) string {
	t, _ := s.Auth.Issue(auth.Principal{Role: auth.RolePlayer, PlayerID: player, PartnerID: s.Partner}, 24*time.Hour)
	return t
}

// NoGzip stops a client from asking for gzipped responses: between pods
// and on loopback, compressing every small message costs more CPU than it
// saves bandwidth.
func NoGzip() connect.ClientOption { return connect.WithAcceptCompression("gzip", nil, nil) }

// Bearer adds a bearer token to every call of a client.
func Bearer(token string) connect.ClientOption {
	return connect.WithInterceptors(auth.NewTokenInterceptor(func() string { return token }))
}

// APIKey adds the partner API key to every call.
func APIKey(key string) connect.ClientOption {
	return connect.WithInterceptors(auth.NewAPIKeyInterceptor(key))
}

// Clients are API clients acting as one caller.
type Clients struct {
	Table   tablev1connect.TableServiceClient
	Admin   tablev1connect.TableAdminServiceClient
	Session tablev1connect.SessionServiceClient
	Wallet  walletv1connect.WalletServiceClient
}

// NewClients returns clients of the stack's server (or any base URL)
// sending opt on every call. gRPC over HTTP/2 cleartext.
func NewClients(base string, opt connect.ClientOption) Clients {
	hc := client.NewHTTPClient()
	opts := []connect.ClientOption{connect.WithGRPC(), NoGzip(), opt}
	return Clients{
		Table:   tablev1connect.NewTableServiceClient(hc, base, opts...),
		Admin:   tablev1connect.NewTableAdminServiceClient(hc, base, opts...),
		Session: tablev1connect.NewSessionServiceClient(hc, base, opts...),
		Wallet:  walletv1connect.NewWalletServiceClient(hc, base, opts...),
	}
}

// Fund deposits amount into player's account at the stack's partner (from
// the partner's cage) and returns the account id.
func Fund(ctx context.Context, wallet walletv1connect.WalletServiceClient, partner, player, currency string, amount int64) (string, error) {
	cage, err := wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{
		Kind: walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, OwnerId: partner, PartnerId: partner, Currency: currency}))
	if err != nil {
		return "", fmt.Errorf("cage: %w", err)
	}
	acct, err := wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{
		Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: player, PartnerId: partner, Currency: currency}))
	if err != nil {
		return "", fmt.Errorf("player account: %w", err)
	}
	_, err = wallet.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{
		IdempotencyKey: "fund:" + player + ":" + currency + ":" + fmt.Sprint(amount) + ":" + fmt.Sprint(time.Now().UnixNano()),
		Transfer: &walletv1.TransferSpec{DebitAccountId: cage.Msg.GetAccount().GetId(), CreditAccountId: acct.Msg.GetAccount().GetId(),
			Amount: &commonv1.Money{Amount: amount, Currency: currency}, Kind: walletv1.TransferKind_TRANSFER_KIND_DEPOSIT}}))
	if err != nil {
		return "", fmt.Errorf("deposit: %w", err)
	}
	return acct.Msg.GetAccount().GetId(), nil
}

// Balance reads an account's balance.
func Balance(ctx context.Context, wallet walletv1connect.WalletServiceClient, id string) (int64, error) {
	res, err := wallet.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: id}))
	if err != nil {
		return 0, err
	}
	return res.Msg.GetAccount().GetBalance(), nil
}

var _ = errors.New
var _ = slog.Default
