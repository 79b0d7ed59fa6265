// Package service assembles the tournament service: the Temporal worker
// with its activities wired to the wallet, table and RNG services, and the
// TournamentService handler on the process's server. cmd/tournament and the
// dev stack both mount it.
package service

import (
	"net/http"
	"time"

	"connectrpc.com/connect"
	"go.temporal.io/sdk/client"

	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/tournament/api"
	"github.com/croupier/croupier/services/tournament/backend"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/workflows/tournament"
)

// Config is where the tournament service finds what it calls.
type Config struct {
	TaskQueue string
	TableURL  string
	WalletURL string
	RNGURL    string
	// HTTP is the client for those calls (h2c by default).
	HTTP *http.Client
	// ClientOptions override the runtime's (in-process transports).
	ClientOptions []connect.ClientOption
	// Workflow are the per-tournament workflow settings.
	Workflow tournament.Options
	// NoWorker mounts the API only (a worker runs elsewhere).
	NoWorker bool
}

// Activities builds the activities on Connect clients of the services.
func Activities(hc *http.Client, cfg Config, opts []connect.ClientOption) *tournament.Activities {
	return &tournament.Activities{
		Wallet: backend.NewWallet(walletv1connect.NewWalletServiceClient(hc, cfg.WalletURL, opts...)),
		Tables: backend.NewTables(tablev1connect.NewTableAdminServiceClient(hc, cfg.TableURL, opts...),
			tablev1connect.NewTableServiceClient(hc, cfg.TableURL, opts...)),
		RNG: backend.NewRNG(rngv1connect.NewRngServiceClient(hc, cfg.RNGURL, opts...)),
	}
}

// Mount starts the worker (unless NoWorker) and registers the handler on
// rt's server. stop stops the worker.
func Mount(rt *boot.Runtime, c client.Client, cfg Config) (stop func(), err error) {
	hc := cfg.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: time.Minute}
	}
	opts := cfg.ClientOptions
	if opts == nil {
		opts = rt.ClientOptions()
	}
	stop = func() {}
	if !cfg.NoWorker {
		w, err := host.Start(c, host.Options{TaskQueue: cfg.TaskQueue, Activities: Activities(hc, cfg, opts)})
		if err != nil {
			return nil, err
		}
		stop = w.Stop
	}
	meter := rt.Telemetry.Meter("croupier/tournament")
	cs := core.New(c, core.Config{TaskQueue: cfg.TaskQueue, Workflow: cfg.Workflow, Log: rt.Log, Meter: meter})
	reg, err := cs.ObserveRunning(meter)
	if err != nil {
		stop()
		return nil, err
	}
	stopWorker := stop
	stop = func() {
		_ = reg.Unregister()
		stopWorker()
	}
	h := api.New(cs)
	path, handler := tournamentv1connect.NewTournamentServiceHandler(h, rt.HandlerOptions(api.Policy())...)
	rt.Server.Register(tournamentv1connect.TournamentServiceName, path, handler)
	return stop, nil
}
