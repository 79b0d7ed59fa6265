//go:build integration

package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// TestBatchSurvivesKilledConnection is the fault test: the
// connection serving a batch is killed (pg_terminate_backend, from another
// connection) while the batch holds its locks and has written every leg but
// not committed. Nothing of the batch may be visible then or after; the
// service is restarted (a new store and pool over the same database) and
// the caller's retries complete the batch exactly once.
func TestBatchSurvivesKilledConnection(t *testing.T) {
	ctx := context.Background()
	dsn := dbtest.Postgres(t)
	s1, err := OpenPostgres(ctx, dsn, Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	l1 := ledger.New(s1, ledger.Options{})
	in := ledger.Internal()
	open := func(kind ledger.Kind, owner, partner string) ledger.Account {
		a, err := l1.OpenAccount(ctx, in, ledger.Account{Kind: kind, OwnerID: owner, PartnerID: partner, Currency: "EUR"})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	cage := open(ledger.KindExternal, "pa", "pa")
	p1, p2 := open(ledger.KindPlayer, "p1", "pa"), open(ledger.KindPlayer, "p2", "pa")
	esc := open(ledger.KindTableEscrow, "t1", "")
	rev := open(ledger.KindHouseRevenue, "", "")
	for _, p := range []ledger.Account{p1, p2} {
		if _, err := l1.Transfer(ctx, in, "dep-"+p.OwnerID, ledger.Leg{Debit: cage.ID, Credit: p.ID, Amount: 10_000, Currency: "EUR", Kind: ledger.TransferDeposit}); err != nil {
			t.Fatal(err)
		}
		if _, err := l1.Transfer(ctx, in, "buy-"+p.OwnerID, ledger.Leg{Debit: p.ID, Credit: esc.ID, Amount: 4_000, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: "t1"}}); err != nil {
			t.Fatal(err)
		}
	}
	// One hand's settlement: rake, then both players cash out.
	legs := []ledger.Leg{
		{Debit: esc.ID, Credit: rev.ID, Amount: 150, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1", HandID: "h1"}},
		{Debit: esc.ID, Credit: p1.ID, Amount: 5_850, Currency: "EUR", Kind: ledger.TransferCashOut, Meta: ledger.Metadata{TableID: "t1"}},
		{Debit: esc.ID, Credit: p2.ID, Amount: 2_000, Currency: "EUR", Kind: ledger.TransferCashOut, Meta: ledger.Metadata{TableID: "t1"}},
	}
	accounts := []ledger.Account{cage, p1, p2, esc, rev}
	before := []int64{-20_000, 6_000, 6_000, 8_000, 0}
	after := []int64{-20_000, 11_850, 8_000, 0, 150}

	admin := dbtest.AdminOn(t, dsn)
	balances := func() []int64 {
		t.Helper()
		var out []int64
		for _, a := range accounts {
			var b int64
			if err := admin.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1", a.ID).Scan(&b); err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	visible := func() (ops, transfers int) {
		t.Helper()
		if err := admin.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM operations WHERE idem_key = 'hand-h1'),
			(SELECT COUNT(*) FROM transfers t JOIN operations o ON o.id = t.operation_id WHERE o.idem_key = 'hand-h1')`).Scan(&ops, &transfers); err != nil {
			t.Fatal(err)
		}
		return
	}

	// Pause the batch after its last statement, before COMMIT.
	paused := make(chan int64)
	resume := make(chan struct{})
	s1.beforeCommit = func(ctx context.Context, x q) error {
		var pid int64
		if err := x.row(ctx, "backend_pid", "SELECT pg_backend_pid()", nil, &pid); err != nil {
			return err
		}
		paused <- pid
		<-resume
		return nil
	}
	done := make(chan error, 1)
	go func() {
		_, err := l1.Batch(ctx, in, "hand-h1", legs)
		done <- err
	}()
	var pid int64
	select {
	case pid = <-paused:
	case err := <-done:
		t.Fatalf("batch finished before the pause: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("batch never reached the pause")
	}
	// Mid-batch: every leg is written inside the transaction, none visible.
	if ops, trs := visible(); ops != 0 || trs != 0 {
		t.Fatalf("uncommitted batch visible: %d operations, %d transfers", ops, trs)
	}
	if got := balances(); !slices.Equal(got, before) {
		t.Fatalf("balances mid-batch = %v, want %v", got, before)
	}
	var killed bool
	if err := admin.QueryRowContext(ctx, "SELECT pg_terminate_backend($1)", pid).Scan(&killed); err != nil || !killed {
		t.Fatalf("pg_terminate_backend(%d) = %v, %v", pid, killed, err)
	}
	close(resume)
	var batchErr error
	select {
	case batchErr = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("batch did not return after its connection was killed")
	}
	if apierr.Code(batchErr) != connect.CodeUnavailable || apierr.Reason(batchErr) != "DATABASE_UNAVAILABLE" {
		t.Fatalf("batch on a killed connection: %v, want UNAVAILABLE DATABASE_UNAVAILABLE (retry with the same key)", batchErr)
	}
	t.Logf("batch on the killed connection failed as it must: %v", batchErr)
	if ops, trs := visible(); ops != 0 || trs != 0 {
		t.Fatalf("partial batch visible after the kill: %d operations, %d transfers", ops, trs)
	}
	if got := balances(); !slices.Equal(got, before) {
		t.Fatalf("balances after the kill = %v, want %v", got, before)
	}

	// Restart: the old process is gone; a new one opens the same database.
	s1.Close()
	s2, err := OpenPostgres(ctx, dsn, Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	l2 := ledger.New(s2, ledger.Options{})
	// The caller retries with the same key, twice at once and once more.
	type answer struct {
		r   ledger.Result
		err error
	}
	answers := make(chan answer, 2)
	for range 2 {
		go func() {
			r, err := l2.Batch(ctx, in, "hand-h1", legs)
			answers <- answer{r, err}
		}()
	}
	var fresh, replays int
	var ids [][]int64
	for range 2 {
		a := <-answers
		if a.err != nil {
			t.Fatalf("retry after restart: %v", a.err)
		}
		if a.r.Replayed {
			replays++
		} else {
			fresh++
		}
		var x []int64
		for _, tr := range a.r.Transfers {
			x = append(x, tr.ID)
		}
		ids = append(ids, x)
	}
	if fresh != 1 || replays != 1 || !slices.Equal(ids[0], ids[1]) || len(ids[0]) != 3 {
		t.Fatalf("concurrent retries: %d applied, %d replayed, ids %v", fresh, replays, ids)
	}
	r, err := l2.Batch(ctx, in, "hand-h1", legs)
	if err != nil || !r.Replayed || !slices.Equal(transferIDs(r), ids[0]) {
		t.Fatalf("third retry: %+v %v", r, err)
	}
	if ops, trs := visible(); ops != 1 || trs != 3 {
		t.Fatalf("after the retries: %d operations, %d transfers, want 1 and 3", ops, trs)
	}
	if got := balances(); !slices.Equal(got, after) {
		t.Fatalf("balances = %v, want %v", got, after)
	}
	rec, err := l2.Reconcile(ctx, in, "")
	if err != nil || !rec.OK() {
		t.Fatalf("reconcile: %+v %v", rec, err)
	}
}

func transferIDs(r ledger.Result) []int64 {
	var out []int64
	for _, t := range r.Transfers {
		out = append(out, t.ID)
	}
	return out
}
