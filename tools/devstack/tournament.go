package main

import (
	"context"
	"fmt"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/interceptor"

	tablestack "github.com/croupier/croupier/services/table/stack"
	"github.com/croupier/croupier/services/tournament/devtemporal"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/services/tournament/service"
	sharedclient "github.com/croupier/croupier/shared/client"
)

// mountTournament runs an in-process Temporal server (SQLite in memory)
// and the tournament service with its worker on it, calling the dev
// stack's table, wallet and RNG over the stack's own address — the same
// wiring as cmd/tournament against a Temporal cluster.
func mountTournament(_ context.Context, st *stack) (func(), error) {
	srv, err := devtemporal.Start(st.rt.Log)
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	tracing, err := host.Tracing(st.rt.Telemetry.TracerProvider)
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("tournament: %w", err)
	}
	tc, err := srv.Client(client.Options{Interceptors: []interceptor.ClientInterceptor{tracing}, DataConverter: host.DataConverter(),
		MetricsHandler: host.Metrics(st.rt.Telemetry.MeterProvider, func(err error) { st.rt.Log.Warn("temporal metrics", "err", err) })})
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("tournament: temporal client: %w", err)
	}
	stopWorker, err := service.Mount(st.rt, tc, service.Config{
		TaskQueue:     "croupier-tournaments",
		TableURL:      st.baseURL,
		WalletURL:     st.baseURL,
		RNGURL:        st.baseURL,
		HTTP:          sharedclient.NewHTTPClient(),
		ClientOptions: append(st.rt.ClientOptions(), tablestack.NoGzip()),
	})
	if err != nil {
		tc.Close()
		srv.Close()
		return nil, fmt.Errorf("tournament: %w", err)
	}
	st.notes = append(st.notes, "tournament in-process Temporal server "+srv.HostPort()+" (namespace "+srv.Namespace()+", task queue croupier-tournaments; no web UI: temporal --address "+srv.HostPort()+" --namespace "+srv.Namespace()+")")
	return func() {
		stopWorker()
		tc.Close()
		srv.Close()
	}, nil
}
