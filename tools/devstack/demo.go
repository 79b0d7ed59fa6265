package main

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/tools/loadgen/load"
	"github.com/croupier/croupier/tools/loadgen/rounds"
)

// runDemo waits for the dev stack to serve, then seats bots at a few
// tables and lets them play until the stack stops.
func runDemo(ctx context.Context, rt *boot.Runtime, base string, set settings, tables int) {
	waitHealthy(ctx, base)
	keys, err := auth.ParseAPIKeys(set.common.APIKeys)
	if err != nil || len(keys) == 0 {
		rt.Log.Warn("table demo: no partner API key")
		return
	}
	var apiKey, partner string
	for k, p := range keys {
		apiKey, partner = k, p
		break
	}
	op, err := rt.Auth.Issue(auth.Principal{Role: auth.RoleOperator, Subject: "demo"}, 24*time.Hour)
	if err != nil {
		return
	}
	tg := load.Target{URL: base, OperatorToken: op, APIKey: apiKey, Partner: partner}
	o := load.Options{Tables: tables, Players: 3, Seats: 6, Tight: 0.67, Conns: 1, Pause: 3 * time.Second,
		ThinkTime: 1500 * time.Millisecond, Name: "demo"}
	ts, err := load.Setup(ctx, tg, o, nil, nil)
	if err != nil {
		rt.Log.Warn("table demo", "err", err)
		return
	}
	for _, t := range ts {
		for _, b := range t.Bots {
			go b.Run(ctx)
		}
	}
	rt.Log.Info("table demo running", "tables", len(ts))
	// A roulette table and a money wheel, RNG-drawn, with a few wheel bots
	// betting through the public API.
	btg := rounds.Target{URL: base, OperatorToken: op, APIKey: apiKey, Partner: partner}
	for _, g := range []string{"roulette", "wheel"} {
		bo := rounds.Options{Game: g, Tables: 1, Players: 3, Bets: 3, Spread: 0.8, Window: 20 * time.Second, Pause: 5 * time.Second, Name: "demo"}
		obs := rounds.NewObserver()
		bt, err := rounds.Setup(ctx, btg, bo, obs)
		if err != nil {
			rt.Log.Warn("banked demo", "game", g, "err", err)
			continue
		}
		go rounds.Play(ctx, btg, bo, bt, obs)
	}
}

// waitHealthy waits until the stack at base answers its health check.
func waitHealthy(ctx context.Context, base string) {
	for ctx.Err() == nil {
		res, err := http.Post(base+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":""}`))
		if err == nil {
			res.Body.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
