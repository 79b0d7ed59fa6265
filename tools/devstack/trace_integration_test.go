//go:build integration

package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	"github.com/croupier/croupier/tools/platform"
)

// TestOneTraceAcrossServices runs the dev stack on a real Redis and
// PostgreSQL, every service calling the others over loopback gRPC as pods
// do, with an in-memory span exporter, and follows a player's calls:
//
//   - the seat that starts a hand: its trace holds the table's server span,
//     the wallet's server spans (the buy-in hold) with their SQL spans, the
//     deal done later on the table's background loop and the RNG's Shuffle
//     server span under it, and the table's Redis spans; each server span's
//     parent is its caller's client span (parent ids, not only trace ids);
//   - the player's own traceparent (a partner's trace) is a link of the
//     table's server span, never its parent;
//   - the action that reaches the showdown: in its own trace the
//     evaluator's server span, the wallet's server span of the pot's rake
//     (a money intent done later on the table's background loop) with its
//     SQL spans, the next hand's deal and the RNG's Shuffle under it, and
//     the table's Redis spans, with the same parent checks;
//   - a tournament's start: its activity (OpenAccounts) in the workflow's
//     trace, and the wallet's server span under the activity.
func TestOneTraceAcrossServices(t *testing.T) {
	redisAddr := os.Getenv("CROUPIER_TEST_REDIS_ADDR")
	if redisAddr == "" {
		redisAddr = "127.0.0.1:6379"
	}
	dsn := scratchPostgres(t)
	t.Setenv("CROUPIER_DEMO_TABLES", "0")
	t.Setenv("CROUPIER_WEB_TABLES", "0") // the web lobby's tables are the browser tests' (web/e2e)

	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp), sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.AlwaysSample())))
	defer tp.Shutdown(context.Background())
	apiKey := "trace-partner-" + boot.RandomKey()[:24]
	set := settings{
		common: boot.Common{Addr: "127.0.0.1:0", LogLevel: "warn", Keys: boot.DevKeys("croupier-devstack"),
			APIKeys: "p1:" + apiKey, ShutdownTimeout: 2 * time.Second, TracerProvider: tp},
		dataDir: t.TempDir(), redisAddr: redisAddr, redisPrefix: "trace-test-" + boot.RandomKey()[:8] + ":", postgresDSN: dsn,
	}
	a, err := auth.NewAuthenticator(auth.Config{Keys: *set.common.Keys})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, set, apiKey, func(string) string { return "" }, w, io.Discard)
		w.Close()
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("stack stopped with %v", err)
		}
	}()
	lines := bufio.NewScanner(out)
	var addr string
	for addr == "" && lines.Scan() {
		if m := regexp.MustCompile(`listening on (\S+) `).FindStringSubmatch(lines.Text()); m != nil {
			addr = m[1]
		}
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	if addr == "" {
		t.Fatal("the stack printed no address")
	}
	base := "http://" + addr
	for {
		if res, err := http.Post(base+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":""}`)); err == nil {
			res.Body.Close()
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	token := func(p auth.Principal) string {
		tok, err := a.Issue(p, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	op := platform.NewClients(base, platform.Bearer(token(auth.Principal{Role: auth.RoleOperator, Subject: "trace-op"})))
	partner := platform.NewClients(base, platform.APIKey(apiKey))
	players := map[int32]platform.Clients{}
	tr, err := op.Admin.CreateTable(ctx, connect.NewRequest(&tablev1.CreateTableRequest{
		Name: "trace", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT,
		Stakes:   &tablev1.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100, MinBuyIn: 5_000, MaxBuyIn: 20_000},
		MaxSeats: 6, Profile: "gr", Clock: &tablev1.Clock{ActionSeconds: 60},
		// 5 % of the pot to the cent (the profile's €1 unit would round a
		// checked-down 2 € pot's rake to nothing): the showdown is raked.
		Options: map[string]string{"rake_unit": "1"}}))
	if err != nil {
		t.Fatalf("create table: %v", err)
	}
	tableID := tr.Msg.GetTable().GetTableId()

	// A partner's own trace, sent by the player's front-end.
	partnerTrace := trace.NewSpanContext(trace.SpanContextConfig{TraceID: trace.TraceID{1, 2, 3}, SpanID: trace.SpanID{4, 5, 6}, TraceFlags: trace.FlagsSampled})
	withPartnerTrace := func(r connect.AnyRequest) {
		propagation.TraceContext{}.Inject(trace.ContextWithSpanContext(context.Background(), partnerTrace), propagation.HeaderCarrier(r.Header()))
	}
	for seat, name := range []string{"alice", "bob"} {
		if _, err := platform.Fund(ctx, partner.Wallet, "p1", name, "EUR", 100_000); err != nil {
			t.Fatalf("fund %s: %v", name, err)
		}
		pc := platform.NewClients(base, platform.Bearer(token(auth.Principal{Role: auth.RolePlayer, PlayerID: name, PartnerID: "p1"})))
		players[int32(seat)] = pc
		req := connect.NewRequest(&tablev1.TakeSeatRequest{TableId: tableID, Seat: int32(seat),
			BuyIn: &commonv1.Money{Amount: 10_000, Currency: "EUR"}, IdempotencyKey: "seat", DisplayName: name})
		withPartnerTrace(req)
		if _, err := pc.Table.TakeSeat(ctx, req); err != nil {
			t.Fatalf("%s takes a seat: %v", name, err)
		}
	}

	// bob's seat starts the hand: find its trace and wait for the deal.
	var seatSpan tracetest.SpanStub
	waitFor(t, exp, "the hand's shuffle", func(spans tracetest.SpanStubs) bool {
		seatSpan = last(spans, "croupier.table.v1.TableService/TakeSeat", trace.SpanKindServer)
		// The deal's span ends after the shuffle's client span and the commit.
		return seatSpan.Name != "" && reaches(spans, seatSpan.SpanContext.TraceID(), "croupier.rng.v1.RngService/Shuffle", "croupier.table due deal", seatSpan)
	})
	spans := exp.GetSpans()
	hand := seatSpan.SpanContext.TraceID()
	if seatSpan.Parent.IsValid() {
		t.Errorf("the table's server span has parent %s: a player's traceparent must not be trusted", seatSpan.Parent.SpanID())
	}
	if hand == partnerTrace.TraceID() || !linksTo(seatSpan, partnerTrace) {
		t.Errorf("the table's server span (trace %s) does not link to the partner's trace %s: links %v", hand, partnerTrace.TraceID(), seatSpan.Links)
	}
	byID := index(spans)
	// Each hop: the server span's parent is the caller's client span of the
	// same procedure, and the call descends from the seat's server span.
	hop := func(trace trace.TraceID, procedure string, root tracetest.SpanStub) tracetest.SpanStub {
		t.Helper()
		// The trace may hold several calls of the procedure (a deal tried
		// again): take one whose chain to root is all exported.
		srv := find(spans, trace, procedure, 2 /* server */)
		for _, s := range spans {
			if s.Name == procedure && s.SpanKind == 2 && s.SpanContext.TraceID() == trace && descends(byID, s, root) {
				srv = s
				break
			}
		}
		if srv.Name == "" {
			t.Errorf("no %s server span in trace %s", procedure, trace)
			return srv
		}
		cli, ok := byID[srv.Parent.SpanID()]
		if !ok || cli.Name != procedure || cli.SpanKind != 3 /* client */ {
			t.Errorf("%s server span's parent %s is %q (%v), want its client span", procedure, srv.Parent.SpanID(), cli.Name, cli.SpanKind)
			return srv
		}
		if !descends(byID, cli, root) {
			t.Errorf("%s client span does not descend from %s", procedure, root.Name)
		}
		return srv
	}
	hold := hop(hand, "croupier.wallet.v1.WalletService/CreateHold", seatSpan)
	shuffle := hop(hand, "croupier.rng.v1.RngService/Shuffle", seatSpan)
	if deal := ancestor(byID, shuffle, "croupier.table due deal"); deal.Name == "" {
		t.Error("the shuffle is not under the table's deal span")
	}
	if n := under(spans, byID, hold, "wallet.sql "); n == 0 {
		t.Error("no SQL span under the wallet's CreateHold")
	}
	if n := underAttr(spans, byID, seatSpan, "db.system", "redis"); n == 0 {
		t.Error("no Redis span under the table's TakeSeat")
	}
	_ = shuffle

	// Play the hand out, checking and calling, to the showdown.
	var evaluated tracetest.SpanStub
	for i := 0; i < 20 && evaluated.Name == ""; i++ {
		v, err := op.Table.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: tableID}))
		if err != nil {
			t.Fatal(err)
		}
		h := v.Msg.GetTable().GetHand()
		kind := tablev1.ActionKind_ACTION_KIND_CALL
		for _, l := range h.GetLegalActions() {
			if l.GetKind() == tablev1.ActionKind_ACTION_KIND_CHECK {
				kind = l.GetKind()
			}
		}
		pc, ok := players[h.GetToActSeat()]
		if !ok || h.GetHandId() == "" || len(h.GetLegalActions()) == 0 {
			time.Sleep(50 * time.Millisecond) // between streets or hands
			continue
		}
		if _, err := pc.Table.Act(ctx, connect.NewRequest(&tablev1.ActRequest{TableId: tableID, HandId: h.GetHandId(), ActionSeq: h.GetActionSeq(), Kind: kind})); err != nil {
			t.Logf("act: %v", err)
		}
		spans = exp.GetSpans()
		evaluated = find(spans, trace.TraceID{}, "croupier.evaluator.v1.EvaluatorService/Evaluate", trace.SpanKindServer)
	}
	if evaluated.Name == "" {
		t.Fatal("the hand reached no showdown: no Evaluate span")
	}
	byID = index(spans)
	act := last(spans, "croupier.table.v1.TableService/Act", trace.SpanKindServer)
	for _, s := range spans {
		if s.Name == "croupier.table.v1.TableService/Act" && s.SpanContext.TraceID() == evaluated.SpanContext.TraceID() {
			act = s
		}
	}
	showdown := act.SpanContext.TraceID()
	hop(showdown, "croupier.evaluator.v1.EvaluatorService/Evaluate", act)

	// The same action's trace goes on with the work it made due on the
	// table's background loop: the pot's rake at the wallet, then the next
	// hand's deal and its shuffle.
	waitFor(t, exp, "the showdown's rake and the next deal", func(spans tracetest.SpanStubs) bool {
		// Each due span ends after its calls' client spans; a trace may
		// hold a due span that ended with nothing to do before the one
		// making the call, so wait for each call's whole chain.
		return reaches(spans, showdown, "croupier.wallet.v1.WalletService/Transfer", "croupier.table due intent", act) &&
			reaches(spans, showdown, "croupier.rng.v1.RngService/Shuffle", "croupier.table due deal", act)
	})
	spans = exp.GetSpans()
	byID = index(spans)
	rake := hop(showdown, "croupier.wallet.v1.WalletService/Transfer", act)
	if ancestor(byID, rake, "croupier.table due intent").Name == "" {
		t.Error("the rake's transfer is not under the table's intent span")
	}
	if n := under(spans, byID, rake, "wallet.sql "); n == 0 {
		t.Error("no SQL span under the wallet's rake Transfer")
	}
	next := hop(showdown, "croupier.rng.v1.RngService/Shuffle", act)
	if ancestor(byID, next, "croupier.table due deal").Name == "" {
		t.Error("the next hand's shuffle is not under the table's deal span")
	}
	if n := underAttr(spans, byID, act, "db.system", "redis"); n == 0 {
		t.Error("no Redis span under the table's Act")
	}

	// A tournament's start: its first activity joins the workflow's trace.
	tc := tournamentv1connect.NewTournamentServiceClient(http.DefaultClient, base, connect.WithInterceptors(auth.NewTokenInterceptor(func() string {
		return token(auth.Principal{Role: auth.RoleOperator, Subject: "trace-op"})
	})))
	eur := func(v int64) *commonv1.Money { return &commonv1.Money{Amount: v, Currency: "EUR"} }
	if _, err := tc.CreateTournament(ctx, connect.NewRequest(&tournamentv1.CreateTournamentRequest{
		Name: "trace", IdempotencyKey: "trace", StartsAt: timestamppb.New(time.Now().Add(time.Hour)),
		Structure: &tournamentv1.Structure{
			Game: "holdem", BuyIn: eur(1000), Fee: eur(100), FeeRule: tournamentv1.FeeRule_FEE_RULE_GREEK, StartingStack: 10000,
			Levels:        []*tournamentv1.Level{{SmallBlind: 25, BigBlind: 50, DurationSeconds: 600}},
			SeatsPerTable: 9, PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE, PayoutBps: []int32{10000},
			MinEntrants: 2, MaxEntrants: 10,
		}})); err != nil {
		t.Fatalf("create tournament: %v", err)
	}
	var activity tracetest.SpanStub
	waitFor(t, exp, "the tournament's OpenAccounts activity and its wallet call", func(spans tracetest.SpanStubs) bool {
		activity = last(spans, "RunActivity:OpenAccounts", trace.SpanKindServer)
		if activity.Name == "" || find(spans, activity.SpanContext.TraceID(), "croupier.wallet.v1.WalletService/OpenAccount", trace.SpanKindServer).Name == "" {
			return false
		}
		return true
	})
	// The wallet's client span ends after its server span.
	waitFor(t, exp, "the activity's wallet client span", func(spans tracetest.SpanStubs) bool {
		srv := find(spans, activity.SpanContext.TraceID(), "croupier.wallet.v1.WalletService/OpenAccount", trace.SpanKindServer)
		for _, s := range spans {
			if s.SpanContext.SpanID() == srv.Parent.SpanID() {
				return true
			}
		}
		return false
	})
	spans = exp.GetSpans()
	byID = index(spans)
	// The workflow was started by the operator's CreateTournament: the
	// activity is in that call's trace, under the workflow's spans.
	create := last(spans, "croupier.tournament.v1.TournamentService/CreateTournament", trace.SpanKindServer)
	if create.Name == "" || activity.SpanContext.TraceID() != create.SpanContext.TraceID() || !activity.Parent.IsValid() {
		t.Errorf("the activity's span (trace %s, parent %s) is not in the trace of the CreateTournament that started its workflow (%s)",
			activity.SpanContext.TraceID(), activity.Parent.SpanID(), create.SpanContext.TraceID())
	}
	hop(activity.SpanContext.TraceID(), "croupier.wallet.v1.WalletService/OpenAccount", activity)
}

