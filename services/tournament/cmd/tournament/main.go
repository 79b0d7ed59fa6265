// Command tournament serves croupier.tournament.v1 over gRPC, gRPC-Web and
// Connect and runs the Temporal worker of the tournament workflows, against
// a Temporal cluster (CROUPIER_TEMPORAL_ADDRESS) and the table, wallet and
// RNG services.
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/interceptor"
	tlog "go.temporal.io/sdk/log"

	"github.com/croupier/croupier/services/tournament/api"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/shared/boot"
	sharedclient "github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/config"
)

type settings struct {
	common    boot.Common
	address   string
	namespace string
	taskQueue string
	tls       bool
	apiKey    string
	tableURL  string
	walletURL string
	rngURL    string
	noWorker  bool
	inFlight  int
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
}

func load(args []string, getenv func(string) string, stderr io.Writer) (settings, error) {
	var s settings
	l := config.New("tournament", getenv)
	s.common.Bind(l, ":8080")
	s.common.BindDev(l)
	l.String(&s.address, "temporal-address", "CROUPIER_TEMPORAL_ADDRESS", "", "Temporal frontend host:port")
	l.String(&s.namespace, "temporal-namespace", "CROUPIER_TEMPORAL_NAMESPACE", "default", "Temporal namespace")
	l.String(&s.taskQueue, "temporal-task-queue", "CROUPIER_TEMPORAL_TASK_QUEUE", "croupier-tournaments", "task queue of the tournament workflows")
	l.Bool(&s.tls, "temporal-tls", "CROUPIER_TEMPORAL_TLS", false, "connect to Temporal over TLS")
	l.String(&s.apiKey, "temporal-api-key", "CROUPIER_TEMPORAL_API_KEY", "", "Temporal API key (Temporal Cloud)")
	l.String(&s.tableURL, "table-url", "CROUPIER_TABLE_URL", "", "table service base URL")
	l.String(&s.walletURL, "wallet-url", "CROUPIER_WALLET_URL", "", "wallet service base URL")
	l.String(&s.rngURL, "rng-url", "CROUPIER_RNG_URL", "", "RNG service base URL")
	l.Bool(&s.noWorker, "no-worker", "CROUPIER_TOURNAMENT_NO_WORKER", false, "serve the API only; workers run elsewhere")
	l.Int(&s.inFlight, "updates-in-flight", "CROUPIER_TOURNAMENT_UPDATES_IN_FLIGHT", core.DefaultUpdatesInFlight,
		"requests changing one tournament this replica sends Temporal at a time (more wait their turn); keep replicas × this within Temporal's history.maxInFlightUpdates (10 by default) or expect TOURNAMENT_BUSY")
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return s, err
	}
	if s.common.Dev {
		// Alone, the tournament service has no Temporal server, and the
		// table, wallet and RNG it calls would not accept its throwaway
		// keys: the dev stack runs all of them with an in-process Temporal.
		return s, errors.New("-dev: the tournament service needs Temporal and the table, wallet and RNG services under one key set; run `make run` (the dev stack: every service and an in-process Temporal server)")
	}
	var c config.Check
	c.That(s.address != "", "CROUPIER_TEMPORAL_ADDRESS is required")
	c.That(s.namespace != "" && s.taskQueue != "", "the Temporal namespace and task queue must not be empty")
	c.That(s.noWorker || (s.tableURL != "" && s.walletURL != "" && s.rngURL != ""), "CROUPIER_TABLE_URL, CROUPIER_WALLET_URL and CROUPIER_RNG_URL are required to run the worker")
	c.That(s.apiKey == "" || s.tls, "a Temporal API key needs TLS (CROUPIER_TEMPORAL_TLS=true)")
	c.That(s.inFlight >= 1, "CROUPIER_TOURNAMENT_UPDATES_IN_FLIGHT must be at least 1")
	return s, c.Err()
}

// temporalOptions are the Temporal client's options for these settings.
func temporalOptions(s settings, rt *boot.Runtime) (client.Options, error) {
	tracing, err := host.Tracing(rt.Telemetry.TracerProvider)
	if err != nil {
		return client.Options{}, err
	}
	o := client.Options{HostPort: s.address, Namespace: s.namespace, Logger: tlog.NewStructuredLogger(rt.Log),
		Interceptors: []interceptor.ClientInterceptor{tracing}, DataConverter: host.DataConverter(),
		MetricsHandler: host.Metrics(rt.Telemetry.MeterProvider, func(err error) { rt.Log.Warn("temporal metrics", "err", err) })}
	if s.tls {
		o.ConnectionOptions.TLS = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	if s.apiKey != "" {
		o.Credentials = client.NewAPIKeyStaticCredentials(s.apiKey)
	}
	return o, nil
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	set, err := load(args, getenv, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rt, err := boot.Start(ctx, "croupier-tournament", set.common, stderr, getenv)
	if err != nil {
		return err
	}
	opts, err := temporalOptions(set, rt)
	if err != nil {
		return err
	}
	tc, err := client.DialContext(ctx, opts)
	if err != nil {
		return fmt.Errorf("temporal %s: %w", set.address, err)
	}
	defer tc.Close()
	m, err := api.Mount(rt, api.Deps{Temporal: tc, TaskQueue: set.taskQueue, TableURL: set.tableURL, WalletURL: set.walletURL,
		RNGURL: set.rngURL, HTTP: sharedclient.NewHTTPClient(), NoWorker: set.noWorker, UpdatesInFlight: set.inFlight})
	if err != nil {
		return err
	}
	defer m.Stop()
	rt.Log.Info("tournament ready", "temporal", set.address, "namespace", set.namespace, "task_queue", set.taskQueue)
	if err := rt.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
