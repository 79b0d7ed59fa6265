//go:build integration

package load

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/tools/loadgen/bot"
	"github.com/croupier/croupier/tools/platform"
)

// Leak test: bots play thousands of hands of Hold'em, Omaha and 7 Card
// Stud while a scanner reads every subscriber's stream — each seat's and an
// observer's — and checks each hand against its complete record: no hole
// card or shoe card reaches anyone before the rules reveal it. Each
// viewer's fairness proof of each hand is fetched with his credentials and
// must verify and hold no card his stream did not show (issue 11).
func TestNoHiddenCardLeaks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	h := newHarness(t, ctx)
	p := h.table()
	admins := h.admin(p)
	sc := &scanner{hands: map[string]map[string]*viewerLog{}, first: map[string]uint64{}}
	var tables []*Table
	var viewersMu sync.Mutex
	players := map[string]string{} // viewer -> player key
	for _, game := range []string{"holdem", "omaha", "seven-card-stud"} {
		o := Options{Tables: leakTables, Players: 3, Tight: 0.34, Conns: 4, Game: game, Name: "lk" + game[:2], NoRebuy: false, API: "mixed"}
		ts, err := Setup(ctx, h.target(p), o, func(table string, player int, ev *tablev1.TableEvent) {
			sc.see(fmt.Sprintf("%s/%d", table, player), ev)
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range ts {
			for i, pl := range tb.Players {
				viewersMu.Lock()
				players[fmt.Sprintf("%s/%d", tb.ID, i)] = pl.ID
				viewersMu.Unlock()
			}
		}
		tables = append(tables, ts...)
	}
	// An observer per table: a player who is not seated. One player each
	// (not one for all 24 tables): a player's open streams are capped
	// (services/table/api StreamLimits, 16 by default).
	observers := make(map[string]platform.Clients, len(tables))
	for _, tb := range tables {
		observers[tb.ID] = platform.NewClients(p.URL, platform.Bearer(h.deps.PlayerToken("observer-"+tb.ID)))
	}
	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var streamErrs atomic.Int64
	for _, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stream, err := observers[tb.ID].Table.Subscribe(runCtx, connect.NewRequest(&tablev1.SubscribeRequest{TableId: tb.ID}))
			observe(runCtx, stream, err, &streamErrs, func(m *tablev1.SubscribeResponse) {
				for _, ev := range m.GetEvents() {
					sc.see(tb.ID+"/observer", ev)
				}
			})
		}()
		for _, b := range tb.Bots {
			wg.Add(1)
			go func(b *bot.Bot) { defer wg.Done(); b.Run(runCtx) }(b)
		}
	}
	// Check hands as they finish, a checker per table: it reads each hand's
	// complete record (an operator's) and every viewer's sightings.
	start := time.Now()
	want := int64(leakHands)
	if v, err := strconv.Atoi(os.Getenv("CROUPIER_LEAK_HANDS")); err == nil && v > 0 {
		want = int64(v)
	}
	var checked, proofs atomic.Int64
	checkCtx, stopCheck := context.WithCancel(ctx)
	defer stopCheck()
	errs := make(chan error, len(tables))
	var checkers sync.WaitGroup
	for _, tb := range tables {
		checkers.Add(1)
		go func() {
			defer checkers.Done()
			viewers := []string{tb.ID + "/observer"}
			for i := range tb.Bots {
				viewers = append(viewers, fmt.Sprintf("%s/%d", tb.ID, i))
			}
			for n := uint64(1); checkCtx.Err() == nil; {
				var last uint64
				_ = anyAdmin(checkCtx, admins, func(c platform.Clients) error {
					res, err := c.Admin.ListHandResults(checkCtx, connect.NewRequest(&tablev1.ListHandResultsRequest{TableId: tb.ID, AfterHandNumber: n - 1}))
					if err == nil {
						last = res.Msg.GetLastHandNumber()
					}
					return err
				})
				if last < n {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				for ; n <= last && checkCtx.Err() == nil; n++ {
					hid := fmt.Sprintf("%s-%d", tb.ID, n)
					// Wait for every viewer watching since the hand began (the
					// seats and the observer) to see it end, so nothing it
					// showed escapes the check.
					for wait := time.Now(); !sc.ended(hid, n, viewers); {
						if time.Since(wait) > 20*time.Second {
							errs <- fmt.Errorf("hand %s did not end in every stream", hid)
							return
						}
						time.Sleep(10 * time.Millisecond)
					}
					// Each viewer's fairness proof, fetched with his own
					// credentials, holds only cards his stream showed.
					for _, v := range viewers {
						c := observers[tb.ID]
						if v != tb.ID+"/observer" {
							var i int
							_, _ = fmt.Sscanf(strings.TrimPrefix(v, tb.ID+"/"), "%d", &i)
							c = tb.Players[i].Clients
						}
						res, err := c.Table.GetFairnessProof(ctx, connect.NewRequest(&tablev1.GetFairnessProofRequest{TableId: tb.ID, HandId: hid}))
						if err != nil {
							errs <- fmt.Errorf("%s's proof of %s: %w", v, hid, err)
							return
						}
						scanned, err := sc.checkProof(hid, v, res.Msg)
						if err != nil {
							errs <- err
							return
						}
						if scanned {
							proofs.Add(1)
						}
					}
					rec := h.record(admins, tb.ID, hid)
					viewersMu.Lock()
					err := sc.check(rec, players)
					viewersMu.Unlock()
					if err != nil {
						errs <- err
						return
					}
					if checked.Add(1) >= want {
						stopCheck()
					}
				}
			}
		}()
	}
	for done := false; !done; {
		select {
		case err := <-errs:
			t.Fatal(err)
		case <-checkCtx.Done():
			done = true
		case <-time.After(15 * time.Second):
			fmt.Fprintf(os.Stderr, "leak scan: %d hands checked after %s\n", checked.Load(), time.Since(start).Round(time.Second))
		}
	}
	checkers.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	if ctx.Err() != nil {
		t.Fatalf("%d hands checked in %s", checked.Load(), time.Since(start))
	}
	elapsed := time.Since(start)
	stop()
	wg.Wait()
	if streamErrs.Load() > 0 {
		t.Fatalf("%d observer streams broke", streamErrs.Load())
	}
	if int64(sc.pairs) < checked.Load()*3 {
		t.Fatalf("only %d (hand, viewer) streams checked for %d hands", sc.pairs, checked.Load())
	}
	if proofs.Load() < checked.Load()*3 {
		t.Fatalf("only %d (hand, viewer) proofs checked for %d hands", proofs.Load(), checked.Load())
	}
	t.Logf("leak scan: %d hands (Hold'em, Omaha, 7 Card Stud) over %d tables checked in %s, %d (hand, viewer) streams (each seat and an observer) and %d viewers' fairness proofs: no hidden card seen before the rules show it, no proof holding a card its viewer was not shown",
		checked.Load(), len(tables), elapsed.Round(time.Second), sc.pairs, proofs.Load())
}
