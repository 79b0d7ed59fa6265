package ledger_test

import (
	"context"
	"testing"
	"time"

	"go.opentelemetry.io/otel/metric"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/services/wallet/store"
	"github.com/croupier/croupier/shared/telemetry"
	"github.com/croupier/croupier/shared/telemetry/telemetrytest"
)

// meteredOpener opens a store whose instruments come from meter.
type meteredOpener func(t *testing.T, meter metric.Meter) *store.Store

func openSQLiteMetered(t *testing.T, meter metric.Meter) *store.Store {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), dbtest.SQLite(t), store.Options{SQLiteSync: "NORMAL", Meter: meter})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// prometheusTelemetry is a binary's telemetry as the chart configures it:
// the Prometheus exporter (on a free loopback port here).
func prometheusTelemetry(t *testing.T) *telemetry.Telemetry {
	t.Helper()
	env := map[string]string{"OTEL_METRICS_EXPORTER": "prometheus", "OTEL_EXPORTER_PROMETHEUS_HOST": "127.0.0.1", "OTEL_EXPORTER_PROMETHEUS_PORT": "0"}
	tel, err := telemetry.Setup(context.Background(), telemetry.Config{ServiceName: "croupier-wallet", Getenv: func(k string) string { return env[k] }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tel.Shutdown(context.Background()) })
	return tel
}

func TestMetricsOnSQLite(t *testing.T) { runMetrics(t, openSQLiteMetered, "sqlite") }

// runMetrics drives each kind of wallet call once and reads the scrape:
// every transfer counted once under its kind, a replay as a replay and not
// a transfer, each refusal under its reason.
func runMetrics(t *testing.T, open meteredOpener, system string) {
	tel := prometheusTelemetry(t)
	meter := tel.Meter("croupier/wallet")
	s := open(t, meter)
	clock := dbtest.NewClock(t0)
	e := &env{t: t, ctx: context.Background(), s: s, l: ledger.New(s, ledger.Options{Now: clock.Now, Meter: meter}), clock: clock, in: ledger.Internal()}
	e.cage = e.open(ledger.KindExternal, "pa", "pa", "EUR")
	alice := e.player("alice", 1000) // one deposit
	escrow := e.open(ledger.KindTableEscrow, "t1", "", "EUR")

	buyIn := ledger.Leg{Debit: alice.ID, Credit: escrow.ID, Amount: 300, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: "t1"}}
	if _, err := e.l.Transfer(e.ctx, e.in, "buy-1", buyIn); err != nil {
		t.Fatal(err)
	}
	if r, err := e.l.Transfer(e.ctx, e.in, "buy-1", buyIn); err != nil || !r.Replayed {
		t.Fatalf("retry: %v %v", r.Replayed, err)
	}
	tooMuch := buyIn
	tooMuch.Amount = 5000
	if _, err := e.l.Transfer(e.ctx, e.in, "buy-2", tooMuch); err == nil {
		t.Fatal("overdraft accepted")
	}
	if _, err := e.l.Transfer(e.ctx, e.in, "buy-1", tooMuch); err == nil {
		t.Fatal("key reused with another body accepted")
	}
	hold, err := e.l.CreateHold(e.ctx, e.in, "hold-1", ledger.Leg{Debit: alice.ID, Credit: escrow.ID, Amount: 200, Currency: "EUR", Kind: ledger.TransferBuyIn,
		Meta: ledger.Metadata{TableID: "t1"}}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := e.l.PostHold(e.ctx, e.in, hold.Hold.ID, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := e.l.Batch(e.ctx, e.in, "cash-1", []ledger.Leg{{Debit: escrow.ID, Credit: alice.ID, Amount: 500, Currency: "EUR", Kind: ledger.TransferCashOut, Meta: ledger.Metadata{TableID: "t1"}}}); err != nil {
		t.Fatal(err)
	}
	if r, err := e.l.Reconcile(e.ctx, e.in, ""); err != nil || !r.OK() {
		t.Fatalf("reconcile: %+v %v", r, err)
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
		{"croupier_wallet_transfers_total", []string{"kind", "deposit"}, 1},
		{"croupier_wallet_transfers_total", []string{"kind", "buy_in"}, 2}, // the transfer and the posted hold
		{"croupier_wallet_transfers_total", []string{"kind", "cash_out"}, 1},
		{"croupier_wallet_transfers_total", nil, 4},
		{"croupier_wallet_transfer_amount_total", []string{"kind", "buy_in", "currency", "EUR"}, 500},
		{"croupier_wallet_replays_total", []string{"operation", "transfer"}, 1},
		{"croupier_wallet_refusals_total", []string{"operation", "transfer", "reason", ledger.ReasonInsufficientFunds}, 1},
		{"croupier_wallet_refusals_total", []string{"operation", "transfer", "reason", ledger.ReasonKeyReused}, 1},
		{"croupier_wallet_refusals_total", nil, 2},
		{"croupier_wallet_holds_total", []string{"event", "created"}, 1},
		{"croupier_wallet_holds_total", []string{"event", "posted"}, 1},
		{"croupier_wallet_reconciliations_total", []string{"result", "balanced"}, 1},
		{"croupier_wallet_reconciliation_mismatches_total", nil, 0},
		{"croupier_wallet_db_connections_max", []string{"db_system", system}, map[string]float64{"sqlite": 4, "postgresql": 8}[system]},
	} {
		if got, ok := sc.Value(c.name, c.labels...); !ok || got != c.want {
			t.Errorf("%s%v = %v (found %v), want %v", c.name, c.labels, got, ok, c.want)
		}
	}
	// Every write was timed; on PostgreSQL the reconciliation (a read-only
	// snapshot) was not (on SQLite it takes the writer's lock like a write).
	if n, _ := sc.Value("croupier_wallet_commit_duration_milliseconds"); n < 5 {
		t.Errorf("commit duration observations = %v, want one per write (>= 5)", n)
	}
	if _, ok := sc.Value("croupier_wallet_commit_duration_milliseconds", "operation", "reconcile"); ok && system == "postgresql" {
		t.Error("the read-only reconciliation was timed as a commit")
	}
	if _, ok := sc.Value("croupier_wallet_db_connections", "state", "idle", "db_system", system); !ok {
		t.Error("no idle-connections series")
	}
	if system == "postgresql" {
		// Single transfers go through the group committer there.
		if n, _ := sc.Value("croupier_wallet_group_commit_size"); n < 2 {
			t.Errorf("group commits observed = %v, want the deposit and the buy-in", n)
		}
	}
}
