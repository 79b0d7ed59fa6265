package rng

import (
	"context"
	"fmt"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
)

// meterName is the instrumentation scope of the RNG's metrics.
const meterName = "github.com/croupier/croupier/services/rng"

// Instrument publishes the RNG's health through OpenTelemetry metrics:
//
//	croupier.rng.healthy           1 while serving, 0 after a failed health test
//	croupier.rng.reseeds           DRBG reseeds since start
//	croupier.rng.output            DRBG output bytes since start
//	croupier.rng.entropy_tested    entropy input bytes run through SP 800-90B tests
//	croupier.rng.outcomes          outcomes created, by kind
//
// With meter nil it uses the global provider, which boot installs.
func Instrument(svc *Service, meter metric.Meter) error {
	if meter == nil {
		meter = otel.GetMeterProvider().Meter(meterName)
	}
	healthy, err := meter.Int64ObservableGauge("croupier.rng.healthy", metric.WithDescription("1 while the RNG passes its health tests, 0 after a failure"))
	if err != nil {
		return fmt.Errorf("rng: metrics: %w", err)
	}
	reseeds, err := meter.Int64ObservableCounter("croupier.rng.reseeds", metric.WithDescription("DRBG reseeds from the entropy source"))
	if err != nil {
		return fmt.Errorf("rng: metrics: %w", err)
	}
	output, err := meter.Int64ObservableCounter("croupier.rng.output", metric.WithUnit("By"), metric.WithDescription("DRBG output"))
	if err != nil {
		return fmt.Errorf("rng: metrics: %w", err)
	}
	tested, err := meter.Int64ObservableCounter("croupier.rng.entropy_tested", metric.WithUnit("By"), metric.WithDescription("entropy input run through the SP 800-90B health tests"))
	if err != nil {
		return fmt.Errorf("rng: metrics: %w", err)
	}
	outcomes, err := meter.Int64ObservableCounter("croupier.rng.outcomes", metric.WithDescription("outcomes created, by kind"))
	if err != nil {
		return fmt.Errorf("rng: metrics: %w", err)
	}
	kinds := []rngv1.OutcomeKind{rngv1.OutcomeKind_OUTCOME_KIND_SHUFFLE, rngv1.OutcomeKind_OUTCOME_KIND_SPIN, rngv1.OutcomeKind_OUTCOME_KIND_DRAW}
	_, err = meter.RegisterCallback(func(_ context.Context, o metric.Observer) error {
		ok, _ := svc.Health()
		h := int64(0)
		if ok {
			h = 1
		}
		o.ObserveInt64(healthy, h)
		st := svc.gen.Stats()
		o.ObserveInt64(reseeds, int64(st.Reseeds))
		o.ObserveInt64(output, int64(st.BytesOut))
		o.ObserveInt64(tested, int64(st.EntropyBytes))
		for _, k := range kinds {
			o.ObserveInt64(outcomes, svc.created[k].Load(), metric.WithAttributes(attribute.String("kind", k.String())))
		}
		return nil
	}, healthy, reseeds, output, tested, outcomes)
	if err != nil {
		return fmt.Errorf("rng: metrics: %w", err)
	}
	return nil
}
