package store

import (
	"context"
	"errors"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/metric/noop"
)

// metrics are the store's instruments (OpenTelemetry):
//
//	croupier.wallet.commit.duration     time to run and commit one write, by operation
//	croupier.wallet.tx.retries          writes run again after losing a race, by operation
//	croupier.wallet.group_commit.size   transfers per group commit (PostgreSQL)
//	croupier.wallet.group_commit.splits group commits failed whole and rerun one by one
//
// and the connection pool's gauges (poolmetrics.go).
type metrics struct {
	commit  metric.Float64Histogram
	retries metric.Int64Counter
	group   metric.Int64Histogram
	splits  metric.Int64Counter
	pool    metric.Registration
}

func newMetrics(m metric.Meter) (*metrics, error) {
	if m == nil {
		m = noop.NewMeterProvider().Meter("wallet/store")
	}
	x := &metrics{}
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	var err error
	x.commit, err = m.Float64Histogram("croupier.wallet.commit.duration", metric.WithUnit("ms"),
		metric.WithDescription("Time to run and commit one write transaction or whole-operation statement, retries included, by operation (a group commit counts once, as transfer_group)"),
		metric.WithExplicitBucketBoundaries(0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 25, 50, 100, 250, 1000))
	add(err)
	x.retries, err = m.Int64Counter("croupier.wallet.tx.retries", metric.WithUnit("{retry}"),
		metric.WithDescription("Writes run again after losing a race with a concurrent one (serialization failure, deadlock, busy SQLite), by operation"))
	add(err)
	x.group, err = m.Int64Histogram("croupier.wallet.group_commit.size", metric.WithUnit("{transfer}"),
		metric.WithDescription("Transfers committed together by one group commit (PostgreSQL; 1 = no other transfer was waiting)"),
		metric.WithExplicitBucketBoundaries(1, 2, 4, 8, 16, 32, 64))
	add(err)
	x.splits, err = m.Int64Counter("croupier.wallet.group_commit.splits", metric.WithUnit("{group}"),
		metric.WithDescription("Group commits that one transfer failed whole, rerun transfer by transfer"))
	add(err)
	return x, errors.Join(errs...)
}

// committed records one write's duration from start and the attempts it
// took beyond the first.
func (x *metrics) committed(ctx context.Context, name string, start time.Time, retries int) {
	op := metric.WithAttributes(attribute.String("operation", name))
	x.commit.Record(ctx, float64(time.Since(start))/float64(time.Millisecond), op)
	if retries > 0 {
		x.retries.Add(ctx, int64(retries), op)
	}
}
