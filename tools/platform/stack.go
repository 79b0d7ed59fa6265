package platform

import (
	"context"
	"io"
	"net"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
)

// Stack is a running platform serving on its own listener.
type Stack struct {
	*Platform
	// URL is the server's base URL; Addr its host:port.
	URL  string
	Addr string
	// Keys are the stack's token keys: a process started beside the stack
	// (boot.KeyEnv) or a runtime in this one (boot.Common.Keys) uses them
	// for its tokens to be accepted.
	Keys    *auth.Keyring
	Partner string
	APIKey  string
	Auth    *auth.Authenticator
	// Core is the table core (nil without the table service).
	Core    *table.Service
	Store   *store.Store
	Redis   redis.UniversalClient
	Runtime *boot.Runtime

	cancel context.CancelFunc
	done   chan error
}

// Start starts a stack and returns once it serves.
func Start(ctx context.Context, cfg Config) (*Stack, error) {
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	if cfg.Keys == nil {
		cfg.Keys = boot.DevKeys("croupier-platform")
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
	if cfg.RNGSelfTest == 0 {
		cfg.RNGSelfTest = 10_000 // a small start-up self-test: stacks start often
	}
	if cfg.SQLiteSync == "" {
		cfg.SQLiteSync = "NORMAL"
	}
	if cfg.WalletSweep == 0 {
		cfg.WalletSweep = -1 // tests release holds when they mean to
	}
	logOut := cfg.Log
	if logOut == nil {
		logOut = io.Discard
	}
	st := &Stack{Keys: cfg.Keys, Partner: cfg.Partner, APIKey: cfg.APIKey}
	common := boot.Common{Addr: cfg.Addr, LogLevel: cfg.LogLevel, Keys: cfg.Keys,
		APIKeys: cfg.Partner + ":" + cfg.APIKey, ShutdownTimeout: 2 * time.Second}
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	st.cancel = cancel
	rt, err := boot.Start(sctx, "croupier-platform", common, logOut, func(string) string { return "" })
	if err != nil {
		cancel()
		return nil, err
	}
	st.Runtime, st.Auth = rt, rt.Auth
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		cancel()
		return nil, err
	}
	st.Addr = ln.Addr().String()
	st.URL = "http://" + st.Addr
	p, err := Mount(ctx, rt, st.URL, cfg)
	if err != nil {
		ln.Close()
		cancel()
		return nil, err
	}
	st.Platform, st.Store, st.Redis = p, p.Store, p.Redis
	if p.Table != nil {
		st.Core = p.Table.Core
	}
	st.done = make(chan error, 1)
	go func() { st.done <- rt.Serve(sctx, ln) }()
	return st, nil
}

// Close stops the server, then the services.
func (s *Stack) Close() {
	s.cancel()
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
	}
	s.Platform.Close()
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
