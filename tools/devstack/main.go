// Command devstack runs the whole Croupier platform in one process with
// embedded defaults — in-process Redis, in-process Temporal server, SQLite
// ledger, in-memory RNG audit log — serving every service on one address
// (127.0.0.1:8080 by default). It is what `make run` starts.
//
// It prints where to connect and a set of development credentials: a partner
// API key, an operator token and a player token. None of them is fit for
// production; the keys (the token keys of every issuer, generated in memory)
// are random for each run.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/config"
	"github.com/croupier/croupier/tools/platform"
)

// settings is the dev stack's configuration.
type settings struct {
	common  boot.Common
	dataDir string
	// redisAddr and postgresDSN put the table's state in a real Redis and
	// the ledger in a real PostgreSQL instead of the embedded ones (the
	// integration tests); redisPrefix starts the table's keys there.
	redisAddr, redisPrefix, postgresDSN string
	// services are the ones to run (all when zero).
	services platform.Set
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "devstack:", err)
		os.Exit(1)
	}
}

// devDrainDelay is the stack's default drain delay (see run).
const devDrainDelay = time.Second

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var set settings
	l := config.New("devstack", getenv)
	set.common.Bind(l, "127.0.0.1:8080")
	// The stack's services call each other through its own listener, and
	// its bots and lobby set-up are clients in this process: at a stop
	// they end at once, but a call they left in flight may still be making
	// its own calls (CreateBankedTable opens wallet accounts). A second of
	// drain keeps the listener answering those before it closes, so a stop
	// mid-set-up is not logged as a wallet outage (one CI run did). An
	// explicit -drain-delay or CROUPIER_DRAIN_DELAY still wins.
	if getenv("CROUPIER_DRAIN_DELAY") == "" {
		f := l.FlagSet().Lookup("drain-delay")
		f.DefValue = devDrainDelay.String()
		set.common.DrainDelay = devDrainDelay
	}
	l.String(&set.dataDir, "data-dir", "CROUPIER_DATA_DIR", "", "directory for the SQLite ledger and other state (default: a temporary directory)")
	var services string
	l.String(&services, "services", "CROUPIER_DEV_SERVICES", "all", "services to run, comma-separated: rng, evaluator, wallet, table, tournament, all (the table calls the first three, the tournament all four)")
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return err
	}
	var err error
	if set.services, err = platform.ParseSet(services); err != nil {
		l.Usage(stderr)
		return err
	}
	// A full token key set in memory, every issuer's private key included:
	// this one process is the session issuer, the operators' tool and every
	// service. It replaces any CROUPIER_TOKEN_* setting.
	set.common.Keys = boot.DevKeys("croupier-devstack")
	devKey := boot.DevPartner + "-" + boot.RandomKey()[:24]
	if set.common.APIKeys == "" {
		set.common.APIKeys = boot.DevPartner + ":" + devKey
	}
	if set.dataDir == "" {
		dir, err := os.MkdirTemp("", "croupier-devstack-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		set.dataDir = dir
	}
	return serve(ctx, set, devKey, getenv, stdout, stderr)
}

// serve starts every service on set and serves until ctx is done.
func serve(ctx context.Context, set settings, devKey string, getenv func(string) string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rt, err := boot.Start(ctx, "croupier-devstack", set.common, stderr, getenv)
	if err != nil {
		return err
	}
	ln, err := rt.Server.Listen()
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	stopServices, notes, err := mountAll(ctx, rt, base, set)
	if err != nil {
		ln.Close()
		return err
	}
	defer stopServices()
	if set.services&platform.Table != 0 || set.services == 0 {
		mountWeb(rt, base, devKey)
	}

	fmt.Fprintf(stdout, "Croupier dev stack listening on %s (gRPC, gRPC-Web and Connect; h2c and HTTP/1.1)\n", ln.Addr())
	for _, s := range rt.Server.Services() {
		fmt.Fprintf(stdout, "  service  %s\n", s)
	}
	for _, n := range notes {
		fmt.Fprintf(stdout, "  %s\n", n)
	}
	fmt.Fprintf(stdout, "  web      %s/   (the reference web client; dev sign-in at %s)\n", base, devSessionPath)
	fmt.Fprintf(stdout, "  health   curl -s -X POST -H 'Content-Type: application/json' -d '{\"service\":\"\"}' %s/grpc.health.v1.Health/Check\n", base)
	fmt.Fprintf(stdout, "  list     ./bin/grpcurl -plaintext %s list   # ./bin/grpcurl: make tools, once\n", ln.Addr())
	fmt.Fprintf(stdout, "  flags    make run ARGS=\"-addr 127.0.0.1:9090 -log-level debug\"   # README: Try it\n")
	if a := rt.Telemetry.MetricsAddr(); a != "" {
		fmt.Fprintf(stdout, "  metrics  curl -s http://%s/metrics   (Prometheus, every service's; dashboard deploy/grafana/croupier.json)\n", a)
	}
	if err := boot.DevCredentials(stdout, rt, devKey); err != nil {
		return err
	}

	if err := rt.Serve(ctx, ln); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
