//go:build integration

package e2e

import (
	"context"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"go.temporal.io/sdk/client"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	tournamentapi "github.com/croupier/croupier/services/tournament/api"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/boot"
	sharedclient "github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/tools/devtemporal"
	"github.com/croupier/croupier/tools/platform"
	"github.com/croupier/croupier/workflows/tournament"
)

// Issue 11 (critical) on the real pieces: the in-process Temporal server,
// the tournament worker over Connect, the real wallet ledger (SQLite; the
// stack has no PostgreSQL wallet). Six registrations of one player sent at
// once with fresh idempotency keys register him once with enough money
// (exactly or more: one stake and one fee held, the rest refused
// ALREADY_REGISTERED) and never with too little or no account (all refused
// INSUFFICIENT_FUNDS, nothing held, no account opened, no row). Three
// withdrawals at once then refund once; the cancellation refunds the rest;
// the ledger reconciles and every player has his money back to the unit.
func TestParallelRegistrationsOnTheRealLedger(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	st, err := platform.Start(ctx, platform.Config{Services: platform.RNG | platform.Evaluator | platform.Wallet})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rt, err := boot.Start(ctx, "croupier-tournament", boot.Common{Addr: "127.0.0.1:0", LogLevel: "warn", Keys: st.Keys, ShutdownTimeout: time.Second}, io.Discard, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	srv, err := devtemporal.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, err := srv.Client(client.Options{DataConverter: host.DataConverter()})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const queue = "tournament-race"
	acts := tournamentapi.Activities(sharedclient.NewHTTPClient(), tournamentapi.Deps{TaskQueue: queue, TableURL: st.URL, WalletURL: st.URL, RNGURL: st.URL}, rt.ClientOptions())
	wk, err := host.Start(c, host.Options{TaskQueue: queue, Activities: acts})
	if err != nil {
		t.Fatal(err)
	}
	defer wk.Stop()
	svc := core.New(c, core.Config{TaskQueue: queue})
	op := platform.NewClients(st.URL, platform.Bearer(st.OperatorToken()))
	account := func(player string) *walletv1.Account {
		res, err := op.Wallet.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{OwnerId: player, PartnerId: st.Partner,
			Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, Currency: "EUR"}))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Msg.GetAccounts()) == 0 {
			return nil
		}
		return res.Msg.GetAccounts()[0]
	}
	const n = 6
	cases := []struct {
		name    string
		funds   int64 // 0: no account
		entered bool
	}{
		{"exactly enough", 11000, true},
		{"more than enough", 50000, true},
		{"enough for the stake, not the fee", 10999, false},
		{"no account", 0, false},
	}
	for ci, cs := range cases {
		t.Run(cs.name, func(t *testing.T) {
			tr := Terms(8, 10, time.Minute, time.Now().Add(30*time.Minute))
			tr.MinEntrants = 2
			created, err := svc.Create(ctx, tr, fmt.Sprintf("race-%d-%d", ci, time.Now().UnixNano()))
			if err != nil {
				t.Fatal(err)
			}
			id := created.ID
			racer := fmt.Sprintf("racer-%d-%d", ci, time.Now().UnixNano())
			other := racer + "-other"
			if cs.funds > 0 {
				if _, err := platform.Fund(ctx, op.Wallet, st.Partner, racer, "EUR", cs.funds); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := platform.Fund(ctx, op.Wallet, st.Partner, other, "EUR", 11000); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Register(ctx, id, tournament.PlayerIn{Partner: st.Partner, Player: other, Name: "Other"}, "once"); err != nil {
				t.Fatal(err)
			}
			in := tournament.PlayerIn{Partner: st.Partner, Player: racer, Name: "Racer"}
			reasons := parallel(n, func(k int) error {
				_, err := svc.Register(ctx, id, in, fmt.Sprintf("click-%d", k))
				return err
			})
			s, err := svc.Standings(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			rows := 0
			for _, p := range s.Players {
				if p.Player == racer {
					rows++
				}
			}
			a := account(racer)
			if cs.entered {
				if reasons[""] != 1 || reasons["ALREADY_REGISTERED"] != n-1 {
					t.Fatalf("outcomes %v", reasons)
				}
				if rows != 1 || s.Entrants != 2 || a.GetHeld() != 11000 || a.GetBalance() != cs.funds {
					t.Fatalf("rows %d, entrants %d, account %v: want one entry held", rows, s.Entrants, a)
				}
				// Three withdrawals at once: one refund (GR H.6).
				un := parallel(3, func(k int) error {
					_, err := svc.Unregister(ctx, id, in, fmt.Sprintf("leave-%d", k))
					return err
				})
				if un[""] != 1 || un["NOT_REGISTERED"] != 2 {
					t.Fatalf("withdrawals %v", un)
				}
				if a := account(racer); a.GetHeld() != 0 || a.GetBalance() != cs.funds {
					t.Fatalf("after the withdrawal: %v", a)
				}
			} else {
				if reasons[tournament.ReasonInsufficientFunds] != n {
					t.Fatalf("outcomes %v", reasons)
				}
				if rows != 0 || s.Entrants != 1 {
					t.Fatalf("a refused registration left %d rows, %d entrants", rows, s.Entrants)
				}
				if cs.funds == 0 && a != nil {
					t.Fatalf("a refused registration opened %v", a)
				}
				if cs.funds > 0 && (a.GetHeld() != 0 || a.GetBalance() != cs.funds) {
					t.Fatalf("a refused registration left %v", a)
				}
			}
			if err := svc.Cancel(ctx, id, "test over"); err != nil {
				t.Fatal(err)
			}
			var res tournament.Result
			if err := c.GetWorkflow(ctx, id, "").Get(ctx, &res); err != nil {
				t.Fatal(err)
			}
			if res.Phase != tournament.Cancelled || res.Money.Pool != 0 {
				t.Fatalf("result %+v", res)
			}
			for _, p := range []struct {
				id    string
				funds int64
			}{{racer, cs.funds}, {other, 11000}} {
				if a := account(p.id); p.funds > 0 && (a.GetBalance() != p.funds || a.GetHeld() != 0) {
					t.Fatalf("%s after the cancellation: %v, want %d and nothing held", p.id, a, p.funds)
				}
			}
			rec, err := op.Wallet.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{}))
			if err != nil || !rec.Msg.GetOk() {
				t.Fatalf("reconcile: %v %v", err, rec)
			}
		})
	}
}

// parallel runs f n times at once and counts the answers by reason ("" =
// accepted).
func parallel(n int, f func(k int) error) map[string]int {
	var mu sync.Mutex
	out := map[string]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			err := f(k)
			r := ""
			if err != nil {
				if r = apierr.Reason(err); r == "" {
					r = err.Error()
				}
			}
			mu.Lock()
			out[r]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return out
}
