package store

import (
	"context"
	"testing"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// Commands run inside a traced call become child spans; untraced work
// makes none.
func TestInstrumentTracesCommandsAndPipelines(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer rdb.Close()
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	Instrument(rdb, tp)
	ctx := context.Background()
	rdb.Set(ctx, "untraced", 1, 0)
	ctx, parent := tp.Tracer("test").Start(ctx, "act")
	rdb.Get(ctx, "untraced")
	pipe := rdb.Pipeline()
	pipe.Get(ctx, "a")
	pipe.Incr(ctx, "b")
	_, _ = pipe.Exec(ctx)
	parent.End()
	var get, pipeline bool
	for _, sp := range rec.Ended() {
		if sp.Name() == "redis set" {
			t.Fatal("an untraced command made a span")
		}
		if sp.Parent().SpanID() != parent.SpanContext().SpanID() {
			continue
		}
		switch sp.Name() {
		case "redis get":
			get = true
		case "redis pipeline":
			for _, a := range sp.Attributes() {
				if a.Key == "db.operation.name" && a.Value.AsString() == "get incr" {
					pipeline = true
				}
			}
		}
	}
	if !get || !pipeline {
		t.Fatalf("spans: get %v, pipeline %v", get, pipeline)
	}
}
