// Package store keeps the ledger in PostgreSQL (pgx) or SQLite
// (modernc.org/sqlite, pure Go). One implementation serves both: the
// queries are shared, the differences (row locks, writer serialisation,
// the one-round-trip transfer function on PostgreSQL) live in a dialect.
// The schema is embedded and migrated at open.
package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/croupier/croupier/services/wallet/ledger"
)

// Options configures a Store.
type Options struct {
	// TracerProvider creates the spans of every SQL call; the global
	// provider when nil.
	TracerProvider trace.TracerProvider
	// Meter creates the store's instruments (metrics.go, poolmetrics.go);
	// none when nil.
	Meter metric.Meter
	// MaxConns bounds the PostgreSQL connection pool; 64 when 0.
	MaxConns int
	// GroupCommitters is how many group commits of single transfers may be
	// in flight at once on PostgreSQL (2 when 0), on disjoint accounts; negative turns group
	// commit off (one statement and one commit per transfer).
	GroupCommitters int
	// SQLiteSync is SQLite's synchronous pragma: FULL (default, every
	// commit reaches the disk) or NORMAL (WAL; the last commits may be lost
	// on power failure but the file stays consistent). Tests use NORMAL.
	SQLiteSync string
}

// Store is the ledger's database.
type Store struct {
	db      *sql.DB
	d       dialect
	tracer  trace.Tracer
	writeMu sync.Mutex
	group   *combiner
	stmts   *stmtCache
	m       *metrics
	// beforeCommit, when set (tests only), runs after a transaction's
	// statements and before its commit: the fault test kills the
	// connection there.
	beforeCommit func(context.Context, q) error
}

var _ ledger.Store = (*Store)(nil)

func tracer(o Options) trace.Tracer {
	tp := o.TracerProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	return tp.Tracer("github.com/croupier/croupier/services/wallet/store")
}

// OpenPostgres connects to PostgreSQL at dsn (postgres://user:pass@host/db),
// applies the embedded migrations and returns the store.
func OpenPostgres(ctx context.Context, dsn string, o Options) (*Store, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: postgres dsn: %w", err)
	}
	// Statements are prepared once per connection and cached (pgx's default
	// exec mode), so a transfer is one Bind/Execute round trip.
	db := stdlib.OpenDB(*cfg)
	n := o.MaxConns
	if n <= 0 {
		n = 64
	}
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &Store{db: db, d: postgres, tracer: tracer(o)}
	if err := s.open(ctx, o.Meter); err != nil {
		db.Close()
		return nil, err
	}
	if o.GroupCommitters >= 0 {
		f := o.GroupCommitters
		if f == 0 {
			f = defaultFlushers
		}
		s.group = newCombiner(s, f, defaultGroup)
	}
	return s, nil
}

// OpenSQLite opens (creating if needed) the SQLite ledger at path, applies
// the embedded migrations and returns the store. Writers are serialised
// (BEGIN IMMEDIATE plus an in-process queue); readers run beside them (WAL).
func OpenSQLite(ctx context.Context, path string, o Options) (*Store, error) {
	if path == "" || strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("store: sqlite path %q must be a plain file path", path)
	}
	mode := strings.ToUpper(o.SQLiteSync)
	if mode == "" {
		mode = "FULL"
	}
	if mode != "FULL" && mode != "NORMAL" {
		return nil, fmt.Errorf("store: sqlite synchronous %q: want FULL or NORMAL", o.SQLiteSync)
	}
	dsn := "file:" + path + "?_txlock=immediate" +
		"&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(" + mode + ")"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: sqlite: %w", err)
	}
	db.SetMaxOpenConns(4)
	db.SetMaxIdleConns(4)
	s := &Store{db: db, d: sqliteDB, tracer: tracer(o)}
	s.stmts = &stmtCache{db: db}
	if err := s.open(ctx, o.Meter); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) open(ctx context.Context, meter metric.Meter) error {
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := s.db.PingContext(pctx); err != nil {
		return fmt.Errorf("store: %s: %w", s.d.name, err)
	}
	m, err := newMetrics(meter)
	if err != nil {
		return fmt.Errorf("store: metrics: %w", err)
	}
	s.m = m
	if err := s.migrate(ctx); err != nil {
		return err
	}
	s.m.pool, err = observePool(meter, s.db, s.d.name)
	return err
}

// Close stops the group committer and closes the database.
func (s *Store) Close() error {
	if s.group != nil {
		s.group.close()
	}
	if s.m != nil && s.m.pool != nil {
		_ = s.m.pool.Unregister()
	}
	if s.stmts != nil {
		s.stmts.m.Range(func(_, v any) bool {
			v.(*sql.Stmt).Close()
			return true
		})
	}
	return s.db.Close()
}

// Ping checks the database answers (readiness).
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Dialect names the database: "postgresql" or "sqlite".
func (s *Store) Dialect() string { return s.d.name }

// DB exposes the database handle, for tests and tools that inspect it.
func (s *Store) DB() *sql.DB { return s.db }
