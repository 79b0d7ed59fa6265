package main

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/shared/telemetry/telemetrytest"
)

// dashboard is the Grafana dashboard the repository ships.
const dashboard = "../../deploy/grafana/croupier.json"

// startMetricsStack is startAuthzStack with the Prometheus exporter on, as
// the chart sets it (OTEL_METRICS_EXPORTER=prometheus), on a free port: one
// endpoint for every service of the process.
func startMetricsStack(t *testing.T) *authzStack {
	t.Helper()
	env := map[string]string{"OTEL_METRICS_EXPORTER": "prometheus", "OTEL_EXPORTER_PROMETHEUS_HOST": "127.0.0.1", "OTEL_EXPORTER_PROMETHEUS_PORT": "0"}
	return startAuthzStackEnv(t, func(k string) string { return env[k] })
}

// TestMetricsOfEveryServiceOnTheScrape drives one real action per service
// through the stack, scrapes its Prometheus endpoint, and checks the
// series they made, then that every metric the shipped dashboard queries
// is on that scrape (so the dashboard cannot drift from the code).
func TestMetricsOfEveryServiceOnTheScrape(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every service and a Temporal server")
	}
	s := startMetricsStack(t)
	w := newAuthzWorld(t, s) // a deposit, a table, alice's seat (a buy-in)
	ctx := context.Background()

	// A refusal: alice's partner moves more than she has.
	p1 := s.wallet(s.credential(t, "partner p1"))
	if _, err := p1.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "too-much", Transfer: &walletv1.TransferSpec{
		DebitAccountId: w.alice, CreditAccountId: w.cage, Amount: &commonv1.Money{Amount: 10_000_000, Currency: "EUR"},
		Kind: walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL}})); err == nil {
		t.Fatal("overdraft accepted")
	}
	// A hold (what a tournament registration would place) and a
	// reconciliation, both internal calls.
	svc := s.wallet(s.credential(t, "service"))
	if _, err := svc.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: "hold-1", TtlSeconds: 60, Transfer: &walletv1.TransferSpec{
		DebitAccountId: w.alice, CreditAccountId: w.cage, Amount: &commonv1.Money{Amount: 100, Currency: "EUR"},
		Kind: walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL}})); err != nil {
		t.Fatalf("hold: %v", err)
	}
	if r, err := svc.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{})); err != nil {
		t.Fatalf("reconcile: %v", err)
	} else if !r.Msg.GetOk() {
		t.Fatalf("ledger does not reconcile: %v", r.Msg)
	}
	ev := evaluatorv1connect.NewEvaluatorServiceClient(s.hc, s.base, connect.WithGRPC(), s.credential(t, "partner p1").option())
	if _, err := ev.Evaluate(ctx, connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{{Hole: []string{"As", "Ks"}, Board: []string{"Qs", "Js", "Ts", "2c", "3d"}}}})); err != nil {
		t.Fatalf("evaluate: %v", err)
	}
	if _, err := ev.Evaluate(ctx, connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{{Hole: []string{"As", "Kx"}, Board: []string{"Qs", "Js", "Ts"}}}})); err == nil {
		t.Fatal("bad card notation evaluated")
	}
	tc := func(name string) tournamentv1connect.TournamentServiceClient {
		return tournamentv1connect.NewTournamentServiceClient(s.hc, s.base, connect.WithGRPC(), s.credential(t, name).option())
	}
	eur := func(v int64) *commonv1.Money { return &commonv1.Money{Amount: v, Currency: "EUR"} }
	created, err := tc("operator").CreateTournament(ctx, connect.NewRequest(&tournamentv1.CreateTournamentRequest{
		Name: "metrics", IdempotencyKey: "metrics", StartsAt: timestamppb.New(time.Now().Add(time.Hour)),
		Structure: &tournamentv1.Structure{
			Game: "holdem", BuyIn: eur(1000), Fee: eur(100), FeeRule: tournamentv1.FeeRule_FEE_RULE_GREEK, StartingStack: 10000,
			Levels:        []*tournamentv1.Level{{SmallBlind: 25, BigBlind: 50, DurationSeconds: 600}},
			SeatsPerTable: 9, PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE, PayoutBps: []int32{10000},
			MinEntrants: 2, MaxEntrants: 10,
		}}))
	if err != nil {
		t.Fatalf("create tournament: %v", err)
	}
	if _, err := tc("player alice@p1").Register(ctx, connect.NewRequest(&tournamentv1.RegisterRequest{
		TournamentId: created.Msg.GetTournament().GetTournamentId(), IdempotencyKey: "alice", DisplayName: "Alice"})); err != nil {
		t.Fatalf("alice registers: %v", err)
	}

	sc, err := telemetrytest.Get(s.rt.Telemetry.MetricsAddr())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		labels []string
		want   float64 // -1: any value above zero
	}{
		{"croupier_wallet_transfers_total", []string{"kind", "deposit"}, 1},
		{"croupier_wallet_transfers_total", []string{"kind", "buy_in"}, 1},
		{"croupier_wallet_refusals_total", []string{"operation", "transfer", "reason", "INSUFFICIENT_FUNDS"}, 1},
		{"croupier_wallet_commit_duration_milliseconds", nil, -1},
		{"croupier_wallet_holds_total", []string{"event", "created"}, -1}, // ours, and the seat's and the registration's
		{"croupier_wallet_reconciliations_total", []string{"result", "balanced"}, 1},
		{"croupier_wallet_db_connections_max", []string{"db_system", "sqlite"}, 4},
		{"croupier_table_commands_total", nil, -1},
		{"croupier_evaluator_evaluations_total", []string{"kind", "evaluate", "game", "GAME_HIGH"}, 2},
		{"croupier_evaluator_errors_total", []string{"kind", "evaluate", "reason", "BAD_CARD_NOTATION"}, 1},
		{"croupier_tournament_created_total", nil, 1},
		{"croupier_tournament_updates_total", []string{"update", "register", "result", "accepted"}, 1},
		{"croupier_tournament_tournaments", []string{"phase", "registering"}, 1},
		{"croupier_tournament_entrants", []string{"phase", "registering"}, 1},
		{"croupier_rng_healthy", nil, 1},
		{"rpc_server_duration_milliseconds", []string{"rpc_service", "croupier.wallet.v1.WalletService"}, -1},
		{"go_goroutine_count", nil, -1},
	} {
		got, ok := sc.Value(c.name, c.labels...)
		if !ok || (c.want < 0 && got <= 0) || (c.want >= 0 && got != c.want) {
			t.Errorf("%s%v = %v (found %v), want %v", c.name, c.labels, got, ok, c.want)
		}
	}

	// The dashboard's queries name only metrics of this scrape.
	names, err := dashboardMetrics(dashboard)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 20 {
		t.Fatalf("found only %d metric names in %s: %q", len(names), dashboard, names)
	}
	for _, n := range names {
		if _, ok := sc[family(sc, n)]; ok {
			continue
		}
		if n == "croupier_wallet_group_commit_size_bucket" || n == "croupier_wallet_group_commit_size_sum" || n == "croupier_wallet_group_commit_size_count" {
			// Group commit runs on PostgreSQL only (the stack's ledger is
			// SQLite): services/wallet/ledger TestMetricsOnPostgres scrapes it.
			continue
		}
		t.Errorf("dashboard %s queries %s, which the stack does not export (scrape has %d families)", dashboard, n, len(sc))
	}
}

// family maps a series name a query uses (a histogram's _bucket, _sum or
// _count) to the metric family that carries it.
func family(sc telemetrytest.Scrape, name string) string {
	if _, ok := sc[name]; ok {
		return name
	}
	for _, suffix := range []string{"_bucket", "_sum", "_count"} {
		if base, ok := strings.CutSuffix(name, suffix); ok {
			if _, ok := sc[base]; ok {
				return base
			}
		}
	}
	return name
}

// metricName matches the metric names a PromQL expression of the
// dashboard uses: every one starts with a prefix of ours or of the
// libraries we instrument with.
var metricName = regexp.MustCompile(`\b(?:croupier|rpc|go|temporal|db_client|target)_[a-zA-Z0-9_]+`)

// grouping matches PromQL's label lists: by (...), without (...), on (...).
var grouping = regexp.MustCompile(`\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)`)

// dashboardMetrics lists the metric names of every query (expr) of a
// Grafana dashboard, its template variables' queries included.
func dashboardMetrics(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && (k == "expr" || k == "query") {
					s = grouping.ReplaceAllString(s, " ") // label names only
					for _, at := range metricName.FindAllStringIndex(s, -1) {
						n, rest := s[at[0]:at[1]], strings.TrimSpace(s[at[1]:])
						if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "!") {
							continue // a label matcher (go_memory_type="other")
						}
						if !slices.Contains(out, n) {
							out = append(out, n)
						}
					}
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
	slices.Sort(out)
	return out, nil
}
