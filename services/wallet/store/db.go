package store

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// querier is what *sql.DB and *sql.Tx share.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// q runs statements on a database or a transaction, one span per SQL call
// (OpenTelemetry database semantic conventions: db.system, db.operation,
// db.statement), so a trace shows every statement of a wallet call. Every
// error it returns has been through translate, the one place that
// classifies database errors: a read outside any transaction answers a lost
// database with DATABASE_UNAVAILABLE exactly as a write does (issue 11).
// translate leaves serialization failures and deadlocks as they are, so
// tx still sees what it may retry.
type q struct {
	db     querier
	tracer trace.Tracer
	system string
	// stmts, when set (SQLite), caches prepared statements: parsing the
	// SQL again for every call costs more than running it. pgx caches its
	// own per connection.
	stmts *stmtCache
	tx    *sql.Tx
}

// stmtCache keeps one prepared statement per query text; database/sql
// prepares it on each connection as needed.
type stmtCache struct {
	db *sql.DB
	m  sync.Map // string -> *sql.Stmt
}

// on returns what to run query on: a cached statement (bound to the
// transaction when there is one) or the plain querier.
func (x q) on(ctx context.Context, query string) (querier, func(), error) {
	if x.stmts == nil {
		return x.db, func() {}, nil
	}
	v, ok := x.stmts.m.Load(query)
	if !ok {
		st, err := x.stmts.db.PrepareContext(ctx, query)
		if err != nil {
			return nil, nil, err
		}
		if old, loaded := x.stmts.m.LoadOrStore(query, st); loaded {
			st.Close()
			v = old
		} else {
			v = st
		}
	}
	st := v.(*sql.Stmt)
	if x.tx != nil {
		st = x.tx.StmtContext(ctx, st)
		return stmtQuerier{st}, func() { st.Close() }, nil
	}
	return stmtQuerier{st}, func() {}, nil
}

// stmtQuerier runs a prepared statement (the query text is already bound).
type stmtQuerier struct{ st *sql.Stmt }

func (s stmtQuerier) ExecContext(ctx context.Context, _ string, args ...any) (sql.Result, error) {
	return s.st.ExecContext(ctx, args...)
}

func (s stmtQuerier) QueryContext(ctx context.Context, _ string, args ...any) (*sql.Rows, error) {
	return s.st.QueryContext(ctx, args...)
}

func (s stmtQuerier) QueryRowContext(ctx context.Context, _ string, args ...any) *sql.Row {
	return s.st.QueryRowContext(ctx, args...)
}

func (x q) start(ctx context.Context, op, query string) (context.Context, trace.Span) {
	return x.tracer.Start(ctx, "wallet.sql "+op, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("db.system", x.system),
			attribute.String("db.operation", op),
			attribute.String("db.statement", query),
		))
}

func end(span trace.Span, err error) {
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	span.End()
}

func (x q) exec(ctx context.Context, op, query string, args ...any) (sql.Result, error) {
	ctx, span := x.start(ctx, op, query)
	db, done, err := x.on(ctx, query)
	var res sql.Result
	if err == nil {
		res, err = db.ExecContext(ctx, query, args...)
		done()
	}
	end(span, err)
	return res, translate(err)
}

// row runs a query expected to return at most one row and scans it.
func (x q) row(ctx context.Context, op, query string, args []any, dest ...any) error {
	ctx, span := x.start(ctx, op, query)
	db, done, err := x.on(ctx, query)
	if err == nil {
		err = db.QueryRowContext(ctx, query, args...).Scan(dest...)
		done()
	}
	end(span, err)
	return translate(err)
}

// rowScanner is one row of a result.
type rowScanner interface{ Scan(dest ...any) error }

// rows runs a query and calls scan for every row.
func (x q) rows(ctx context.Context, op, query string, args []any, scan func(rowScanner) error) error {
	ctx, span := x.start(ctx, op, query)
	err := func() error {
		db, done, err := x.on(ctx, query)
		if err != nil {
			return err
		}
		defer done()
		rs, err := db.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			if err := scan(rs); err != nil {
				return err
			}
		}
		return rs.Err()
	}()
	end(span, err)
	return translate(err)
}

