package main

import (
	"context"

	"github.com/croupier/croupier/services/rng"
	"github.com/croupier/croupier/services/rng/store"
)

// mountRng serves the RNG with its embedded defaults: the in-memory audit
// store (the log and the outcomes go when the dev stack stops), the
// placeholder money-wheel layout, the production reseed policy and health
// tests.
func mountRng(ctx context.Context, st *stack) (func(), error) {
	svc, err := rng.New(rng.Config{Store: store.NewMemory()})
	if err != nil {
		return nil, err
	}
	if ok, reason := svc.Health(); !ok {
		st.rt.Log.Error("rng health test failed at start; serving NOT_SERVING", "reason", reason)
	}
	wctx, cancel := context.WithCancel(ctx)
	go svc.Watch(wctx, rng.DefaultCheckInterval)
	if err := rng.Register(st.rt.Server, svc, st.rt.HandlerOptions(rng.Policy())...); err != nil {
		cancel()
		return nil, err
	}
	st.notes = append(st.notes, "rng      in-memory audit log; croupierctl rng verify --addr "+st.baseURL+" --id <outcome id>")
	return cancel, nil
}
