package core

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/croupier/croupier/services/tournament/core/coretest"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// validTerms returns terms that pass Validate, starting in an hour.
func validTerms() terms.Terms {
	return terms.Terms{
		Name: "Sunday", Game: "holdem", Currency: "EUR", Exponent: 2,
		BuyIn: 10000, FeeAmt: 1000, Stack: 10000,
		Levels:    []terms.Level{{SmallBlind: 25, BigBlind: 50, Duration: 20 * time.Minute}, {SmallBlind: 50, BigBlind: 100, Duration: 20 * time.Minute}},
		Payout:    terms.ByPlace,
		StartAt:   time.Now().Add(time.Hour).UTC().Truncate(time.Second),
		PayoutBps: []int32{5000, 3000, 2000},
	}
}

func wantRefusal(t *testing.T, err error, code connect.Code, reason string) {
	t.Helper()
	if apierr.Code(err) != code || apierr.Reason(err) != reason {
		t.Fatalf("error %v (code %v, reason %q), want %v %s", err, apierr.Code(err), apierr.Reason(err), code, reason)
	}
}

// A create with a key starts the workflow whose id the key derives, so a
// retried create (even on another replica, after a restart) finds the
// same tournament: the derivation is pinned, since changing it would make
// every retry in flight during a deploy create a second tournament.
func TestCreateDerivesTheWorkflowIDFromTheKey(t *testing.T) {
	f := coretest.NewTemporal()
	opts := tournament.Options{HistoryLimit: 7}
	s := New(f, Config{TaskQueue: "tournaments", Workflow: opts})
	ctx := context.Background()
	st, err := s.Create(ctx, validTerms(), "k1")
	if err != nil {
		t.Fatal(err)
	}
	const want = "tour-4cfc015837410a783735" // "tour-" + hex(sha256("create:k1")[:10])
	if st.ID != want || len(f.Starts) != 1 || f.Starts[0].ID != want {
		t.Fatalf("created %q (starts %v), want %s", st.ID, f.Starts, want)
	}
	o := f.Starts[0]
	if o.TaskQueue != "tournaments" || o.WorkflowIDConflictPolicy != enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING ||
		o.WorkflowIDReusePolicy != enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE {
		t.Errorf("start options %+v", o)
	}
	in := f.StartInputs[0]
	if in.ID != want || in.Options != opts || in.Terms.Name != "Sunday" {
		t.Errorf("workflow input %+v", in)
	}
	// Defaults were applied before the start: registration closes at the
	// start unless the terms say otherwise.
	if !in.Terms.RegistrationClosesAt.Equal(in.Terms.StartAt) {
		t.Errorf("registration closes %v, start %v", in.Terms.RegistrationClosesAt, in.Terms.StartAt)
	}
	if !slices.Equal(f.Queries, []string{want}) {
		t.Errorf("queried %v, want the new tournament", f.Queries)
	}

	again, err := s.Create(ctx, validTerms(), "k1")
	if err != nil || again.ID != want {
		t.Fatalf("retry: %q, %v", again.ID, err)
	}
	other, err := s.Create(ctx, validTerms(), "k2")
	if err != nil || other.ID == want {
		t.Fatalf("another key: %q, %v", other.ID, err)
	}
}

// Without a key every create is a new tournament with a random id.
func TestCreateWithoutKeyStartsANewTournament(t *testing.T) {
	f := coretest.NewTemporal()
	s := New(f, Config{TaskQueue: "tq"})
	shape := regexp.MustCompile(`^tour-[0-9a-f]{20}$`)
	a, err := s.Create(context.Background(), validTerms(), "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Create(context.Background(), validTerms(), "")
	if err != nil {
		t.Fatal(err)
	}
	if !shape.MatchString(a.ID) || !shape.MatchString(b.ID) || a.ID == b.ID {
		t.Errorf("ids %q and %q", a.ID, b.ID)
	}
}

// Terms that fail validation, or a start already past, start nothing.
func TestCreateRefusesBeforeStarting(t *testing.T) {
	past := validTerms()
	past.StartAt = time.Now().Add(-time.Minute)
	long := validTerms()
	long.Name = strings.Repeat("n", terms.MaxText+1)
	cases := []struct {
		name   string
		terms  terms.Terms
		reason string
	}{
		{"start in the past", past, "START_IN_PAST"},
		{"name too long", long, "BAD_NAME"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := coretest.NewTemporal()
			_, err := New(f, Config{TaskQueue: "tq"}).Create(context.Background(), c.terms, "k1")
			wantRefusal(t, err, connect.CodeInvalidArgument, c.reason)
			if len(f.Starts) != 0 || len(f.Queries) != 0 {
				t.Errorf("refused terms reached Temporal: %d starts, %d queries", len(f.Starts), len(f.Queries))
			}
		})
	}
}

