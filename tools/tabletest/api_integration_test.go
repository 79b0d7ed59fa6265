//go:build integration

package tabletest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/redisconn/rediscluster"
	"github.com/croupier/croupier/shared/redisconn/redistest"
	"github.com/croupier/croupier/tools/platform"
)

func authPlayer(player, partner string) auth.Principal {
	return auth.Principal{Role: auth.RolePlayer, PlayerID: player, PartnerID: partner}
}

type env struct {
	t        *testing.T
	ctx      context.Context
	st       *platform.Stack
	op       platform.Clients
	partner  platform.Clients
	accounts map[string]string
	// prefix starts the test's Redis keys.
	prefix string
}

func newEnv(t *testing.T) *env { return newEnvWith(t, platform.Config{}) }

// newEnvWith is newEnv with cfg's settings (Redis and prefix are the
// test's).
func newEnvWith(t *testing.T, cfg platform.Config) *env {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	_, prefix := redistest.Open(t)
	conn := rediscluster.TestConfig(t)
	cfg.RedisAddr, cfg.RedisCluster, cfg.Prefix = conn.Addr, conn.Cluster, prefix
	st, err := platform.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return &env{t: t, ctx: ctx, st: st, op: platform.NewClients(st.URL, platform.Bearer(st.OperatorToken())),
		partner: platform.NewClients(st.URL, platform.APIKey(st.APIKey)), accounts: map[string]string{}, prefix: prefix}
}

// player funds a player and returns his clients, with a session token the
// partner obtained for him.
func (e *env) player(id string, funds int64) platform.Clients {
	e.t.Helper()
	acct, err := platform.Fund(e.ctx, e.partner.Wallet, e.st.Partner, id, "EUR", funds)
	if err != nil {
		e.t.Fatal(err)
	}
	e.accounts[id] = acct
	res, err := e.partner.Session.CreatePlayerSession(e.ctx, connect.NewRequest(&tablev1.CreatePlayerSessionRequest{PlayerId: id}))
	if err != nil {
		e.t.Fatal(err)
	}
	return platform.NewClients(e.st.URL, platform.Bearer(res.Msg.GetToken()))
}

func (e *env) balance(id string) int64 {
	e.t.Helper()
	b, err := platform.Balance(e.ctx, e.op.Wallet, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) createTable(pause int32) *tablev1.TableSummary {
	e.t.Helper()
	res, err := e.op.Admin.CreateTable(e.ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: "NL 0.50/1", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
		Stakes:   &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 2000, MaxBuyIn: 20000},
		MaxSeats: 6, Profile: "gr", Clock: &tablev1.Clock{ActionSeconds: 30, HandPauseMs: pause}}))
	if err != nil {
		e.t.Fatal(err)
	}
	return res.Msg.GetTable()
}

func (e *env) get(c platform.Clients, table string) *tablev1.TableView {
	e.t.Helper()
	res, err := c.Table.GetTable(e.ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table}))
	if err != nil {
		e.t.Fatal(err)
	}
	return res.Msg.GetTable()
}

// waitHand waits until hand number n is in progress.
func (e *env) waitHand(c platform.Clients, table string, n uint64) *tablev1.TableView {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		v := e.get(c, table)
		if h := v.GetHand(); h != nil && h.GetHandNumber() == n && h.GetPhase() == "betting" {
			return v
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("hand %d was not dealt", n)
	return nil
}

func passive(ls []*tablev1.LegalAction) *tablev1.LegalAction {
	for _, l := range ls {
		if l.GetKind() == tablev1.ActionKind_ACTION_KIND_CHECK || l.GetKind() == tablev1.ActionKind_ACTION_KIND_CALL {
			return l
		}
	}
	return ls[0]
}

// A table the operator creates is in the lobby at once, before any
// command loads it: players find the empty table and sit down (the web
// client's lobby showed none of the dev stack's new tables).
func TestCreatedTableIsInTheLobbyBeforeAnyoneSits(t *testing.T) {
	e := newEnv(t)
	alice := e.player("alice", 1_000)
	id := e.createTable(0).GetTableId()
	list, err := alice.Table.ListTables(e.ctx, connect.NewRequest(&tablev1.ListTablesRequest{OnlyFreeSeats: true}))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list.Msg.GetTables() {
		if s.GetTableId() == id {
			if s.GetSeated() != 0 || s.GetMaxSeats() == 0 {
				t.Fatalf("lobby entry %+v: want an empty table with seats", s)
			}
			return
		}
	}
	t.Fatalf("table %s is not in the lobby right after its creation (%d tables listed)", id, len(list.Msg.GetTables()))
}

// A full hand through the public API, from the lobby and the buy-ins to
// the cash-outs: every balance is right to the unit, the rake reaches the
// house, and the escrow is empty at the end.
func TestFullHandFromJoiningToCashingOut(t *testing.T) {
	e := newEnv(t)
	alice := e.player("alice", 100_000)
	bob := e.player("bob", 100_000)
	tab := e.createTable(0)
	id := tab.GetTableId()
	if err := e.pause(id); err != nil {
		t.Fatal(err)
	}
	list, err := alice.Table.ListTables(e.ctx, connect.NewRequest(&tablev1.ListTablesRequest{OnlyFreeSeats: true}))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := 0; i < 50 && !found; i++ {
		for _, s := range list.Msg.GetTables() {
			found = found || s.GetTableId() == id
		}
		if !found {
			time.Sleep(50 * time.Millisecond)
			list, _ = alice.Table.ListTables(e.ctx, connect.NewRequest(&tablev1.ListTablesRequest{}))
		}
	}
	if !found {
		t.Fatal("the table is not in the lobby")
	}
	for _, p := range []struct {
		c    platform.Clients
		seat int32
		key  string
	}{{alice, 0, "a-1"}, {bob, 3, "b-1"}} {
		r, err := p.c.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: p.seat,
			BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: p.key}))
		if err != nil {
			t.Fatal(err)
		}
		if r.Msg.GetSeat() != p.seat || r.Msg.GetStack() != 10_000 {
			t.Fatalf("took seat %d with %d", r.Msg.GetSeat(), r.Msg.GetStack())
		}
	}
	// A retried TakeSeat returns the first outcome and moves no money.
	again, err := alice.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: 0,
		BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: "a-1"}))
	if err != nil || !again.Msg.GetReplayed() || again.Msg.GetSeat() != 0 {
		t.Fatalf("retried TakeSeat: %v %v", again, err)
	}
	if b := e.balance(e.accounts["alice"]); b != 90_000 {
		t.Fatalf("alice has %d after the buy-in", b)
	}
	e.resume(id)
	v := e.waitHand(alice, id, 1)
	handID := v.GetHand().GetHandId()
	// No next hand: the pause lets this one finish.
	e.pause(id)
	// Play it out: check or call.
	clients := map[int32]platform.Clients{0: alice, 3: bob}
	for {
		v = e.get(alice, id)
		h := v.GetHand()
		if h.GetHandId() != handID || h.GetPhase() != "betting" {
			break
		}
		seat := h.GetToActSeat()
		c := clients[seat]
		mine := e.get(c, id).GetHand()
		l := passive(mine.GetLegalActions())
		if _, err := c.Table.Act(e.ctx, connect.NewRequest(&tablev1.ActRequest{TableId: id, HandId: handID,
			ActionSeq: mine.GetActionSeq(), Kind: l.GetKind(), Amount: l.GetMinAmount()})); err != nil {
			t.Fatal(err)
		}
	}
	hist, err := e.op.Table.GetHandHistory(e.ctx, connect.NewRequest(&tablev1.GetHandHistoryRequest{TableId: id, HandId: handID}))
	if err != nil {
		t.Fatal(err)
	}
	var rec history.Record
	if err := json.Unmarshal([]byte(hist.Msg.GetText()), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Result != "complete" {
		t.Fatalf("hand result %q", rec.Result)
	}
	// The hand's number is the deployment's (tracking tools de-duplicate
	// on it; issue 21) and the export names the table as the lobby does,
	// with at most one hero: the operator's is an observer's.
	if rec.Serial == 0 || rec.TableName != tab.GetName() {
		t.Fatalf("record serial %d, table name %q; want a serial and %q", rec.Serial, rec.TableName, tab.GetName())
	}
	for _, x := range []struct {
		c      platform.Clients
		heroes int
	}{{e.op, 0}, {alice, 1}} {
		ps, err := x.c.Table.GetHandHistory(e.ctx, connect.NewRequest(&tablev1.GetHandHistoryRequest{TableId: id, HandId: handID, Format: "pokerstars"}))
		if err != nil {
			t.Fatal(err)
		}
		text := ps.Msg.GetText()
		head := fmt.Sprintf("PokerStars Hand #%d: ", rec.Serial)
		if !strings.HasPrefix(text, head) || !strings.Contains(text, "\nTable '"+strings.ReplaceAll(tab.GetName(), "'", "’")+"' ") {
			t.Fatalf("the export's header does not name hand #%d at table %q:\n%s", rec.Serial, tab.GetName(), text)
		}
		if n := strings.Count(text, "\nDealt to "); n != x.heroes {
			t.Fatalf("%d heroes in the export, want %d:\n%s", n, x.heroes, text)
		}
	}
	finals := map[string]int64{}
	for _, s := range rec.Seats {
		finals[s.Player] = s.Final
	}
	if finals["alice"]+finals["bob"]+rec.Rake != 20_000 {
		t.Fatalf("finals %v + rake %d do not add up to the buy-ins", finals, rec.Rake)
	}
	for _, p := range []struct {
		name string
		c    platform.Clients
	}{{"alice", alice}, {"bob", bob}} {
		r, err := p.c.Table.StandUp(e.ctx, connect.NewRequest(&tablev1.StandUpRequest{TableId: id, IdempotencyKey: "bye"}))
		if err != nil {
			t.Fatal(err)
		}
		if r.Msg.GetDeferred() || r.Msg.GetCashedOut().GetAmount() != finals[p.name] {
			t.Fatalf("%s cashed out %v, want %d", p.name, r.Msg.GetCashedOut(), finals[p.name])
		}
		if b := e.balance(e.accounts[p.name]); b != 90_000+finals[p.name] {
			t.Fatalf("%s has %d, want %d", p.name, b, 90_000+finals[p.name])
		}
		// Retried: the same answer, no second cash-out.
		r2, err := p.c.Table.StandUp(e.ctx, connect.NewRequest(&tablev1.StandUpRequest{TableId: id, IdempotencyKey: "bye"}))
		if err != nil || !r2.Msg.GetReplayed() || r2.Msg.GetCashedOut().GetAmount() != finals[p.name] {
			t.Fatalf("retried stand-up: %v %v", r2, err)
		}
		if b := e.balance(e.accounts[p.name]); b != 90_000+finals[p.name] {
			t.Fatalf("%s has %d after the retry", p.name, b)
		}
	}
	esc, err := e.op.Wallet.CheckEscrow(e.ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{TableId: id, Currency: "EUR", ExpectedAmount: 0}))
	if err != nil || !esc.Msg.GetMatches() {
		t.Fatalf("escrow after everyone left: %v %v", esc, err)
	}
	if rec.Rake > 0 {
		rev, err := e.op.Wallet.ListAccounts(e.ctx, connect.NewRequest(&walletv1.ListAccountsRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, Currency: "EUR"}))
		if err != nil || len(rev.Msg.GetAccounts()) != 1 || rev.Msg.GetAccounts()[0].GetBalance() != rec.Rake {
			t.Fatalf("house revenue %v (rake %d): %v", rev, rec.Rake, err)
		}
	}
	// The fairness proof: the commitment published at the start, and now
	// that the hand is over the openings of bob's cards and the board
	// (issue 11: not the shoe); the operator gets the whole shoe.
	proof, err := bob.Table.GetFairnessProof(e.ctx, connect.NewRequest(&tablev1.GetFairnessProofRequest{TableId: id, HandId: handID}))
	if err != nil || !proof.Msg.GetRevealed() || len(proof.Msg.GetShoe()) != 0 || len(proof.Msg.GetCommitment()) != 32 ||
		len(proof.Msg.GetProof().GetOpenings()) < 2 || len(proof.Msg.GetProof().GetOpenings()) > 9 {
		t.Fatalf("proof %v %v", proof, err)
	}
	full, err := e.op.Table.GetFairnessProof(e.ctx, connect.NewRequest(&tablev1.GetFairnessProofRequest{TableId: id, HandId: handID}))
	if err != nil || len(full.Msg.GetShoe()) != 52 {
		t.Fatalf("operator's proof %v %v", full, err)
	}
}

func (e *env) pause(id string) error {
	_, err := e.op.Admin.PauseTable(e.ctx, connect.NewRequest(&tablev1.PauseTableRequest{TableId: id}))
	return err
}

func (e *env) resume(id string) {
	e.t.Helper()
	if _, err := e.op.Admin.ResumeTable(e.ctx, connect.NewRequest(&tablev1.ResumeTableRequest{TableId: id})); err != nil {
		e.t.Fatal(err)
	}
}

// seatTwo seats alice and bob and deals the first hand; it returns the
// view of the player to act and his clients, and the other's.
func (e *env) seatTwo(id string) (actor, other platform.Clients, v *tablev1.TableView) {
	e.t.Helper()
	alice := e.player("alice", 100_000)
	bob := e.player("bob", 100_000)
	e.pause(id)
	for i, c := range []platform.Clients{alice, bob} {
		if _, err := c.Table.TakeSeat(e.ctx, connect.NewRequest(&tablev1.TakeSeatRequest{TableId: id, Seat: int32(i),
			BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: "k"})); err != nil {
			e.t.Fatal(err)
		}
	}
	e.resume(id)
	v = e.waitHand(alice, id, 1)
	if v.GetHand().GetToActSeat() == 0 {
		return alice, bob, e.get(alice, id)
	}
	return bob, alice, e.get(bob, id)
}

// A retried Act (same hand, sequence and body) is applied once: the retry
// returns the first result marked replayed; another body at a taken
// sequence is refused.
func TestRetriedActAppliedOnce(t *testing.T) {
	e := newEnv(t)
	id := e.createTable(60_000).GetTableId()
	actor, _, v := e.seatTwo(id)
	h := v.GetHand()
	l := passive(h.GetLegalActions())
	req := &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: l.GetKind(), Amount: l.GetMinAmount()}
	first, err := actor.Table.Act(e.ctx, connect.NewRequest(req))
	if err != nil {
		t.Fatal(err)
	}
	after := e.get(actor, id)
	second, err := actor.Table.Act(e.ctx, connect.NewRequest(req))
	if err != nil {
		t.Fatal(err)
	}
	if first.Msg.GetReplayed() || !second.Msg.GetReplayed() || second.Msg.GetKind() != first.Msg.GetKind() ||
		second.Msg.GetAmount() != first.Msg.GetAmount() {
		t.Fatalf("first %v, retry %v", first.Msg, second.Msg)
	}
	if again := e.get(actor, id); again.GetVersion() != after.GetVersion() || again.GetHand().GetActionSeq() != h.GetActionSeq()+1 {
		t.Fatalf("the retry changed the table: version %d -> %d", after.GetVersion(), again.GetVersion())
	}
	other := &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: tablev1.ActionKind_ACTION_KIND_FOLD}
	if _, err := actor.Table.Act(e.ctx, connect.NewRequest(other)); connect.CodeOf(err) != connect.CodeFailedPrecondition || apierr.Reason(err) != "STALE_SEQ" {
		t.Fatalf("another body at a taken sequence: %v", err)
	}
}

// Illegal actions are answered INVALID_ARGUMENT or FAILED_PRECONDITION with
// a reason, and the table does not change.
func TestIllegalActionsRefusedStateUnchanged(t *testing.T) {
	e := newEnv(t)
	id := e.createTable(60_000).GetTableId()
	actor, _, v := e.seatTwo(id)
	h := v.GetHand()
	cases := []struct {
		name   string
		req    *tablev1.ActRequest
		code   connect.Code
		reason string
	}{
		{"raise below the minimum", &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: tablev1.ActionKind_ACTION_KIND_RAISE, Amount: 101}, connect.CodeInvalidArgument, ""},
		{"bet facing a bet", &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: tablev1.ActionKind_ACTION_KIND_BET, Amount: 500}, 0, ""},
		{"future sequence", &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq() + 5, Kind: tablev1.ActionKind_ACTION_KIND_CALL}, connect.CodeFailedPrecondition, "STALE_SEQ"},
		{"wrong hand", &tablev1.ActRequest{TableId: id, HandId: "nope", ActionSeq: h.GetActionSeq(), Kind: tablev1.ActionKind_ACTION_KIND_CALL}, connect.CodeFailedPrecondition, "WRONG_HAND"},
		{"no kind", &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq()}, connect.CodeInvalidArgument, "UNKNOWN_ACTION"},
		{"negative amount", &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: tablev1.ActionKind_ACTION_KIND_RAISE, Amount: -5}, connect.CodeInvalidArgument, "BAD_AMOUNT"},
		{"no such table", &tablev1.ActRequest{TableId: "tnope", HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: tablev1.ActionKind_ACTION_KIND_CALL}, connect.CodeNotFound, "TABLE_NOT_FOUND"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := e.get(actor, id)
			_, err := actor.Table.Act(e.ctx, connect.NewRequest(tc.req))
			if err == nil {
				t.Fatal("accepted")
			}
			code := connect.CodeOf(err)
			if tc.code != 0 && code != tc.code || code != connect.CodeInvalidArgument && code != connect.CodeFailedPrecondition && code != connect.CodeNotFound {
				t.Fatalf("code %v: %v", code, err)
			}
			if apierr.Reason(err) == "" || (tc.reason != "" && apierr.Reason(err) != tc.reason) {
				t.Fatalf("reason %q: %v", apierr.Reason(err), err)
			}
			after := e.get(actor, id)
			if after.GetVersion() != before.GetVersion() || after.GetHand().GetActionSeq() != before.GetHand().GetActionSeq() {
				t.Fatalf("refused action changed the table (version %d -> %d)", before.GetVersion(), after.GetVersion())
			}
		})
	}
}

// A player's token acts only for his own seat: another player's token, a
// partner's key and a player of another partner cannot act for him.
func TestTokenCannotActForAnotherSeat(t *testing.T) {
	e := newEnv(t)
	id := e.createTable(60_000).GetTableId()
	actor, other, v := e.seatTwo(id)
	_ = actor
	h := v.GetHand()
	l := passive(h.GetLegalActions())
	req := &tablev1.ActRequest{TableId: id, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: l.GetKind(), Amount: l.GetMinAmount()}
	before := e.get(other, id)
	_, err := other.Table.Act(e.ctx, connect.NewRequest(req))
	if connect.CodeOf(err) != connect.CodeFailedPrecondition || apierr.Reason(err) != "NOT_YOUR_TURN" {
		t.Fatalf("the other player's token acted: %v", err)
	}
	if _, err := e.partner.Table.Act(e.ctx, connect.NewRequest(req)); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Fatalf("a partner key acted: %v", err)
	}
	if _, err := e.op.Table.Act(e.ctx, connect.NewRequest(req)); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Fatalf("an operator token acted: %v", err)
	}
	// Same player id at another partner: a different player.
	tok, _ := e.st.Auth.Issue(authPlayer("alice", "partner-2"), time.Hour)
	stranger := platform.NewClients(e.st.URL, platform.Bearer(tok))
	if _, err := stranger.Table.Act(e.ctx, connect.NewRequest(req)); connect.CodeOf(err) != connect.CodeFailedPrecondition || apierr.Reason(err) != "NOT_IN_HAND" {
		t.Fatalf("another partner's player acted: %v", err)
	}
	if after := e.get(other, id); after.GetVersion() != before.GetVersion() {
		t.Fatal("a refused action changed the table")
	}
	// The other player sees no hole card but his own.
	for _, s := range e.get(other, id).GetSeats() {
		if s.GetSeat() == e.get(other, id).GetYourSeat() {
			continue
		}
		for _, c := range s.GetCards() {
			if c != "??" {
				t.Fatalf("seat %d shows %s to another player", s.GetSeat(), c)
			}
		}
	}
}
