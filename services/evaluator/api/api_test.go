package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/services/evaluator/api"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/rank/reason"
)

const partnerKey = "partner-a-api-key-0123456789"

// clients are the evaluator behind the real auth interceptor and policy,
// on an httptest server, with one client per kind of caller.
type clients struct {
	service, player, partner, anonymous evaluatorv1connect.EvaluatorServiceClient
}

func header(name, value string) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			req.Header().Set(name, value)
			return next(ctx, req)
		}
	}
}

func newClients(t *testing.T) clients {
	t.Helper()
	a, err := auth.NewAuthenticator(auth.Config{Keys: auth.DevKeyring("table"), APIKeys: map[string]string{partnerKey: "pa"}})
	if err != nil {
		t.Fatal(err)
	}
	path, h := evaluatorv1connect.NewEvaluatorServiceHandler(api.New(api.Limits{MaxHands: 100}), connect.WithInterceptors(auth.NewInterceptor(a, api.Policy())))
	mux := http.NewServeMux()
	mux.Handle(path, h)
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	svc, _ := a.Issue(auth.Principal{Role: auth.RoleService, Subject: "table"}, time.Hour)
	pl, _ := a.Issue(auth.Principal{Role: auth.RolePlayer, PartnerID: "pa", PlayerID: "p1"}, time.Hour)
	mk := func(name, value string) evaluatorv1connect.EvaluatorServiceClient {
		return evaluatorv1connect.NewEvaluatorServiceClient(http.DefaultClient, hs.URL, connect.WithInterceptors(header(name, value)))
	}
	return clients{
		service:   mk(auth.HeaderAuthorization, "Bearer "+svc),
		player:    mk(auth.HeaderAuthorization, "Bearer "+pl),
		partner:   mk(auth.HeaderAPIKey, partnerKey),
		anonymous: evaluatorv1connect.NewEvaluatorServiceClient(http.DefaultClient, hs.URL),
	}
}

func hand(hole, board string) *evaluatorv1.Hand {
	return &evaluatorv1.Hand{Hole: strings.Fields(hole), Board: strings.Fields(board)}
}

func TestEvaluateRanksABatch(t *testing.T) {
	c := newClients(t)
	res, err := c.player.Evaluate(context.Background(), connect.NewRequest(&evaluatorv1.EvaluateRequest{
		Game: evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{
			hand("As Ks", "Qs Js Ts 2c 3d"),
			hand("Kd 4c", "Ks 9h Kh 4s 2d"),
			hand("9s 9h", "Jd Jc Ah"),
		},
	}))
	if err != nil {
		t.Fatal(err)
	}
	v := res.Msg.GetValues()
	if len(v) != 3 || v[0].GetRank() != 7462 || v[0].GetName() != "Royal flush" {
		t.Fatalf("values %v", v)
	}
	if v[1].GetCategory() != evaluatorv1.Category_CATEGORY_FULL_HOUSE || v[1].GetName() != "Full house, Kings full of Fours" ||
		strings.Join(v[1].GetBestFive(), " ") != "Ks Kh Kd 4s 4c" {
		t.Errorf("full house: %v", v[1])
	}
	if v[2].GetCategory() != evaluatorv1.Category_CATEGORY_TWO_PAIR || v[2].GetRank() >= v[1].GetRank() {
		t.Errorf("two pair: %v", v[2])
	}
}

func TestEvaluateOmahaAndTwoPlusThree(t *testing.T) {
	c := newClients(t)
	res, err := c.partner.Evaluate(context.Background(), connect.NewRequest(&evaluatorv1.EvaluateRequest{
		Game:  evaluatorv1.Game_GAME_OMAHA,
		Hands: []*evaluatorv1.Hand{hand("Qh Jc 8s 2d", "Ah Kh 7h 4h 9c")}, // gr-regulation-1 §8 vector 9
	}))
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Msg.GetValues()[0]; v.GetCategory() != evaluatorv1.Category_CATEGORY_HIGH_CARD {
		t.Errorf("Omaha four-flush board: %v", v)
	}
}

func TestErrorsCarryAReason(t *testing.T) {
	c := newClients(t)
	tests := []struct {
		name string
		req  *evaluatorv1.EvaluateRequest
		want string
	}{
		{"bad notation", &evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH, Hands: []*evaluatorv1.Hand{hand("As Kx", "2c 3c 4c")}}, reason.BadCardNotation},
		{"duplicate card", &evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH, Hands: []*evaluatorv1.Hand{hand("As Ks", "As 3c 4c")}}, reason.DuplicateCard},
		{"wrong count", &evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_OMAHA, Hands: []*evaluatorv1.Hand{hand("As Ks", "2c 3c 4c")}}, reason.WrongCardCount},
		{"no game", &evaluatorv1.EvaluateRequest{Hands: []*evaluatorv1.Hand{hand("As Ks", "2c 3c 4c")}}, reason.UnknownGame},
		{"batch too large", &evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH, Hands: make([]*evaluatorv1.Hand, 101)}, reason.TooManyHands},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.service.Evaluate(context.Background(), connect.NewRequest(tt.req))
			if connect.CodeOf(err) != connect.CodeInvalidArgument || apierr.Reason(err) != tt.want {
				t.Errorf("err = %v (reason %q), want INVALID_ARGUMENT %s", err, apierr.Reason(err), tt.want)
			}
		})
	}
}

// Evaluate, Equity and RankUpCards are open to players and partners;
// Showdown and EvaluateBanked are internal; nothing is open to anonymous
// callers.
func TestPolicy(t *testing.T) {
	c := newClients(t)
	ctx := context.Background()
	showdown := &evaluatorv1.ShowdownRequest{
		Game: evaluatorv1.Game_GAME_HIGH, Board: strings.Fields("As Ks Qs Js 2d"),
		Seats:   []*evaluatorv1.SeatCards{{Seat: 1, Hole: strings.Fields("3c 4c")}, {Seat: 2, Hole: strings.Fields("Ts 6c")}},
		Pots:    []*evaluatorv1.Pot{{Amount: 10, EligibleSeats: []int32{1, 2}}},
		OddChip: evaluatorv1.OddChip_ODD_CHIP_FIRST_AFTER_BUTTON, ButtonSeat: 1, TableSize: 6,
	}
	bankedReq := &evaluatorv1.EvaluateBankedRequest{Game: evaluatorv1.BankedGame_BANKED_GAME_OASIS,
		Boxes: []*evaluatorv1.BankedBox{{Player: strings.Fields("As Ah 9c 4d 2s")}}}
	rank := &evaluatorv1.RankUpCardsRequest{Ranking: evaluatorv1.StudRanking_STUD_RANKING_LOW_CARD,
		Seats: []*evaluatorv1.SeatCards{{Seat: 1, Hole: []string{"3d"}}, {Seat: 2, Hole: []string{"3c"}}}}
	eq := &evaluatorv1.EquityRequest{Game: evaluatorv1.Game_GAME_HIGH, Board: strings.Fields("2c 7d Jh 4s"),
		Hands: []*evaluatorv1.Hand{hand("As Ah", ""), hand("Kd Kc", "")}}
	calls := map[string]func(evaluatorv1connect.EvaluatorServiceClient) error{
		"Evaluate": func(c evaluatorv1connect.EvaluatorServiceClient) error {
			_, err := c.Evaluate(ctx, connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: evaluatorv1.Game_GAME_HIGH, Hands: []*evaluatorv1.Hand{hand("As Ks Qs Js Ts", "")}}))
			return err
		},
		"Equity": func(c evaluatorv1connect.EvaluatorServiceClient) error {
			_, err := c.Equity(ctx, connect.NewRequest(eq))
			return err
		},
		"RankUpCards": func(c evaluatorv1connect.EvaluatorServiceClient) error {
			_, err := c.RankUpCards(ctx, connect.NewRequest(rank))
			return err
		},
		"Showdown": func(c evaluatorv1connect.EvaluatorServiceClient) error {
			_, err := c.Showdown(ctx, connect.NewRequest(showdown))
			return err
		},
		"EvaluateBanked": func(c evaluatorv1connect.EvaluatorServiceClient) error {
			_, err := c.EvaluateBanked(ctx, connect.NewRequest(bankedReq))
			return err
		},
	}
	open := map[string]bool{"Evaluate": true, "Equity": true, "RankUpCards": true}
	for name, call := range calls {
		if err := call(c.service); err != nil {
			t.Errorf("service %s: %v", name, err)
		}
		for who, cl := range map[string]evaluatorv1connect.EvaluatorServiceClient{"player": c.player, "partner": c.partner} {
			err := call(cl)
			if open[name] && err != nil {
				t.Errorf("%s %s: %v", who, name, err)
			}
			if !open[name] && connect.CodeOf(err) != connect.CodePermissionDenied {
				t.Errorf("%s %s: err = %v, want PERMISSION_DENIED", who, name, err)
			}
		}
		if err := call(c.anonymous); connect.CodeOf(err) != connect.CodeUnauthenticated {
			t.Errorf("anonymous %s: err = %v, want UNAUTHENTICATED", name, err)
		}
	}
}

