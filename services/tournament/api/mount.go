package api

import (
	"errors"
	"net/http"
	"time"

	"connectrpc.com/connect"
	"go.temporal.io/sdk/client"

	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/tournament/backend"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/workflows/tournament"
)

// Deps is what the tournament service is built from: a Temporal client and
// where the services its activities call are.
type Deps struct {
	// Temporal is the client of the Temporal cluster (host.Tracing,
	// host.DataConverter and host.Metrics in its options).
	Temporal  client.Client
	TaskQueue string
	TableURL  string
	WalletURL string
	RNGURL    string
	// HTTP is the client for those calls (an h2c client with a one-minute
	// timeout when nil).
	HTTP *http.Client
	// ClientOptions override the runtime's (in-process transports).
	ClientOptions []connect.ClientOption
	// Workflow are the per-tournament workflow settings.
	Workflow tournament.Options
	// NoWorker mounts the API only (a worker runs elsewhere).
	NoWorker bool
	// UpdatesInFlight bounds the updates sent one tournament at a time
	// (core.Config.UpdatesInFlight; its default when 0).
	UpdatesInFlight int
}

// Activities builds the activities on Connect clients of the services at
// d's URLs, through hc with opts.
func Activities(hc *http.Client, d Deps, opts []connect.ClientOption) *tournament.Activities {
	return &tournament.Activities{
		Wallet: backend.NewWallet(walletv1connect.NewWalletServiceClient(hc, d.WalletURL, opts...)),
		Tables: backend.NewTables(tablev1connect.NewTableAdminServiceClient(hc, d.TableURL, opts...),
			tablev1connect.NewTableServiceClient(hc, d.TableURL, opts...)),
		RNG: backend.NewRNG(rngv1connect.NewRngServiceClient(hc, d.RNGURL, opts...)),
	}
}

// Mounted is a mounted tournament service.
type Mounted struct {
	// Core is the service's core, for callers in the same process.
	Core *core.Service
	stop func()
}

// Stop stops the worker and the census of running tournaments.
func (m *Mounted) Stop() { m.stop() }

// Mount starts the Temporal worker (unless NoWorker) with the activities
// wired to the table, wallet and RNG, registers the TournamentService
// handler on rt's server behind Policy and publishes the census of
// running tournaments.
func Mount(rt *boot.Runtime, d Deps) (*Mounted, error) {
	if d.Temporal == nil {
		return nil, errors.New("tournament: no Temporal client")
	}
	hc := d.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: time.Minute}
	}
	opts := d.ClientOptions
	if opts == nil {
		opts = rt.ClientOptions()
	}
	stopWorker := func() {}
	if !d.NoWorker {
		w, err := host.Start(d.Temporal, host.Options{TaskQueue: d.TaskQueue, Activities: Activities(hc, d, opts)})
		if err != nil {
			return nil, err
		}
		stopWorker = w.Stop
	}
	meter := rt.Telemetry.Meter("croupier/tournament")
	cs := core.New(d.Temporal, core.Config{TaskQueue: d.TaskQueue, Workflow: d.Workflow, Log: rt.Log, Meter: meter, UpdatesInFlight: d.UpdatesInFlight})
	reg, err := cs.ObserveRunning(meter)
	if err != nil {
		stopWorker()
		return nil, err
	}
	path, handler := tournamentv1connect.NewTournamentServiceHandler(New(cs), rt.HandlerOptions(Policy())...)
	rt.Server.Register(tournamentv1connect.TournamentServiceName, path, handler)
	return &Mounted{Core: cs, stop: func() {
		_ = reg.Unregister()
		stopWorker()
	}}, nil
}
