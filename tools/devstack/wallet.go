package main

import (
	"context"
	"path/filepath"
	"time"

	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/wallet/api"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
)

// mountWallet serves the ledger on an SQLite file in the dev stack's data
// directory (the same schema and code as PostgreSQL in production), with the
// hold sweeper running.
func mountWallet(ctx context.Context, st *stack) (func(), error) {
	path := filepath.Join(st.set.dataDir, "wallet.db")
	meter := st.rt.Telemetry.Meter("croupier/wallet")
	opts := store.Options{TracerProvider: st.rt.Telemetry.TracerProvider, Meter: meter}
	var s *store.Store
	var err error
	if st.set.postgresDSN != "" {
		s, err = store.OpenPostgres(ctx, st.set.postgresDSN, opts)
	} else {
		s, err = store.OpenSQLite(ctx, path, opts)
	}
	if err != nil {
		return nil, err
	}
	l := ledger.New(s, ledger.Options{Meter: meter})
	sctx, cancel := context.WithCancel(ctx)
	go l.Sweep(sctx, 5*time.Second, func(err error) { st.rt.Log.Error("wallet hold sweep", "err", err) })
	p, h := walletv1connect.NewWalletServiceHandler(api.New(l), st.rt.HandlerOptions(api.Policy())...)
	st.rt.Server.Register(walletv1connect.WalletServiceName, p, h)
	if st.set.postgresDSN != "" {
		st.notes = append(st.notes, "wallet   PostgreSQL ledger")
	} else {
		st.notes = append(st.notes, "wallet   SQLite ledger "+path)
	}
	return func() {
		cancel()
		s.Close()
	}, nil
}