func waitFor(t *testing.T, exp *tracetest.InMemoryExporter, what string, ok func(tracetest.SpanStubs) bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ok(exp.GetSpans()) {
			return
		}
	}
	for _, s := range exp.GetSpans() {
		if !strings.HasPrefix(s.Name, "croupier.") && !strings.HasPrefix(s.Name, "wallet.") && !strings.HasPrefix(s.Name, "evalsha") {
			t.Logf("span %s kind %v trace %s id %s parent %s", s.Name, s.SpanKind, s.SpanContext.TraceID(), s.SpanContext.SpanID(), s.Parent.SpanID())
		}
	}
	t.Fatalf("waited 30s for %s", what)
}

// find returns a span of that name and kind in trace id (any trace when id
// is zero).
func find(spans tracetest.SpanStubs, id trace.TraceID, name string, kind trace.SpanKind) tracetest.SpanStub {
	for _, s := range spans {
		if s.Name == name && s.SpanKind == kind && (!id.IsValid() || s.SpanContext.TraceID() == id) {
			return s
		}
	}
	return tracetest.SpanStub{}
}

func last(spans tracetest.SpanStubs, name string, kind trace.SpanKind) tracetest.SpanStub {
	var out tracetest.SpanStub
	for _, s := range spans {
		if s.Name == name && s.SpanKind == kind {
			out = s
		}
	}
	return out
}

func linksTo(s tracetest.SpanStub, sc trace.SpanContext) bool {
	for _, l := range s.Links {
		if l.SpanContext.TraceID() == sc.TraceID() && l.SpanContext.SpanID() == sc.SpanID() {
			return true
		}
	}
	return false
}

// reaches reports whether a server span of procedure in trace id has its
// whole chain of parents exported, through a span named through, up to
// root. A span is exported when it ends, after its children: a chain seen
// in part is still in flight.
func reaches(spans tracetest.SpanStubs, id trace.TraceID, procedure, through string, root tracetest.SpanStub) bool {
	byID := index(spans)
	for _, s := range spans {
		if s.Name == procedure && s.SpanKind == trace.SpanKindServer && s.SpanContext.TraceID() == id &&
			descends(byID, s, root) && ancestor(byID, s, through).Name != "" {
			return true
		}
	}
	return false
}

// index is spans by their ids (the exporter's spans are all those ended so
// far, so a later index holds an earlier one's).
func index(spans tracetest.SpanStubs) map[trace.SpanID]tracetest.SpanStub {
	byID := make(map[trace.SpanID]tracetest.SpanStub, len(spans))
	for _, s := range spans {
		byID[s.SpanContext.SpanID()] = s
	}
	return byID
}

// descends reports whether s is root or one of its descendants, by parent ids.
func descends(byID map[trace.SpanID]tracetest.SpanStub, s, root tracetest.SpanStub) bool {
	for i := 0; i < 64; i++ {
		if s.SpanContext.SpanID() == root.SpanContext.SpanID() {
			return true
		}
		p, ok := byID[s.Parent.SpanID()]
		if !ok {
			return false
		}
		s = p
	}
	return false
}

func ancestor(byID map[trace.SpanID]tracetest.SpanStub, s tracetest.SpanStub, name string) tracetest.SpanStub {
	for i := 0; i < 64; i++ {
		p, ok := byID[s.Parent.SpanID()]
		if !ok {
			return tracetest.SpanStub{}
		}
		if p.Name == name {
			return p
		}
		s = p
	}
	return tracetest.SpanStub{}
}

func ancestorPrefix(byID map[trace.SpanID]tracetest.SpanStub, s tracetest.SpanStub, prefix string) tracetest.SpanStub {
	for i := 0; i < 64; i++ {
		p, ok := byID[s.Parent.SpanID()]
		if !ok {
			return tracetest.SpanStub{}
		}
		if strings.HasPrefix(p.Name, prefix) {
			return p
		}
		s = p
	}
	return tracetest.SpanStub{}
}

// under counts the spans named with prefix that descend from root.
func under(spans tracetest.SpanStubs, byID map[trace.SpanID]tracetest.SpanStub, root tracetest.SpanStub, prefix string) int {
	n := 0
	for _, s := range spans {
		if strings.HasPrefix(s.Name, prefix) && s.SpanContext.TraceID() == root.SpanContext.TraceID() && descends(byID, s, root) {
			n++
		}
	}
	return n
}

func underAttr(spans tracetest.SpanStubs, byID map[trace.SpanID]tracetest.SpanStub, root tracetest.SpanStub, key, value string) int {
	n := 0
	for _, s := range spans {
		for _, a := range s.Attributes {
			if string(a.Key) == key && a.Value.AsString() == value && descends(byID, s, root) {
				n++
			}
		}
	}
	return n
}

// scratchPostgres creates a database for the test on the
// CROUPIER_TEST_POSTGRES_DSN server and drops it afterwards.
func scratchPostgres(t *testing.T) string {
	base := os.Getenv("CROUPIER_TEST_POSTGRES_DSN")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	cfg, err := pgx.ParseConfig(base)
	if err != nil {
		t.Fatal(err)
	}
	admin := stdlib.OpenDB(*cfg)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "trace_test_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	u, _ := url.Parse(base)
	u.Path = "/" + name
	return u.String()
}

var _ = tablev1connect.TableServiceName