// A start refused as already started (the key's tournament is closed)
// answers that tournament; any other failure to start is returned wrapped,
// without a query.
func TestCreateWhenTheStartFails(t *testing.T) {
	f := coretest.NewTemporal()
	f.StartErr = serviceerror.NewWorkflowExecutionAlreadyStarted("started", "", "run-1")
	f.Standings["tour-4cfc015837410a783735"] = tournament.Standings{ID: "tour-4cfc015837410a783735", Phase: tournament.Completed}
	st, err := New(f, Config{TaskQueue: "tq"}).Create(context.Background(), validTerms(), "k1")
	if err != nil || st.Phase != tournament.Completed {
		t.Fatalf("already started: %+v, %v", st, err)
	}

	f = coretest.NewTemporal()
	f.StartErr = serviceerror.NewUnavailable("frontend down")
	_, err = New(f, Config{TaskQueue: "tq"}).Create(context.Background(), validTerms(), "k1")
	var un *serviceerror.Unavailable
	if !errors.As(err, &un) || !strings.HasPrefix(err.Error(), "start tournament workflow: ") {
		t.Fatalf("start failure: %v", err)
	}
	if len(f.Queries) != 0 {
		t.Errorf("queried %v after a failed start", f.Queries)
	}
}

// Each update's id derives from its name and the caller's key, scoped to
// the player, so Temporal answers a retried request once and one
// player's key never answers for another's. Operator updates without a
// key of their own have a fixed one (cancel once) or none (pause, resume
// may repeat). The ids are pinned: a change would replay no retry.
func TestUpdateIDsAndArguments(t *testing.T) {
	p1 := tournament.PlayerIn{Partner: "pa", Player: "p1", Name: "Ann"}
	p2 := tournament.PlayerIn{Partner: "pa", Player: "p2"}
	type call func(s *Service, ctx context.Context) error
	register := func(p tournament.PlayerIn, key string) call {
		return func(s *Service, ctx context.Context) error {
			_, err := s.Register(ctx, "tour-1", p, key)
			return err
		}
	}
	unregister := func(p tournament.PlayerIn, key string) call {
		return func(s *Service, ctx context.Context) error {
			_, err := s.Unregister(ctx, "tour-1", p, key)
			return err
		}
	}
	rebuy := func(p tournament.PlayerIn, key string) call {
		return func(s *Service, ctx context.Context) error {
			_, err := s.Rebuy(ctx, "tour-1", p, key)
			return err
		}
	}
	addOn := func(p tournament.PlayerIn, key string) call {
		return func(s *Service, ctx context.Context) error {
			_, err := s.AddOn(ctx, "tour-1", p, key)
			return err
		}
	}
	cases := []struct {
		name   string
		call   call
		update string
		id     string // "": none, Temporal deduplicates nothing
		arg    any
	}{
		{"register", register(p1, "k1"), tournament.UpdateRegister, "register-4c994dbff2675d84c3b50670", p1},
		{"register, another player, same key", register(p2, "k1"), tournament.UpdateRegister, "register-4f6fde5b8e38b3e3f46ccec0", p2},
		{"register without a key", register(p1, ""), tournament.UpdateRegister, "", p1},
		{"rebuy, same key as the registration", rebuy(p1, "k1"), tournament.UpdateRebuy, "rebuy-75970c76275b5524afbb123f", p1},
		{"unregister", unregister(p1, "k1"), tournament.UpdateUnregister, "unregister-e6323ee8597fcb76eda25bfd", p1},
		{"add-on", addOn(p1, "k1"), tournament.UpdateAddOn, "add_on-2b475dc4ea832752ec1a0770", p1},
		{"pause", func(s *Service, ctx context.Context) error { return s.Pause(ctx, "tour-1", "power cut") },
			tournament.UpdatePause, "", tournament.ReasonIn{Reason: "power cut"}},
		{"resume", func(s *Service, ctx context.Context) error { return s.Resume(ctx, "tour-1") },
			tournament.UpdateResume, "", tournament.ReasonIn{}},
		{"cancel", func(s *Service, ctx context.Context) error { return s.Cancel(ctx, "tour-1", "no quorum") },
			tournament.UpdateCancel, "cancel-84a4658c1471cf6f5107f028", tournament.ReasonIn{Reason: "no quorum"}},
		{"disqualify", func(s *Service, ctx context.Context) error { return s.Disqualify(ctx, "tour-1", p1) },
			tournament.UpdateDisqualify, "disqualify-dec2be55abb331e9d7e203e8", p1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := coretest.NewTemporal()
			if err := c.call(New(f, Config{TaskQueue: "tq"}), context.Background()); err != nil {
				t.Fatal(err)
			}
			if len(f.Updates) != 1 {
				t.Fatalf("%d updates", len(f.Updates))
			}
			u := f.Updates[0]
			if u.WorkflowID != "tour-1" || u.UpdateName != c.update || u.WaitForStage != client.WorkflowUpdateStageCompleted {
				t.Errorf("update %+v", u)
			}
			if u.UpdateID != c.id {
				t.Errorf("update id %q, want %q", u.UpdateID, c.id)
			}
			if len(u.Args) != 1 || fmt.Sprint(u.Args[0]) != fmt.Sprint(c.arg) {
				t.Errorf("args %v, want [%v]", u.Args, c.arg)
			}
		})
	}
}

// Keys are deduplicated per update: the same key twice is the same update
// id, and keyed updates of the player-facing kinds carry an id exactly
// when the caller gave a key.
func TestUpdateIDIsDeterministic(t *testing.T) {
	f := coretest.NewTemporal()
	s := New(f, Config{TaskQueue: "tq"})
	p := tournament.PlayerIn{Partner: "pa", Player: "p1"}
	ctx := context.Background()
	for range 2 {
		if _, err := s.Unregister(ctx, "tour-1", p, "w1"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddOn(ctx, "tour-1", p, "w1"); err != nil {
			t.Fatal(err)
		}
	}
	ids := []string{f.Updates[0].UpdateID, f.Updates[1].UpdateID, f.Updates[2].UpdateID, f.Updates[3].UpdateID}
	if ids[0] == "" || ids[0] != ids[2] || ids[1] != ids[3] || ids[0] == ids[1] {
		t.Errorf("update ids %q", ids)
	}
	if !strings.HasPrefix(ids[0], "unregister-") || !strings.HasPrefix(ids[1], "add_on-") || len(ids[0]) != len("unregister-")+24 {
		t.Errorf("update ids %q", ids)
	}
}

// The update's answer is decoded into the method's result.
func TestUpdateAnswers(t *testing.T) {
	f := coretest.NewTemporal()
	s := New(f, Config{TaskQueue: "tq"})
	ctx := context.Background()
	p := tournament.PlayerIn{Partner: "pa", Player: "p1"}
	f.UpdateOut[tournament.UpdateRegister] = tournament.RegisterOut{Entrants: 12, Late: true}
	reg, err := s.Register(ctx, "tour-1", p, "k")
	if err != nil || reg != (tournament.RegisterOut{Entrants: 12, Late: true}) {
		t.Errorf("register: %+v, %v", reg, err)
	}
	f.UpdateOut[tournament.UpdateUnregister] = tournament.UnregisterOut{Refunded: 11000}
	un, err := s.Unregister(ctx, "tour-1", p, "k")
	if err != nil || un.Refunded != 11000 {
		t.Errorf("unregister: %+v, %v", un, err)
	}
	f.UpdateOut[tournament.UpdateRebuy] = tournament.ChipsOut{Chips: 5000}
	f.UpdateOut[tournament.UpdateAddOn] = tournament.ChipsOut{Chips: 5000}
	for name, call := range map[string]func(context.Context, string, tournament.PlayerIn, string) (tournament.ChipsOut, error){"rebuy": s.Rebuy, "add-on": s.AddOn} {
		out, err := call(ctx, "tour-1", p, "k")
		if err != nil || out.Chips != 5000 {
			t.Errorf("%s: %+v, %v", name, out, err)
		}
	}
}

// The workflow's refusal reaches the caller with its code, reason and
// message; a failure of the update call or of its outcome is mapped the
// same way whichever step failed.
func TestUpdateErrorsAreMapped(t *testing.T) {
	full := temporal.NewNonRetryableApplicationError("the tournament is full", "TOURNAMENT_FULL", nil, int(connect.CodeFailedPrecondition))
	for _, step := range []string{"call", "outcome"} {
		f := coretest.NewTemporal()
		if step == "call" {
			f.UpdateCallErr = full
		} else {
			f.UpdateErr[tournament.UpdateRegister] = full
		}
		_, err := New(f, Config{TaskQueue: "tq"}).Register(context.Background(), "tour-1", tournament.PlayerIn{Partner: "pa", Player: "p1"}, "k")
		wantRefusal(t, err, connect.CodeFailedPrecondition, "TOURNAMENT_FULL")
		if !strings.Contains(err.Error(), "the tournament is full") {
			t.Errorf("%s: message %q", step, err)
		}
	}
}

// Standings decodes the query's answer; a tournament Temporal does not
// know is TOURNAMENT_NOT_FOUND.
func TestStandings(t *testing.T) {
	f := coretest.NewTemporal()
	f.Standings["tour-1"] = tournament.Standings{ID: "tour-1", Name: "Sunday", Phase: tournament.Running, Entrants: 9, Left: 4,
		Players: []tournament.Standing{{Partner: "pa", Player: "p1"}}}
	s := New(f, Config{TaskQueue: "tq"})
	st, err := s.Standings(context.Background(), "tour-1")
	if err != nil || st.Name != "Sunday" || st.Phase != tournament.Running || st.Entrants != 9 || st.Left != 4 || len(st.Players) != 1 {
		t.Fatalf("standings %+v, %v", st, err)
	}
	_, err = s.Standings(context.Background(), "tour-none")
	wantRefusal(t, err, connect.CodeNotFound, "TOURNAMENT_NOT_FOUND")
}

// mapErr: only the workflow's own refusals keep their message; Temporal's
// not-found, not-ready, too many updates in flight and an update not
// accepted within its long poll have reasons of their own (the last three
// retryable: TOURNAMENT_BUSY); a context error stays
// one (the caller left); anything else is answered without its detail,
// which goes to the log (an activity's failure may name internal accounts
// or hosts, issue 11).
func TestMapErr(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		code   connect.Code
		reason string
		logged bool
	}{
		{"workflow refusal", temporal.NewNonRetryableApplicationError("registration closed at 19:00", "REGISTRATION_CLOSED", nil, int(connect.CodeFailedPrecondition)),
			connect.CodeFailedPrecondition, "REGISTRATION_CLOSED", false},
		{"wrapped workflow refusal", fmt.Errorf("update: %w", temporal.NewNonRetryableApplicationError("no rebuys now", "REBUY_CLOSED", nil, int(connect.CodeFailedPrecondition))),
			connect.CodeFailedPrecondition, "REBUY_CLOSED", false},
		{"application error without a code", temporal.NewApplicationError("dial tcp 10.1.2.3:8080: connection refused", "WALLET_DOWN"),
			connect.CodeInternal, "TOURNAMENT_FAILED", true},
		{"not found", serviceerror.NewNotFound("workflow not found"), connect.CodeNotFound, "TOURNAMENT_NOT_FOUND", false},
		{"not ready", serviceerror.NewWorkflowNotReady("workflow not ready"), connect.CodeUnavailable, "TOURNAMENT_BUSY", false},
		{"too many updates in flight", serviceerror.NewResourceExhausted(enumspb.RESOURCE_EXHAUSTED_CAUSE_CONCURRENT_LIMIT, "limit on number of concurrent in-flight updates has been reached (10) at 10.1.2.3"),
			connect.CodeUnavailable, "TOURNAMENT_BUSY", false},
		{"update not accepted within the long poll", client.NewWorkflowUpdateServiceTimeoutOrCanceledError(serviceerror.NewDeadlineExceeded("10.1.2.3: deadline exceeded")),
			connect.CodeUnavailable, "TOURNAMENT_BUSY", false},
		{"unavailable", serviceerror.NewUnavailable("frontend 10.1.2.3 down"), connect.CodeUnavailable, "TOURNAMENT_UNAVAILABLE", true},
		{"internal", serviceerror.NewInternal("shard 10.1.2.3 lost"), connect.CodeInternal, "TOURNAMENT_FAILED", true},
		{"plain", errors.New("10.1.2.3: boom"), connect.CodeInternal, "TOURNAMENT_FAILED", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var log bytes.Buffer
			s := New(coretest.NewTemporal(), Config{Log: slog.New(slog.NewTextHandler(&log, nil))})
			err := s.mapErr(context.Background(), c.err)
			wantRefusal(t, err, c.code, c.reason)
			if c.code != connect.CodeFailedPrecondition && strings.Contains(err.Error(), "10.1.2.3") {
				t.Errorf("answer %q carries the detail", err)
			}
			if got := strings.Contains(log.String(), "tournament request failed"); got != c.logged {
				t.Errorf("logged %v, want %v: %q", got, c.logged, log.String())
			}
			if c.logged && !strings.Contains(log.String(), "10.1.2.3") {
				t.Errorf("log %q lacks the detail", log.String())
			}
		})
	}
	for _, ctxErr := range []error{context.Canceled, context.DeadlineExceeded} {
		err := New(coretest.NewTemporal(), Config{}).mapErr(context.Background(), fmt.Errorf("update: %w", ctxErr))
		if !errors.Is(err, ctxErr) {
			t.Errorf("%v mapped to %v", ctxErr, err)
		}
	}
}

