//go:build integration

package ledger_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
)

// benchClients is the concurrency: 64 clients, the same as
// `pgbench -c 64` in `make wallet-bench`.
const benchClients = 64

// BenchmarkTransferPostgres measures single transfers per second through
// the ledger core (validation, scoping, idempotency, store; no network
// hop to the wallet) against the real PostgreSQL, from 64 concurrent
// clients over a 64-connection pool. Each transfer is its own transaction
// with a fresh idempotency key between two of 1,000 funded players, like
// pgbench's tpcb-like picks among its accounts.
func BenchmarkTransferPostgres(b *testing.B) {
	ctx := context.Background()
	committers, _ := strconv.Atoi(os.Getenv("CROUPIER_WALLET_GROUP_COMMITTERS")) // 0 = the default
	s, err := store.OpenPostgres(ctx, dbtest.Postgres(b), store.Options{MaxConns: benchClients, GroupCommitters: committers})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	l := ledger.New(s, ledger.Options{})
	in := ledger.Internal()
	cage, err := l.OpenAccount(ctx, in, ledger.Account{Kind: ledger.KindExternal, OwnerID: "pa", PartnerID: "pa", Currency: "EUR"})
	if err != nil {
		b.Fatal(err)
	}
	players := make([]ledger.Account, 1000)
	for i := range players {
		players[i], err = l.OpenAccount(ctx, in, ledger.Account{Kind: ledger.KindPlayer, OwnerID: fmt.Sprintf("b%d", i), PartnerID: "pa", Currency: "EUR"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := l.Transfer(ctx, in, fmt.Sprintf("fund-%d", i), ledger.Leg{Debit: cage.ID, Credit: players[i].ID, Amount: 1_000_000_000, Currency: "EUR", Kind: ledger.TransferDeposit}); err != nil {
			b.Fatal(err)
		}
	}
	var seq atomic.Int64
	var failed atomic.Int64
	var firstErr atomic.Value
	b.SetParallelism((benchClients + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		r := rand.New(rand.NewPCG(uint64(seq.Add(1)), 7))
		for pb.Next() {
			i, j := r.IntN(len(players)), r.IntN(len(players)-1)
			if j >= i {
				j++
			}
			key := fmt.Sprintf("bench-%d", seq.Add(1))
			if _, err := l.Transfer(ctx, in, key, ledger.Leg{Debit: players[i].ID, Credit: players[j].ID, Amount: 1 + r.Int64N(100), Currency: "EUR", Kind: ledger.TransferAdjustment}); err != nil {
				failed.Add(1)
				firstErr.CompareAndSwap(nil, err.Error())
			}
		}
	})
	elapsed := time.Since(start)
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d transfers failed, the first: %v", n, firstErr.Load())
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "transfers/s")
	rec, err := l.Reconcile(ctx, in, "")
	if err != nil || !rec.OK() {
		b.Fatalf("reconcile after the benchmark: %+v %v", rec, err)
	}
}
