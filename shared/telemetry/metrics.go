package telemetry

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"go.opentelemetry.io/contrib/instrumentation/runtime"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetricgrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/stdout/stdoutmetric"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
)

// Metric exporters OTEL_METRICS_EXPORTER may list.
const (
	exporterOTLP       = "otlp"
	exporterConsole    = "console"
	exporterPrometheus = "prometheus"
	exporterNone       = "none"
)

// metricExporters reads OTEL_METRICS_EXPORTER, a comma-separated list of
// otlp, console and prometheus, or none (OpenTelemetry SDK environment
// variables). Unset, it is otlp when an OTLP endpoint is configured and
// none otherwise, so a bare binary exports nothing. An unknown or repeated
// name, an empty entry, or none beside another exporter is an error: a typo
// must not silently switch metrics off.
func metricExporters(getenv func(string) string) ([]string, error) {
	v := strings.TrimSpace(getenv("OTEL_METRICS_EXPORTER"))
	if v == "" {
		if getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT") != "" {
			return []string{exporterOTLP}, nil
		}
		return nil, nil
	}
	var out []string
	none := false
	for _, f := range strings.Split(v, ",") {
		name := strings.ToLower(strings.TrimSpace(f))
		switch name {
		case exporterOTLP, exporterConsole, exporterPrometheus:
		case exporterNone:
			none = true
			continue
		case "":
			return nil, fmt.Errorf("OTEL_METRICS_EXPORTER=%q: empty entry in the list", v)
		default:
			return nil, fmt.Errorf("OTEL_METRICS_EXPORTER=%q: unknown exporter %q: want a comma-separated list of otlp, console and prometheus, or none", v, name)
		}
		for _, seen := range out {
			if seen == name {
				return nil, fmt.Errorf("OTEL_METRICS_EXPORTER=%q: %s listed twice", v, name)
			}
		}
		out = append(out, name)
	}
	if none && len(out) > 0 {
		return nil, fmt.Errorf("OTEL_METRICS_EXPORTER=%q: none cannot be combined with other exporters", v)
	}
	return out, nil
}

// setupMetrics builds the meter provider with one reader per exporter the
// environment names, and starts the Go runtime metrics on it. Without any
// exporter the provider is the no-op one: instruments cost nothing.
func (t *Telemetry) setupMetrics(ctx context.Context, getenv func(string) string, res *resource.Resource) error {
	names, err := metricExporters(getenv)
	if err != nil {
		return fmt.Errorf("telemetry: %w", err)
	}
	if len(names) == 0 {
		t.MeterProvider = metricnoop.NewMeterProvider()
		return nil
	}
	var readers []sdkmetric.Reader
	// stop undoes what was built before a later exporter failed: a reader
	// not yet given to a provider, and the scrape endpoint's listener.
	var stop []func(context.Context) error
	fail := func(err error) error {
		for _, r := range readers {
			stop = append(stop, r.Shutdown)
		}
		for _, f := range stop {
			err = errors.Join(err, f(ctx))
		}
		return err
	}
	for _, name := range names {
		var r sdkmetric.Reader
		if name == exporterPrometheus {
			var p *prometheusEndpoint
			p, err = servePrometheus(getenv)
			if err == nil {
				r = p.reader
				t.metricsAddr = p.addr
				stop = append(stop, p.shutdown)
			}
		} else {
			r, err = metricReader(ctx, name, getenv)
		}
		if err != nil {
			return fail(fmt.Errorf("telemetry: metric exporter %s: %w", name, err))
		}
		readers = append(readers, r)
	}
	opts := []sdkmetric.Option{sdkmetric.WithResource(res)}
	for _, r := range readers {
		opts = append(opts, sdkmetric.WithReader(r))
	}
	mp := sdkmetric.NewMeterProvider(opts...)
	readers = nil // the provider shuts them down now
	// The provider first (a last export), then the scrape endpoint.
	stop = append([]func(context.Context) error{mp.Shutdown}, stop...)
	// Goroutines, heap, GC and scheduler latency, from runtime/metrics.
	if err := runtime.Start(runtime.WithMeterProvider(mp)); err != nil {
		return fail(fmt.Errorf("telemetry: runtime metrics: %w", err))
	}
	t.MeterProvider = mp
	t.shutdown = append(t.shutdown, stop...)
	t.Exporting = true
	return nil
}

// MetricsAddr is the address the Prometheus scrape endpoint listens on
// (host:port), or "" when OTEL_METRICS_EXPORTER does not list prometheus.
func (t *Telemetry) MetricsAddr() string { return t.metricsAddr }

// metricReader is the periodic reader of the otlp or console exporter. The
// OTLP exporters read their endpoint, headers and timeouts from the
// environment themselves; the reader honours OTEL_METRIC_EXPORT_INTERVAL.
func metricReader(ctx context.Context, name string, getenv func(string) string) (sdkmetric.Reader, error) {
	var exp sdkmetric.Exporter
	var err error
	switch name {
	case exporterConsole:
		exp, err = stdoutmetric.New()
	case exporterOTLP:
		switch p := protocol(getenv, "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL"); p {
		case "grpc":
			exp, err = otlpmetricgrpc.New(ctx)
		case "http/protobuf":
			exp, err = otlpmetrichttp.New(ctx)
		default:
			return nil, fmt.Errorf("OTLP protocol %q: want grpc or http/protobuf", p)
		}
	default:
		return nil, fmt.Errorf("no periodic reader for %q", name)
	}
	if err != nil {
		return nil, err
	}
	return sdkmetric.NewPeriodicReader(exp), nil
}