// List asks Temporal for the tournament workflows, a page at a time (the
// size bounded to 1..500, 100 when unset), starts from Temporal's page
// token in the caller's, and leaves out a tournament that cannot answer
// its query now.
func TestList(t *testing.T) {
	cases := []struct {
		size, want int32
	}{{0, 100}, {-1, 100}, {1, 1}, {500, 500}, {501, 100}}
	for _, c := range cases {
		f := coretest.NewTemporal()
		f.ListIDs = []string{"tour-b", "tour-busy", "tour-a"}
		f.Standings["tour-a"] = tournament.Standings{ID: "tour-a"}
		f.Standings["tour-b"] = tournament.Standings{ID: "tour-b"}
		f.Standings["tour-busy"] = tournament.Standings{ID: "tour-busy"}
		f.QueryErr["tour-busy"] = serviceerror.NewWorkflowNotReady("not ready")
		list, next, err := New(f, Config{TaskQueue: "tq"}).List(context.Background(), int(c.size), cursor{Token: []byte("page\x002")}.encode(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, st := range list {
			ids = append(ids, st.ID)
		}
		// The last of Temporal's pages: the list ends there, except for a
		// page of one, which stops after tour-b, the next one on in it.
		wantIDs, wantNext := []string{"tour-b", "tour-a"}, []byte(nil)
		if c.size == 1 {
			wantIDs, wantNext = []string{"tour-b"}, cursor{Token: []byte("page\x002"), Skip: 1}.encode()
		}
		if !slices.Equal(ids, wantIDs) || string(next) != string(wantNext) || len(f.Lists) != 1 {
			t.Errorf("size %d: listed %v, next %q after %d requests", c.size, ids, next, len(f.Lists))
		}
		r := f.Lists[0]
		if r.GetQuery() != "WorkflowType = 'Tournament'" || r.GetPageSize() != c.want || string(r.GetNextPageToken()) != "page\x002" {
			t.Errorf("size %d: request %v", c.size, r)
		}
	}

	f := coretest.NewTemporal()
	f.ListErr = serviceerror.NewUnavailable("frontend down")
	_, _, err := New(f, Config{}).List(context.Background(), 10, nil, nil)
	wantRefusal(t, err, connect.CodeUnavailable, "TOURNAMENT_UNAVAILABLE")
	_, _, err = New(coretest.NewTemporal(), Config{}).List(context.Background(), 10, []byte("not a token"), nil)
	wantRefusal(t, err, connect.CodeInvalidArgument, "BAD_PAGE_TOKEN")
}

// The lobby's filter runs before the page is cut (issue 17): 25
// tournaments, every third one running, listed running 4 to a page, come
// as full pages of 4, 4 and a last one of 1 — every running one exactly
// once, in order, whatever Temporal's page boundaries — and the last page
// has no token.
func TestListFiltersBeforePaging(t *testing.T) {
	f := coretest.NewTemporal()
	var want []string
	for i := range 25 {
		id := fmt.Sprintf("tour-%02d", i)
		f.ListAll = append(f.ListAll, id)
		phase := tournament.Registering
		if i%3 == 0 {
			phase = tournament.Running
			want = append(want, id)
		}
		f.Standings[id] = tournament.Standings{ID: id, Phase: phase}
	}
	s := New(f, Config{})
	running := func(st tournament.Standings) bool { return st.Phase == tournament.Running }
	var got []string
	var sizes []int
	var token []byte
	for page := 0; ; page++ {
		list, next, err := s.List(context.Background(), 4, token, running)
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(list))
		for _, st := range list {
			got = append(got, st.ID)
		}
		if next == nil {
			break
		}
		if page > 10 {
			t.Fatal("the list does not end")
		}
		token = next
	}
	if !slices.Equal(got, want) || !slices.Equal(sizes, []int{4, 4, 1}) {
		t.Fatalf("pages of %v listing %v; want pages of [4 4 1] listing %v", sizes, got, want)
	}
}
