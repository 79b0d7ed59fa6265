package main

import (
	"context"
	"fmt"
	"os"
	"strconv"

	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/tools/platform"
)

// mountAll mounts the dev stack's services on rt through the in-process
// platform (each service's own api.Mount), calling each other over the
// stack's own address as pods would, and starts the demo tables. Call stop
// after the server has stopped; notes say what each service runs on.
func mountAll(ctx context.Context, rt *boot.Runtime, base string, set settings) (stop func(), notes []string, err error) {
	services := set.services
	if services == 0 {
		services = platform.All
	}
	p, err := platform.Mount(ctx, rt, base, platform.Config{
		Services:    services,
		DataDir:     set.dataDir,
		PostgresDSN: set.postgresDSN,
		RedisAddr:   set.redisAddr,
		Prefix:      set.redisPrefix,
		Network:     true,
	})
	if err != nil {
		return nil, nil, err
	}
	notes, cancel := p.Notes, context.CancelFunc(func() {})
	if p.Table != nil {
		// A few tables where bots play, slowly enough to watch, each with
		// free seats to join (CROUPIER_DEMO_TABLES, default 2; 0 for none).
		demo := 2
		if v, err := strconv.Atoi(os.Getenv("CROUPIER_DEMO_TABLES")); err == nil && v >= 0 {
			demo = v
		}
		// The web client's lobby: empty tables of every game
		// (CROUPIER_WEB_TABLES=0 for none).
		if os.Getenv("CROUPIER_WEB_TABLES") != "0" {
			note := "web      lobby tables: No-Limit Hold'em, Pot-Limit Omaha, every banked game"
			if p.Tournament != nil {
				note += ", a tournament"
			}
			notes = append(notes, note)
			go func() {
				waitHealthy(ctx, base)
				if err := webTables(ctx, rt, base, p.Tournament != nil); err != nil && ctx.Err() == nil {
					rt.Log.Warn("web lobby tables", "err", err)
				}
			}()
		}
		if demo > 0 {
			notes = append(notes, fmt.Sprintf("table    demo: %d tables of bots (ListTables to find them; 3 of 6 seats free)", demo))
			var dctx context.Context
			dctx, cancel = context.WithCancel(ctx)
			go runDemo(dctx, rt, base, set, demo)
		}
	}
	// The demo's bots stop before the services they play on.
	return func() { cancel(); p.Close() }, notes, nil
}
