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
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/telemetry/telemetrytest"
)

// postHoldsSuite is PostHolds' part of the suite (runSuite), on every store.
var postHoldsSuite = []struct {
	name string
	fn   func(t *testing.T, e *env)
}{
	{"PostHoldsPostsAThousandInOneCall", testPostHoldsBatch},
	{"PostHoldsAnswersEachHoldAsPostHoldWould", testPostHoldsMixed},
	{"PostHoldsRakeOfARakedHandIsRefusedAlone", testPostHoldsRake},
	{"PostHoldsRefusesABadRequestWhole", testPostHoldsRefusedWhole},
	{"PostHoldsBesideSinglePostsVoidsAndTransfers", testPostHoldsConcurrent},
}

// roundHold reserves amount of p's for the round escrow esc, as a banked
// table's bet placement does.
func (e *env) roundHold(p, esc ledger.Account, amount int64, ttl time.Duration) ledger.Hold {
	e.t.Helper()
	r, err := e.l.CreateHold(e.ctx, e.in, e.key(), ledger.Leg{Debit: p.ID, Credit: esc.ID, Amount: amount, Currency: "EUR",
		Kind: ledger.TransferStake, Meta: ledger.Metadata{TableID: esc.OwnerID, RoundID: "r1"}}, ttl)
	if err != nil {
		e.t.Fatalf("hold %d of %d: %v", amount, p.ID, err)
	}
	return *r.Hold
}

func testPostHoldsBatch(t *testing.T, e *env) {
	esc := e.open(ledger.KindRoundEscrow, "wheel1", "", "EUR")
	var players []ledger.Account
	for i := range 40 {
		players = append(players, e.player(fmt.Sprintf("p%d", i), 100_000))
	}
	// MaxHoldPosts holds, 25 per player, of 1..97 units; every seventh
	// posted in part.
	var posts []ledger.HoldPost
	var holds []ledger.Hold
	spent := map[int64]int64{}
	total := int64(0)
	for i := range ledger.MaxHoldPosts {
		p := players[i%len(players)]
		h := e.roundHold(p, esc, int64(1+i%97), time.Minute)
		want := h.Amount
		post := ledger.HoldPost{HoldID: h.ID}
		if i%7 == 0 && h.Amount > 1 {
			want = h.Amount / 2
			post.Amount = want
		}
		posts, holds = append(posts, post), append(holds, h)
		spent[p.ID] += want
		total += want
	}
	out, err := e.l.PostHolds(e.ctx, e.in, posts)
	if err != nil || len(out) != len(posts) {
		t.Fatalf("PostHolds: %d outcomes, %v", len(out), err)
	}
	seen := map[int64]bool{}
	for i, o := range out {
		want := holds[i].Amount
		if posts[i].Amount != 0 {
			want = posts[i].Amount
		}
		tr := o.Transfer
		if o.Err != nil || o.Replayed || o.Hold.ID != holds[i].ID || o.Hold.State != ledger.HoldPosted || o.Hold.PostedAmount != want ||
			o.Hold.TransferID != tr.ID || tr.ID == 0 || seen[tr.ID] || tr.HoldID != holds[i].ID || tr.Amount != want ||
			tr.Debit != holds[i].Debit || tr.Credit != esc.ID || tr.Kind != ledger.TransferStake || tr.Meta.RoundID != "r1" || !tr.CreatedAt.Equal(t0) {
			t.Fatalf("outcome %d: %+v", i, o)
		}
		seen[tr.ID] = true
		if got, err := e.l.TransferByID(e.ctx, e.in, tr.ID); err != nil || got != tr {
			t.Fatalf("transfer %d in the store: %+v %v", tr.ID, got, err)
		}
		if got, err := e.l.Hold(e.ctx, e.in, holds[i].ID); err != nil || got != o.Hold {
			t.Fatalf("hold %d in the store: %+v %v, answered %+v", holds[i].ID, got, err, o.Hold)
		}
	}
	// To the unit: every player paid what was posted of his holds, nothing
	// stays held, the escrow has it all.
	for _, p := range players {
		if got := e.balances(p); !slices.Equal(got, []int64{100_000 - spent[p.ID], 0}) {
			t.Fatalf("player %s: %v, want %d held 0", p.OwnerID, got, 100_000-spent[p.ID])
		}
	}
	if got := e.balances(esc); !slices.Equal(got, []int64{total, 0}) {
		t.Fatalf("escrow %v, want %d", got, total)
	}
	// The escrow's statement: one entry per hold, in request order, with
	// its running balance.
	var es []ledger.Entry
	for tok := ""; ; {
		page, next, err := e.l.Entries(e.ctx, e.in, ledger.StatementQuery{AccountID: esc.ID, PageSize: ledger.MaxPage, PageToken: tok})
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, page...)
		if tok = next; tok == "" {
			break
		}
	}
	bal := int64(0)
	for i, en := range es {
		bal += en.Amount
		if i >= len(out) || en.TransferID != out[i].Transfer.ID || en.BalanceAfter != bal {
			t.Fatalf("escrow entry %d: %+v, running balance %d", i, en, bal)
		}
	}
	if len(es) != len(out) {
		t.Fatalf("%d escrow entries for %d posts", len(es), len(out))
	}
	e.reconciled()

	// The same request again answers every hold replayed and moves nothing.
	e.clock.Advance(time.Second)
	before := e.state()
	again, err := e.l.PostHolds(e.ctx, e.in, posts)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range again {
		if o.Err != nil || !o.Replayed || o.Transfer != out[i].Transfer || o.Hold != out[i].Hold {
			t.Fatalf("replay %d: %+v, first %+v", i, o, out[i])
		}
	}
	if after := e.state(); after != before {
		t.Fatalf("the replay changed the ledger:\nbefore\n%s\nafter\n%s", before, after)
	}
}

// testPostHoldsMixed: good holds post; each bad one is refused exactly as
// PostHold refuses it alone, and nothing of it moves.
func testPostHoldsMixed(t *testing.T, e *env) {
	alice, bob := e.player("alice", 10_000), e.player("bob", 10_000)
	esc := e.open(ledger.KindRoundEscrow, "wheel1", "", "EUR")
	good1 := e.roundHold(alice, esc, 100, time.Minute)
	expired := e.roundHold(alice, esc, 200, 10*time.Second)
	voided := e.roundHold(bob, esc, 300, time.Minute)
	if _, _, err := e.l.VoidHold(e.ctx, e.in, voided.ID); err != nil {
		t.Fatal(err)
	}
	posted := e.roundHold(bob, esc, 400, time.Minute)
	if _, _, _, err := e.l.PostHold(e.ctx, e.in, posted.ID, 0); err != nil {
		t.Fatal(err)
	}
	part := e.roundHold(bob, esc, 500, time.Minute)
	tooMuch := e.roundHold(alice, esc, 600, time.Minute)
	// Metadata travels to the transfer as it is, whatever its characters.
	meta := ledger.Metadata{TableID: "wheel1", RoundID: "r'1", Note: `"split" 17\20 — ♠ ü, 'x' \u0041 `}
	r, err := e.l.CreateHold(e.ctx, e.in, e.key(), ledger.Leg{Debit: bob.ID, Credit: esc.ID, Amount: 700, Currency: "EUR", Kind: ledger.TransferStake, Meta: meta}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	good2 := *r.Hold
	e.clock.Advance(10 * time.Second) // expired is due, not yet swept
	posts := []ledger.HoldPost{
		{HoldID: good1.ID},
		{HoldID: expired.ID},
		{HoldID: voided.ID},
		{HoldID: 999_999},
		{HoldID: posted.ID, Amount: 399},
		{HoldID: part.ID, Amount: 123},
		{HoldID: tooMuch.ID, Amount: 601},
		{HoldID: good2.ID},
	}
	wantFail := map[int]struct {
		code   connect.Code
		reason string
	}{
		1: {connect.CodeFailedPrecondition, ledger.ReasonHoldExpired},
		2: {connect.CodeFailedPrecondition, ledger.ReasonHoldNotPending},
		3: {connect.CodeNotFound, ledger.ReasonHoldNotFound},
		4: {connect.CodeFailedPrecondition, ledger.ReasonHoldNotPending},
		6: {connect.CodeInvalidArgument, "AMOUNT_EXCEEDS_HOLD"},
	}
	out, err := e.l.PostHolds(e.ctx, e.in, posts)
	if err != nil || len(out) != len(posts) {
		t.Fatalf("PostHolds: %+v %v", out, err)
	}
	for i, o := range out {
		if w, bad := wantFail[i]; bad {
			wantErr(t, o.Err, w.code, w.reason)
			if o.Hold.ID != 0 || o.Transfer.ID != 0 || o.Replayed {
				t.Errorf("refused hold %d came back with %+v", i, o)
			}
			continue
		}
		if o.Err != nil || o.Replayed || o.Hold.State != ledger.HoldPosted {
			t.Fatalf("hold %d: %+v", i, o)
		}
	}
	if out[5].Transfer.Amount != 123 || out[5].Hold.PostedAmount != 123 {
		t.Fatalf("partial post: %+v", out[5])
	}
	if tr, err := e.l.TransferByID(e.ctx, e.in, out[7].Transfer.ID); err != nil || tr.Meta != meta || tr != out[7].Transfer {
		t.Fatalf("stored transfer %+v %v, answered %+v", tr, err, out[7].Transfer)
	}
	// alice: 10000 - 100 (good1), still holding expired 200 and tooMuch
	// 600; bob: 10000 - 400 (posted) - 123 (part) - 700 (good2).
	if got := e.balances(alice, bob, esc); !slices.Equal(got, []int64{9_900, 800, 8_777, 0, 1_323, 0}) {
		t.Fatalf("balances = %v", got)
	}
	states := map[int64]ledger.HoldState{expired.ID: ledger.HoldPending, voided.ID: ledger.HoldVoided, tooMuch.ID: ledger.HoldPending}
	for id, want := range states {
		if h, err := e.l.Hold(e.ctx, e.in, id); err != nil || h.State != want || h.TransferID != 0 {
			t.Errorf("refused hold %d: %+v %v", id, h, err)
		}
	}
	// PostHold alone gives each bad hold the same answer.
	for i, w := range wantFail {
		_, _, _, err := e.l.PostHold(e.ctx, e.in, posts[i].HoldID, posts[i].Amount)
		wantErr(t, err, w.code, w.reason)
		if apierr.Reason(out[i].Err) != apierr.Reason(err) {
			t.Errorf("hold %d: PostHolds said %v, PostHold says %v", i, out[i].Err, err)
		}
	}
	e.reconciled()
}

// testPostHoldsRake: a rake hold for a hand already raked fails the shared
// transaction in the database (the per-hand unique index); the holds are
// then posted one by one and only that one is refused.
func testPostHoldsRake(t *testing.T, e *env) {
	p := e.player("p1", 10_000)
	esc := e.open(ledger.KindTableEscrow, "t1", "", "EUR")
	rev := e.open(ledger.KindHouseRevenue, "", "", "EUR")
	e.move(p, esc, 5_000, ledger.TransferBuyIn, ledger.Metadata{TableID: "t1"})
	e.move(esc, rev, 10, ledger.TransferRake, ledger.Metadata{TableID: "t1", HandID: "h1"})
	rake := func(hand string) ledger.Hold {
		r, err := e.l.CreateHold(e.ctx, e.in, e.key(), ledger.Leg{Debit: esc.ID, Credit: rev.ID, Amount: 5, Currency: "EUR",
			Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: "t1", HandID: hand}}, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return *r.Hold
	}
	stake := e.hold(p, esc, 50, time.Minute)
	again, h2a, h2b := rake("h1"), rake("h2"), rake("h2")
	out, err := e.l.PostHolds(e.ctx, e.in, []ledger.HoldPost{{HoldID: stake.ID}, {HoldID: again.ID}, {HoldID: h2a.ID}, {HoldID: h2b.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if out[0].Err != nil || out[2].Err != nil || out[0].Hold.State != ledger.HoldPosted || out[2].Transfer.Amount != 5 {
		t.Fatalf("good holds: %+v %+v", out[0], out[2])
	}
	wantErr(t, out[1].Err, connect.CodeAlreadyExists, ledger.ReasonRakePosted)
	wantErr(t, out[3].Err, connect.CodeAlreadyExists, ledger.ReasonRakePosted)
	// p: 10000 - 5000 - 50; escrow: 5000 - 10 + 50 - 5, holding 10; rev: 15.
	if got := e.balances(p, esc, rev); !slices.Equal(got, []int64{4_950, 0, 5_035, 10, 15, 0}) {
		t.Fatalf("balances = %v", got)
	}
	e.reconciled()
}

func testPostHoldsRefusedWhole(t *testing.T, e *env) {
	p := e.player("p1", 10_000)
	esc := e.open(ledger.KindRoundEscrow, "wheel1", "", "EUR")
	a, b := e.roundHold(p, esc, 100, time.Minute), e.roundHold(p, esc, 200, time.Minute)
	tooMany := make([]ledger.HoldPost, ledger.MaxHoldPosts+1)
	for i := range tooMany {
		tooMany[i] = ledger.HoldPost{HoldID: a.ID + int64(i)}
	}
	cases := []struct {
		name   string
		c      ledger.Caller
		posts  []ledger.HoldPost
		code   connect.Code
		reason string
	}{
		{"a hold twice", e.in, []ledger.HoldPost{{HoldID: a.ID}, {HoldID: b.ID}, {HoldID: a.ID}}, connect.CodeInvalidArgument, "DUPLICATE_HOLD"},
		{"a hold twice, other amounts", e.in, []ledger.HoldPost{{HoldID: a.ID, Amount: 1}, {HoldID: a.ID, Amount: 2}}, connect.CodeInvalidArgument, "DUPLICATE_HOLD"},
		{"more than MaxHoldPosts", e.in, tooMany, connect.CodeInvalidArgument, "INVALID_BATCH"},
		{"none", e.in, nil, connect.CodeInvalidArgument, "INVALID_BATCH"},
		{"no hold id", e.in, []ledger.HoldPost{{HoldID: a.ID}, {}}, connect.CodeInvalidArgument, "INVALID_HOLD_ID"},
		{"negative amount", e.in, []ledger.HoldPost{{HoldID: a.ID}, {HoldID: b.ID, Amount: -1}}, connect.CodeInvalidArgument, "INVALID_AMOUNT"},
		{"amount beyond MaxAmount", e.in, []ledger.HoldPost{{HoldID: a.ID, Amount: ledger.MaxAmount + 1}}, connect.CodeInvalidArgument, "INVALID_AMOUNT"},
		{"a partner", ledger.Partner("pa"), []ledger.HoldPost{{HoldID: a.ID}}, connect.CodePermissionDenied, ledger.ReasonOperationDenied},
		{"a player", ledger.Player("pa", "p1"), []ledger.HoldPost{{HoldID: a.ID}}, connect.CodePermissionDenied, ledger.ReasonOperationDenied},
	}
	for _, tc := range cases {
		before := e.state()
		out, err := e.l.PostHolds(e.ctx, tc.c, tc.posts)
		if out != nil {
			t.Errorf("%s: outcomes %+v", tc.name, out)
		}
		wantErr(t, err, tc.code, tc.reason)
		if after := e.state(); after != before {
			t.Errorf("%s: the refusal changed the ledger:\nbefore\n%s\nafter\n%s", tc.name, before, after)
		}
	}
	if got := e.balances(p); !slices.Equal(got, []int64{10_000, 300}) {
		t.Fatalf("balances = %v", got)
	}
}

func TestPostHoldsMetricsOnSQLite(t *testing.T) { runPostHoldsMetrics(t, openSQLiteMetered, "sqlite") }

// runPostHoldsMetrics: PostHolds counts each hold as PostHold would alone
// (posted, replayed, refused under its reason) and a request refused whole
// once, under post_holds.
func runPostHoldsMetrics(t *testing.T, open meteredOpener, system string) {
	tel := prometheusTelemetry(t)
	meter := tel.Meter("croupier/wallet")
	s := open(t, meter)
	clock := dbtest.NewClock(t0)
	e := &env{t: t, ctx: context.Background(), s: s, l: ledger.New(s, ledger.Options{Now: clock.Now, Meter: meter}), clock: clock, in: ledger.Internal()}
	e.cage = e.open(ledger.KindExternal, "pa", "pa", "EUR")
	p := e.player("p1", 1_000)
	esc := e.open(ledger.KindRoundEscrow, "wheel1", "", "EUR")
	a, b, c := e.roundHold(p, esc, 100, time.Minute), e.roundHold(p, esc, 200, time.Minute), e.roundHold(p, esc, 300, time.Minute)
	if _, _, err := e.l.VoidHold(e.ctx, e.in, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.l.PostHolds(e.ctx, e.in, []ledger.HoldPost{{HoldID: a.ID}, {HoldID: b.ID, Amount: 50}, {HoldID: c.ID}, {HoldID: 999_999}}); err != nil {
		t.Fatal(err)
	}
	if out, err := e.l.PostHolds(e.ctx, e.in, []ledger.HoldPost{{HoldID: a.ID}}); err != nil || !out[0].Replayed {
		t.Fatalf("replay: %+v %v", out, err)
	}
	if _, err := e.l.PostHolds(e.ctx, e.in, []ledger.HoldPost{{HoldID: a.ID}, {HoldID: a.ID}}); err == nil {
		t.Fatal("a hold twice accepted")
	}
	sc, err := telemetrytest.Get(tel.MetricsAddr())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		labels []string
		want   float64
	}{
		{"croupier_wallet_holds_total", []string{"event", "posted"}, 2},
		{"croupier_wallet_transfers_total", []string{"kind", "stake"}, 2},
		{"croupier_wallet_transfer_amount_total", []string{"kind", "stake", "currency", "EUR"}, 150},
		{"croupier_wallet_replays_total", []string{"operation", "post_hold"}, 1},
		{"croupier_wallet_refusals_total", []string{"operation", "post_hold", "reason", ledger.ReasonHoldNotPending}, 1},
		{"croupier_wallet_refusals_total", []string{"operation", "post_hold", "reason", ledger.ReasonHoldNotFound}, 1},
		{"croupier_wallet_refusals_total", []string{"operation", "post_holds", "reason", "DUPLICATE_HOLD"}, 1},
		{"croupier_wallet_refusals_total", nil, 3},
	} {
		if got, ok := sc.Value(c.name, c.labels...); !ok || got != c.want {
			t.Errorf("%s: %s%v = %v (found %v), want %v", system, c.name, c.labels, got, ok, c.want)
		}
	}
	if n, ok := sc.Value("croupier_wallet_commit_duration_milliseconds", "operation", "post_holds"); !ok || n != 2 {
		t.Errorf("%s: post_holds commits timed %v times, want 2 (the refused request reached no store)", system, n)
	}
}
