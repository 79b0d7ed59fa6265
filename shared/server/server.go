// Package server is the bootstrap every Croupier binary shares: one port
// serving gRPC, gRPC-Web and Connect over HTTP/1.1 and cleartext HTTP/2
// (h2c), gRPC health and reflection, CORS for browser front-ends, and a
// graceful shutdown that first turns health to NOT_SERVING so load balancers
// stop sending traffic, then waits for in-flight calls.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"
	connectcors "connectrpc.com/cors"
	"connectrpc.com/grpchealth"
	"connectrpc.com/grpcreflect"
	"github.com/rs/cors"
	// Registers the reflection service's own descriptors, so that clients
	// can describe it as well as list it.
	_ "google.golang.org/grpc/reflection/grpc_reflection_v1"
)

// Config is the listener configuration.
type Config struct {
	// Addr is the listen address, "127.0.0.1:8080" or ":8080".
	Addr string
	// ShutdownTimeout bounds how long in-flight calls may finish after SIGTERM.
	ShutdownTimeout time.Duration
	// DrainDelay is how long health reports NOT_SERVING before the listener
	// closes, so that endpoints are removed before connections are refused.
	DrainDelay time.Duration
	// CORSOrigins lists browser origins allowed to call; empty disables CORS.
	CORSOrigins []string
}

// Validate reports configuration errors.
func (c Config) Validate() error {
	var errs []error
	if c.Addr == "" {
		errs = append(errs, errors.New("listen address is empty"))
	} else if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("listen address %q: %w", c.Addr, err))
	}
	if c.ShutdownTimeout <= 0 {
		errs = append(errs, errors.New("shutdown timeout must be positive"))
	}
	if c.DrainDelay < 0 {
		errs = append(errs, errors.New("drain delay must not be negative"))
	}
	return errors.Join(errs...)
}

// Server serves any number of Connect services on one port.
type Server struct {
	cfg      Config
	log      *slog.Logger
	mux      *http.ServeMux
	health   *Health
	services []string
	// draining is closed when a graceful shutdown starts (after the drain
	// delay): long-lived streams end so their clients resume elsewhere,
	// instead of holding the shutdown until its timeout.
	draining  chan struct{}
	drainOnce sync.Once
}

// New returns a Server; register services, then Serve.
func New(cfg Config, log *slog.Logger) *Server {
	return &Server{cfg: cfg, log: log, mux: http.NewServeMux(), health: NewHealth(), draining: make(chan struct{})}
}

// Draining is closed when the server starts shutting down: stream handlers
// end their streams then (their clients resume on another replica).
func (s *Server) Draining() <-chan struct{} { return s.draining }

// Health returns the process's health checker.
func (s *Server) Health() *Health { return s.health }

// Register mounts a Connect handler (the path and handler a generated
// New<Service>Handler returns) and marks the service SERVING.
func (s *Server) Register(service, path string, h http.Handler) {
	s.mux.Handle(path, h)
	s.services = append(s.services, service)
	s.health.Set(service, grpchealth.StatusServing)
}

// Handle mounts a plain HTTP handler (metrics, debug pages).
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

// Services lists the registered service names.
func (s *Server) Services() []string { return slices.Clone(s.services) }

// Handler returns the complete HTTP handler: services, health, reflection, CORS.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", limitUnaryBodies(s.mux))
	mux.Handle(grpchealth.NewHandler(s.health))
	names := append(s.Services(), grpchealth.HealthV1ServiceName, grpcreflect.ReflectV1ServiceName, grpcreflect.ReflectV1AlphaServiceName)
	reflector := grpcreflect.NewStaticReflector(names...)
	mux.Handle(grpcreflect.NewHandlerV1(reflector))
	mux.Handle(grpcreflect.NewHandlerV1Alpha(reflector))
	var h http.Handler = mux
	if len(s.cfg.CORSOrigins) > 0 {
		h = cors.New(cors.Options{
			AllowedOrigins: s.cfg.CORSOrigins,
			AllowedMethods: connectcors.AllowedMethods(),
			AllowedHeaders: append(connectcors.AllowedHeaders(), "Authorization", "X-Api-Key"),
			ExposedHeaders: connectcors.ExposedHeaders(),
			MaxAge:         7200,
		}).Handler(h)
	}
	return h
}

// Listen opens the configured address.
func (s *Server) Listen() (net.Listener, error) {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("server: listen on %s: %w", s.cfg.Addr, err)
	}
	return ln, nil
}

// Serve serves on ln until ctx is cancelled, then shuts down gracefully.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	protocols := new(http.Protocols)
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true)
	srv := &http.Server{
		Handler:           s.Handler(),
		Protocols:         protocols,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(newBufferedListener(ln)) }()
	s.log.Info("serving", "addr", ln.Addr().String(), "services", strings.Join(s.services, ","))

	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	s.log.Info("shutting down", "drain_delay", s.cfg.DrainDelay.String())
	s.health.Drain()
	if s.cfg.DrainDelay > 0 {
		time.Sleep(s.cfg.DrainDelay)
	}
	s.drainOnce.Do(func() { close(s.draining) })
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		// Server streams (table subscriptions) never finish on their own.
		err = srv.Close()
	}
	if err != nil {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	return nil
}

// HandlerOptions returns the options every Connect handler in Croupier gets:
// the given interceptors (outermost first: see boot.Runtime.HandlerOptions), the public-error
// interceptor (a fault's message reaches only operators and services; see
// PublicError), a logging interceptor (which logs the original), panic
// recovery, a request size limit, and the codecs that refuse a body that
// does not decode with MALFORMED_REQUEST (codec.go; their interceptor comes
// after all of these).
func HandlerOptions(log *slog.Logger, interceptors ...connect.Interceptor) []connect.HandlerOption {
	all := append(slices.Clone(interceptors), NewPublicErrorInterceptor(), NewLogInterceptor(log))
	return append([]connect.HandlerOption{
		connect.WithInterceptors(all...),
		connect.WithRecover(func(ctx context.Context, spec connect.Spec, _ http.Header, p any) error {
			log.ErrorContext(ctx, "panic in handler", "procedure", spec.Procedure, "panic", fmt.Sprint(p))
			return connect.NewError(connect.CodeInternal, errors.New("INTERNAL"))
		}),
		connect.WithReadMaxBytes(MaxRequestBytes),
	}, newMalformed().options()...)
}
