// Command wallet serves the Croupier ledger (croupier.wallet.v1) over gRPC,
// gRPC-Web and Connect, on PostgreSQL (CROUPIER_POSTGRES_DSN) or, for a
// single-node install, on an SQLite file (CROUPIER_WALLET_SQLITE). -dev runs
// it alone on a laptop: SQLite in a temporary directory, throwaway token
// keys, the credentials to call it printed at start.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/croupier/croupier/services/wallet/api"
	"github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/shared/config"
)

type settings struct {
	common      boot.Common
	devDir      string // -dev's SQLite directory, removed at exit
	postgresDSN string
	sqlitePath  string
	maxConns    int
	sweep       time.Duration
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "wallet:", err)
		os.Exit(1)
	}
}

func load(args []string, getenv func(string) string, stderr io.Writer) (settings, error) {
	var s settings
	l := config.New("wallet", getenv)
	s.common.Bind(l, ":8080")
	s.common.BindDev(l)
	l.String(&s.postgresDSN, "postgres-dsn", "CROUPIER_POSTGRES_DSN", "", "PostgreSQL DSN (postgres://user:password@host:5432/db?sslmode=require)")
	l.String(&s.sqlitePath, "sqlite", "CROUPIER_WALLET_SQLITE", "", "SQLite file instead of PostgreSQL (single node only)")
	l.Int(&s.maxConns, "max-conns", "CROUPIER_WALLET_MAX_CONNS", 64, "PostgreSQL connection pool size")
	l.Duration(&s.sweep, "hold-sweep", "CROUPIER_WALLET_HOLD_SWEEP", 5*time.Second, "how often expired holds are released")
	if err := l.Parse(args); err != nil {
		l.Usage(stderr)
		return s, err
	}
	if s.common.Dev {
		// -dev keeps the ledger in an SQLite file of a temporary directory
		// unless -sqlite names one; a PostgreSQL DSN is production.
		var conflicts []string
		if boot.Given(l, getenv, "postgres-dsn", "CROUPIER_POSTGRES_DSN") {
			conflicts = append(conflicts, "-postgres-dsn")
		}
		if err := s.common.ApplyDev(conflicts...); err != nil {
			return s, err
		}
		if s.sqlitePath == "" {
			dir, err := os.MkdirTemp("", "croupier-wallet-dev-")
			if err != nil {
				return s, err
			}
			s.devDir = dir
			s.sqlitePath = filepath.Join(dir, "wallet.db")
		}
	}
	var c config.Check
	c.That((s.postgresDSN == "") != (s.sqlitePath == ""), "set exactly one of CROUPIER_POSTGRES_DSN and CROUPIER_WALLET_SQLITE")
	c.That(s.maxConns >= 1 && s.maxConns <= 1000, "max-conns must be 1..1000")
	c.That(s.sweep >= 100*time.Millisecond, "hold-sweep must be at least 100ms")
	return s, c.Err()
}

func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	set, err := load(args, getenv, stderr)
	if set.devDir != "" {
		defer os.RemoveAll(set.devDir)
	}
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rt, err := boot.Start(ctx, "croupier-wallet", set.common, stderr, getenv)
	if err != nil {
		return err
	}
	meter := rt.Telemetry.Meter("croupier/wallet")
	opts := store.Options{TracerProvider: rt.Telemetry.TracerProvider, Meter: meter, MaxConns: set.maxConns}
	var st *store.Store
	if set.postgresDSN != "" {
		st, err = store.OpenPostgres(ctx, set.postgresDSN, opts)
	} else {
		st, err = store.OpenSQLite(ctx, set.sqlitePath, opts)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	m, err := api.Mount(rt, api.Deps{Store: st, Sweep: set.sweep})
	if err != nil {
		return err
	}
	defer m.Stop()
	rt.Log.Info("wallet ready", "database", st.Dialect())
	if err := boot.PrintDev(stderr, set.common, rt); err != nil {
		return err
	}
	if err := rt.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
