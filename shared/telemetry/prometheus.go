package telemetry

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	otelprom "go.opentelemetry.io/otel/exporters/prometheus"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
)

// Defaults of the Prometheus exporter's environment (OpenTelemetry SDK
// environment variables).
const (
	defaultPrometheusHost = "localhost"
	defaultPrometheusPort = 9464
)

// prometheusEndpoint is the scrape endpoint of one Telemetry: its own
// registry (not the process-wide default, so two providers in one process,
// as in tests, never collide) served at /metrics.
type prometheusEndpoint struct {
	reader sdkmetric.Reader
	addr   string
	srv    *http.Server
	served chan error
}

// prometheusAddr reads OTEL_EXPORTER_PROMETHEUS_HOST and
// OTEL_EXPORTER_PROMETHEUS_PORT (localhost:9464 unless set; port 0 takes a
// free port, for tests).
func prometheusAddr(getenv func(string) string) (string, error) {
	host := getenv("OTEL_EXPORTER_PROMETHEUS_HOST")
	if host == "" {
		host = defaultPrometheusHost
	}
	port := defaultPrometheusPort
	if v := getenv("OTEL_EXPORTER_PROMETHEUS_PORT"); v != "" {
		p, err := strconv.Atoi(v)
		if err != nil || p < 0 || p > 65535 {
			return "", fmt.Errorf("OTEL_EXPORTER_PROMETHEUS_PORT=%q: want a port number 0..65535", v)
		}
		port = p
	}
	return net.JoinHostPort(host, strconv.Itoa(port)), nil
}

// servePrometheus listens at once, so a port already taken fails the
// binary's start rather than leaving it up without metrics, and serves the
// scrape endpoint until shutdown.
func servePrometheus(getenv func(string) string) (*prometheusEndpoint, error) {
	addr, err := prometheusAddr(getenv)
	if err != nil {
		return nil, err
	}
	reg := prometheus.NewRegistry()
	reader, err := otelprom.New(otelprom.WithRegisterer(reg))
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("scrape endpoint (OTEL_EXPORTER_PROMETHEUS_HOST/PORT): %w", err), reader.Shutdown(context.Background()))
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	p := &prometheusEndpoint{
		reader: reader,
		addr:   ln.Addr().String(),
		srv:    &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second},
		served: make(chan error, 1),
	}
	go func() { p.served <- p.srv.Serve(ln) }()
	return p, nil
}

// shutdown stops the endpoint, letting a scrape in progress finish.
func (p *prometheusEndpoint) shutdown(ctx context.Context) error {
	err := p.srv.Shutdown(ctx)
	if serr := <-p.served; !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, serr)
	}
	return err
}
