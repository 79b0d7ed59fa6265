package store

import (
	"context"
	"database/sql"
	"fmt"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
)

// observePool publishes the database/sql pool's statistics (sql.DBStats):
// what the SQL spans cannot show, a wallet waiting for a connection.
//
//	croupier.wallet.db.connections        open connections, by state (idle, in_use)
//	croupier.wallet.db.connections.max    the pool's bound
//	croupier.wallet.db.waits              calls that waited for a free connection
//	croupier.wallet.db.wait.duration      total time spent waiting for one
//	croupier.wallet.db.closed             connections closed by the pool, by reason
//
// Every series carries db.system (postgresql, sqlite). The registration is
// undone at Close.
func observePool(m metric.Meter, db *sql.DB, system string) (metric.Registration, error) {
	if m == nil {
		return nil, nil
	}
	conns, err := m.Int64ObservableGauge("croupier.wallet.db.connections", metric.WithUnit("{connection}"),
		metric.WithDescription("Open connections of the wallet's database pool, by state (idle, in_use)"))
	if err != nil {
		return nil, fmt.Errorf("store: metrics: %w", err)
	}
	max, err := m.Int64ObservableGauge("croupier.wallet.db.connections.max", metric.WithUnit("{connection}"),
		metric.WithDescription("Most connections the wallet's database pool may open"))
	if err != nil {
		return nil, fmt.Errorf("store: metrics: %w", err)
	}
	waits, err := m.Int64ObservableCounter("croupier.wallet.db.waits", metric.WithUnit("{wait}"),
		metric.WithDescription("Database calls that waited for a free connection of the pool"))
	if err != nil {
		return nil, fmt.Errorf("store: metrics: %w", err)
	}
	waited, err := m.Float64ObservableCounter("croupier.wallet.db.wait.duration", metric.WithUnit("s"),
		metric.WithDescription("Time database calls spent waiting for a free connection of the pool"))
	if err != nil {
		return nil, fmt.Errorf("store: metrics: %w", err)
	}
	closed, err := m.Int64ObservableCounter("croupier.wallet.db.closed", metric.WithUnit("{connection}"),
		metric.WithDescription("Connections the pool closed, by reason (max_idle, max_idle_time, max_lifetime)"))
	if err != nil {
		return nil, fmt.Errorf("store: metrics: %w", err)
	}
	sys := attribute.String("db.system", system)
	all := metric.WithAttributeSet(attribute.NewSet(sys))
	idle := metric.WithAttributeSet(attribute.NewSet(sys, attribute.String("state", "idle")))
	inUse := metric.WithAttributeSet(attribute.NewSet(sys, attribute.String("state", "in_use")))
	why := func(r string) metric.ObserveOption {
		return metric.WithAttributeSet(attribute.NewSet(sys, attribute.String("reason", r)))
	}
	maxIdle, maxIdleTime, maxLifetime := why("max_idle"), why("max_idle_time"), why("max_lifetime")
	reg, err := m.RegisterCallback(func(_ context.Context, o metric.Observer) error {
		st := db.Stats()
		o.ObserveInt64(conns, int64(st.Idle), idle)
		o.ObserveInt64(conns, int64(st.InUse), inUse)
		o.ObserveInt64(max, int64(st.MaxOpenConnections), all)
		o.ObserveInt64(waits, st.WaitCount, all)
		o.ObserveFloat64(waited, st.WaitDuration.Seconds(), all)
		o.ObserveInt64(closed, st.MaxIdleClosed, maxIdle)
		o.ObserveInt64(closed, st.MaxIdleTimeClosed, maxIdleTime)
		o.ObserveInt64(closed, st.MaxLifetimeClosed, maxLifetime)
		return nil
	}, conns, max, waits, waited, closed)
	if err != nil {
		return nil, fmt.Errorf("store: metrics: %w", err)
	}
	return reg, nil
}