func TestShowdownSplitsAndReportsHands(t *testing.T) {
	c := newClients(t)
	// docs/rules/ru-club-poker.md T11: 101 between two, 51 to the first left of the button.
	res, err := c.service.Showdown(context.Background(), connect.NewRequest(&evaluatorv1.ShowdownRequest{
		Game: evaluatorv1.Game_GAME_HIGH, Board: strings.Fields("As Ks Qs Js Ts"),
		Seats:   []*evaluatorv1.SeatCards{{Seat: 2, Hole: strings.Fields("3c 4c")}, {Seat: 8, Hole: strings.Fields("5d 6c")}, {Seat: 4, Hole: strings.Fields("7d 8c")}},
		Pots:    []*evaluatorv1.Pot{{Amount: 101, EligibleSeats: []int32{2, 8}}, {Amount: 40, EligibleSeats: []int32{2, 4, 8}}},
		OddChip: evaluatorv1.OddChip_ODD_CHIP_FIRST_AFTER_BUTTON, ButtonSeat: 5, TableSize: 9, ChipUnit: 1,
	}))
	if err != nil {
		t.Fatal(err)
	}
	p := res.Msg.GetPots()
	if len(p) != 2 || p[0].GetAwards()[0].GetSeat() != 8 || p[0].GetAwards()[0].GetAmount() != 51 || p[0].GetAwards()[1].GetAmount() != 50 {
		t.Fatalf("pot 0: %v", p)
	}
	if p[1].GetWinningValue().GetName() != "Royal flush" || len(p[1].GetAwards()) != 3 || len(res.Msg.GetValues()) != 3 {
		t.Errorf("pot 1: %v, values %v", p[1], res.Msg.GetValues())
	}
}