// maxAttempts bounds how often a transaction that lost a race is run again.
const maxAttempts = 8

// tx runs fn in a transaction, again if it failed only because of a
// concurrent one. fn must be safe to run more than once: every write path
// starts by claiming its idempotency key or locking its rows, so a rerun
// sees what the lost attempt did not commit.
func (s *Store) tx(ctx context.Context, name string, opts *sql.TxOptions, fn func(q) error) error {
	ctx, span := s.tracer.Start(ctx, "wallet.tx "+name)
	defer span.End()
	start := time.Now()
	var err error
	for attempt := 1; ; attempt++ {
		err = s.tryTx(ctx, opts, fn)
		if err == nil || attempt == maxAttempts || !retryable(err) || ctx.Err() != nil {
			if opts == nil || !opts.ReadOnly {
				s.m.committed(ctx, name, start, attempt-1)
			}
			break
		}
		span.AddEvent("retry", trace.WithAttributes(attribute.Int("attempt", attempt), attribute.String("error", err.Error())))
		// Jittered backoff so the losers of a race do not collide again.
		time.Sleep(time.Duration(rand.IntN(1<<attempt)) * time.Millisecond)
	}
	err = translate(err)
	if err != nil {
		span.RecordError(err)
	}
	return err
}

// once runs a single statement in its own implicit transaction (no BEGIN
// and COMMIT round trips), again if it lost a race. The stored functions
// that are whole operations run this way.
func (s *Store) once(ctx context.Context, name string, fn func(q) error) error {
	ctx, span := s.tracer.Start(ctx, "wallet.tx "+name)
	defer span.End()
	start := time.Now()
	var err error
	for attempt := 1; ; attempt++ {
		err = fn(s.plain())
		if err == nil || attempt == maxAttempts || !retryable(err) || ctx.Err() != nil {
			s.m.committed(ctx, name, start, attempt-1)
			break
		}
		span.AddEvent("retry", trace.WithAttributes(attribute.Int("attempt", attempt), attribute.String("error", err.Error())))
		time.Sleep(time.Duration(rand.IntN(1<<attempt)) * time.Millisecond)
	}
	err = translate(err)
	if err != nil {
		span.RecordError(err)
	}
	return err
}

// statement runs one whole-operation statement: in its own implicit
// transaction normally; in an explicit one when a test has set the
// beforeCommit hook, so the fault test can stop between the statement and
// its COMMIT.
func (s *Store) statement(ctx context.Context, name string, fn func(q) error) error {
	if s.beforeCommit != nil {
		return s.tx(ctx, name, nil, fn)
	}
	return s.once(ctx, name, fn)
}

func (s *Store) tryTx(ctx context.Context, opts *sql.TxOptions, fn func(q) error) (err error) {
	if s.d.serialWriters && (opts == nil || !opts.ReadOnly) {
		s.writeMu.Lock()
		defer s.writeMu.Unlock()
	}
	_, span := s.tracer.Start(ctx, "wallet.sql BEGIN", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("db.system", s.d.name)))
	tx, err := s.db.BeginTx(ctx, opts)
	end(span, err)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	x := q{db: tx, tracer: s.tracer, system: s.d.name, stmts: s.stmts, tx: tx}
	if err := fn(x); err != nil {
		return err
	}
	if s.beforeCommit != nil {
		if err := s.beforeCommit(ctx, x); err != nil {
			return err
		}
	}
	_, span = s.tracer.Start(ctx, "wallet.sql COMMIT", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("db.system", s.d.name)))
	err = tx.Commit()
	end(span, err)
	return err
}

// plain runs statements outside a transaction (reads).
func (s *Store) plain() q { return q{db: s.db, tracer: s.tracer, system: s.d.name, stmts: s.stmts} }

func micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }
