//go:build integration

package tabletest

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/tools/platform"
)

// observed is a table core on the env's Redis and services whose logs and
// metrics a test reads.
type observed struct {
	*table.Service
	reader *sdkmetric.ManualReader
	mu     sync.Mutex
	logs   bytes.Buffer
}

func (o *observed) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.logs.Write(p)
}

func (o *observed) log() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.logs.String()
}

// counter sums the points of a counter whose attributes include attrs.
func (o *observed) counter(t *testing.T, name string, attrs ...attribute.KeyValue) int64 {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := o.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			sum, ok := m.Data.(metricdata.Sum[int64])
			if m.Name != name || !ok {
				continue
			}
		points:
			for _, p := range sum.DataPoints {
				for _, a := range attrs {
					if v, ok := p.Attributes.Value(a.Key); !ok || v != a.Value {
						continue points
					}
				}
				n += p.Value
			}
		}
	}
	return n
}

func (e *env) observedCore(opts table.Options) *observed {
	e.t.Helper()
	o := &observed{reader: sdkmetric.NewManualReader()}
	hc := client.NewHTTPClient()
	copts := append(e.st.Runtime.ClientOptions(), client.NoGzip())
	core, err := table.New(table.Deps{Store: e.st.Store,
		RNG:       rngv1connect.NewRngServiceClient(hc, e.st.URL, copts...),
		Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, e.st.URL, copts...),
		Wallet:    walletv1connect.NewWalletServiceClient(hc, e.st.URL, copts...),
		Log:       slog.New(slog.NewJSONHandler(o, nil)),
		Meter:     sdkmetric.NewMeterProvider(sdkmetric.WithReader(o.reader)).Meter("test"),
	}, opts)
	if err != nil {
		e.t.Fatal(err)
	}
	o.Service = core
	ctx, cancel := context.WithCancel(e.ctx)
	e.t.Cleanup(cancel)
	go core.Run(ctx)
	return o
}

// pausedTable opens a cash table, paused (nothing is dealt), with alice
// seated for 10,000.
func (e *env) pausedTable(core *table.Service) (id string, alice table.Caller) {
	e.t.Helper()
	sum, err := core.CreateTable(e.ctx, table.TableSpec{Name: "t", Game: profile.Holdem, Structure: betting.NoLimit,
		Stakes:   profile.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100},
		MinBuyIn: 2000, MaxBuyIn: 20000, MaxSeats: 6, Clock: live.Clock{Action: 30 * time.Second, Pause: time.Minute}})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := core.PauseTable(e.ctx, sum.ID, "test"); err != nil {
		e.t.Fatal(err)
	}
	alice = e.funded("alice")
	if _, err := core.TakeSeat(e.ctx, sum.ID, alice, 0, 10_000, "EUR", "a", "Alice", false); err != nil {
		e.t.Fatal(err)
	}
	return sum.ID, alice
}

func (e *env) funded(player string) table.Caller {
	e.t.Helper()
	acct, err := platform.Fund(e.ctx, e.op.Wallet, e.st.Partner, player, "EUR", 1_000_000)
	if err != nil {
		e.t.Fatal(err)
	}
	e.accounts[player] = acct
	return table.Caller{Player: player, Partner: e.st.Partner}
}

// tableKeys are a table's Redis keys a failover restores.
func (e *env) tableKeys(id string) []string {
	p := e.prefix + "table:{" + id + "}:"
	return []string{p + "ver", p + "snap", p + "log", p + "head"}
}

// save DUMPs a table's keys: the "older AOF" a failover restores.
func (e *env) save(id string) map[string]string {
	e.t.Helper()
	out := map[string]string{}
	for _, k := range e.tableKeys(id) {
		d, err := e.st.Redis.Dump(e.ctx, k).Result()
		if err != nil {
			e.t.Fatalf("dump %s: %v", k, err)
		}
		out[k] = d
	}
	return out
}

func (e *env) restore(saved map[string]string) {
	e.t.Helper()
	for k, d := range saved {
		if err := e.st.Redis.RestoreReplace(e.ctx, k, 0, d).Err(); err != nil {
			e.t.Fatalf("restore %s: %v", k, err)
		}
	}
}

func (e *env) storedVersion(id string) uint64 {
	e.t.Helper()
	v, err := e.st.Store.Version(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// Issue 11 (High, a replica ahead of Redis): Redis fails over to an older
// copy of a table behind a replica's back, older than the replica's cache
// ("older") or, written on since by another replica, at the same version
// with another history ("diverged"). The replica's next command is not
// applied (on its cache or on the stored table): it is refused with
// STATE_REWOUND, the cache is reloaded from Redis, the alarm fires (an
// error log with the table id and both versions, the
// croupier.table.state_rewinds counter), the table is frozen for review,
// and the escrow audit finds the escrow (alice's and bob's buy-ins) larger
// than the chips of the restored table (alice's only).
func TestReplicaAheadOfRedisDetectsTheRewind(t *testing.T) {
	for _, tc := range []struct {
		name     string
		diverged bool
	}{{"older copy", false}, {"older copy written on since", true}} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			a := e.observedCore(table.Options{EscrowCheckEvery: -1, EscrowAuditEvery: -1})
			id, alice := e.pausedTable(a.Service)
			saved := e.save(id)
			bob := e.funded("bob")
			if _, err := a.TakeSeat(e.ctx, id, bob, 1, 10_000, "EUR", "b", "Bob", false); err != nil {
				t.Fatal(err)
			}
			cached := e.storedVersion(id)
			e.restore(saved)
			wantSitting := false
			if tc.diverged {
				// Another replica, with no cache, writes on the restored
				// table up to the version a's cache is at.
				b := e.observedCore(table.Options{EscrowCheckEvery: -1, EscrowAuditEvery: -1})
				for i := 0; e.storedVersion(id) < cached; i++ {
					var err error
					if i%2 == 0 {
						err = b.SitOut(e.ctx, id, alice)
					} else {
						err = b.SitIn(e.ctx, id, alice, false)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
				if got := b.counter(t, "croupier.table.state_rewinds"); got != 0 {
					t.Fatalf("a replica with no cache counted %d rewinds", got)
				}
				_ = b.Table(e.ctx, id, func(tb *live.Table) { wantSitting = tb.Seating.Seats[0].SittingOut })
			}
			before := e.storedVersion(id)
			var sitting bool
			err := a.SitOut(e.ctx, id, alice)
			if apierr.Reason(err) != "STATE_REWOUND" || connect.CodeOf(apierr.Connect(err)) != connect.CodeUnavailable {
				t.Fatalf("command on a rewound table: %v, want unavailable STATE_REWOUND", err)
			}
			if strings.Contains(err.Error(), "127.0.0.1") {
				t.Fatalf("the refusal carries an address: %v", err)
			}
			// Not applied: the only command after the restore is the freeze.
			if v := e.storedVersion(id); v != before+1 {
				t.Fatalf("stored version %d, want %d (the freeze only)", v, before+1)
			}
			err = a.Table(e.ctx, id, func(tb *live.Table) {
				if tb.FrozenFor != live.ReasonRewound || tb.Version != before+1 {
					t.Errorf("table frozen %q at v%d, want %s at v%d", tb.FrozenFor, tb.Version, live.ReasonRewound, before+1)
				}
				if tb.SeatOf(live.PlayerKey(bob.Partner, bob.Player)) >= 0 {
					t.Error("the reloaded table still seats bob (the cache was kept)")
				}
				sitting = tb.Seating.Seats[0].SittingOut
			})
			if err != nil {
				t.Fatal(err)
			}
			if sitting != wantSitting {
				t.Fatalf("alice sitting out: %v, want %v (the refused command was applied)", sitting, wantSitting)
			}
			if got := a.counter(t, "croupier.table.state_rewinds"); got != 1 {
				t.Fatalf("state_rewinds = %d, want 1", got)
			}
			if got := a.counter(t, "croupier.table.freezes", attribute.String("reason", live.ReasonRewound)); got != 1 {
				t.Fatalf("freezes = %d, want 1", got)
			}
			logs := a.log()
			for _, want := range []string{`"level":"ERROR"`, `"table":"` + id + `"`, `"stored_version":`, `"cached_version":`} {
				if !strings.Contains(logs, want) {
					t.Fatalf("the alarm log lacks %s:\n%s", want, logs)
				}
			}
			// The table stays shut to players until an operator resumes it.
			if err := a.SitOut(e.ctx, id, alice); apierr.Reason(err) != "TABLE_UNDER_REVIEW" {
				t.Fatalf("second command: %v, want TABLE_UNDER_REVIEW", err)
			}
			// The escrow holds both buy-ins; the restored table has alice's.
			deadline := time.Now().Add(10 * time.Second)
			for a.counter(t, "croupier.table.escrow.checks", attribute.String("result", table.EscrowMismatch)) == 0 {
				if time.Now().After(deadline) {
					t.Fatalf("the escrow audit after the rewind found no mismatch:\n%s", a.log())
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}

// Issue 11 (High): the escrow is checked on idle and paused tables too,
// not only at deals. The periodic audit compares a paused table's escrow
// with its chips: a healthy table matches and stays as it is; one whose
// escrow moved behind its back (a transfer out of the escrow) is found by
// the audit loop, logged, counted as a mismatch and frozen with
// ESCROW_MISMATCH, after which a player's stand-up (a cash-out) is refused
// and moves no money.
func TestEscrowAuditOfAnIdleTable(t *testing.T) {
	for _, tc := range []struct {
		name    string
		drain   int64
		want    string
		frozen  string
		standUp string
	}{
		{"healthy", 0, table.EscrowMatch, "", ""},
		{"escrow moved behind the table", 4_000, table.EscrowMismatch, live.ReasonEscrowMismatch, "TABLE_UNDER_REVIEW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			a := e.observedCore(table.Options{EscrowCheckEvery: -1, EscrowAuditEvery: 100 * time.Millisecond})
			id, alice := e.pausedTable(a.Service)
			var escrow string
			_ = a.Table(e.ctx, id, func(tb *live.Table) { escrow = tb.Config.Escrow })
			if tc.drain > 0 {
				_, err := e.op.Wallet.Transfer(e.ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "drain-" + id,
					Transfer: &walletv1.TransferSpec{DebitAccountId: escrow, CreditAccountId: e.accounts["alice"],
						Amount: &commonv1.Money{Amount: tc.drain, Currency: "EUR"}, Kind: walletv1.TransferKind_TRANSFER_KIND_ADJUSTMENT}}))
				if err != nil {
					t.Fatal(err)
				}
			}
			// The audit loop, not the test, runs the check.
			deadline := time.Now().Add(10 * time.Second)
			for a.counter(t, "croupier.table.escrow.checks", attribute.String("result", tc.want), attribute.String("trigger", "audit")) == 0 {
				if time.Now().After(deadline) {
					t.Fatalf("no %s audit of the idle table:\n%s", tc.want, a.log())
				}
				time.Sleep(50 * time.Millisecond)
			}
			var frozen string
			_ = a.Table(e.ctx, id, func(tb *live.Table) { frozen = tb.FrozenFor })
			if frozen != tc.frozen {
				t.Fatalf("frozen %q, want %q", frozen, tc.frozen)
			}
			if tc.frozen == "" {
				return
			}
			if !strings.Contains(a.log(), "escrow does not match") || !strings.Contains(a.log(), `"table":"`+id+`"`) {
				t.Fatalf("no mismatch log:\n%s", a.log())
			}
			bal := e.balance(e.accounts["alice"])
			v := e.storedVersion(id)
			if _, err := a.StandUp(e.ctx, id, alice, "leave"); apierr.Reason(err) != tc.standUp {
				t.Fatalf("stand-up at a frozen table: %v, want %s", err, tc.standUp)
			}
			if got := e.balance(e.accounts["alice"]); got != bal {
				t.Fatalf("alice's balance moved from %d to %d on a refused stand-up", bal, got)
			}
			if got := e.storedVersion(id); got != v {
				t.Fatalf("version moved from %d to %d on a refused stand-up", v, got)
			}
			// An operator resumes it: the hold is lifted.
			if err := a.ResumeTable(e.ctx, id); err != nil {
				t.Fatal(err)
			}
			_ = a.Table(e.ctx, id, func(tb *live.Table) { frozen = tb.FrozenFor })
			if frozen != "" {
				t.Fatalf("still frozen (%q) after the operator resumed the table", frozen)
			}
		})
	}
}
