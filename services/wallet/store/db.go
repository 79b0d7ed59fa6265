package store

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
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
// db.statement), so a trace shows every statement of a wallet call.
type q struct {
	db     querier
	tracer trace.Tracer
	system string
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
	res, err := x.db.ExecContext(ctx, query, args...)
	end(span, err)
	return res, err
}

// row runs a query expected to return at most one row and scans it.
func (x q) row(ctx context.Context, op, query string, args []any, dest ...any) error {
	ctx, span := x.start(ctx, op, query)
	err := x.db.QueryRowContext(ctx, query, args...).Scan(dest...)
	end(span, err)
	return err
}

// rowScanner is one row of a result.
type rowScanner interface{ Scan(dest ...any) error }

// rows runs a query and calls scan for every row.
func (x q) rows(ctx context.Context, op, query string, args []any, scan func(rowScanner) error) error {
	ctx, span := x.start(ctx, op, query)
	err := func() error {
		rs, err := x.db.QueryContext(ctx, query, args...)
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
	return err
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
	var err error
	for attempt := 1; ; attempt++ {
		err = s.tryTx(ctx, opts, fn)
		if err == nil || attempt == maxAttempts || !retryable(err) || ctx.Err() != nil {
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
	x := q{db: tx, tracer: s.tracer, system: s.d.name}
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
func (s *Store) plain() q { return q{db: s.db, tracer: s.tracer, system: s.d.name} }

func micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }
