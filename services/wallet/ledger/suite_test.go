package ledger_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/apierr"
)

// opener opens a fresh, empty store for one test.
type opener func(t *testing.T) *store.Store

// t0 is the suite's epoch: 2030-03-14 22:00 UTC, two hours before midnight
// so tests can cross a UTC day boundary.
var t0 = time.Date(2030, 3, 14, 22, 0, 0, 0, time.UTC)

type env struct {
	t     *testing.T
	ctx   context.Context
	s     *store.Store
	l     *ledger.Ledger
	clock *dbtest.Clock
	in    ledger.Caller
	cage  ledger.Account
	seq   int
}

func newEnv(t *testing.T, open opener) *env {
	t.Helper()
	s := open(t)
	clock := dbtest.NewClock(t0)
	e := &env{t: t, ctx: context.Background(), s: s, l: ledger.New(s, ledger.Options{Now: clock.Now}), clock: clock, in: ledger.Internal()}
	e.cage = e.open(ledger.KindExternal, "pa", "pa", "EUR")
	return e
}

func (e *env) open(kind ledger.Kind, owner, partner, currency string) ledger.Account {
	e.t.Helper()
	a, err := e.l.OpenAccount(e.ctx, e.in, ledger.Account{Kind: kind, OwnerID: owner, PartnerID: partner, Currency: currency})
	if err != nil {
		e.t.Fatalf("open %s %s: %v", kind, owner, err)
	}
	return a
}

func (e *env) player(id string, deposit int64) ledger.Account {
	e.t.Helper()
	a := e.open(ledger.KindPlayer, id, "pa", "EUR")
	if deposit > 0 {
		e.move(e.cage, a, deposit, ledger.TransferDeposit, ledger.Metadata{})
	}
	return a
}

func (e *env) key() string {
	e.seq++
	return fmt.Sprintf("k-%d", e.seq)
}

func (e *env) move(from, to ledger.Account, amount int64, kind ledger.TransferKind, m ledger.Metadata) ledger.Transfer {
	e.t.Helper()
	r, err := e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: from.ID, Credit: to.ID, Amount: amount, Currency: from.Currency, Kind: kind, Meta: m})
	if err != nil {
		e.t.Fatalf("transfer %d from %d to %d: %v", amount, from.ID, to.ID, err)
	}
	return r.Transfers[0]
}

func (e *env) acct(id int64) ledger.Account {
	e.t.Helper()
	a, err := e.l.Account(e.ctx, e.in, id)
	if err != nil {
		e.t.Fatalf("account %d: %v", id, err)
	}
	return a
}

func (e *env) balances(as ...ledger.Account) []int64 {
	e.t.Helper()
	var out []int64
	for _, a := range as {
		x := e.acct(a.ID)
		out = append(out, x.Balance, x.Held)
	}
	return out
}

func (e *env) reconciled() {
	e.t.Helper()
	r, err := e.l.Reconcile(e.ctx, e.in, "")
	if err != nil {
		e.t.Fatalf("reconcile: %v", err)
	}
	if !r.OK() {
		e.t.Fatalf("reconciliation failed: %+v", r)
	}
}

func wantErr(t *testing.T, err error, code connect.Code, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %v %s", code, reason)
	}
	if apierr.Code(err) != code || apierr.Reason(err) != reason {
		t.Fatalf("got %v (code %v, reason %q), want %v %s", err, apierr.Code(err), apierr.Reason(err), code, reason)
	}
}

// runSuite is the ledger's behaviour, run against every store.
func runSuite(t *testing.T, open opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, e *env)
	}{
		{"OpenAccountIsIdempotent", testOpenAccountIsIdempotent},
		{"TransferMovesMoneyAndWritesBothEntries", testTransferMovesMoney},
		{"RetryWithSameKeyAndBodyReplays", testReplay},
		{"SameKeyWithOtherBodyIsRejected", testKeyReuse},
		{"KeysAreScopedPerPartner", testKeyScope},
		{"OverdraftIsRejectedAndChangesNothing", testOverdraft},
		{"HouseAccountsMayGoNegative", testHouseNegative},
		{"CurrencyMismatchIsRejected", testCurrencyMismatch},
		{"UnknownAccountIsRejected", testUnknownAccount},
		{"BatchIsAtomic", testBatchAtomic},
		{"BatchLegsRunInOrder", testBatchOrder},
		{"BatchReplay", testBatchReplay},
		{"HoldReservesFunds", testHoldReserves},
		{"HoldPostFullAndPartial", testHoldPost},
		{"HoldVoidReleases", testHoldVoid},
		{"HoldExpiresOnTheInjectedClock", testHoldExpiry},
		{"StatementPagesAndFilters", testStatement},
		{"TransferByIDAndKey", testLookup},
		{"ReconciliationAndEscrowCheck", testReconcile},
		{"RakeReportPerTableAndDay", testRakeReport},
		{"DatabaseRefusesNegativePlayerBalance", testDatabaseCheck},
		{"LedgerIsAppendOnly", testAppendOnly},
		{"PartnerAndPlayerScope", testScope},
		{"MigrationsAreIdempotent", testMigrationsIdempotent},
		{"RefusalChangesNothing", testRefusalChangesNothing},
	}
	for _, tc := range append(tests, postHoldsSuite...) {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, newEnv(t, open))
		})
	}
}

func testOpenAccountIsIdempotent(t *testing.T, e *env) {
	a := e.open(ledger.KindPlayer, "p1", "pa", "EUR")
	b := e.open(ledger.KindPlayer, "p1", "pa", "EUR")
	if a.ID != b.ID {
		t.Fatalf("second open made a new account: %d vs %d", a.ID, b.ID)
	}
	c := e.open(ledger.KindPlayer, "p1", "pa", "CZK")
	if c.ID == a.ID || c.Currency != "CZK" {
		t.Fatalf("an account per currency: %+v", c)
	}
	_, err := e.l.OpenAccount(e.ctx, e.in, ledger.Account{Kind: ledger.KindTableEscrow, OwnerID: "t1", PartnerID: "pa", Currency: "EUR"})
	wantErr(t, err, connect.CodeInvalidArgument, "INVALID_OWNER")
}

func testTransferMovesMoney(t *testing.T, e *env) {
	p := e.player("p1", 10_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	tr := e.move(p, esc, 2_500, ledger.TransferBuyIn, ledger.Metadata{TableID: "t1"})
	if got := e.balances(p, esc); !slices.Equal(got, []int64{7_500, 0, 2_500, 0}) {
		t.Fatalf("balances = %v", got)
	}
	es, _, err := e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[1].TransferID != tr.ID || es[1].Amount != -2_500 || es[1].BalanceAfter != 7_500 ||
		es[1].Counterparty != esc.ID || es[1].Meta.TableID != "t1" || es[1].Kind != ledger.TransferBuyIn {
		t.Fatalf("player statement = %+v", es)
	}
	es, _, _ = e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: esc.ID})
	if len(es) != 1 || es[0].Amount != 2_500 || es[0].BalanceAfter != 2_500 {
		t.Fatalf("escrow statement = %+v", es)
	}
	if !tr.CreatedAt.Equal(t0) {
		t.Fatalf("created at %v, want the injected clock %v", tr.CreatedAt, t0)
	}
	e.reconciled()
}

func testReplay(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	q := e.player("p2", 0)
	leg := ledger.Leg{Debit: p.ID, Credit: q.ID, Amount: 300, Currency: "EUR", Kind: ledger.TransferAdjustment, Meta: ledger.Metadata{Note: "x"}}
	r1, err := e.l.Transfer(e.ctx, e.in, "same", leg)
	if err != nil || r1.Replayed {
		t.Fatalf("first: %+v %v", r1, err)
	}
	e.clock.Advance(time.Minute)
	r2, err := e.l.Transfer(e.ctx, e.in, "same", leg)
	if err != nil || !r2.Replayed {
		t.Fatalf("retry: %+v %v", r2, err)
	}
	if r2.Transfers[0].ID != r1.Transfers[0].ID || !r2.Transfers[0].CreatedAt.Equal(r1.Transfers[0].CreatedAt) ||
		r2.Transfers[0].Leg != r1.Transfers[0].Leg || r2.Transfers[0].Key != "same" {
		t.Fatalf("replay differs: %+v vs %+v", r2.Transfers[0], r1.Transfers[0])
	}
	if got := e.balances(p, q); !slices.Equal(got, []int64{700, 0, 300, 0}) {
		t.Fatalf("applied twice: %v", got)
	}
}

func testKeyReuse(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	q := e.player("p2", 0)
	leg := ledger.Leg{Debit: p.ID, Credit: q.ID, Amount: 300, Currency: "EUR", Kind: ledger.TransferAdjustment}
	if _, err := e.l.Transfer(e.ctx, e.in, "k", leg); err != nil {
		t.Fatal(err)
	}
	leg.Amount = 301
	_, err := e.l.Transfer(e.ctx, e.in, "k", leg)
	wantErr(t, err, connect.CodeAlreadyExists, ledger.ReasonKeyReused)
	// A key used for a transfer cannot name a batch or a hold either.
	_, err = e.l.Batch(e.ctx, e.in, "k", []ledger.Leg{{Debit: p.ID, Credit: q.ID, Amount: 300, Currency: "EUR", Kind: ledger.TransferAdjustment}})
	wantErr(t, err, connect.CodeAlreadyExists, ledger.ReasonKeyReused)
	if got := e.balances(p, q); !slices.Equal(got, []int64{700, 0, 300, 0}) {
		t.Fatalf("state changed: %v", got)
	}
}

func testKeyScope(t *testing.T, e *env) {
	cageB := e.open(ledger.KindExternal, "pb", "pb", "EUR")
	pa := e.player("p1", 0)
	pb := e.open(ledger.KindPlayer, "p1", "pb", "EUR")
	ra, err := e.l.Transfer(e.ctx, ledger.Partner("pa"), "dep-1", ledger.Leg{Debit: e.cage.ID, Credit: pa.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferDeposit})
	if err != nil {
		t.Fatal(err)
	}
	rb, err := e.l.Transfer(e.ctx, ledger.Partner("pb"), "dep-1", ledger.Leg{Debit: cageB.ID, Credit: pb.ID, Amount: 200, Currency: "EUR", Kind: ledger.TransferDeposit})
	if err != nil || rb.Replayed || rb.Transfers[0].ID == ra.Transfers[0].ID {
		t.Fatalf("partner b's key collided with partner a's: %+v %v", rb, err)
	}
	r, err := e.l.OperationByKey(e.ctx, e.in, "pb", "dep-1")
	if err != nil || r.Transfers[0].ID != rb.Transfers[0].ID {
		t.Fatalf("lookup in pb's scope: %+v %v", r, err)
	}
	r, err = e.l.OperationByKey(e.ctx, ledger.Partner("pa"), "pb", "dep-1")
	if err != nil || r.Transfers[0].ID != ra.Transfers[0].ID {
		t.Fatalf("a partner looks only in its own scope: %+v %v", r, err)
	}
}

func testOverdraft(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	leg := ledger.Leg{Debit: p.ID, Credit: esc.ID, Amount: 1_001, Currency: "EUR", Kind: ledger.TransferBuyIn}
	_, err := e.l.Transfer(e.ctx, e.in, "over", leg)
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)
	if got := e.balances(p, esc); !slices.Equal(got, []int64{1_000, 0, 0, 0}) {
		t.Fatalf("state changed: %v", got)
	}
	// The rejected attempt did not consume the key: after a deposit the
	// same request goes through.
	e.move(e.cage, p, 1, ledger.TransferDeposit, ledger.Metadata{})
	r, err := e.l.Transfer(e.ctx, e.in, "over", leg)
	if err != nil || r.Replayed {
		t.Fatalf("retry after funding: %+v %v", r, err)
	}
	if got := e.balances(p, esc); !slices.Equal(got, []int64{0, 0, 1_001, 0}) {
		t.Fatalf("balances = %v", got)
	}
	// Escrow may not go negative either.
	_, err = e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: esc.ID, Credit: p.ID, Amount: 1_002, Currency: "EUR", Kind: ledger.TransferCashOut})
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)
	e.reconciled()
}

func testHouseNegative(t *testing.T, e *env) {
	bank := e.open(ledger.KindHouseBank, "", "", "EUR")
	p := e.player("p1", 0)
	e.move(bank, p, 5_000, ledger.TransferPayout, ledger.Metadata{TableID: "bj1", RoundID: "r1"})
	if got := e.balances(bank, p); !slices.Equal(got, []int64{-5_000, 0, 5_000, 0}) {
		t.Fatalf("balances = %v", got)
	}
	if c := e.acct(e.cage.ID); c.Balance != 0 {
		t.Fatalf("cage = %d", c.Balance)
	}
	e.reconciled()
}

func testCurrencyMismatch(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	q := e.open(ledger.KindPlayer, "p2", "pa", "CZK")
	_, err := e.l.Transfer(e.ctx, e.in, "x", ledger.Leg{Debit: p.ID, Credit: q.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferAdjustment})
	wantErr(t, err, connect.CodeInvalidArgument, ledger.ReasonCurrencyMismatch)
	_, err = e.l.Transfer(e.ctx, e.in, "y", ledger.Leg{Debit: p.ID, Credit: q.ID, Amount: 1, Currency: "CZK", Kind: ledger.TransferAdjustment})
	wantErr(t, err, connect.CodeInvalidArgument, ledger.ReasonCurrencyMismatch)
}

func testUnknownAccount(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	_, err := e.l.Transfer(e.ctx, e.in, "x", ledger.Leg{Debit: p.ID, Credit: 999_999, Amount: 1, Currency: "EUR", Kind: ledger.TransferAdjustment})
	wantErr(t, err, connect.CodeNotFound, ledger.ReasonAccountNotFound)
}

func testBatchAtomic(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	rev := e.open(ledger.KindHouseRevenue, "", "", "EUR")
	e.move(p, esc, 1_000, ledger.TransferBuyIn, ledger.Metadata{TableID: "t1"})
	// Rake 50, then cash out 1_000: the escrow has only 950 left, so the
	// second leg fails and the rake must not stay applied.
	_, err := e.l.Batch(e.ctx, e.in, "hand-1", []ledger.Leg{
		{Debit: esc.ID, Credit: rev.ID, Amount: 50, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1", HandID: "h1"}},
		{Debit: esc.ID, Credit: p.ID, Amount: 1_000, Currency: "EUR", Kind: ledger.TransferCashOut, Meta: ledger.Metadata{TableID: "t1"}},
	})
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)
	if got := e.balances(p, esc, rev); !slices.Equal(got, []int64{0, 0, 1_000, 0, 0, 0}) {
		t.Fatalf("partial batch visible: %v", got)
	}
	r, err := e.l.Batch(e.ctx, e.in, "hand-1", []ledger.Leg{
		{Debit: esc.ID, Credit: rev.ID, Amount: 50, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1", HandID: "h1"}},
		{Debit: esc.ID, Credit: p.ID, Amount: 950, Currency: "EUR", Kind: ledger.TransferCashOut, Meta: ledger.Metadata{TableID: "t1"}},
	})
	if err != nil || len(r.Transfers) != 2 || r.Transfers[0].BatchID != r.OperationID || r.Transfers[1].BatchID != r.OperationID {
		t.Fatalf("batch: %+v %v", r, err)
	}
	if got := e.balances(p, esc, rev); !slices.Equal(got, []int64{950, 0, 0, 0, 50, 0}) {
		t.Fatalf("balances = %v", got)
	}
	e.reconciled()
}

func testBatchOrder(t *testing.T, e *env) {
	p := e.player("p1", 0)
	q := e.player("p2", 0)
	bank := e.open(ledger.KindHouseBank, "", "", "EUR")
	// p has nothing until the first leg pays him; the second spends it.
	_, err := e.l.Batch(e.ctx, e.in, "b", []ledger.Leg{
		{Debit: bank.ID, Credit: p.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferPayout},
		{Debit: p.ID, Credit: q.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferAdjustment},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Reversed, the first leg overdraws p: rejected, nothing applied.
	_, err = e.l.Batch(e.ctx, e.in, "b2", []ledger.Leg{
		{Debit: p.ID, Credit: q.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferAdjustment},
		{Debit: bank.ID, Credit: p.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferPayout},
	})
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)
	if got := e.balances(p, q, bank); !slices.Equal(got, []int64{0, 0, 100, 0, -100, 0}) {
		t.Fatalf("balances = %v", got)
	}
	es, _, _ := e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: p.ID})
	if len(es) != 2 || es[0].BalanceAfter != 100 || es[1].BalanceAfter != 0 {
		t.Fatalf("running balance in the statement: %+v", es)
	}
}

func testBatchReplay(t *testing.T, e *env) {
	p := e.player("p1", 500)
	q := e.player("p2", 0)
	legs := []ledger.Leg{
		{Debit: p.ID, Credit: q.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferAdjustment},
		{Debit: p.ID, Credit: q.ID, Amount: 200, Currency: "EUR", Kind: ledger.TransferAdjustment},
	}
	r1, err := e.l.Batch(e.ctx, e.in, "b", legs)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := e.l.Batch(e.ctx, e.in, "b", legs)
	if err != nil || !r2.Replayed || len(r2.Transfers) != 2 || r2.Transfers[1].ID != r1.Transfers[1].ID || r2.OperationID != r1.OperationID {
		t.Fatalf("replay: %+v %v", r2, err)
	}
	legs[1].Amount = 201
	_, err = e.l.Batch(e.ctx, e.in, "b", legs)
	wantErr(t, err, connect.CodeAlreadyExists, ledger.ReasonKeyReused)
	if got := e.balances(p, q); !slices.Equal(got, []int64{200, 0, 300, 0}) {
		t.Fatalf("balances = %v", got)
	}
}

func (e *env) hold(from, to ledger.Account, amount int64, ttl time.Duration) ledger.Hold {
	e.t.Helper()
	r, err := e.l.CreateHold(e.ctx, e.in, e.key(), ledger.Leg{Debit: from.ID, Credit: to.ID, Amount: amount, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: to.OwnerID}}, ttl)
	if err != nil {
		e.t.Fatalf("hold: %v", err)
	}
	return *r.Hold
}

func testHoldReserves(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	h := e.hold(p, esc, 600, time.Minute)
	if h.State != ledger.HoldPending || !h.ExpiresAt.Equal(t0.Add(time.Minute)) {
		t.Fatalf("hold = %+v", h)
	}
	a := e.acct(p.ID)
	if a.Balance != 1_000 || a.Held != 600 || a.Available() != 400 {
		t.Fatalf("account = %+v", a)
	}
	// Held money is not available to a transfer or another hold.
	_, err := e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: p.ID, Credit: esc.ID, Amount: 401, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: "t1"}})
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)
	_, err = e.l.CreateHold(e.ctx, e.in, e.key(), ledger.Leg{Debit: p.ID, Credit: esc.ID, Amount: 401, Currency: "EUR", Kind: ledger.TransferBuyIn}, time.Minute)
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonInsufficientFunds)
	e.move(p, esc, 400, ledger.TransferBuyIn, ledger.Metadata{TableID: "t1"})
	e.reconciled()
}

func testHoldPost(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	full := e.hold(p, esc, 300, time.Minute)
	h, tr, replayed, err := e.l.PostHold(e.ctx, e.in, full.ID, 0)
	if err != nil || replayed || h.State != ledger.HoldPosted || h.PostedAmount != 300 || tr.Amount != 300 || tr.HoldID != full.ID || h.TransferID != tr.ID {
		t.Fatalf("post: %+v %+v %v %v", h, tr, replayed, err)
	}
	_, tr2, replayed, err := e.l.PostHold(e.ctx, e.in, full.ID, 300)
	if err != nil || !replayed || tr2.ID != tr.ID {
		t.Fatalf("repost with the same amount: %+v %v %v", tr2, replayed, err)
	}
	_, _, _, err = e.l.PostHold(e.ctx, e.in, full.ID, 200)
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonHoldNotPending)
	_, _, err = e.l.VoidHold(e.ctx, e.in, full.ID)
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonHoldNotPending)

	part := e.hold(p, esc, 500, time.Minute)
	_, _, _, err = e.l.PostHold(e.ctx, e.in, part.ID, 501)
	wantErr(t, err, connect.CodeInvalidArgument, "AMOUNT_EXCEEDS_HOLD")
	h, tr, _, err = e.l.PostHold(e.ctx, e.in, part.ID, 120)
	if err != nil || h.PostedAmount != 120 || tr.Amount != 120 {
		t.Fatalf("partial post: %+v %+v %v", h, tr, err)
	}
	// 1000 - 300 - 120; nothing held any more.
	if got := e.balances(p, esc); !slices.Equal(got, []int64{580, 0, 420, 0}) {
		t.Fatalf("balances = %v", got)
	}
	_, _, _, err = e.l.PostHold(e.ctx, e.in, 424242, 0)
	wantErr(t, err, connect.CodeNotFound, ledger.ReasonHoldNotFound)
	e.reconciled()
}

func testHoldVoid(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	h := e.hold(p, esc, 700, time.Minute)
	v, replayed, err := e.l.VoidHold(e.ctx, e.in, h.ID)
	if err != nil || replayed || v.State != ledger.HoldVoided {
		t.Fatalf("void: %+v %v %v", v, replayed, err)
	}
	if _, replayed, err = e.l.VoidHold(e.ctx, e.in, h.ID); err != nil || !replayed {
		t.Fatalf("void again: %v %v", replayed, err)
	}
	_, _, _, err = e.l.PostHold(e.ctx, e.in, h.ID, 0)
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonHoldNotPending)
	if got := e.balances(p, esc); !slices.Equal(got, []int64{1_000, 0, 0, 0}) {
		t.Fatalf("balances = %v", got)
	}
	e.reconciled()
}

func testHoldExpiry(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	short := e.hold(p, esc, 100, 10*time.Second)
	long := e.hold(p, esc, 200, time.Hour)
	e.clock.Advance(9 * time.Second)
	if n, err := e.l.ExpireHolds(e.ctx, e.in, 0); err != nil || n != 0 {
		t.Fatalf("nothing expired yet: %d %v", n, err)
	}
	e.clock.Advance(time.Second)
	// At its expiry instant the hold can no longer be posted, and the
	// refusal changes nothing; the sweeper releases it.
	_, _, _, err := e.l.PostHold(e.ctx, e.in, short.ID, 0)
	wantErr(t, err, connect.CodeFailedPrecondition, ledger.ReasonHoldExpired)
	if a := e.acct(p.ID); a.Held != 300 {
		t.Fatalf("held = %d", a.Held)
	}
	if n, err := e.l.ExpireHolds(e.ctx, e.in, 0); err != nil || n != 1 {
		t.Fatalf("expire: %d %v", n, err)
	}
	h, _ := e.l.Hold(e.ctx, e.in, short.ID)
	if h.State != ledger.HoldExpired {
		t.Fatalf("state = %v", h.State)
	}
	if a := e.acct(p.ID); a.Held != 200 || a.Balance != 1_000 {
		t.Fatalf("account = %+v", a)
	}
	if _, _, _, err := e.l.PostHold(e.ctx, e.in, long.ID, 0); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.l.ExpireHolds(e.ctx, e.in, 0); n != 0 {
		t.Fatalf("posted hold expired: %d", n)
	}
	e.reconciled()
}

func testStatement(t *testing.T, e *env) {
	p := e.player("p1", 10_000) // entry 1: deposit at t0
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	for i := range 5 {
		e.clock.Advance(time.Minute)
		e.move(p, esc, int64(100+i), ledger.TransferBuyIn, ledger.Metadata{TableID: "t1"})
		e.move(esc, p, int64(10+i), ledger.TransferCashOut, ledger.Metadata{TableID: "t1"})
	}
	var all []ledger.Entry
	tok := ""
	pages := 0
	for {
		es, next, err := e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: p.ID, PageSize: 3, PageToken: tok})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		all = append(all, es...)
		if next == "" {
			break
		}
		tok = next
	}
	if len(all) != 11 || pages != 4 {
		t.Fatalf("%d entries in %d pages, want 11 in 4", len(all), pages)
	}
	bal := int64(0)
	for i, en := range all {
		bal += en.Amount
		if en.BalanceAfter != bal || (i > 0 && en.ID <= all[i-1].ID) {
			t.Fatalf("entry %d = %+v, running balance %d", i, en, bal)
		}
	}
	if bal != e.acct(p.ID).Balance {
		t.Fatalf("statement sums to %d", bal)
	}
	es, _, err := e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: p.ID, Kinds: []ledger.TransferKind{ledger.TransferCashOut}})
	if err != nil || len(es) != 5 || es[0].Amount != 10 {
		t.Fatalf("kind filter: %+v %v", es, err)
	}
	es, _, err = e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: p.ID, From: t0.Add(2 * time.Minute), To: t0.Add(4 * time.Minute)})
	if err != nil || len(es) != 4 || !es[0].CreatedAt.Equal(t0.Add(2*time.Minute)) {
		t.Fatalf("time filter: %+v %v", es, err)
	}
	_, _, err = e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: esc.ID, PageToken: tok})
	wantErr(t, err, connect.CodeInvalidArgument, "INVALID_PAGE_TOKEN")
}

func testLookup(t *testing.T, e *env) {
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	tr := e.move(p, esc, 10, ledger.TransferBuyIn, ledger.Metadata{TableID: "t1", HandID: "h9"})
	got, err := e.l.TransferByID(e.ctx, e.in, tr.ID)
	if err != nil || got.Leg != tr.Leg || got.Key != tr.Key {
		t.Fatalf("by id: %+v %v", got, err)
	}
	r, err := e.l.OperationByKey(e.ctx, e.in, "", tr.Key)
	if err != nil || len(r.Transfers) != 1 || r.Transfers[0].ID != tr.ID {
		t.Fatalf("by key: %+v %v", r, err)
	}
	_, err = e.l.TransferByID(e.ctx, e.in, tr.ID+1000)
	wantErr(t, err, connect.CodeNotFound, ledger.ReasonTransferNotFound)
	_, err = e.l.OperationByKey(e.ctx, e.in, "", "nope")
	wantErr(t, err, connect.CodeNotFound, ledger.ReasonTransferNotFound)
}

func testReconcile(t *testing.T, e *env) {
	p := e.player("p1", 5_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	e.move(p, esc, 1_500, ledger.TransferBuyIn, ledger.Metadata{TableID: "t1"})
	e.hold(p, esc, 100, time.Minute)
	r, err := e.l.Reconcile(e.ctx, e.in, "EUR")
	if err != nil || !r.OK() || len(r.Totals) != 1 || r.Totals[0].Sum != 0 || r.Checked != 3 {
		t.Fatalf("reconcile: %+v %v", r, err)
	}
	c, err := e.l.CheckEscrow(e.ctx, e.in, 0, "t1", "EUR", 1_500)
	if err != nil || !c.Matches() || c.Account.ID != esc.ID {
		t.Fatalf("escrow check: %+v %v", c, err)
	}
	c, _ = e.l.CheckEscrow(e.ctx, e.in, 0, "t1", "EUR", 1_400)
	if c.Matches() {
		t.Fatal("escrow 1500 matched 1400 chips")
	}
	c, err = e.l.CheckEscrow(e.ctx, e.in, 0, "t-none", "EUR", 0)
	if err != nil || !c.Matches() || c.Account.ID != 0 {
		t.Fatalf("a table without escrow holds 0: %+v %v", c, err)
	}
	// Tamper with a balance behind the ledger's back: every check notices.
	if _, err := e.s.DB().ExecContext(e.ctx, "UPDATE accounts SET balance = balance + 7, held = 0 WHERE id = $1", p.ID); err != nil {
		t.Fatal(err)
	}
	r, err = e.l.Reconcile(e.ctx, e.in, "")
	if err != nil || r.OK() || r.Totals[0].Sum != 7 || !slices.Equal(r.Mismatched, []int64{p.ID}) || !slices.Equal(r.HeldMismatched, []int64{p.ID}) {
		t.Fatalf("tampered ledger: %+v %v", r, err)
	}
}

func testRakeReport(t *testing.T, e *env) {
	p := e.player("p1", 100_000)
	rev := e.open(ledger.KindHouseRevenue, "", "", "EUR")
	escs := map[string]ledger.Account{}
	for _, tb := range []string{"t1", "t2"} {
		escs[tb] = e.open(ledger.KindTableEscrow, tb, "", "EUR")
		e.move(p, escs[tb], 10_000, ledger.TransferBuyIn, ledger.Metadata{TableID: tb})
	}
	rake := func(tb, hand string, amount int64) {
		e.move(escs[tb], rev, amount, ledger.TransferRake, ledger.Metadata{TableID: tb, HandID: hand})
	}
	// Day 1 (14 March): t1 hands h1, h2, h5; t2 h3 (hand ids are per table).
	rake("t1", "h1", 30)
	rake("t1", "h2", 20)
	rake("t1", "h5", 5)
	rake("t2", "h3", 40)
	// gr-regulation-2 Γ.6: rake is taken once per hand. A second posting
	// for t1/h2 under another key is refused and changes nothing.
	_, err := e.l.Transfer(e.ctx, e.in, "rake-again", ledger.Leg{Debit: escs["t1"].ID, Credit: rev.ID, Amount: 20, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1", HandID: "h2"}})
	wantErr(t, err, connect.CodeAlreadyExists, ledger.ReasonRakePosted)
	_, err = e.l.Batch(e.ctx, e.in, "rake-batch", []ledger.Leg{
		{Debit: escs["t2"].ID, Credit: rev.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t2", HandID: "h7"}},
		{Debit: escs["t2"].ID, Credit: rev.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t2", HandID: "h7"}},
	})
	wantErr(t, err, connect.CodeAlreadyExists, ledger.ReasonRakePosted)
	// Day 2 (15 March, after UTC midnight): t1 h4.
	e.clock.Advance(3 * time.Hour)
	rake("t1", "h4", 60)
	pool := e.open(ledger.KindPrizePool, "tour1", "", "EUR")
	e.move(p, pool, 1_000, ledger.TransferTournamentEntry, ledger.Metadata{TournamentID: "tour1"})
	e.move(p, rev, 100, ledger.TransferTournamentFee, ledger.Metadata{TournamentID: "tour1"})

	_, err = e.l.Transfer(e.ctx, e.in, e.key(), ledger.Leg{Debit: escs["t1"].ID, Credit: rev.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1"}})
	wantErr(t, err, connect.CodeInvalidArgument, "RAKE_NEEDS_HAND")

	rows, err := e.l.RakeReport(e.ctx, e.in, ledger.RevenueQuery{Currency: "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	day1, day2 := time.Date(2030, 3, 14, 0, 0, 0, 0, time.UTC), time.Date(2030, 3, 15, 0, 0, 0, 0, time.UTC)
	want := []ledger.RevenueRow{
		{Kind: ledger.TransferRake, TableID: "t1", Day: day1, Amount: 55, Hands: 3, Transfers: 3},
		{Kind: ledger.TransferRake, TableID: "t2", Day: day1, Amount: 40, Hands: 1, Transfers: 1},
		{Kind: ledger.TransferRake, TableID: "t1", Day: day2, Amount: 60, Hands: 1, Transfers: 1},
	}
	if !slices.Equal(rows, want) {
		t.Fatalf("rake report\n got %+v\nwant %+v", rows, want)
	}
	rows, _ = e.l.RakeReport(e.ctx, e.in, ledger.RevenueQuery{Currency: "EUR", TableID: "t1", From: day2})
	if len(rows) != 1 || rows[0].Amount != 60 {
		t.Fatalf("filtered: %+v", rows)
	}
	rows, _ = e.l.RakeReport(e.ctx, e.in, ledger.RevenueQuery{Currency: "EUR", Kinds: []ledger.TransferKind{ledger.TransferTournamentFee}})
	if len(rows) != 1 || rows[0].TournamentID != "tour1" || rows[0].Amount != 100 || rows[0].Hands != 0 {
		t.Fatalf("fees: %+v", rows)
	}
	if a := e.acct(rev.ID); a.Balance != 255 {
		t.Fatalf("revenue = %d", a.Balance)
	}
	e.reconciled()
}

func testDatabaseCheck(t *testing.T, e *env) {
	p := e.player("p1", 100)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	pool := e.open(ledger.KindPrizePool, "tour1", "", "EUR")
	bank := e.open(ledger.KindHouseBank, "", "", "EUR")
	for _, a := range []ledger.Account{p, esc, pool} {
		if _, err := e.s.DB().ExecContext(e.ctx, "UPDATE accounts SET balance = -1 WHERE id = $1", a.ID); err == nil {
			t.Fatalf("the database let %s go negative", a.Kind)
		}
	}
	if _, err := e.s.DB().ExecContext(e.ctx, "UPDATE accounts SET held = 101 WHERE id = $1", p.ID); err == nil {
		t.Fatal("the database let held exceed the balance")
	}
	if _, err := e.s.DB().ExecContext(e.ctx, "UPDATE accounts SET balance = -1 WHERE id = $1", bank.ID); err != nil {
		t.Fatalf("house bank may go negative: %v", err)
	}
}

func testAppendOnly(t *testing.T, e *env) {
	p := e.player("p1", 100)
	for _, stmt := range []string{"UPDATE entries SET amount = 1", "DELETE FROM entries", "UPDATE transfers SET amount = 1", "DELETE FROM transfers"} {
		if _, err := e.s.DB().ExecContext(e.ctx, stmt); err == nil {
			t.Fatalf("%q was allowed", stmt)
		}
	}
	if a := e.acct(p.ID); a.Balance != 100 {
		t.Fatalf("balance = %d", a.Balance)
	}
}

func testScope(t *testing.T, e *env) {
	pa, pb := ledger.Partner("pa"), ledger.Partner("pb")
	cageB := e.open(ledger.KindExternal, "pb", "pb", "EUR")
	mine, err := e.l.OpenAccount(e.ctx, pa, ledger.Account{Kind: ledger.KindPlayer, OwnerID: "alice", Currency: "EUR"})
	if err != nil || mine.PartnerID != "pa" {
		t.Fatalf("partner opens its player: %+v %v", mine, err)
	}
	theirs := e.open(ledger.KindPlayer, "bob", "pb", "EUR")
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	_, err = e.l.OpenAccount(e.ctx, pa, ledger.Account{Kind: ledger.KindPlayer, OwnerID: "x", PartnerID: "pb", Currency: "EUR"})
	wantErr(t, err, connect.CodePermissionDenied, ledger.ReasonOperationDenied)
	_, err = e.l.OpenAccount(e.ctx, pa, ledger.Account{Kind: ledger.KindTableEscrow, OwnerID: "t2", Currency: "EUR"})
	wantErr(t, err, connect.CodePermissionDenied, ledger.ReasonOperationDenied)

	dep := ledger.Leg{Debit: e.cage.ID, Credit: mine.ID, Amount: 500, Currency: "EUR", Kind: ledger.TransferDeposit}
	if _, err := e.l.Transfer(e.ctx, pa, "d1", dep); err != nil {
		t.Fatalf("deposit: %v", err)
	}
	if _, err := e.l.Transfer(e.ctx, pa, "w1", ledger.Leg{Debit: mine.ID, Credit: e.cage.ID, Amount: 100, Currency: "EUR", Kind: ledger.TransferWithdrawal}); err != nil {
		t.Fatalf("withdrawal: %v", err)
	}
	cases := []struct {
		name   string
		c      ledger.Caller
		leg    ledger.Leg
		code   connect.Code
		reason string
	}{
		{"partner to another partner's player", pa, ledger.Leg{Debit: e.cage.ID, Credit: theirs.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferDeposit}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"partner from another partner's cage", pa, ledger.Leg{Debit: cageB.ID, Credit: mine.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferDeposit}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"partner buys in", pa, ledger.Leg{Debit: mine.ID, Credit: esc.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferBuyIn}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"partner deposit labelled withdrawal", pa, ledger.Leg{Debit: e.cage.ID, Credit: mine.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferWithdrawal}, connect.CodePermissionDenied, ledger.ReasonOperationDenied},
		{"other partner withdraws my player", pb, ledger.Leg{Debit: mine.ID, Credit: cageB.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferWithdrawal}, connect.CodeNotFound, ledger.ReasonAccountNotFound},
		{"player moves money", ledger.Player("pa", "alice"), ledger.Leg{Debit: mine.ID, Credit: e.cage.ID, Amount: 1, Currency: "EUR", Kind: ledger.TransferWithdrawal}, connect.CodePermissionDenied, ledger.ReasonOperationDenied},
	}
	for _, tc := range cases {
		_, err := e.l.Transfer(e.ctx, tc.c, "x-"+tc.name[:5], tc.leg)
		if apierr.Code(err) != tc.code || apierr.Reason(err) != tc.reason {
			t.Errorf("%s: got %v, want %v %s", tc.name, err, tc.code, tc.reason)
		}
	}
	if _, err := e.l.Batch(e.ctx, pa, "b", []ledger.Leg{dep}); apierr.Code(err) != connect.CodePermissionDenied {
		t.Errorf("partner batch: %v", err)
	}
	if _, err := e.l.CreateHold(e.ctx, pa, "h", dep, time.Minute); apierr.Code(err) != connect.CodePermissionDenied {
		t.Errorf("partner hold: %v", err)
	}
	if _, err := e.l.Reconcile(e.ctx, pa, ""); apierr.Code(err) != connect.CodePermissionDenied {
		t.Errorf("partner reconcile: %v", err)
	}
	// Reads.
	if _, err := e.l.Account(e.ctx, ledger.Player("pa", "alice"), mine.ID); err != nil {
		t.Errorf("player reads his account: %v", err)
	}
	if _, err := e.l.Account(e.ctx, ledger.Player("pa", "carol"), mine.ID); apierr.Code(err) != connect.CodeNotFound {
		t.Errorf("player reads another player's account: %v", err)
	}
	if _, err := e.l.Account(e.ctx, pb, mine.ID); apierr.Code(err) != connect.CodeNotFound {
		t.Errorf("partner reads another partner's player: %v", err)
	}
	if _, _, err := e.l.Entries(e.ctx, ledger.Player("pa", "alice"), ledger.StatementQuery{AccountID: esc.ID}); apierr.Code(err) != connect.CodeNotFound {
		t.Errorf("player reads the escrow statement: %v", err)
	}
	as, err := e.l.Accounts(e.ctx, pa, ledger.AccountFilter{})
	if err != nil || len(as) != 2 {
		t.Errorf("partner lists its accounts (cage, alice): %+v %v", as, err)
	}
	as, _ = e.l.Accounts(e.ctx, ledger.Player("pa", "alice"), ledger.AccountFilter{})
	if len(as) != 1 || as[0].ID != mine.ID {
		t.Errorf("player lists his accounts: %+v", as)
	}
	if got := e.acct(mine.ID).Balance; got != 400 {
		t.Errorf("alice = %d", got)
	}
}

func testMigrationsIdempotent(t *testing.T, e *env) {
	v, err := e.s.SchemaVersion(e.ctx)
	if err != nil || v < 1 {
		t.Fatalf("schema version %d %v", v, err)
	}
}
