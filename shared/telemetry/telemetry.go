// Package telemetry wires OpenTelemetry traces and metrics and the JSON log
// handler for a Croupier binary.
//
// Exporters come from the standard OTEL_* variables and are off unless
// configured: set OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_TRACES_EXPORTER /
// OTEL_METRICS_EXPORTER, e.g. "otlp" or "console") to export. Without an
// exporter, spans are still created but not sampled, so trace ids still flow
// through calls and into the logs at almost no cost. OTEL_SDK_DISABLED=true
// turns everything off.
package telemetry

import (
	"context"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"connectrpc.com/otelconnect"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	"go.opentelemetry.io/otel/metric"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.opentelemetry.io/otel/trace"
)

// Config names the binary for the telemetry resource.
type Config struct {
	ServiceName    string
	ServiceVersion string
	// Getenv reads OTEL_* variables; os.Getenv in main.
	Getenv func(string) string
	// TracerProvider, when set, is used instead of one built from the
	// OTEL_* variables (a test's in-memory exporter); its owner shuts it
	// down.
	TracerProvider trace.TracerProvider
}

// Telemetry holds the providers a binary passes to its servers and clients.
type Telemetry struct {
	TracerProvider trace.TracerProvider
	MeterProvider  metric.MeterProvider
	Propagator     propagation.TextMapPropagator
	// Exporting reports whether traces or metrics leave the process.
	Exporting bool
	shutdown  []func(context.Context) error
	// metricsAddr is where the Prometheus scrape endpoint listens.
	metricsAddr string
}

// Setup builds the providers from the environment.
func Setup(ctx context.Context, cfg Config) (*Telemetry, error) {
	getenv := cfg.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	t := &Telemetry{
		Propagator: propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}),
	}
	if getenv("OTEL_SDK_DISABLED") == "true" {
		t.TracerProvider = sdktrace.NewTracerProvider(sdktrace.WithSampler(sdktrace.NeverSample()))
		t.MeterProvider = metricnoop.NewMeterProvider()
		return t, nil
	}
	res, err := resource.Merge(resource.Default(), resource.NewWithAttributes(semconv.SchemaURL,
		semconv.ServiceName(cfg.ServiceName), semconv.ServiceVersion(cfg.ServiceVersion)))
	if err != nil {
		// A schema URL conflict between the default and ours is harmless; keep ours.
		res = resource.NewWithAttributes(semconv.SchemaURL, semconv.ServiceName(cfg.ServiceName), semconv.ServiceVersion(cfg.ServiceVersion))
	}

	endpoint := getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != ""
	// "none" wins over an endpoint: OTEL_TRACES_EXPORTER=none with
	// OTEL_EXPORTER_OTLP_ENDPOINT set exports metrics only.
	tracesOn := getenv("OTEL_TRACES_EXPORTER") != "none" && (endpoint || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "" ||
		getenv("OTEL_TRACES_EXPORTER") != "")

	switch {
	case cfg.TracerProvider != nil:
		t.TracerProvider = cfg.TracerProvider
	case tracesOn:
		exp, err := spanExporter(ctx, getenv)
		if err != nil {
			return nil, fmt.Errorf("telemetry: trace exporter: %w", err)
		}
		tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res),
			sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.AlwaysSample())))
		t.TracerProvider = tp
		t.shutdown = append(t.shutdown, tp.Shutdown)
		t.Exporting = true
	default:
		// Not sampled, never exported; ids are still generated and propagated.
		t.TracerProvider = sdktrace.NewTracerProvider(sdktrace.WithResource(res),
			sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.NeverSample())))
	}
	if err := t.setupMetrics(ctx, getenv, res); err != nil {
		return nil, errors.Join(err, t.Shutdown(ctx))
	}
	return t, nil
}

// Install makes the providers the process-wide OpenTelemetry defaults, for
// libraries that only read the globals. Call it once, from main.
func (t *Telemetry) Install() {
	otel.SetTracerProvider(t.TracerProvider)
	otel.SetMeterProvider(t.MeterProvider)
	otel.SetTextMapPropagator(t.Propagator)
}

// Shutdown flushes and stops the exporters.
func (t *Telemetry) Shutdown(ctx context.Context) error {
	var errs []error
	for _, f := range t.shutdown {
		errs = append(errs, f(ctx))
	}
	t.shutdown = nil
	return errors.Join(errs...)
}

// Interceptor returns the Connect interceptor that traces and measures every
// call, for servers and clients alike.
func (t *Telemetry) Interceptor() (connect.Interceptor, error) {
	return otelconnect.NewInterceptor(
		otelconnect.WithTracerProvider(t.TracerProvider),
		otelconnect.WithMeterProvider(t.MeterProvider),
		otelconnect.WithPropagator(t.Propagator),
		otelconnect.WithFilter(func(_ context.Context, spec connect.Spec) bool {
			// Health checks and reflection would drown the useful traces.
			// Server streams are long-lived subscriptions (a table's
			// events): a span lasting the whole session tells little, and
			// the per-message size sample and span event (a proto.Size and
			// an attribute set for every event to every viewer) cost more
			// than the rest of sending it. Their services count what they
			// send themselves (croupier.table.stream.*).
			return !isPlumbing(spec.Procedure) && spec.StreamType&connect.StreamTypeServer == 0
		}),
	)
}

// Tracer returns a named tracer from the provider.
func (t *Telemetry) Tracer(name string) trace.Tracer { return t.TracerProvider.Tracer(name) }

// Meter returns a named meter from the provider.
func (t *Telemetry) Meter(name string) metric.Meter { return t.MeterProvider.Meter(name) }

func isPlumbing(procedure string) bool {
	return len(procedure) > 8 && (procedure[:8] == "/grpc.he" || procedure[:8] == "/grpc.re")
}

// spanExporter picks the exporter the OTEL_* variables name: "console" or
// "otlp" (default) over "grpc" (default) or "http/protobuf". The exporters
// read their endpoint, headers and timeouts from the environment themselves.
func spanExporter(ctx context.Context, getenv func(string) string) (sdktrace.SpanExporter, error) {
	switch getenv("OTEL_TRACES_EXPORTER") {
	case "console":
		return stdouttrace.New()
	case "", "otlp":
	default:
		return nil, fmt.Errorf("OTEL_TRACES_EXPORTER=%q: want otlp, console or none", getenv("OTEL_TRACES_EXPORTER"))
	}
	switch protocol(getenv, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") {
	case "grpc":
		return otlptracegrpc.New(ctx)
	case "http/protobuf":
		return otlptracehttp.New(ctx)
	default:
		return nil, fmt.Errorf("OTLP protocol %q: want grpc or http/protobuf", protocol(getenv, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"))
	}
}

func protocol(getenv func(string) string, specific string) string {
	if p := getenv(specific); p != "" {
		return p
	}
	if p := getenv("OTEL_EXPORTER_OTLP_PROTOCOL"); p != "" {
		return p
	}
	return "grpc"
}
