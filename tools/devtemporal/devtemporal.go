// Package devtemporal runs a Temporal server inside this process for the
// dev stack and tests (go.temporal.io/server/temporaltest: SQLite in
// memory, one namespace). Production points at a Temporal cluster instead.
//
// temporaltest logs through a *testing.T it may not have: without WithT
// its clients' default logger and its Stop error path dereference a nil T.
// So the server gets our logger for its clients and Stop is guarded.
package devtemporal

import (
	"fmt"
	"log/slog"
	"os"
	"sync"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/server/temporaltest"
)

// Server is an in-process Temporal server.
type Server struct {
	ts   *temporaltest.TestServer
	log  *slog.Logger
	once sync.Once
}

// Start starts the server; log receives its clients' logs.
func Start(log *slog.Logger) (s *Server, err error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	defer func() {
		// temporaltest panics on a start-up failure when it has no T.
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("temporal dev server: %v", r)
		}
	}()
	restore := withoutServerTracing()
	defer restore()
	ts := temporaltest.NewServer(temporaltest.WithBaseClientOptions(client.Options{Logger: tlog.NewStructuredLogger(log)}))
	return &Server{ts: ts, log: log}, nil
}

// withoutServerTracing hides OTEL_TRACES_EXPORTER from the server while it
// starts, and returns what puts it back. The server reads the variable from
// the process environment itself (go.temporal.io/server/common/telemetry)
// and refuses to start on any value but "otlp" over gRPC or "none", so the
// "console" and "http/protobuf" settings the services honour would stop
// `make run`; and its spans are the Temporal server's internals, not the
// platform's (the tournament's workflow and activity spans come from the
// SDK's interceptor in the services). The environment is process-wide, but
// nothing else reads this variable after start-up (shared/telemetry has
// read it already).
func withoutServerTracing() func() {
	const key = "OTEL_TRACES_EXPORTER"
	old, set := os.LookupEnv(key)
	if !set {
		return func() {}
	}
	_ = os.Setenv(key, "none")
	return func() { _ = os.Setenv(key, old) }
}

// HostPort is the frontend address (gRPC).
func (s *Server) HostPort() string { return s.ts.GetFrontendHostPort() }

// Namespace is the server's one namespace.
func (s *Server) Namespace() string { return s.ts.GetDefaultNamespace() }

// Client returns a new client of the server; the caller closes it.
func (s *Server) Client(opts client.Options) (client.Client, error) {
	opts.HostPort = s.HostPort()
	if opts.Namespace == "" {
		opts.Namespace = s.Namespace()
	}
	if opts.Logger == nil {
		opts.Logger = tlog.NewStructuredLogger(s.log)
	}
	return client.Dial(opts)
}

// Close stops the server. temporaltest logs a stop error through its T,
// which it does not have: the panic that would cause is contained here.
func (s *Server) Close() {
	s.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Warn("temporal dev server stop", "err", r)
			}
		}()
		s.ts.Stop()
	})
}
