package api

import (
	"context"
	"time"

	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/shared/boot"
)

// Deps is what the RNG service is built from.
type Deps struct {
	// Config builds the core: the audit store (in memory when nil), the
	// DRBG's reseed policy, the money-wheel layout, the start-up self-test.
	Config rng.Config
	// CheckInterval is the period of the SP 800-90B health tests
	// (rng.DefaultCheckInterval when zero).
	CheckInterval time.Duration
}

// Mounted is a mounted RNG service.
type Mounted struct {
	// Core is the service's core, for callers in the same process.
	Core *rng.Service
	stop context.CancelFunc
}

// Stop stops the periodic health tests Mount started.
func (m *Mounted) Stop() { m.stop() }

// Mount builds the RNG from d, registers it on rt's server behind Policy,
// ties the process's gRPC health to the RNG's health tests and runs those
// tests every CheckInterval until Stop. A failed start-up self-test does
// not stop the mount: the service serves NOT_SERVING and refuses outcomes,
// which the log says.
func Mount(rt *boot.Runtime, d Deps) (*Mounted, error) {
	svc, err := rng.New(d.Config)
	if err != nil {
		return nil, err
	}
	if ok, reason := svc.Health(); !ok {
		rt.Log.Error("rng health test failed at start; serving NOT_SERVING", "reason", reason)
	}
	if money := d.Config.MoneyWheel; money.Name != "" && money.Placeholder {
		rt.Log.Warn("money wheel uses the placeholder layout; set CROUPIER_RNG_MONEY_WHEEL_NAME/ORDER to the physical wheel", "layout", money.Name)
	}
	svc.OnHealth(func(serving bool, reason string) {
		if !serving {
			rt.Log.Error("rng health test failed; outcomes refused", "reason", reason)
		}
	})
	if err := register(rt.Server, svc, rt.HandlerOptions(Policy())...); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	interval := d.CheckInterval
	if interval <= 0 {
		interval = rng.DefaultCheckInterval
	}
	go svc.Watch(ctx, interval)
	return &Mounted{Core: svc, stop: cancel}, nil
}
