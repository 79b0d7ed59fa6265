// Package boot is the start-up sequence every Croupier binary shares:
// common settings (listen address, log level, token keys and API keys,
// OTel), a JSON
// logger with trace ids, telemetry, the authenticator and the server. A
// service's main adds its own settings, builds its core and registers its
// handler; the dev stack does the same for every service on one Runtime.
package boot

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/config"
	"github.com/croupier/croupier/shared/server"
	"github.com/croupier/croupier/shared/telemetry"
)

// Common holds the settings every binary has.
type Common struct {
	Addr     string
	LogLevel string
	// PublicKeys and PublicKeysFile hold the token public key set
	// (auth.ParseKeySet); both may be given, the set is their union.
	PublicKeys     string
	PublicKeysFile string
	// SigningKey is this service's own Ed25519 key (PEM PKCS #8): it signs
	// the service tokens the service sends, naming itself, and nothing else.
	SigningKey string
	// SessionKey signs player sessions; only the table binds it
	// (BindSessionKey).
	SessionKey string
	// LegacyTokenKey is CROUPIER_TOKEN_KEY, the HS256 key every service
	// once shared: read only to refuse a deployment that still relies on it.
	LegacyTokenKey string
	// Keys, when set, replaces the key settings above: in-process stacks and
	// tests generate their whole key set in memory (auth.DevKeyring).
	Keys *auth.Keyring
	// TracerProvider, when set, replaces the one the OTEL_* variables
	// would build: a test's in-memory span exporter.
	TracerProvider  trace.TracerProvider
	APIKeys         string
	CORSOrigins     string
	ShutdownTimeout time.Duration
	DrainDelay      time.Duration
	// Dev is -dev (BindDev, ApplyDev): a binary alone on a laptop.
	Dev bool
}

// Bind registers the common flags with their environment variables.
func (c *Common) Bind(l *config.Loader, defaultAddr string) {
	l.String(&c.Addr, "addr", "CROUPIER_ADDR", defaultAddr, "listen address for gRPC, gRPC-Web and Connect")
	l.String(&c.LogLevel, "log-level", "CROUPIER_LOG_LEVEL", "info", "debug, info, warn or error")
	l.String(&c.PublicKeys, "token-public-keys", "CROUPIER_TOKEN_PUBLIC_KEYS", "", "token public key set: lines of \"<scopes> <base64 Ed25519 public key>\" (README: Token keys)")
	l.String(&c.PublicKeysFile, "token-public-keys-file", "CROUPIER_TOKEN_PUBLIC_KEYS_FILE", "", "file holding more of the token public key set")
	l.String(&c.SigningKey, "token-signing-key", "CROUPIER_TOKEN_SIGNING_KEY", "", "this service's Ed25519 private key (PEM PKCS #8) signing its service tokens; bound to service:<name> in the key set")
	l.String(&c.LegacyTokenKey, "token-key", "CROUPIER_TOKEN_KEY", "", "no longer used: refused unless the key set is configured")
	l.String(&c.APIKeys, "api-keys", "CROUPIER_API_KEYS", "", "partner API keys as partner:key,partner:key")
	l.String(&c.CORSOrigins, "cors-origins", "CROUPIER_CORS_ORIGINS", "", "comma-separated browser origins allowed to call")
	l.Duration(&c.ShutdownTimeout, "shutdown-timeout", "CROUPIER_SHUTDOWN_TIMEOUT", 20*time.Second, "time in-flight calls get after SIGTERM")
	l.Duration(&c.DrainDelay, "drain-delay", "CROUPIER_DRAIN_DELAY", 0, "time health reports NOT_SERVING before the listener closes")
}

// BindSessionKey registers the session signing key: the table binary only,
// so no other binary reads it even if its environment carried it.
func (c *Common) BindSessionKey(l *config.Loader) {
	l.String(&c.SessionKey, "session-signing-key", "CROUPIER_SESSION_SIGNING_KEY", "", "Ed25519 private key (PEM PKCS #8) signing player session tokens; bound to scope session in the key set")
}

