package tabletest

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/alicebob/miniredis/v2"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/tools/platform"
)

// logs is a concurrency-safe log sink: the services' JSON log records.
type logs struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// records are the log records whose "audit" attribute is kind.
func (l *logs) records(t *testing.T, kind string) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(l.buf.String(), "\n") {
		var r map[string]any
		if json.Unmarshal([]byte(line), &r) == nil && r["audit"] == kind {
			out = append(out, r)
		}
	}
	return out
}

// newLoggedUnit is newUnit with the services' logs kept.
func newLoggedUnit(t *testing.T, opts table.Options) (*unit, *logs) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	mr := miniredis.RunT(t)
	opts.EscrowCheckEvery = -1
	l := &logs{}
	st, err := platform.Start(ctx, platform.Config{RedisAddr: mr.Addr(), Prefix: "u:", Table: opts, Log: l})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return &unit{t: t, ctx: ctx, st: st, mr: mr}, l
}

// lobbyIDs lists the banked tables in the lobby once it holds n of them,
// or as it is after a second (n < 0: always): the core writes lobby
// entries every 200 ms.
func (u *unit) lobbyIDs(n int) []string {
	u.t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		sums, err := u.st.Core.BankedLobby(u.ctx)
		if err != nil {
			u.t.Fatal(err)
		}
		if len(sums) == n || time.Now().After(deadline) {
			var ids []string
			for _, s := range sums {
				ids = append(ids, s.ID)
			}
			return ids
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// config is a banked table's configuration as stored.
func (u *unit) config(id string) house.Config {
	u.t.Helper()
	var cfg house.Config
	if err := u.st.Core.ReadGame(u.ctx, id, func(t game.Table) { cfg = t.(*house.Table).Config }); err != nil {
		u.t.Fatal(err)
	}
	return cfg
}

// surrenderVsAce is ru-blackjack.md with §3.31's exception as a table
// option: surrender against an ace too, which gives the player the edge
// (issue 20; docs/rtp-blackjack.md: 100.0992 % under basic strategy).
func surrenderVsAce() *tablev1.CreateBankedTableRequest {
	return &tablev1.CreateBankedTableRequest{Name: "bj", Game: tablev1.BankedGame_BANKED_GAME_BLACKJACK, Profile: "ru",
		Options: map[string]string{"surrender_vs_ace": "true"}, Source: tablev1.ResultSource_RESULT_SOURCE_RNG, Currency: "EUR",
		Limits: &tablev1.BetLimits{Table: &tablev1.BetLimit{Min: 100, Max: 10_000}}, IdempotencyKey: "bj-surrender-vs-ace"}
}

// A table whose house edge is negative is refused, FAILED_PRECONDITION /
// HOUSE_EDGE_BELOW_MINIMUM with the figure, and nothing is created: not the
// table (its id, made from the key, is unknown), not a lobby entry. With
// the operator's override and his reason it opens, the override recorded
// with the table (its public description: figure, minimum, reason,
// operator) and in the audit log.
func TestNegativeHouseEdgeIsRefusedUnlessOverridden(t *testing.T) {
	u, l := newLoggedUnit(t, table.Options{})
	op := platform.NewClients(u.st.URL, platform.Bearer(u.st.OperatorToken())).BankedAdmin
	before := u.lobbyIDs(0)
	_, err := op.CreateBankedTable(u.ctx, connect.NewRequest(surrenderVsAce()))
	if connect.CodeOf(err) != connect.CodeFailedPrecondition || apierr.Reason(err) != house.ReasonHouseEdgeBelowMinimum {
		t.Fatalf("refusal: %v (%s), want FAILED_PRECONDITION %s", err, apierr.Reason(err), house.ReasonHouseEdgeBelowMinimum)
	}
	t.Logf("refused: %v", err)
	if msg := err.Error(); !strings.Contains(msg, "return to player 100.") || !strings.Contains(msg, "house edge -0.") {
		t.Errorf("the refusal does not give the figure: %s", msg)
	}
	if after := u.lobbyIDs(-1); len(after) != len(before) {
		t.Errorf("lobby %v after the refusal, %v before", after, before)
	}
	if len(l.records(t, "house_edge_override")) != 0 {
		t.Error("a refused table was audited as overridden")
	}

	// The same request with the override: the retry key's table is made
	// now, once.
	req := surrenderVsAce()
	req.AllowHouseEdgeBelowMinimum, req.OverrideReason = true, "manager's exception of ru §3.31 for the VIP room"
	res, err := op.CreateBankedTable(u.ctx, connect.NewRequest(req))
	if err != nil {
		t.Fatal(err)
	}
	sum := res.Msg.GetTable()
	rtp, o := sum.GetRtp(), sum.GetHouseEdgeOverride()
	if rtp.GetRtp() <= 1 || rtp.GetMethod() != tablev1.RtpMethod_RTP_METHOD_EXACT_COMBINATORIAL || len(sum.GetRtpByBet()) != 3 {
		t.Errorf("rtp %v (%d bets), want over 100 %% exactly", rtp, len(sum.GetRtpByBet()))
	}
	if o.GetRefusal() != house.ReasonHouseEdgeBelowMinimum || o.GetReason() != req.OverrideReason || o.GetMinimumHouseEdge() != 0 ||
		o.GetHouseEdge() >= 0 || math.Abs(o.GetHouseEdge()-(1-rtp.GetRtp())) > 1e-12 || !strings.Contains(o.GetOperator(), "operator") || o.GetCreatedAt() == nil {
		t.Errorf("override %v, rtp %v", o, rtp)
	}
	if after := u.lobbyIDs(len(before) + 1); len(after) != len(before)+1 {
		t.Errorf("lobby %v after the override", after)
	}
	// The record is the table's: stored with it, read back by any replica.
	cfg := u.config(sum.GetTableId())
	if cfg.HouseEdgeOverride == nil || cfg.HouseEdgeOverride.Reason != req.OverrideReason || cfg.RTP == nil || cfg.RTP.Table.RTP != rtp.GetRtp() {
		t.Errorf("stored: override %+v, rtp %+v", cfg.HouseEdgeOverride, cfg.RTP)
	}
	audit := l.records(t, "house_edge_override")
	if len(audit) != 1 {
		t.Fatalf("%d audit records, want 1", len(audit))
	}
	a := audit[0]
	if a["table"] != sum.GetTableId() || a["reason"] != req.OverrideReason || a["refusal"] != house.ReasonHouseEdgeBelowMinimum ||
		a["house_edge"] != cfg.HouseEdgeOverride.HouseEdge || a["minimum_house_edge"] != "0" ||
		!strings.HasPrefix(a["rtp"].(string), rtp.GetPercent()+" %") || !strings.Contains(a["operator"].(string), "operator") {
		t.Errorf("audit record %v", a)
	}
	// A retry with the key is the same table, audited once.
	again, err := op.CreateBankedTable(u.ctx, connect.NewRequest(req))
	if err != nil || again.Msg.GetTable().GetTableId() != sum.GetTableId() || len(l.records(t, "house_edge_override")) != 1 {
		t.Errorf("retry: %v %v, %d audit records", again, err, len(l.records(t, "house_edge_override")))
	}
	// The public description carries the override; the lobby the figure.
	bank := platform.NewClients(u.st.URL, platform.Bearer(u.st.OperatorToken())).Banked
	got, err := bank.GetBankedTable(u.ctx, connect.NewRequest(&tablev1.GetBankedTableRequest{TableId: sum.GetTableId()}))
	if err != nil || got.Msg.GetTable().GetSummary().GetHouseEdgeOverride().GetReason() != req.OverrideReason {
		t.Errorf("GetBankedTable: %v %v", got, err)
	}
	list, err := bank.ListBankedTables(u.ctx, connect.NewRequest(&tablev1.ListBankedTablesRequest{}))
	if err != nil || len(list.Msg.GetTables()) != 1 || list.Msg.GetTables()[0].GetRtp().GetPercent() != rtp.GetPercent() {
		t.Errorf("lobby: %v %v", list, err)
	}
}

// A configuration whose return no calculator prices (a split hand's
// two-card 21 paid as a blackjack, cz §10.5's alternative) is refused
// with HOUSE_EDGE_UNKNOWN, naming the option; the override opens it,
// recorded without a figure.
func TestUnknownHouseEdgeNeedsTheOverride(t *testing.T) {
	u, l := newLoggedUnit(t, table.Options{})
	sp := table.BankedSpec{Name: "bj", Game: house.GameBlackjack, Profile: "cz", Options: map[string]string{"split_blackjack": "true"},
		Source: house.ResultRNG, Currency: "EUR", Limits: table.BankedLimits{Table: round.Limit{Min: 100}}}
	_, err := u.st.Core.CreateBankedTable(u.ctx, sp)
	if apierr.Code(err) != connect.CodeFailedPrecondition || apierr.Reason(err) != house.ReasonHouseEdgeUnknown || !strings.Contains(err.Error(), "split_blackjack") {
		t.Fatalf("%v, want HOUSE_EDGE_UNKNOWN naming split_blackjack", err)
	}
	sp.AllowBelowMinimum, sp.OverrideReason, sp.Operator = true, "certified separately: lab report 2026-117", "ops:alice"
	sum, err := u.st.Core.CreateBankedTable(u.ctx, sp)
	if err != nil {
		t.Fatal(err)
	}
	cfg := u.config(sum.ID)
	if o := cfg.HouseEdgeOverride; o == nil || o.Refusal != house.ReasonHouseEdgeUnknown || o.HouseEdge != "" || o.Operator != "ops:alice" ||
		cfg.RTP.Table.Known() || sum.RTP == nil || sum.RTP.Known() {
		t.Errorf("override %+v, rtp %+v, lobby %+v", cfg.HouseEdgeOverride, cfg.RTP, sum.RTP)
	}
	if a := l.records(t, "house_edge_override"); len(a) != 1 || a[0]["refusal"] != house.ReasonHouseEdgeUnknown {
		t.Errorf("audit %v", a)
	}
	// An override needs its reason, and nothing is made without it.
	sp.OverrideReason, sp.Key = "", "no-reason"
	if _, err := u.st.Core.CreateBankedTable(u.ctx, sp); apierr.Reason(err) != house.ReasonBadOverride {
		t.Errorf("an override without a reason: %v", err)
	}
}

// The operator's minimum (table.Options.MinHouseEdge): a table whose house
// edge equals it exactly opens without an override and records none; one
// below it is refused. The money wheel's best boxes return 9/10
// (cz-money-wheel.md §5): an edge of exactly 1/10; European roulette 1/37
// (cz-european-roulette.md §3, §10).
func TestHouseEdgeAtTheMinimumOpens(t *testing.T) {
	u, l := newLoggedUnit(t, table.Options{MinHouseEdge: big.NewRat(1, 10)})
	wheel := table.BankedSpec{Name: "wheel", Game: house.GameMoneyWheel, Profile: "cz", Source: house.ResultRNG, Currency: "EUR",
		Limits: table.BankedLimits{Table: round.Limit{Min: 100}}, AllowBelowMinimum: true, OverrideReason: "unused: nothing to override"}
	sum, err := u.st.Core.CreateBankedTable(u.ctx, wheel)
	if err != nil {
		t.Fatalf("money wheel at exactly the minimum: %v", err)
	}
	if cfg := u.config(sum.ID); cfg.HouseEdgeOverride != nil || cfg.RTP.Table.Exact != "9/10" || cfg.RTP.Table.HouseEdge().Cmp(big.NewRat(1, 10)) != 0 {
		t.Errorf("override %+v, rtp %+v", cfg.HouseEdgeOverride, cfg.RTP.Table)
	}
	roulette := table.BankedSpec{Name: "roulette", Game: house.GameRoulette, Profile: "cz", Source: house.ResultRNG, Currency: "EUR",
		Limits: table.BankedLimits{Table: round.Limit{Min: 100}}}
	_, err = u.st.Core.CreateBankedTable(u.ctx, roulette)
	if apierr.Reason(err) != house.ReasonHouseEdgeBelowMinimum || !strings.Contains(err.Error(), "36/37") || !strings.Contains(err.Error(), "minimum 10.0000 %") {
		t.Errorf("roulette under a 10 %% minimum: %v", err)
	}
	if ids := u.lobbyIDs(-1); len(ids) != 1 || ids[0] != sum.ID {
		t.Errorf("lobby %v, want the wheel alone", ids)
	}
	if a := l.records(t, "house_edge_override"); len(a) != 0 {
		t.Errorf("audit %v, want none", a)
	}

	// At exactly 1/37 European roulette opens, and the 0/00 wheel (1/19).
	u2, _ := newLoggedUnit(t, table.Options{MinHouseEdge: big.NewRat(1, 37)})
	for _, opts := range []map[string]string{nil, {"wheel": "double_zero"}} {
		sp := roulette
		sp.Profile, sp.Options = "ru", opts
		if _, err := u2.st.Core.CreateBankedTable(u2.ctx, sp); err != nil {
			t.Errorf("roulette %v at a 1/37 minimum: %v", opts, err)
		}
	}
}
