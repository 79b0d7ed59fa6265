package telemetry

import (
	"context"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/telemetry/telemetrytest"
)

func TestMetricExportersFromEnvironment(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want []string
		bad  string // part of the error, when one is expected
	}{
		{name: "unset: none", want: nil},
		{name: "unset with an OTLP endpoint: otlp", env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}, want: []string{"otlp"}},
		{name: "unset with a metrics endpoint: otlp", env: map[string]string{"OTEL_EXPORTER_OTLP_METRICS_ENDPOINT": "http://c:4318"}, want: []string{"otlp"}},
		{name: "none", env: map[string]string{"OTEL_METRICS_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4317"}, want: nil},
		{name: "one", env: map[string]string{"OTEL_METRICS_EXPORTER": "prometheus"}, want: []string{"prometheus"}},
		{name: "list with spaces and case", env: map[string]string{"OTEL_METRICS_EXPORTER": " otlp , Prometheus,console"}, want: []string{"otlp", "prometheus", "console"}},
		{name: "unknown", env: map[string]string{"OTEL_METRICS_EXPORTER": "otlp,statsd"}, bad: `unknown exporter "statsd"`},
		{name: "repeated", env: map[string]string{"OTEL_METRICS_EXPORTER": "prometheus,prometheus"}, bad: "prometheus listed twice"},
		{name: "empty entry", env: map[string]string{"OTEL_METRICS_EXPORTER": "otlp,,console"}, bad: "empty entry"},
		{name: "none with another", env: map[string]string{"OTEL_METRICS_EXPORTER": "none,otlp"}, bad: "none cannot be combined"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := metricExporters(func(k string) string { return tc.env[k] })
			if tc.bad != "" {
				if err == nil || !strings.Contains(err.Error(), tc.bad) {
					t.Fatalf("err = %v, want one saying %q", err, tc.bad)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestPrometheusAddrFromEnvironment(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
		bad  bool
	}{
		{want: "localhost:9464"},
		{env: map[string]string{"OTEL_EXPORTER_PROMETHEUS_HOST": "0.0.0.0", "OTEL_EXPORTER_PROMETHEUS_PORT": "9464"}, want: "0.0.0.0:9464"},
		{env: map[string]string{"OTEL_EXPORTER_PROMETHEUS_HOST": "::1", "OTEL_EXPORTER_PROMETHEUS_PORT": "0"}, want: "[::1]:0"},
		{env: map[string]string{"OTEL_EXPORTER_PROMETHEUS_PORT": "http"}, bad: true},
		{env: map[string]string{"OTEL_EXPORTER_PROMETHEUS_PORT": "65536"}, bad: true},
		{env: map[string]string{"OTEL_EXPORTER_PROMETHEUS_PORT": "-1"}, bad: true},
	} {
		got, err := prometheusAddr(func(k string) string { return tc.env[k] })
		if (err != nil) != tc.bad || got != tc.want {
			t.Errorf("env %v: got %q, %v; want %q (error: %v)", tc.env, got, err, tc.want, tc.bad)
		}
	}
}

// promEnv is the environment of a binary exporting to Prometheus on a free
// loopback port, as the chart sets it (with port 9464).
func promEnv(extra ...string) func(string) string {
	env := map[string]string{"OTEL_METRICS_EXPORTER": "prometheus", "OTEL_EXPORTER_PROMETHEUS_HOST": "127.0.0.1", "OTEL_EXPORTER_PROMETHEUS_PORT": "0"}
	for i := 0; i+1 < len(extra); i += 2 {
		env[extra[i]] = extra[i+1]
	}
	return func(k string) string { return env[k] }
}

func TestPrometheusEndpointServesMetricsUntilShutdown(t *testing.T) {
	ctx := context.Background()
	tel, err := Setup(ctx, Config{ServiceName: "test", Getenv: promEnv()})
	if err != nil {
		t.Fatal(err)
	}
	if !tel.Exporting || tel.MetricsAddr() == "" {
		t.Fatalf("exporting %v at %q", tel.Exporting, tel.MetricsAddr())
	}
	c, err := tel.Meter("t").Int64Counter("croupier.test.things")
	if err != nil {
		t.Fatal(err)
	}
	c.Add(ctx, 3)
	sc, err := telemetrytest.Get(tel.MetricsAddr())
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := sc.Value("croupier_test_things_total"); v != 3 {
		t.Errorf("croupier_test_things_total = %v (found %v), want 3", v, ok)
	}
	// The Go runtime metrics come with every binary.
	if v, _ := sc.Value("go_goroutine_count"); v < 1 {
		t.Errorf("go_goroutine_count = %v", v)
	}
	if got := sc.LabelValues("target_info", "service_name"); !slices.Equal(got, []string{"test"}) {
		t.Errorf("target_info service_name = %q", got)
	}
	if err := tel.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := net.Dial("tcp", tel.MetricsAddr()); err == nil {
		t.Fatal("scrape endpoint still listening after Shutdown")
	}
}

func TestPrometheusPortTakenFailsSetup(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	// With the OTLP reader built first: the failure must undo it too.
	_, err = Setup(context.Background(), Config{ServiceName: "test",
		Getenv: promEnv("OTEL_METRICS_EXPORTER", "console,prometheus", "OTEL_EXPORTER_PROMETHEUS_PORT", port)})
	if err == nil || !strings.Contains(err.Error(), "address already in use") || !strings.Contains(err.Error(), "OTEL_EXPORTER_PROMETHEUS") {
		t.Fatalf("err = %v, want the port conflict named", err)
	}
}

func TestBadMetricsExporterFailsSetup(t *testing.T) {
	_, err := Setup(context.Background(), Config{ServiceName: "test", Getenv: promEnv("OTEL_METRICS_EXPORTER", "prometheus,promethus")})
	if err == nil || !strings.Contains(err.Error(), `"promethus"`) {
		t.Fatalf("err = %v", err)
	}
}