// Validate checks the common settings.
func (c *Common) Validate() error {
	var errs []error
	if _, err := ParseLevel(c.LogLevel); err != nil {
		errs = append(errs, err)
	}
	if _, err := c.keyring(); err != nil {
		errs = append(errs, err)
	}
	if _, err := auth.ParseAPIKeys(c.APIKeys); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, c.serverConfig().Validate())
	return errors.Join(errs...)
}

// keyring reads the token keys: the public key set and the private keys
// this binary holds, each checked against the set.
func (c *Common) keyring() (auth.Keyring, error) {
	if c.Keys != nil {
		return *c.Keys, nil
	}
	text := c.PublicKeys
	if c.PublicKeysFile != "" {
		b, err := os.ReadFile(c.PublicKeysFile)
		if err != nil {
			return auth.Keyring{}, fmt.Errorf("token public keys: %w", err)
		}
		text += "\n" + string(b)
	}
	pub, err := auth.ParseKeySet(text)
	if err != nil {
		return auth.Keyring{}, fmt.Errorf("token public keys: %w", err)
	}
	if len(pub) == 0 {
		if c.LegacyTokenKey != "" {
			return auth.Keyring{}, errors.New("CROUPIER_TOKEN_KEY is no longer read: one HS256 key in every pod let any pod sign operator tokens. " +
				"Tokens are now Ed25519: give every service the public key set (CROUPIER_TOKEN_PUBLIC_KEYS or CROUPIER_TOKEN_PUBLIC_KEYS_FILE) " +
				"and each service its own CROUPIER_TOKEN_SIGNING_KEY (README: Token keys)")
		}
		return auth.Keyring{}, errors.New("token public keys are not set (CROUPIER_TOKEN_PUBLIC_KEYS or CROUPIER_TOKEN_PUBLIC_KEYS_FILE; README: Token keys)")
	}
	k := auth.Keyring{Public: pub}
	for _, s := range []struct{ what, pem string }{{"CROUPIER_TOKEN_SIGNING_KEY", c.SigningKey}, {"CROUPIER_SESSION_SIGNING_KEY", c.SessionKey}} {
		if strings.TrimSpace(s.pem) == "" {
			continue
		}
		priv, err := auth.ParsePrivateKey([]byte(s.pem))
		if err != nil {
			return auth.Keyring{}, fmt.Errorf("%s: %w", s.what, err)
		}
		k.Private = append(k.Private, priv)
	}
	return k, nil
}

