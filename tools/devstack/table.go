package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/services/table/seal"
	tablestack "github.com/croupier/croupier/services/table/stack"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/shared/redisconn"
	"github.com/croupier/croupier/tools/loadgen/load"
)

// mountTable serves the table service on an in-process Redis (miniredis:
// Lua and streams included) with a random seal key, calling the dev
// stack's RNG, evaluator and wallet over its own address. It opens a few
// tables where bots play, slowly enough to watch, each with free seats to
// join (CROUPIER_DEMO_TABLES, default 2; 0 for none).
func mountTable(ctx context.Context, st *stack) (func(), error) {
	addr, prefix, closeRedis := st.set.redisAddr, st.set.redisPrefix, func() {}
	if addr == "" {
		mr := miniredis.NewMiniRedis()
		if err := mr.Start(); err != nil {
			return nil, fmt.Errorf("table: in-process redis: %w", err)
		}
		addr, prefix, closeRedis = mr.Addr(), "croupier:", mr.Close
	}
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	if err := redisconn.Instrument(rdb, st.rt.Telemetry.TracerProvider, st.rt.Telemetry.MeterProvider); err != nil {
		return nil, err
	}
	key := make([]byte, seal.KeySize)
	_, _ = rand.Read(key)
	sealer, err := seal.New(key)
	if err != nil {
		return nil, err
	}
	s := store.New(rdb, sealer, store.Config{Prefix: prefix})
	if err := s.Load(ctx); err != nil {
		return nil, err
	}
	hc := client.NewHTTPClient()
	opts := append(st.rt.ClientOptions(), tablestack.NoGzip())
	core, err := table.New(table.Deps{
		Store:     s,
		RNG:       rngv1connect.NewRngServiceClient(hc, st.baseURL, opts...),
		Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, st.baseURL, opts...),
		Wallet:    walletv1connect.NewWalletServiceClient(hc, st.baseURL, opts...),
		Log:       st.rt.Log,
		Meter:     st.rt.Telemetry.Meter("croupier/table"),
		Tracer:    st.rt.Telemetry.Tracer("croupier/table"),
	}, table.Options{})
	if err != nil {
		return nil, err
	}
	api.New(core, st.rt.Auth).Register(st.rt.Server, api.HandlerOptions(st.rt.HandlerOptions(api.Policy()))...)
	cctx, cancel := context.WithCancel(ctx)
	go core.Run(cctx)
	demo := 2
	if v, err := strconv.Atoi(os.Getenv("CROUPIER_DEMO_TABLES")); err == nil && v >= 0 {
		demo = v
	}
	st.notes = append(st.notes, "table    in-process Redis (miniredis); sessions: SessionService/CreatePlayerSession with the partner key")
	if demo > 0 {
		st.notes = append(st.notes, fmt.Sprintf("table    demo: %d tables of bots (ListTables to find them; 3 of 6 seats free)", demo))
		go runDemo(cctx, st, demo)
	}
	return func() {
		cancel()
		rdb.Close()
		closeRedis()
	}, nil
}

// runDemo waits for the dev stack to serve, then seats bots at a few
// tables and lets them play until the stack stops.
func runDemo(ctx context.Context, st *stack, tables int) {
	for ctx.Err() == nil {
		res, err := http.Post(st.baseURL+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":""}`))
		if err == nil {
			res.Body.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	keys, err := auth.ParseAPIKeys(st.set.common.APIKeys)
	if err != nil || len(keys) == 0 {
		st.rt.Log.Warn("table demo: no partner API key")
		return
	}
	var apiKey, partner string
	for k, p := range keys {
		apiKey, partner = k, p
		break
	}
	op, err := st.rt.Auth.Issue(auth.Principal{Role: auth.RoleOperator, Subject: "demo"}, 24*time.Hour)
	if err != nil {
		return
	}
	tg := load.Target{URL: st.baseURL, OperatorToken: op, APIKey: apiKey, Partner: partner}
	o := load.Options{Tables: tables, Players: 3, Seats: 6, Tight: 0.67, Conns: 1, Pause: 3 * time.Second,
		ThinkTime: 1500 * time.Millisecond, Name: "demo"}
	ts, err := load.Setup(ctx, tg, o, nil, nil)
	if err != nil {
		st.rt.Log.Warn("table demo", "err", err)
		return
	}
	for _, t := range ts {
		for _, b := range t.Bots {
			go b.Run(ctx)
		}
	}
	st.rt.Log.Info("table demo running", "tables", len(ts))
}
