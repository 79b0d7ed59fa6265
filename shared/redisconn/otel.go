package redisconn

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/extra/redisotel/v9"
	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/embedded"
	"go.opentelemetry.io/otel/trace/noop"
)

// Instrument adds OpenTelemetry to rdb with redisotel: a client span for
// every command and pipeline run inside a traced call, and the client's
// metrics (command durations, db.client.connections.* pool gauges), on tp
// and mp.
//
// Only commands whose context already holds a recording span get one: the
// services' background loops (a table's clock, its stream follower) poll
// Redis many times a second, and each of those commands would otherwise be
// a trace of its own. That also keeps the cost of an unsampled call to a
// context lookup. Statements are not recorded (they carry sealed table
// records and player ids), nor is the calling line (a stack walk per
// command).
func Instrument(rdb redis.UniversalClient, tp trace.TracerProvider, mp metric.MeterProvider) error {
	if tp != nil {
		if err := redisotel.InstrumentTracing(rdb, redisotel.WithTracerProvider(childOnly{tp: tp}),
			redisotel.WithDBStatement(false), redisotel.WithCallerEnabled(false)); err != nil {
			return fmt.Errorf("redis tracing: %w", err)
		}
	}
	if mp != nil {
		if err := redisotel.InstrumentMetrics(rdb, redisotel.WithMeterProvider(mp)); err != nil {
			return fmt.Errorf("redis metrics: %w", err)
		}
	}
	return nil
}

// childOnly is a tracer provider whose tracers start a span only as the
// child of a recording one.
type childOnly struct {
	embedded.TracerProvider
	tp trace.TracerProvider
}

func (c childOnly) Tracer(name string, opts ...trace.TracerOption) trace.Tracer {
	return childTracer{t: c.tp.Tracer(name, opts...)}
}

type childTracer struct {
	embedded.Tracer
	t trace.Tracer
}

func (c childTracer) Start(ctx context.Context, name string, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	if !trace.SpanFromContext(ctx).IsRecording() {
		return ctx, noop.Span{}
	}
	return c.t.Start(ctx, name, opts...)
}
