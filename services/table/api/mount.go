package api

import (
	"context"
	"errors"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/boot"
)

// Deps is what the table service is built from: its Redis store and
// clients of the services it calls (over the network from cmd/table; the
// in-process platform may hand it clients on an in-process transport).
type Deps struct {
	// Store holds the tables (store.New on the Redis client, loaded).
	// Mount does not close its Redis client: its opener does, after Stop.
	Store     *store.Store
	RNG       rngv1connect.RngServiceClient
	Evaluator evaluatorv1connect.EvaluatorServiceClient
	Wallet    walletv1connect.WalletServiceClient
	// Options tune the core (zero values take the defaults).
	Options table.Options
	// Streams caps each caller's open event streams (defaults if zero).
	Streams StreamLimits
}

// Mounted is a mounted table service.
type Mounted struct {
	// Core is the service's core, for callers in the same process.
	Core *table.Service
	stop context.CancelFunc
	done chan struct{}
}

// Stop stops the core's clock, deadline and escrow loops and waits for
// them. Stop the server first (rt.Run returning) so that no request is
// still running on the core.
func (m *Mounted) Stop() {
	m.stop()
	<-m.done
}

// Mount builds the table core on d, registers the table, session and
// admin services on rt's server behind Policy and runs the core's
// background loops until Stop. It is the one place the core is built.
func Mount(rt *boot.Runtime, d Deps) (*Mounted, error) {
	if d.Store == nil || d.RNG == nil || d.Evaluator == nil || d.Wallet == nil {
		return nil, errors.New("table: store, RNG, evaluator and wallet clients are required")
	}
	core, err := table.New(table.Deps{
		Store:     d.Store,
		RNG:       d.RNG,
		Evaluator: d.Evaluator,
		Wallet:    d.Wallet,
		Log:       rt.Log,
		Meter:     rt.Telemetry.Meter("croupier/table"),
		Tracer:    rt.Telemetry.Tracer("croupier/table"),
	}, d.Options)
	if err != nil {
		return nil, err
	}
	New(core, rt.Auth).WithStreamLimits(d.Streams).Register(rt.Server, HandlerOptions(rt.HandlerOptions(Policy()))...)
	ctx, cancel := context.WithCancel(context.Background())
	m := &Mounted{Core: core, stop: cancel, done: make(chan struct{})}
	go func() {
		defer close(m.done)
		core.Run(ctx)
	}()
	return m, nil
}
