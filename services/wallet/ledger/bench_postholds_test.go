//go:build integration

package ledger_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
)

// roundHolds is a busy roulette round: 500 stakes of 100 players, every one
// a hold into the table's one round escrow.
const roundHolds = 500

// BenchmarkPostHolds posts a round's 500 holds into one credit account on
// PostgreSQL and on SQLite (synchronous FULL, its default): one by one
// (500 PostHold calls, a commit each), one by one from 32 goroutines (as
// the table carries its intents out in parallel: the posts queue on the
// escrow's row) and in one PostHolds call (one commit). An op is a round
// (ns/op: the time to post its 500 holds); creating the holds is not
// timed, so give an iteration count:
//
//	go test -tags integration -run '^$' -bench '^BenchmarkPostHolds$' -benchtime 10x ./ledger/
func BenchmarkPostHolds(b *testing.B) {
	stores := []struct {
		name string
		open func(b *testing.B) *store.Store
	}{
		{"postgresql", func(b *testing.B) *store.Store {
			s, err := store.OpenPostgres(context.Background(), dbtest.Postgres(b), store.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return s
		}},
		{"sqlite", func(b *testing.B) *store.Store {
			s, err := store.OpenSQLite(context.Background(), dbtest.SQLite(b), store.Options{})
			if err != nil {
				b.Fatal(err)
			}
			return s
		}},
	}
	modes := []struct {
		name string
		post func(ctx context.Context, l *ledger.Ledger, holds []ledger.Hold) error
	}{
		{"one-by-one", func(ctx context.Context, l *ledger.Ledger, holds []ledger.Hold) error {
			for _, h := range holds {
				if _, _, _, err := l.PostHold(ctx, ledger.Internal(), h.ID, 0); err != nil {
					return err
				}
			}
			return nil
		}},
		{"one-by-one-32-parallel", func(ctx context.Context, l *ledger.Ledger, holds []ledger.Hold) error {
			return parallel(32, holds, func(h ledger.Hold) error {
				_, _, _, err := l.PostHold(ctx, ledger.Internal(), h.ID, 0)
				return err
			})
		}},
		{"PostHolds", func(ctx context.Context, l *ledger.Ledger, holds []ledger.Hold) error {
			posts := make([]ledger.HoldPost, len(holds))
			for i, h := range holds {
				posts[i] = ledger.HoldPost{HoldID: h.ID}
			}
			out, err := l.PostHolds(ctx, ledger.Internal(), posts)
			for _, o := range out {
				if err == nil && (o.Err != nil || o.Replayed) {
					err = fmt.Errorf("hold %d: %+v", o.Hold.ID, o)
				}
			}
			return err
		}},
	}
	for _, st := range stores {
		for _, m := range modes {
			b.Run(st.name+"/"+m.name, func(b *testing.B) {
				s := st.open(b)
				b.Cleanup(func() { s.Close() })
				benchPostHolds(b, ledger.New(s, ledger.Options{}), m.post)
			})
		}
	}
}

func benchPostHolds(b *testing.B, l *ledger.Ledger, post func(context.Context, *ledger.Ledger, []ledger.Hold) error) {
	ctx := context.Background()
	in := ledger.Internal()
	open := func(a ledger.Account) ledger.Account {
		a, err := l.OpenAccount(ctx, in, a)
		if err != nil {
			b.Fatal(err)
		}
		return a
	}
	cage := open(ledger.Account{Kind: ledger.KindExternal, OwnerID: "pa", PartnerID: "pa", Currency: "EUR"})
	esc := open(ledger.Account{Kind: ledger.KindRoundEscrow, OwnerID: "wheel1", Currency: "EUR"})
	players := make([]ledger.Account, 100)
	for i := range players {
		players[i] = open(ledger.Account{Kind: ledger.KindPlayer, OwnerID: fmt.Sprintf("b%d", i), PartnerID: "pa", Currency: "EUR"})
		if _, err := l.Transfer(ctx, in, fmt.Sprintf("fund-%d", i), ledger.Leg{Debit: cage.ID, Credit: players[i].ID, Amount: 1_000_000_000, Currency: "EUR", Kind: ledger.TransferDeposit}); err != nil {
			b.Fatal(err)
		}
	}
	for round := 0; round < b.N; round++ {
		b.StopTimer()
		holds := make([]ledger.Hold, roundHolds)
		idx := make([]int, roundHolds)
		for i := range idx {
			idx[i] = i
		}
		err := parallel(8, idx, func(i int) error {
			r, err := l.CreateHold(ctx, in, fmt.Sprintf("r%d-h%d", round, i), ledger.Leg{Debit: players[i%len(players)].ID, Credit: esc.ID,
				Amount: int64(1 + i%50), Currency: "EUR", Kind: ledger.TransferStake, Meta: ledger.Metadata{TableID: "wheel1", RoundID: fmt.Sprintf("r%d", round)}}, time.Hour)
			if err == nil {
				holds[i] = *r.Hold
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := post(ctx, l, holds); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N*roundHolds)/b.Elapsed().Seconds(), "holds/s")
	rec, err := l.Reconcile(ctx, in, "")
	if err != nil || !rec.OK() {
		b.Fatalf("reconcile after the benchmark: %+v %v", rec, err)
	}
	if a, err := l.Account(ctx, in, esc.ID); err != nil || a.Held != 0 || a.Balance == 0 {
		b.Fatalf("escrow after the benchmark: %+v %v", a, err)
	}
}

// parallel runs fn for every item from n goroutines and returns the first
// error.
func parallel[T any](n int, items []T, fn func(T) error) error {
	ch := make(chan T)
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for it := range ch {
				if err := fn(it); err != nil {
					once.Do(func() { first = err })
				}
			}
		})
	}
	for _, it := range items {
		ch <- it
	}
	close(ch)
	wg.Wait()
	return first
}
