package telemetry

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
)

func TestLoggerCarriesTraceIDs(t *testing.T) {
	tel, err := Setup(context.Background(), Config{ServiceName: "test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, span := tel.Tracer("t").Start(context.Background(), "op")
	defer span.End()
	var buf bytes.Buffer
	NewLogger(&buf, slog.LevelInfo, "test").InfoContext(ctx, "hello")
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["trace_id"] != span.SpanContext().TraceID().String() || rec["service"] != "test" {
		t.Fatalf("record = %v", rec)
	}
	if tel.Exporting {
		t.Fatal("exporting without any OTEL_* configuration")
	}
}

func TestExportersFromEnvironment(t *testing.T) {
	env := map[string]string{"OTEL_TRACES_EXPORTER": "console", "OTEL_METRICS_EXPORTER": "console"}
	tel, err := Setup(context.Background(), Config{ServiceName: "test", Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	if !tel.Exporting {
		t.Fatal("console exporters configured but not exporting")
	}
	_, span := tel.Tracer("t").Start(context.Background(), "op")
	if !span.SpanContext().IsSampled() {
		t.Fatal("span not sampled with an exporter configured")
	}
	span.End()
	if err := tel.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}

	env = map[string]string{"OTEL_TRACES_EXPORTER": "zipkin-ish"}
	if _, err := Setup(context.Background(), Config{ServiceName: "test", Getenv: func(k string) string { return env[k] }}); err == nil {
		t.Fatal("unknown exporter accepted")
	}
}

// "none" for one signal with an OTLP endpoint set exports the other only,
// rather than refusing to start (every README value works with make run).
func TestNoneWinsOverAnEndpoint(t *testing.T) {
	for _, tc := range []struct{ traces, metrics string }{{"none", "none"}, {"none", "console"}, {"console", "none"}} {
		env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1", "OTEL_TRACES_EXPORTER": tc.traces, "OTEL_METRICS_EXPORTER": tc.metrics}
		tel, err := Setup(context.Background(), Config{ServiceName: "t", Getenv: func(k string) string { return env[k] }})
		if err != nil {
			t.Fatalf("%v: %v", tc, err)
		}
		if want := tc.traces != "none" || tc.metrics != "none"; tel.Exporting != want {
			t.Errorf("%v: exporting %v, want %v", tc, tel.Exporting, want)
		}
		_ = tel.Shutdown(context.Background())
	}
}
