// Package boot is the start-up sequence every Croupier binary shares:
// common settings (listen address, log level, auth keys, OTel), a JSON
// logger with trace ids, telemetry, the authenticator and the server. A
// service's main adds its own settings, builds its core and registers its
// handler; the dev stack does the same for every service on one Runtime.
package boot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/config"
	"github.com/croupier/croupier/shared/server"
	"github.com/croupier/croupier/shared/telemetry"
)

// Common holds the settings every binary has.
type Common struct {
	Addr            string
	LogLevel        string
	TokenKey        string
	APIKeys         string
	CORSOrigins     string
	ShutdownTimeout time.Duration
	DrainDelay      time.Duration
}

// Bind registers the common flags with their environment variables.
func (c *Common) Bind(l *config.Loader, defaultAddr string) {
	l.String(&c.Addr, "addr", "CROUPIER_ADDR", defaultAddr, "listen address for gRPC, gRPC-Web and Connect")
	l.String(&c.LogLevel, "log-level", "CROUPIER_LOG_LEVEL", "info", "debug, info, warn or error")
	l.String(&c.TokenKey, "token-key", "CROUPIER_TOKEN_KEY", "", "hex key (>= 32 bytes) signing session and service tokens")
	l.String(&c.APIKeys, "api-keys", "CROUPIER_API_KEYS", "", "partner API keys as partner:key,partner:key")
	l.String(&c.CORSOrigins, "cors-origins", "CROUPIER_CORS_ORIGINS", "", "comma-separated browser origins allowed to call")
	l.Duration(&c.ShutdownTimeout, "shutdown-timeout", "CROUPIER_SHUTDOWN_TIMEOUT", 20*time.Second, "time in-flight calls get after SIGTERM")
	l.Duration(&c.DrainDelay, "drain-delay", "CROUPIER_DRAIN_DELAY", 0, "time health reports NOT_SERVING before the listener closes")
}

// Validate checks the common settings.
func (c *Common) Validate() error {
	var errs []error
	if _, err := ParseLevel(c.LogLevel); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.tokenKey(); err != nil {
		errs = append(errs, err)
	}
	if _, err := auth.ParseAPIKeys(c.APIKeys); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, c.serverConfig().Validate())
	return errors.Join(errs...)
}

func (c *Common) tokenKey() ([]byte, error) {
	if c.TokenKey == "" {
		return nil, errors.New("token key is not set (CROUPIER_TOKEN_KEY, hex, at least 32 bytes)")
	}
	k, err := hex.DecodeString(c.TokenKey)
	if err != nil {
		return nil, fmt.Errorf("token key is not hex: %w", err)
	}
	if len(k) < 32 {
		return nil, fmt.Errorf("token key is %d bytes, want at least 32", len(k))
	}
	return k, nil
}

func (c *Common) serverConfig() server.Config {
	var origins []string
	for _, o := range strings.Split(c.CORSOrigins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			origins = append(origins, o)
		}
	}
	return server.Config{Addr: c.Addr, ShutdownTimeout: c.ShutdownTimeout, DrainDelay: c.DrainDelay, CORSOrigins: origins}
}

// ParseLevel reads a slog level name.
func ParseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("log level %q: want debug, info, warn or error", s)
	}
	return l, nil
}

// RandomKey returns a fresh hex token key, for the dev stack and tests.
func RandomKey() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

// Runtime is everything a service needs from the process.
type Runtime struct {
	Name      string
	Log       *slog.Logger
	Telemetry *telemetry.Telemetry
	Auth      *auth.Authenticator
	Server    *server.Server
	otel      connect.Interceptor
}

// Start builds the runtime from validated settings. getenv reads OTEL_*.
func Start(ctx context.Context, name string, c Common, logOut io.Writer, getenv func(string) string) (*Runtime, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	level, _ := ParseLevel(c.LogLevel)
	log := telemetry.NewLogger(logOut, level, name)
	tel, err := telemetry.Setup(ctx, telemetry.Config{ServiceName: name, ServiceVersion: Version, Getenv: getenv})
	if err != nil {
		return nil, err
	}
	tel.Install()
	otelic, err := tel.Interceptor()
	if err != nil {
		return nil, errors.Join(err, tel.Shutdown(ctx))
	}
	key, _ := c.tokenKey()
	keys, _ := auth.ParseAPIKeys(c.APIKeys)
	a, err := auth.NewAuthenticator(auth.Config{TokenKey: key, APIKeys: keys})
	if err != nil {
		return nil, errors.Join(err, tel.Shutdown(ctx))
	}
	return &Runtime{
		Name: name, Log: log, Telemetry: tel, Auth: a,
		Server: server.New(c.serverConfig(), log), otel: otelic,
	}, nil
}

// HandlerOptions returns the options for a Connect handler guarded by policy.
func (r *Runtime) HandlerOptions(policy auth.Policy) []connect.HandlerOption {
	return server.HandlerOptions(r.Log, r.otel, auth.NewInterceptor(r.Auth, policy))
}

// ClientOptions returns options for calling another Croupier service as this
// service: traced, and carrying a short-lived service token that is renewed
// before it expires.
func (r *Runtime) ClientOptions() []connect.ClientOption {
	return client.Options(r.otel, auth.NewTokenInterceptor(r.serviceToken()))
}

func (r *Runtime) serviceToken() func() string {
	tokens := auth.NewTokenSource(r.Auth, auth.Principal{Role: auth.RoleService, Subject: r.Name}, 15*time.Minute)
	return tokens.Token
}

// Run serves until ctx is done, then shuts down and flushes telemetry.
func (r *Runtime) Run(ctx context.Context) error {
	ln, err := r.Server.Listen()
	if err != nil {
		return err
	}
	return r.Serve(ctx, ln)
}

// Serve is Run on an existing listener (tests listen on port 0).
func (r *Runtime) Serve(ctx context.Context, ln net.Listener) error {
	err := r.Server.Serve(ctx, ln)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return errors.Join(err, r.Telemetry.Shutdown(sctx))
}

// Version is the build version, set with -ldflags "-X .../boot.Version=...".
var Version = "dev"
