package rng

import (
	"context"
	"testing"

	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/drbg/drbgtest"
)

func collect(t *testing.T, r *sdkmetric.ManualReader) map[string]int64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := r.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			switch d := m.Data.(type) {
			case metricdata.Gauge[int64]:
				for _, p := range d.DataPoints {
					out[m.Name] += p.Value
				}
			case metricdata.Sum[int64]:
				for _, p := range d.DataPoints {
					k := m.Name
					if v, ok := p.Attributes.Value("kind"); ok {
						k += "/" + v.AsString()
					}
					out[k] += p.Value
				}
			}
		}
	}
	return out
}

func TestMetricsReportHealthAndOutcomes(t *testing.T) {
	src := &drbgtest.StuckAfter{N: drbg.StartupSampleBytes + drbg.SeedBytes}
	s := newService(t, Config{DRBG: drbg.Config{Entropy: src}})
	reader := sdkmetric.NewManualReader()
	if err := Instrument(s, sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)).Meter("test")); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := s.Spin(context.Background(), &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN}); err != nil {
			t.Fatal(err)
		}
	}
	m := collect(t, reader)
	if m["croupier.rng.healthy"] != 1 || m["croupier.rng.outcomes/OUTCOME_KIND_SPIN"] != 3 || m["croupier.rng.entropy_tested"] < drbg.StartupSampleBytes {
		t.Fatalf("healthy service: %v", m)
	}
	_ = s.Generator().Check()
	if m := collect(t, reader); m["croupier.rng.healthy"] != 0 {
		t.Fatalf("after a failed check: %v", m)
	}
}
