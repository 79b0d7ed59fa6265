package redisconn

import (
	"context"
	"testing"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// Commands run inside a traced call become its child spans, pipelines
// one span; commands outside any trace make none (no root span per
// background poll); the pool and command metrics are reported.
func TestInstrumentTracesOnlyInsideTracesAndMeasures(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer rdb.Close()
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	if err := Instrument(rdb, tp, mp); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rdb.Set(ctx, "untraced", 1, 0)
	ctx, parent := tp.Tracer("test").Start(ctx, "act")
	rdb.Get(ctx, "untraced")
	pipe := rdb.Pipeline()
	pipe.Get(ctx, "a")
	pipe.Incr(ctx, "b")
	_, _ = pipe.Exec(ctx)
	parent.End()

	names := map[string]bool{}
	for _, sp := range rec.Ended() {
		if sp.Name() == "act" || sp.SpanContext().TraceID() != parent.SpanContext().TraceID() {
			names[sp.Name()] = true // "set" outside the trace, if any
			continue
		}
		if sp.Parent().SpanID() == parent.SpanContext().SpanID() {
			names[sp.Name()] = true
		}
	}
	if names["set"] {
		t.Error("a command outside any trace made a span")
	}
	if !names["get"] || !names["redis.pipeline get incr"] {
		t.Errorf("spans %v: want get and the pipeline", names)
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			got[m.Name] = true
		}
	}
	for _, want := range []string{"db.client.connections.usage", "db.client.connections.use_time"} {
		if !got[want] {
			t.Errorf("metric %s not reported (got %v)", want, got)
		}
	}
}
