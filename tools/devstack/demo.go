package main

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/tools/loadgen/load"
)

// runDemo waits for the dev stack to serve, then seats bots at a few
// tables and lets them play until the stack stops.
func runDemo(ctx context.Context, rt *boot.Runtime, base string, set settings, tables int) {
	for ctx.Err() == nil {
		res, err := http.Post(base+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":""}`))
		if err == nil {
			res.Body.Close()
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
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
}
