package api

import (
	"context"
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/temporal"
	"google.golang.org/protobuf/types/known/timestamppb"

	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/core/coretest"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// The four kinds of caller (shared/auth), and none.
var (
	thePlayer   = auth.Principal{Role: auth.RolePlayer, PartnerID: "pa", PlayerID: "p1"}
	thePartner  = auth.Principal{Role: auth.RolePartner, PartnerID: "pa", Subject: "pa"}
	theOperator = auth.Principal{Role: auth.RoleOperator, Subject: "ops:alice"}
	theService  = auth.Principal{Role: auth.RoleService, Subject: "table"}
)

func as(p auth.Principal) context.Context { return auth.WithPrincipal(context.Background(), p) }

var nobody = context.Background()

// handlerOn is the real handler on a real core on the fake client.
func handlerOn(f *coretest.Temporal) *Handler {
	return New(core.New(f, core.Config{TaskQueue: "tournament-test"}))
}

func TestCheckID(t *testing.T) {
	cases := []struct {
		id string
		ok bool
	}{
		{"", false},
		{"t", true},
		{"tour-0123456789abcdef0123", true},
		{strings.Repeat("x", 128), true},
		{strings.Repeat("x", 129), false},
		// The limit is in bytes: 43 three-byte runes are 129 bytes.
		{strings.Repeat("€", 42), true},
		{strings.Repeat("€", 43), false},
	}
	for _, c := range cases {
		err := checkID(c.id)
		if c.ok {
			if err != nil {
				t.Errorf("checkID(%d bytes): %v", len(c.id), err)
			}
			continue
		}
		wantRefused(t, err, connect.CodeInvalidArgument, "BAD_TOURNAMENT_ID")
		// The message gives the limit in the unit it is counted in.
		if !strings.Contains(err.Error(), "128 bytes") {
			t.Errorf("checkID(%d bytes): message %q does not say bytes", len(c.id), err)
		}
	}
}

func TestCheckText(t *testing.T) {
	cases := []struct {
		text string
		ok   bool
	}{
		// Empty is allowed: a display name and a reason are optional.
		{"", true},
		{"Ann", true},
		{strings.Repeat("a", 200), true},
		{strings.Repeat("a", 201), false},
		// Bytes, as checkKey: 67 three-byte runes are 201 bytes.
		{strings.Repeat("€", 66), true},
		{strings.Repeat("€", 67), false},
	}
	for _, c := range cases {
		err := checkText("BAD_REASON", "reason", c.text)
		if c.ok {
			if err != nil {
				t.Errorf("checkText(%d bytes): %v", len(c.text), err)
			}
			continue
		}
		wantRefused(t, err, connect.CodeInvalidArgument, "BAD_REASON")
		if !strings.Contains(err.Error(), "reason") || !strings.Contains(err.Error(), "200 bytes") {
			t.Errorf("checkText(%d bytes): message %q", len(c.text), err)
		}
	}
}

func TestCheckKey(t *testing.T) {
	cases := []struct {
		key string
		ok  bool
	}{
		// No key: the request is not deduplicated, which is allowed.
		{"", true},
		{"k", true},
		{strings.Repeat("k", 200), true},
		{strings.Repeat("k", 201), false},
		{strings.Repeat("k", 10_000), false},
	}
	for _, c := range cases {
		err := checkKey(c.key)
		if c.ok {
			if err != nil {
				t.Errorf("checkKey(%d bytes): %v", len(c.key), err)
			}
			continue
		}
		wantRefused(t, err, connect.CodeInvalidArgument, "BAD_IDEMPOTENCY_KEY")
	}
}

func TestPlayer(t *testing.T) {
	long := strings.Repeat("q", 129)
	at128 := strings.Repeat("q", 128)
	cases := []struct {
		name                    string
		ctx                     context.Context
		player, partner, called string
		want                    tournament.PlayerIn
		code                    connect.Code // 0 = accepted
		reason                  string
	}{
		{"nobody", nobody, "p1", "pa", "Ann", tournament.PlayerIn{}, connect.CodeUnauthenticated, "NO_CREDENTIALS"},

		// A player is always himself: named or not, the ids are his token's.
		{"player, unnamed", as(thePlayer), "", "", "Ann", tournament.PlayerIn{Partner: "pa", Player: "p1", Name: "Ann"}, 0, ""},
		{"player, himself", as(thePlayer), "p1", "pa", "", tournament.PlayerIn{Partner: "pa", Player: "p1"}, 0, ""},
		{"player, his id only", as(thePlayer), "p1", "", "", tournament.PlayerIn{Partner: "pa", Player: "p1"}, 0, ""},
		{"player, his partner only", as(thePlayer), "", "pa", "", tournament.PlayerIn{Partner: "pa", Player: "p1"}, 0, ""},
		{"player, another player", as(thePlayer), "p2", "", "", tournament.PlayerIn{}, connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"player, same id at another partner", as(thePlayer), "p1", "pb", "", tournament.PlayerIn{}, connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"player, another partner", as(thePlayer), "", "pb", "", tournament.PlayerIn{}, connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},

		// A partner names one of its own players.
		{"partner, its player", as(thePartner), "p7", "", "Bo", tournament.PlayerIn{Partner: "pa", Player: "p7", Name: "Bo"}, 0, ""},
		{"partner, itself named", as(thePartner), "p7", "pa", "", tournament.PlayerIn{Partner: "pa", Player: "p7"}, 0, ""},
		{"partner, 128-byte player", as(thePartner), at128, "", "", tournament.PlayerIn{Partner: "pa", Player: at128}, 0, ""},
		{"partner, another partner's player", as(thePartner), "p7", "pb", "", tournament.PlayerIn{}, connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"partner, no player", as(thePartner), "", "", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
		{"partner, no player, itself named", as(thePartner), "", "pa", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
		{"partner, 129-byte player", as(thePartner), long, "", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},

		// Internal callers name both.
		{"operator, both", as(theOperator), "p7", "pb", "Cy", tournament.PlayerIn{Partner: "pb", Player: "p7", Name: "Cy"}, 0, ""},
		{"operator, 128 bytes each", as(theOperator), at128, at128, "", tournament.PlayerIn{Partner: at128, Player: at128}, 0, ""},
		{"operator, no partner", as(theOperator), "p7", "", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
		{"operator, no player", as(theOperator), "", "pb", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
		{"operator, 129-byte player", as(theOperator), long, "pb", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
		{"operator, 129-byte partner", as(theOperator), "p7", long, "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
		{"service, both", as(theService), "p7", "pb", "", tournament.PlayerIn{Partner: "pb", Player: "p7"}, 0, ""},
		{"service, neither", as(theService), "", "", "", tournament.PlayerIn{}, connect.CodeInvalidArgument, "NO_PLAYER"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := player(c.ctx, c.player, c.partner, c.called)
			if c.code != 0 {
				wantRefused(t, err, c.code, c.reason)
				if got != (tournament.PlayerIn{}) {
					t.Fatalf("refusal came with %+v", got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

// TestPolicy: every RPC of the service is in the policy (a missing one is
// closed to everybody), the lobby is open to anyone authenticated, entries
// are open to players, partners and internal callers, and running a
// tournament is internal only.
func TestPolicy(t *testing.T) {
	p := Policy()
	methods := tournamentv1.File_croupier_tournament_v1_tournament_proto.Services().ByName("TournamentService").Methods()
	if methods.Len() != len(p) {
		t.Fatalf("policy covers %d procedures, the service has %d", len(p), methods.Len())
	}
	for i := range methods.Len() {
		proc := "/croupier.tournament.v1.TournamentService/" + string(methods.Get(i).Name())
		if _, ok := p[proc]; !ok {
			t.Errorf("%s is not in the policy", proc)
		}
	}
	has := func(proc string, r auth.Role) bool {
		for _, x := range p[proc] {
			if x == r {
				return true
			}
		}
		return false
	}
	all := []auth.Role{auth.RolePlayer, auth.RolePartner, auth.RoleOperator, auth.RoleService}
	cases := []struct {
		proc    string
		allowed []auth.Role
	}{
		{tournamentv1connect.TournamentServiceListTournamentsProcedure, all},
		{tournamentv1connect.TournamentServiceGetTournamentProcedure, all},
		{tournamentv1connect.TournamentServiceGetStandingsProcedure, all},
		{tournamentv1connect.TournamentServiceRegisterProcedure, all},
		{tournamentv1connect.TournamentServiceUnregisterProcedure, all},
		{tournamentv1connect.TournamentServiceRebuyProcedure, all},
		{tournamentv1connect.TournamentServiceAddOnProcedure, all},
		{tournamentv1connect.TournamentServiceCreateTournamentProcedure, auth.Internal},
		{tournamentv1connect.TournamentServicePauseTournamentProcedure, auth.Internal},
		{tournamentv1connect.TournamentServiceResumeTournamentProcedure, auth.Internal},
		{tournamentv1connect.TournamentServiceCancelTournamentProcedure, auth.Internal},
		{tournamentv1connect.TournamentServiceDisqualifyPlayerProcedure, auth.Internal},
		{tournamentv1connect.TournamentServicePenalizePlayerProcedure, auth.Internal},
	}
	for _, c := range cases {
		for _, r := range all {
			want := false
			for _, a := range c.allowed {
				want = want || a == r
			}
			if has(c.proc, r) != want {
				t.Errorf("%s for %s: allowed %v, want %v", c.proc, r, has(c.proc, r), want)
			}
		}
	}
}

// TestHandlerRefusalsBeforeCore calls every handler with input it refuses
// before it reaches the core, on a handler without a core: each path below
// returns before h.core is used (read in api.go), so a refusal that reached
// the core would panic on the nil pointer instead of answering.
func TestHandlerRefusalsBeforeCore(t *testing.T) {
	h := &Handler{}
	long := strings.Repeat("x", 129)
	longKey := strings.Repeat("k", 201)
	future := timestamppb.New(time.Now().Add(24 * time.Hour))
	longText := strings.Repeat("r", 201)
	badCurrency := validStructure()
	badCurrency.RebuyFee = cash("USD", 100)
	structure := func(edit func(*tournamentv1.Structure)) *tournamentv1.Structure {
		s := validStructure()
		edit(s)
		return s
	}
	type call func() error
	create := func(ctx context.Context, m *tournamentv1.CreateTournamentRequest) call {
		return func() error { r, err := h.CreateTournament(ctx, connect.NewRequest(m)); return nilOr(r, err) }
	}
	list := func(m *tournamentv1.ListTournamentsRequest) call {
		return func() error { r, err := h.ListTournaments(as(thePlayer), connect.NewRequest(m)); return nilOr(r, err) }
	}
	get := func(id string) call {
		return func() error {
			r, err := h.GetTournament(as(thePlayer), connect.NewRequest(&tournamentv1.GetTournamentRequest{TournamentId: id}))
			return nilOr(r, err)
		}
	}
	standings := func(id string) call {
		return func() error {
			r, err := h.GetStandings(as(thePlayer), connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: id}))
			return nilOr(r, err)
		}
	}
	register := func(ctx context.Context, m *tournamentv1.RegisterRequest) call {
		return func() error { r, err := h.Register(ctx, connect.NewRequest(m)); return nilOr(r, err) }
	}
	unregister := func(ctx context.Context, m *tournamentv1.UnregisterRequest) call {
		return func() error { r, err := h.Unregister(ctx, connect.NewRequest(m)); return nilOr(r, err) }
	}
	rebuy := func(ctx context.Context, m *tournamentv1.RebuyRequest) call {
		return func() error { r, err := h.Rebuy(ctx, connect.NewRequest(m)); return nilOr(r, err) }
	}
	addOn := func(ctx context.Context, m *tournamentv1.AddOnRequest) call {
		return func() error { r, err := h.AddOn(ctx, connect.NewRequest(m)); return nilOr(r, err) }
	}
	pauseWhy := func(id, why string) call {
		return func() error {
			r, err := h.PauseTournament(as(theOperator), connect.NewRequest(&tournamentv1.PauseTournamentRequest{TournamentId: id, Reason: why}))
			return nilOr(r, err)
		}
	}
	pause := func(id string) call { return pauseWhy(id, "r") }
	resume := func(id string) call {
		return func() error {
			r, err := h.ResumeTournament(as(theOperator), connect.NewRequest(&tournamentv1.ResumeTournamentRequest{TournamentId: id}))
			return nilOr(r, err)
		}
	}
	cancelWhy := func(id, why string) call {
		return func() error {
			r, err := h.CancelTournament(as(theOperator), connect.NewRequest(&tournamentv1.CancelTournamentRequest{TournamentId: id, Reason: why}))
			return nilOr(r, err)
		}
	}
	cancel := func(id string) call { return cancelWhy(id, "r") }
	dq := func(ctx context.Context, m *tournamentv1.DisqualifyPlayerRequest) call {
		return func() error { r, err := h.DisqualifyPlayer(ctx, connect.NewRequest(m)); return nilOr(r, err) }
	}
	inv := connect.CodeInvalidArgument
	cases := []struct {
		name   string
		call   call
		code   connect.Code
		reason string
	}{
		// GR H.1: the terms give the start.
		{"create without start", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: validStructure()}), inv, "NO_START"},
		{"create without start, long key", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: validStructure(), IdempotencyKey: longKey}), inv, "NO_START"},
		{"create, long key", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: validStructure(), StartsAt: future, IdempotencyKey: longKey}), inv, "BAD_IDEMPOTENCY_KEY"},
		{"create without structure", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", StartsAt: future}), inv, "NO_STRUCTURE"},
		{"create, two currencies", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: badCurrency, StartsAt: future}), inv, "CURRENCY_MISMATCH"},
		// Timestamps outside 0001..9999 are refused, not an INTERNAL from
		// Temporal's encoding; the start is checked before the key.
		{"create, start before year 1", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: validStructure(),
			StartsAt: &timestamppb.Timestamp{Seconds: -70000000000}}), inv, "BAD_TIMESTAMP"},
		{"create, start after year 9999, long key", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: validStructure(),
			StartsAt: &timestamppb.Timestamp{Seconds: 253402300800}, IdempotencyKey: longKey}), inv, "BAD_TIMESTAMP"},
		{"create, start with nanos past a second", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", Structure: validStructure(),
			StartsAt: &timestamppb.Timestamp{Seconds: future.GetSeconds(), Nanos: 1e9}}), inv, "BAD_TIMESTAMP"},
		{"create, deadline before year 1", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", StartsAt: future,
			Structure: structure(func(s *tournamentv1.Structure) {
				s.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: -70000000000}
			})}), inv, "BAD_TIMESTAMP"},
		{"create, unknown fee rule", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", StartsAt: future,
			Structure: structure(func(s *tournamentv1.Structure) { s.FeeRule = 7 })}), inv, "UNKNOWN_FEE_RULE"},
		{"create, unknown payout mode", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", StartsAt: future,
			Structure: structure(func(s *tournamentv1.Structure) { s.PayoutMode = 9 })}), inv, "BAD_PAYOUT"},
		{"create, unknown profile", create(as(theOperator), &tournamentv1.CreateTournamentRequest{Name: "n", StartsAt: future,
			Structure: structure(func(s *tournamentv1.Structure) { s.Profile = "klingon" })}), inv, "UNKNOWN_PROFILE"},

		// Only the states of the enum filter the lobby.
		{"list, state 99", list(&tournamentv1.ListTournamentsRequest{State: 99}), inv, "BAD_STATE"},
		{"list, state -1", list(&tournamentv1.ListTournamentsRequest{State: -1}), inv, "BAD_STATE"},

		{"list, page size -1", list(&tournamentv1.ListTournamentsRequest{PageSize: -1}), inv, "BAD_PAGE_SIZE"},
		{"list, page size 501", list(&tournamentv1.ListTournamentsRequest{PageSize: 501}), inv, "BAD_PAGE_SIZE"},
		{"list, token not base64", list(&tournamentv1.ListTournamentsRequest{PageToken: "not a token!"}), inv, "BAD_PAGE_TOKEN"},
		{"list, padded token", list(&tournamentv1.ListTournamentsRequest{PageToken: "bmV4dA=="}), inv, "BAD_PAGE_TOKEN"},
		{"list, std-alphabet token", list(&tournamentv1.ListTournamentsRequest{PageToken: "a+/b"}), inv, "BAD_PAGE_TOKEN"},
		{"list, truncated token", list(&tournamentv1.ListTournamentsRequest{PageToken: "a"}), inv, "BAD_PAGE_TOKEN"},

		{"get, no id", get(""), inv, "BAD_TOURNAMENT_ID"},
		{"get, long id", get(long), inv, "BAD_TOURNAMENT_ID"},
		{"standings, no id", standings(""), inv, "BAD_TOURNAMENT_ID"},
		{"standings, long id", standings(long), inv, "BAD_TOURNAMENT_ID"},
		{"pause, no id", pause(""), inv, "BAD_TOURNAMENT_ID"},
		{"pause, long id", pause(long), inv, "BAD_TOURNAMENT_ID"},
		{"resume, no id", resume(""), inv, "BAD_TOURNAMENT_ID"},
		{"resume, long id", resume(long), inv, "BAD_TOURNAMENT_ID"},
		{"cancel, no id", cancel(""), inv, "BAD_TOURNAMENT_ID"},
		{"cancel, long id", cancel(long), inv, "BAD_TOURNAMENT_ID"},
		// Free text is bounded like an idempotency key (200 bytes).
		{"pause, long reason", pauseWhy("t", longText), inv, "BAD_REASON"},
		{"pause, long reason and no id", pauseWhy("", longText), inv, "BAD_TOURNAMENT_ID"},
		{"cancel, long reason", cancelWhy("t", longText), inv, "BAD_REASON"},

		// The caller is checked first, then the tournament id, then the key.
		{"register, nobody", register(nobody, &tournamentv1.RegisterRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pa"}), connect.CodeUnauthenticated, "NO_CREDENTIALS"},
		{"register, nobody, no id", register(nobody, &tournamentv1.RegisterRequest{}), connect.CodeUnauthenticated, "NO_CREDENTIALS"},
		{"register, player for another", register(as(thePlayer), &tournamentv1.RegisterRequest{TournamentId: "t", PlayerId: "p2"}), connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"register, player for another, no id", register(as(thePlayer), &tournamentv1.RegisterRequest{PlayerId: "p2"}), connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"register, partner for another partner", register(as(thePartner), &tournamentv1.RegisterRequest{TournamentId: "t", PlayerId: "p7", PartnerId: "pb"}), connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"register, partner names nobody", register(as(thePartner), &tournamentv1.RegisterRequest{TournamentId: "t"}), inv, "NO_PLAYER"},
		{"register, operator without partner", register(as(theOperator), &tournamentv1.RegisterRequest{TournamentId: "t", PlayerId: "p7"}), inv, "NO_PLAYER"},
		{"register, no id", register(as(thePlayer), &tournamentv1.RegisterRequest{DisplayName: "Ann"}), inv, "BAD_TOURNAMENT_ID"},
		{"register, long id", register(as(thePartner), &tournamentv1.RegisterRequest{TournamentId: long, PlayerId: "p7"}), inv, "BAD_TOURNAMENT_ID"},
		{"register, long id and key", register(as(thePlayer), &tournamentv1.RegisterRequest{TournamentId: long, IdempotencyKey: longKey}), inv, "BAD_TOURNAMENT_ID"},
		{"register, long key", register(as(thePlayer), &tournamentv1.RegisterRequest{TournamentId: "t", IdempotencyKey: longKey}), inv, "BAD_IDEMPOTENCY_KEY"},
		{"register, long display name", register(as(thePlayer), &tournamentv1.RegisterRequest{TournamentId: "t", DisplayName: longText}), inv, "BAD_DISPLAY_NAME"},
		{"register, long key and display name", register(as(thePlayer), &tournamentv1.RegisterRequest{TournamentId: "t", IdempotencyKey: longKey, DisplayName: longText}), inv, "BAD_IDEMPOTENCY_KEY"},

		{"unregister, nobody", unregister(nobody, &tournamentv1.UnregisterRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pa"}), connect.CodeUnauthenticated, "NO_CREDENTIALS"},
		{"unregister, player for another", unregister(as(thePlayer), &tournamentv1.UnregisterRequest{TournamentId: "t", PartnerId: "pb"}), connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"unregister, service names nobody", unregister(as(theService), &tournamentv1.UnregisterRequest{TournamentId: "t"}), inv, "NO_PLAYER"},
		{"unregister, no id", unregister(as(thePlayer), &tournamentv1.UnregisterRequest{}), inv, "BAD_TOURNAMENT_ID"},
		{"unregister, long key", unregister(as(thePlayer), &tournamentv1.UnregisterRequest{TournamentId: "t", IdempotencyKey: longKey}), inv, "BAD_IDEMPOTENCY_KEY"},

		{"rebuy, nobody", rebuy(nobody, &tournamentv1.RebuyRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pa"}), connect.CodeUnauthenticated, "NO_CREDENTIALS"},
		{"rebuy, player for another", rebuy(as(thePlayer), &tournamentv1.RebuyRequest{TournamentId: "t", PlayerId: "p9", PartnerId: "pa"}), connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"rebuy, operator names nobody", rebuy(as(theOperator), &tournamentv1.RebuyRequest{TournamentId: "t"}), inv, "NO_PLAYER"},
		{"rebuy, long id", rebuy(as(thePlayer), &tournamentv1.RebuyRequest{TournamentId: long}), inv, "BAD_TOURNAMENT_ID"},
		{"rebuy, long key", rebuy(as(thePlayer), &tournamentv1.RebuyRequest{TournamentId: "t", IdempotencyKey: longKey}), inv, "BAD_IDEMPOTENCY_KEY"},

		{"add-on, nobody", addOn(nobody, &tournamentv1.AddOnRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pa"}), connect.CodeUnauthenticated, "NO_CREDENTIALS"},
		{"add-on, partner for another partner", addOn(as(thePartner), &tournamentv1.AddOnRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pz"}), connect.CodePermissionDenied, "NOT_YOUR_PLAYER"},
		{"add-on, partner names nobody", addOn(as(thePartner), &tournamentv1.AddOnRequest{TournamentId: "t"}), inv, "NO_PLAYER"},
		{"add-on, no id", addOn(as(thePlayer), &tournamentv1.AddOnRequest{}), inv, "BAD_TOURNAMENT_ID"},
		{"add-on, long key", addOn(as(thePlayer), &tournamentv1.AddOnRequest{TournamentId: "t", IdempotencyKey: longKey}), inv, "BAD_IDEMPOTENCY_KEY"},

		{"disqualify, nobody", dq(nobody, &tournamentv1.DisqualifyPlayerRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pa"}), connect.CodeUnauthenticated, "NO_CREDENTIALS"},
		{"disqualify, operator names nobody", dq(as(theOperator), &tournamentv1.DisqualifyPlayerRequest{TournamentId: "t"}), inv, "NO_PLAYER"},
		{"disqualify, operator without partner", dq(as(theOperator), &tournamentv1.DisqualifyPlayerRequest{TournamentId: "t", PlayerId: "p1"}), inv, "NO_PLAYER"},
		{"disqualify, no id", dq(as(theOperator), &tournamentv1.DisqualifyPlayerRequest{PlayerId: "p1", PartnerId: "pa"}), inv, "BAD_TOURNAMENT_ID"},
		{"disqualify, long id", dq(as(theService), &tournamentv1.DisqualifyPlayerRequest{TournamentId: long, PlayerId: "p1", PartnerId: "pa"}), inv, "BAD_TOURNAMENT_ID"},
		{"disqualify, long reason", dq(as(theOperator), &tournamentv1.DisqualifyPlayerRequest{TournamentId: "t", PlayerId: "p1", PartnerId: "pa", Reason: longText}), inv, "BAD_REASON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			wantRefused(t, err, c.code, c.reason)
			// The refusal crosses the wire as a Connect error whose detail
			// carries the reason.
			var ce *connect.Error
			if !errors.As(err, &ce) {
				t.Fatalf("%T is not a *connect.Error", err)
			}
		})
	}
}

// nilOr returns err, or an error if a refusal came with a response.
func nilOr[T any](r *connect.Response[T], err error) error {
	if err != nil && r != nil {
		return errors.New("a refusal came with a response")
	}
	return err
}

// TestHandlersPassCallerToCore: what the handlers accept reaches the
// tournament's workflow as the player resolved from the caller, under the
// right update, on the tournament named; what they refuse reaches nothing.
func TestHandlersPassCallerToCore(t *testing.T) {
	type op func(h *Handler, ctx context.Context, id, key, player, partner, name string) error
	register := func(h *Handler, ctx context.Context, id, key, player, partner, name string) error {
		_, err := h.Register(ctx, connect.NewRequest(&tournamentv1.RegisterRequest{TournamentId: id, IdempotencyKey: key, PlayerId: player, PartnerId: partner, DisplayName: name}))
		return err
	}
	unregister := func(h *Handler, ctx context.Context, id, key, player, partner, _ string) error {
		_, err := h.Unregister(ctx, connect.NewRequest(&tournamentv1.UnregisterRequest{TournamentId: id, IdempotencyKey: key, PlayerId: player, PartnerId: partner}))
		return err
	}
	rebuy := func(h *Handler, ctx context.Context, id, key, player, partner, _ string) error {
		_, err := h.Rebuy(ctx, connect.NewRequest(&tournamentv1.RebuyRequest{TournamentId: id, IdempotencyKey: key, PlayerId: player, PartnerId: partner}))
		return err
	}
	addOn := func(h *Handler, ctx context.Context, id, key, player, partner, _ string) error {
		_, err := h.AddOn(ctx, connect.NewRequest(&tournamentv1.AddOnRequest{TournamentId: id, IdempotencyKey: key, PlayerId: player, PartnerId: partner}))
		return err
	}
	dq := func(h *Handler, ctx context.Context, id, _, player, partner, _ string) error {
		_, err := h.DisqualifyPlayer(ctx, connect.NewRequest(&tournamentv1.DisqualifyPlayerRequest{TournamentId: id, PlayerId: player, PartnerId: partner, Reason: "collusion"}))
		return err
	}
	cases := []struct {
		name                         string
		op                           op
		update                       string
		ctx                          context.Context
		id, key, player, partner, nm string
		want                         tournament.PlayerIn // zero: refused
	}{
		{"player registers himself", register, tournament.UpdateRegister, as(thePlayer), "tour-1", "k1", "", "", "Ann", tournament.PlayerIn{Partner: "pa", Player: "p1", Name: "Ann"}},
		{"partner registers its player", register, tournament.UpdateRegister, as(thePartner), "tour-1", "", "p7", "", "Bo", tournament.PlayerIn{Partner: "pa", Player: "p7", Name: "Bo"}},
		{"operator registers anyone", register, tournament.UpdateRegister, as(theOperator), "tour-1", "k", "p7", "pb", "", tournament.PlayerIn{Partner: "pb", Player: "p7"}},
		{"player registers another", register, tournament.UpdateRegister, as(thePlayer), "tour-1", "k", "p2", "", "", tournament.PlayerIn{}},
		{"player withdraws", unregister, tournament.UpdateUnregister, as(thePlayer), "tour-2", "k", "p1", "pa", "", tournament.PlayerIn{Partner: "pa", Player: "p1"}},
		{"partner withdraws its player", unregister, tournament.UpdateUnregister, as(thePartner), "tour-2", "k", "p7", "", "", tournament.PlayerIn{Partner: "pa", Player: "p7"}},
		{"player rebuys", rebuy, tournament.UpdateRebuy, as(thePlayer), "tour-3", "k", "", "", "", tournament.PlayerIn{Partner: "pa", Player: "p1"}},
		{"service rebuys for a player", rebuy, tournament.UpdateRebuy, as(theService), "tour-3", "", "p7", "pb", "", tournament.PlayerIn{Partner: "pb", Player: "p7"}},
		{"player adds on", addOn, tournament.UpdateAddOn, as(thePlayer), "tour-4", "k", "", "", "", tournament.PlayerIn{Partner: "pa", Player: "p1"}},
		{"partner adds on for another partner", addOn, tournament.UpdateAddOn, as(thePartner), "tour-4", "k", "p7", "pb", "", tournament.PlayerIn{}},
		{"operator disqualifies", dq, tournament.UpdateDisqualify, as(theOperator), "tour-5", "", "p7", "pb", "", tournament.PlayerIn{Partner: "pb", Player: "p7", Reason: "collusion"}},
		{"operator disqualifies, long id", dq, tournament.UpdateDisqualify, as(theOperator), strings.Repeat("t", 129), "", "p7", "pb", "", tournament.PlayerIn{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := coretest.NewTemporal()
			// The standings answer (a withdrawal reads the currency
			// first); no update does: Temporal finds no workflow for it.
			f.Standings[c.id] = tournament.Standings{ID: c.id, Terms: read(validStructure()), Phase: tournament.Registering}
			f.UpdateCallErr = serviceerror.NewNotFound("workflow not found")
			err := c.op(handlerOn(f), c.ctx, c.id, c.key, c.player, c.partner, c.nm)
			if c.want == (tournament.PlayerIn{}) {
				if err == nil || len(f.Calls) != 0 {
					t.Fatalf("refusal %v reached the client: %v", err, f.Calls)
				}
				return
			}
			// NOT_FOUND from the update, mapped by the core.
			wantRefused(t, err, connect.CodeNotFound, "TOURNAMENT_NOT_FOUND")
			wantCalls := []string{"UpdateWorkflow"}
			if c.update == tournament.UpdateUnregister {
				wantCalls = []string{"QueryWorkflow", "UpdateWorkflow"}
			}
			if len(f.Updates) != 1 || !slices.Equal(f.Calls, wantCalls) {
				t.Fatalf("client calls %v, want %v", f.Calls, wantCalls)
			}
			u := f.Updates[0]
			if u.WorkflowID != c.id || u.UpdateName != c.update || len(u.Args) != 1 || u.Args[0] != c.want {
				t.Fatalf("update %s on %s with %v; want %s on %s with %+v", u.UpdateName, u.WorkflowID, u.Args, c.update, c.id, c.want)
			}
			// An idempotency key makes the update id (a retry is answered
			// once); no key, no id.
			if (c.key != "") != (u.UpdateID != "") && c.update != tournament.UpdateDisqualify {
				t.Fatalf("key %q gave update id %q", c.key, u.UpdateID)
			}
		})
	}
}

// TestWorkflowRefusalKeepsCodeAndReason: a rule refusal inside the
// workflow reaches the caller with its code and reason.
func TestWorkflowRefusalKeepsCodeAndReason(t *testing.T) {
	f := coretest.NewTemporal()
	f.UpdateErr[tournament.UpdateRebuy] = temporal.NewNonRetryableApplicationError("no rebuy: level 4", "REBUY_NOT_ALLOWED", nil, int(connect.CodeFailedPrecondition))
	h := handlerOn(f)
	_, err := h.Rebuy(as(thePlayer), connect.NewRequest(&tournamentv1.RebuyRequest{TournamentId: "tour-1"}))
	wantRefused(t, err, connect.CodeFailedPrecondition, "REBUY_NOT_ALLOWED")
}

func TestCreateTournamentStartsValidatedTerms(t *testing.T) {
	f := coretest.NewTemporal()
	h := handlerOn(f)
	startsAt := time.Now().Add(48 * time.Hour).Truncate(time.Second)
	resp, err := h.CreateTournament(as(theOperator), connect.NewRequest(&tournamentv1.CreateTournamentRequest{
		Name: "Main Event", Structure: validStructure(), StartsAt: timestamppb.New(startsAt), IdempotencyKey: "create-1"}))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.StartInputs) != 1 {
		t.Fatalf("started %d workflows", len(f.StartInputs))
	}
	want, _ := termsOf("Main Event", validStructure(), startsAt)
	want.Defaults()
	if got := f.StartInputs[0].Terms; !sameTerms(got, want) {
		t.Fatalf("workflow got terms\n%+v\nwant\n%+v", got, want)
	}
	// The answer publishes the same terms: read back, they are the
	// workflow's (GR H.1: the handbook is the terms).
	tr := resp.Msg.GetTournament()
	back, err := termsOf(tr.GetName(), tr.GetStructure(), tr.GetStartsAt().AsTime())
	if err != nil {
		t.Fatal(err)
	}
	back.Defaults()
	if !sameTerms(back, want) || tr.GetState() != tournamentv1.TournamentState_TOURNAMENT_STATE_REGISTERING || tr.GetTournamentId() != f.StartInputs[0].ID {
		t.Fatalf("published %v", tr)
	}

	// Terms the rules refuse never start a workflow.
	for name, edit := range map[string]func(*tournamentv1.CreateTournamentRequest){
		"T1 fee 15.01": func(m *tournamentv1.CreateTournamentRequest) { m.Structure.Fee = eur(1501) },
		"no name":      func(m *tournamentv1.CreateTournamentRequest) { m.Name = "" },
		"start in past": func(m *tournamentv1.CreateTournamentRequest) {
			m.StartsAt = timestamppb.New(time.Now().Add(-time.Minute))
		},
		"unknown game": func(m *tournamentv1.CreateTournamentRequest) { m.Structure.Game = "canasta" },
	} {
		f := coretest.NewTemporal()
		m := &tournamentv1.CreateTournamentRequest{Name: "Main Event", Structure: validStructure(), StartsAt: timestamppb.New(startsAt)}
		edit(m)
		_, err := handlerOn(f).CreateTournament(as(theOperator), connect.NewRequest(m))
		if apierr.Code(err) != connect.CodeInvalidArgument || apierr.Reason(err) == "" || len(f.Calls) != 0 {
			t.Errorf("%s: %v, client calls %v", name, err, f.Calls)
		}
	}
}

func TestListTournaments(t *testing.T) {
	f := coretest.NewTemporal()
	tm := read(validStructure())
	tm.Defaults()
	for id, ph := range map[string]tournament.Phase{"t-reg": tournament.Registering, "t-run": tournament.Running, "t-done": tournament.Completed} {
		f.Standings[id] = tournament.Standings{ID: id, Terms: tm, Phase: ph}
		f.ListIDs = append(f.ListIDs, id)
	}
	// Paused, then cancelled: the workflow keeps its paused flag.
	f.Standings["t-cxl"] = tournament.Standings{ID: "t-cxl", Terms: tm, Phase: tournament.Cancelled, Paused: true, Reason: "storm"}
	f.Standings["t-hold"] = tournament.Standings{ID: "t-hold", Terms: tm, Phase: tournament.Running, Paused: true}
	f.ListIDs = append(f.ListIDs, "t-cxl", "t-hold")
	// A tournament the list names but that cannot answer is left out.
	f.ListIDs = append(f.ListIDs, "t-gone")
	// The list's last page, resumed at Temporal's page "page\x002".
	token := base64.RawURLEncoding.EncodeToString([]byte(`{"t":"cGFnZQAy"}`))
	cases := []struct {
		state tournamentv1.TournamentState
		size  int32
		want  []string
	}{
		{tournamentv1.TournamentState_TOURNAMENT_STATE_UNSPECIFIED, 0, []string{"t-reg", "t-run", "t-done", "t-cxl", "t-hold"}},
		{tournamentv1.TournamentState_TOURNAMENT_STATE_RUNNING, 500, []string{"t-run"}},
		{tournamentv1.TournamentState_TOURNAMENT_STATE_CANCELLED, 7, []string{"t-cxl"}},
		{tournamentv1.TournamentState_TOURNAMENT_STATE_PAUSED, 7, []string{"t-hold"}},
		{tournamentv1.TournamentState_TOURNAMENT_STATE_SEATING, 7, nil},
	}
	for _, c := range cases {
		f.Lists = nil
		resp, err := handlerOn(f).ListTournaments(as(thePlayer), connect.NewRequest(&tournamentv1.ListTournamentsRequest{State: c.state, PageSize: c.size, PageToken: token}))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, tr := range resp.Msg.GetTournaments() {
			got[tr.GetTournamentId()] = true
			if c.state != 0 && tr.GetState() != c.state {
				t.Errorf("filter %v let %v through", c.state, tr.GetState())
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("filter %v: %v, want %v", c.state, got, c.want)
		}
		for _, id := range c.want {
			if !got[id] {
				t.Errorf("filter %v: %s missing", c.state, id)
			}
		}
		// The page token is the client's, decoded; at the end of the list
		// there is no next one.
		wantSize := c.size
		if wantSize == 0 {
			wantSize = 100
		}
		if len(f.Lists) != 1 || string(f.Lists[0].GetNextPageToken()) != "page\x002" || f.Lists[0].GetPageSize() != wantSize {
			t.Errorf("list request %v", f.Lists)
		}
		if resp.Msg.GetNextPageToken() != "" {
			t.Errorf("next page token %q", resp.Msg.GetNextPageToken())
		}
	}
}

func TestUnregisterRefundsInTheTournamentCurrency(t *testing.T) {
	f := coretest.NewTemporal()
	tm := read(fullStructure())
	f.Standings["tour-cz"] = tournament.Standings{ID: "tour-cz", Terms: tm, Phase: tournament.Registering}
	f.UpdateOut[tournament.UpdateUnregister] = tournament.UnregisterOut{Refunded: 10000}
	resp, err := handlerOn(f).Unregister(as(thePlayer), connect.NewRequest(&tournamentv1.UnregisterRequest{TournamentId: "tour-cz", IdempotencyKey: "w1"}))
	if err != nil {
		t.Fatal(err)
	}
	// GR H.6: stake and fee back, in the money of the tournament.
	if r := resp.Msg.GetRefunded(); r.GetAmount() != 10000 || r.GetCurrency() != "CZK" {
		t.Fatalf("refunded %v", r)
	}
}

// TestUnregisterNeedsTheCurrency: the refund is money, so it always names
// its currency (GR H.6). A tournament that cannot answer the standings
// query is refused before the withdrawal, so nothing changes and no refund
// goes out without a currency.
func TestUnregisterNeedsTheCurrency(t *testing.T) {
	cases := []struct {
		name      string
		standings bool
		code      connect.Code // 0 = answered
		reason    string
	}{
		{"standings answer", true, 0, ""},
		{"standings do not answer", false, connect.CodeNotFound, "TOURNAMENT_NOT_FOUND"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := coretest.NewTemporal()
			if c.standings {
				f.Standings["tour-1"] = tournament.Standings{ID: "tour-1", Terms: read(validStructure()), Phase: tournament.Registering}
			}
			f.UpdateOut[tournament.UpdateUnregister] = tournament.UnregisterOut{Refunded: 11000}
			resp, err := handlerOn(f).Unregister(as(thePlayer), connect.NewRequest(&tournamentv1.UnregisterRequest{TournamentId: "tour-1", IdempotencyKey: "w1"}))
			if c.code != 0 {
				wantRefused(t, err, c.code, c.reason)
				if len(f.Updates) != 0 {
					t.Fatalf("refused after withdrawing: %v", f.Calls)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r := resp.Msg.GetRefunded(); r.GetAmount() != 11000 || r.GetCurrency() != "EUR" || len(f.Updates) != 1 {
				t.Fatalf("refunded %v, calls %v", r, f.Calls)
			}
		})
	}
}

// TestCreateTournamentRefusesBadTerms: terms the rules refuse get
// INVALID_ARGUMENT with the rule's reason and never reach Temporal.
func TestCreateTournamentRefusesBadTerms(t *testing.T) {
	startsAt := timestamppb.New(time.Now().Add(48 * time.Hour))
	freezeOut := func(s *tournamentv1.Structure) {
		s.RebuyLevels, s.RebuyPrice, s.MaxRebuys, s.AddOnPrice = 0, nil, 0, nil
	}
	cases := []struct {
		name   string
		edit   func(m *tournamentv1.CreateTournamentRequest)
		reason string
	}{
		// T1 (GR H.6): stake €100, fee 2^62 + 1000 overflowed 100 × fee.
		{"T1 fee 2^62+1000", func(m *tournamentv1.CreateTournamentRequest) { m.Structure.Fee = eur(1<<62 + 1000) }, "FEE_OUT_OF_BOUNDS"},
		{"B.90 satellite, no stake, fee 2^62", func(m *tournamentv1.CreateTournamentRequest) {
			freezeOut(m.Structure)
			m.Structure.Satellite, m.Structure.BuyIn, m.Structure.Fee = true, eur(0), eur(1<<62)
		}, "FEE_OUT_OF_BOUNDS"},
		{"stake above the wallet's bound", func(m *tournamentv1.CreateTournamentRequest) {
			m.Structure.BuyIn, m.Structure.Fee = eur(2*terms.MaxAmount), eur(terms.MaxAmount/5)
		}, "AMOUNT_TOO_LARGE"},
		// T6 (GR H.16(a)(2)).
		{"add-on price -100", func(m *tournamentv1.CreateTournamentRequest) { m.Structure.AddOnPrice = eur(-100) }, "NEGATIVE_AMOUNT"},
		// T7 (GR H.16(b)).
		{"rebuy decision -5 s", func(m *tournamentv1.CreateTournamentRequest) { m.Structure.RebuyDecisionSeconds = -5 }, "BAD_REBUY"},
		{"freeze-out, rebuy fee -500", func(m *tournamentv1.CreateTournamentRequest) {
			freezeOut(m.Structure)
			m.Structure.RebuyFee = eur(-500)
		}, "NEGATIVE_AMOUNT"},
		{"unknown fee rule", func(m *tournamentv1.CreateTournamentRequest) { m.Structure.FeeRule = 7 }, "UNKNOWN_FEE_RULE"},
		{"unknown profile", func(m *tournamentv1.CreateTournamentRequest) { m.Structure.Profile = "klingon" }, "UNKNOWN_PROFILE"},
		// Issue 17: a profile whose text is about another game is refused
		// at creation, not when the tables open (cz is no-limit Hold'em,
		// docs/rules/cz-cash-game-texas-holdem.md; ru-club Hold'em no and
		// pot limit, docs/rules/ru-club-poker.md).
		{"cz profile for Omaha", func(m *tournamentv1.CreateTournamentRequest) {
			m.Structure.Profile, m.Structure.Game, m.Structure.FeeRule = "cz", "omaha", tournamentv1.FeeRule_FEE_RULE_CZECH
		}, "PROFILE_DOES_NOT_FIT"},
		{"ru-club profile in fixed limit", func(m *tournamentv1.CreateTournamentRequest) {
			m.Structure.Profile, m.Structure.Betting = "ru-club", "fixed_limit"
		}, "PROFILE_DOES_NOT_FIT"},
		{"deadline before year 1", func(m *tournamentv1.CreateTournamentRequest) {
			m.Structure.RegistrationClosesAt = &timestamppb.Timestamp{Seconds: -70000000000}
		}, "BAD_TIMESTAMP"},
		{"start after year 9999", func(m *tournamentv1.CreateTournamentRequest) {
			m.StartsAt = &timestamppb.Timestamp{Seconds: 253402300800}
		}, "BAD_TIMESTAMP"},
		{"name of 201 bytes", func(m *tournamentv1.CreateTournamentRequest) { m.Name = strings.Repeat("n", 201) }, "BAD_NAME"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := coretest.NewTemporal()
			m := &tournamentv1.CreateTournamentRequest{Name: "Main Event", Structure: validStructure(), StartsAt: startsAt}
			c.edit(m)
			_, err := handlerOn(f).CreateTournament(as(theOperator), connect.NewRequest(m))
			wantRefused(t, err, connect.CodeInvalidArgument, c.reason)
			if len(f.Calls) != 0 {
				t.Fatalf("refusal reached the client: %v", f.Calls)
			}
		})
	}
}

func TestGetTournamentAndStandings(t *testing.T) {
	f := coretest.NewTemporal()
	st := standings()
	f.Standings[st.ID] = st
	h := handlerOn(f)
	g, err := h.GetTournament(as(thePartner), connect.NewRequest(&tournamentv1.GetTournamentRequest{TournamentId: st.ID}))
	if err != nil || g.Msg.GetTournament().GetTournamentId() != st.ID || g.Msg.GetTournament().GetLevel() != 3 {
		t.Fatalf("get: %v, %v", g, err)
	}
	s, err := h.GetStandings(as(thePlayer), connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: st.ID}))
	if err != nil || len(s.Msg.GetStandings()) != len(st.Players) || len(s.Msg.GetEliminations()) != 1 {
		t.Fatalf("standings: %v, %v", s, err)
	}
	_, err = h.GetStandings(as(thePlayer), connect.NewRequest(&tournamentv1.GetStandingsRequest{TournamentId: "tour-none"}))
	wantRefused(t, err, connect.CodeNotFound, "TOURNAMENT_NOT_FOUND")
}

// TestFailureDetailsStayInTheLogs (issue 11): an update that fails with
// anything but the workflow's own refusal (an activity's error, which may
// name a host or an internal account) is answered without that detail.
func TestFailureDetailsStayInTheLogs(t *testing.T) {
	cases := []struct {
		name string
		err  error
	}{
		{"activity error as the workflow returned it", temporal.NewApplicationError("seat p1 at tbl-1: dial tcp 127.0.0.1:6390: connect: connection refused", "wrapError")},
		{"wallet refusal with an account id", temporal.NewNonRetryableApplicationError("account 4711 has insufficient available funds", "INSUFFICIENT_FUNDS", nil)},
		{"plain error", errors.New("dial tcp 127.0.0.1:7233: connect: connection refused")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := coretest.NewTemporal()
			f.UpdateErr[tournament.UpdateRegister] = c.err
			_, err := handlerOn(f).Register(as(thePlayer), connect.NewRequest(&tournamentv1.RegisterRequest{TournamentId: "tour-1"}))
			if err == nil {
				t.Fatal("no error")
			}
			if msg := err.Error(); strings.Contains(msg, "dial tcp") || strings.Contains(msg, "4711") || strings.Contains(msg, "127.0.0.1") {
				t.Fatalf("answer carries the detail: %s", msg)
			}
			if apierr.Code(err) != connect.CodeInternal || apierr.Reason(err) != "TOURNAMENT_FAILED" {
				t.Fatalf("answer %v: want INTERNAL TOURNAMENT_FAILED", err)
			}
		})
	}
}
