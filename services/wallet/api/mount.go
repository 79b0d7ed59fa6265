package api

import (
	"context"
	"errors"
	"time"

	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/boot"
)

// DefaultSweep is how often expired holds are released unless configured.
const DefaultSweep = 5 * time.Second

// Deps is what the wallet is built from.
type Deps struct {
	// Store is the opened ledger database (store.OpenPostgres or
	// store.OpenSQLite, with the runtime's tracer and meter). Mount does
	// not close it: its opener does, after Stop.
	Store *store.Store
	// Sweep is how often expired holds are released (DefaultSweep when
	// zero; negative: never, for tests that release holds themselves).
	Sweep time.Duration
}

// Mounted is a mounted wallet.
type Mounted struct {
	// Core is the ledger, for callers in the same process.
	Core *ledger.Ledger
	stop context.CancelFunc
}

// Stop stops the hold sweeper.
func (m *Mounted) Stop() { m.stop() }

// Mount builds the ledger on d.Store, registers the wallet on rt's server
// behind Policy and runs the hold sweeper until Stop, so that an abandoned
// buy-in or registration gives its money back on time.
func Mount(rt *boot.Runtime, d Deps) (*Mounted, error) {
	if d.Store == nil {
		return nil, errors.New("wallet: no store")
	}
	l := ledger.New(d.Store, ledger.Options{Meter: rt.Telemetry.Meter("croupier/wallet")})
	ctx, cancel := context.WithCancel(context.Background())
	every := d.Sweep
	if every == 0 {
		every = DefaultSweep
	}
	if every > 0 {
		go l.Sweep(ctx, every, func(err error) { rt.Log.Error("wallet hold sweep", "err", err) })
	}
	path, h := walletv1connect.NewWalletServiceHandler(New(l), rt.HandlerOptions(Policy())...)
	rt.Server.Register(walletv1connect.WalletServiceName, path, h)
	return &Mounted{Core: l, stop: cancel}, nil
}