// checkKeyScopes refuses a signing key bound to more than its holder may
// sign: the service key only service:<name>, the session key only session.
// A pod then never holds a key that signs operator tokens, or another
// service's, whatever the key set says.
func (c *Common) checkKeyScopes(name string, k auth.Keyring) error {
	if c.Keys != nil {
		return nil // in-process stacks play every issuer
	}
	scopes := map[string][]auth.Scope{}
	for _, p := range k.Public {
		scopes[p.ID] = p.Scopes
	}
	for _, s := range []struct {
		what, pem string
		want      auth.Scope
	}{{"CROUPIER_TOKEN_SIGNING_KEY", c.SigningKey, auth.ServiceScope(name)}, {"CROUPIER_SESSION_SIGNING_KEY", c.SessionKey, auth.ScopeSession}} {
		if strings.TrimSpace(s.pem) == "" {
			continue
		}
		priv, _ := auth.ParsePrivateKey([]byte(s.pem))
		id := auth.KeyID(priv.Public().(ed25519.PublicKey))
		got, ok := scopes[id]
		switch {
		case !ok:
			return fmt.Errorf("%s: key %s is not in the token public key set: add its public half (croupierctl token pubkey)", s.what, id)
		case len(got) != 1 || got[0] != s.want:
			return fmt.Errorf("%s: key %s is bound to %v in the key set; this key may be bound to %s only", s.what, id, got, s.want)
		}
	}
	return nil
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

// ServiceNames are the names the Croupier binaries start under (Start's
// name): a service token's subject, and service:<name> in the key set.
func ServiceNames() []string {
	return []string{"croupier-rng", "croupier-evaluator", "croupier-table", "croupier-wallet", "croupier-tournament"}
}

// DevKeys generates a full key set in memory — session, operator, auditor
// and one key for each of ServiceNames and extra — with every private key,
// for in-process stacks and tests (Common.Keys).
func DevKeys(extra ...string) *auth.Keyring {
	k := auth.DevKeyring(append(ServiceNames(), extra...)...)
	return &k
}

// KeyEnv is the environment giving a separately started binary named
// service the public key set of k and its own key from k (and, with
// session, the session key): what a test passes to a child process.
func KeyEnv(k *auth.Keyring, service string, session bool) ([]string, error) {
	env := []string{"CROUPIER_TOKEN_PUBLIC_KEYS=" + auth.FormatKeySet(k.Public)}
	priv, ok := k.PrivateFor(auth.ServiceScope(service))
	if !ok {
		return nil, fmt.Errorf("boot: no key for service %s", service)
	}
	env = append(env, "CROUPIER_TOKEN_SIGNING_KEY="+string(auth.MarshalPrivateKey(priv)))
	if session {
		s, ok := k.PrivateFor(auth.ScopeSession)
		if !ok {
			return nil, errors.New("boot: no session key")
		}
		env = append(env, "CROUPIER_SESSION_SIGNING_KEY="+string(auth.MarshalPrivateKey(s)))
	}
	return env, nil
}

// RandomKey returns 32 random bytes in hex, for seal keys and dev secrets.
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
	parents   connect.Interceptor
}

// Start builds the runtime from validated settings. getenv reads OTEL_*.
func Start(ctx context.Context, name string, c Common, logOut io.Writer, getenv func(string) string) (*Runtime, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	ring, _ := c.keyring()
	if err := c.checkKeyScopes(name, ring); err != nil {
		return nil, err
	}
	level, _ := ParseLevel(c.LogLevel)
	log := telemetry.NewLogger(logOut, level, name)
	tel, err := telemetry.Setup(ctx, telemetry.Config{ServiceName: name, ServiceVersion: Version, Getenv: getenv,
		TracerProvider: c.TracerProvider})
	if err != nil {
		return nil, err
	}
	tel.Install()
	otelic, err := tel.Interceptor()
	if err != nil {
		return nil, errors.Join(err, tel.Shutdown(ctx))
	}
	keys, _ := auth.ParseAPIKeys(c.APIKeys)
	a, err := auth.NewAuthenticator(auth.Config{Keys: ring, APIKeys: keys})
	if err != nil {
		return nil, errors.Join(err, tel.Shutdown(ctx))
	}
	if c.LegacyTokenKey != "" {
		log.Warn("CROUPIER_TOKEN_KEY is set and ignored: tokens are signed with the Ed25519 keys; remove it")
	}
	return &Runtime{
		Name: name, Log: log, Telemetry: tel, Auth: a,
		Server: server.New(c.serverConfig(), log), otel: otelic, parents: tel.TrustParents(fromService),
	}, nil
}

// HandlerOptions returns the options for a Connect handler guarded by policy.
// The caller is authenticated first, so that telemetry knows whether to
// continue its trace (another service) or only link to it (anyone else),
// and the policy refuses after telemetry, so refused calls are traced and
// counted too; the credential is verified once.
func (r *Runtime) HandlerOptions(policy auth.Policy) []connect.HandlerOption {
	identify, enforce := auth.NewStages(r.Auth, policy)
	return server.HandlerOptions(r.Log, identify, r.parents, r.otel, enforce)
}

// fromService reports whether the authenticated caller is another
// Croupier service: only its trace context is trusted as a parent.
func fromService(ctx context.Context) bool {
	p, ok := auth.FromContext(ctx)
	return ok && p.Role == auth.RoleService
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