func TestRankUpCards(t *testing.T) {
	c := newClients(t)
	// docs/rules/gr-variant-5-card-stud.md §7 vector 1: S3 (3♣) brings it in.
	res, err := c.player.RankUpCards(context.Background(), connect.NewRequest(&evaluatorv1.RankUpCardsRequest{
		Ranking: evaluatorv1.StudRanking_STUD_RANKING_LOW_CARD,
		Seats: []*evaluatorv1.SeatCards{{Seat: 1, Hole: []string{"9h"}}, {Seat: 2, Hole: []string{"3d"}},
			{Seat: 3, Hole: []string{"3c"}}, {Seat: 4, Hole: []string{"Ks"}}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Msg.GetOrder(); len(got) != 4 || got[0] != 3 || got[1] != 2 || got[3] != 4 {
		t.Errorf("bring-in order %v, want 3 2 1 4", got)
	}
	// §7 vector 4: K♠7♣ acts before K♥7♦.
	res, err = c.player.RankUpCards(context.Background(), connect.NewRequest(&evaluatorv1.RankUpCardsRequest{
		Ranking: evaluatorv1.StudRanking_STUD_RANKING_HIGH,
		Seats:   []*evaluatorv1.SeatCards{{Seat: 1, Hole: strings.Fields("Kh 7d")}, {Seat: 2, Hole: strings.Fields("Ks 7c")}, {Seat: 3, Hole: strings.Fields("2c 2d")}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Msg.GetOrder(); got[0] != 3 || got[1] != 2 || got[2] != 1 {
		t.Errorf("first-to-act order %v, want 3 2 1", got)
	}
}

func TestEquityOverTheAPI(t *testing.T) {
	c := newClients(t)
	res, err := c.player.Equity(context.Background(), connect.NewRequest(&evaluatorv1.EquityRequest{
		Game:  evaluatorv1.Game_GAME_HIGH,
		Hands: []*evaluatorv1.Hand{hand("As Ks", ""), hand("Qh Qd", "")},
		Board: strings.Fields("2s 7s Jc 4d"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Msg; !m.GetExhaustive() || m.GetBoards() != 44 || m.GetHands()[0].GetWins() != 15 {
		t.Errorf("%v", m)
	}
	_, err = c.player.Equity(context.Background(), connect.NewRequest(&evaluatorv1.EquityRequest{
		Game: evaluatorv1.Game_GAME_HIGH, Samples: 5_000_000,
		Hands: []*evaluatorv1.Hand{hand("As Ks", ""), hand("Qh Qd", "")},
	}))
	if apierr.Reason(err) != reason.TooManyHands {
		t.Errorf("a player asking for 5M samples: %v", err)
	}
}

func TestEvaluateBankedRound(t *testing.T) {
	c := newClients(t)
	// docs/rules/gr-casino-holdem.md §10 vector 3 and vector 5 at one table: two boxes.
	res, err := c.service.EvaluateBanked(context.Background(), connect.NewRequest(&evaluatorv1.EvaluateBankedRequest{
		Game:   evaluatorv1.BankedGame_BANKED_GAME_CASINO_HOLDEM,
		Dealer: strings.Fields("4s 4c"),
		Board:  strings.Fields("7h 8h 9h 2c Kd"),
		Boxes:  []*evaluatorv1.BankedBox{{Player: strings.Fields("5h 6h")}, {Player: strings.Fields("As Ad")}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	m := res.Msg
	if !m.GetDealerQualifies() || m.GetDealerLine() != "pair" || len(m.GetBoxes()) != 2 {
		t.Fatalf("%v", m)
	}
	b := m.GetBoxes()[0]
	if b.GetComparison() != 1 || b.GetPlayerLine() != "straight_flush" ||
		strings.Join(b.GetPaytableCategories(), ",") != "hand:straight_flush,aa_bonus:flush_or_better" {
		t.Errorf("box 0: %v", b)
	}
	if b := m.GetBoxes()[1]; strings.Join(b.GetPaytableCategories(), ",") != "hand:pair,aa_bonus:pair_of_aces_to_straight" {
		t.Errorf("box 1: %v", b)
	}
	// A card in two boxes is one deck too many.
	_, err = c.service.EvaluateBanked(context.Background(), connect.NewRequest(&evaluatorv1.EvaluateBankedRequest{
		Game:  evaluatorv1.BankedGame_BANKED_GAME_OASIS,
		Boxes: []*evaluatorv1.BankedBox{{Player: strings.Fields("As Ah 9c 4d 2s")}, {Player: strings.Fields("As Kd 8c 5d 3s")}},
	}))
	if apierr.Reason(err) != reason.DuplicateCard {
		t.Errorf("card in two boxes: %v", err)
	}
}

// Russian poker through the API: both combinations are reported
// (docs/rules/ru-russian-poker.md §11 T3).
func TestEvaluateBankedRussianSecondCombination(t *testing.T) {
	c := newClients(t)
	res, err := c.service.EvaluateBanked(context.Background(), connect.NewRequest(&evaluatorv1.EvaluateBankedRequest{
		Game:   evaluatorv1.BankedGame_BANKED_GAME_RUSSIAN,
		Dealer: strings.Fields("Js Jd 7c 5h 2d"),
		Boxes:  []*evaluatorv1.BankedBox{{Player: strings.Fields("As Ah Kd Kc Qs Qh")}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	b := res.Msg.GetBoxes()[0]
	if b.GetMain().GetLine() != "two_pair" || b.GetSecond().GetLine() != "two_pair" ||
		strings.Join(b.GetSecond().GetCards(), " ") != "As Ah Qs Qh" || b.GetComparison() != 1 {
		t.Errorf("%v", b)
	}
}
