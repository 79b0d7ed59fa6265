package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	tournamentv1 "github.com/croupier/croupier/gen/croupier/tournament/v1"
	"github.com/croupier/croupier/gen/croupier/tournament/v1/tournamentv1connect"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/boot"
	sharedclient "github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/tools/platform"
)

// webTables opens the tables the web client's lobby offers out of the box,
// empty, so that people (and the browser tests) sit down together: a
// No-Limit Hold'em and a Pot-Limit Omaha cash table, every banked game
// drawn by the RNG, and a tournament open for registration. The operator
// creates them like any other table; the idempotency keys make a restart
// on a kept data directory find them again.
func webTables(ctx context.Context, rt *boot.Runtime, base string, tournaments bool) error {
	op, err := rt.Auth.Issue(auth.Principal{Role: auth.RoleOperator, Subject: "web-lobby"}, time.Hour)
	if err != nil {
		return err
	}
	c := platform.NewClients(base, platform.Bearer(op))
	eur := func(v int64) *commonv1.Money { return &commonv1.Money{Amount: v, Currency: "EUR"} }
	clock := &tablev1.Clock{ActionSeconds: 30, TimeBankSeconds: 60, HandPauseMs: 3000}
	poker := []*tablev1.CreateTableRequest{
		{Name: "Hold'em NL €1/€2", Game: tablev1.Game_GAME_HOLDEM, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_NO_LIMIT, MaxSeats: 6, Clock: clock,
			Stakes: &tablev1.Stakes{Currency: "EUR", SmallBlind: 100, BigBlind: 200, MinBuyIn: 4000, MaxBuyIn: 40000, Unit: 100}},
		{Name: "Omaha PL €1/€2", Game: tablev1.Game_GAME_OMAHA, Structure: tablev1.BettingStructure_BETTING_STRUCTURE_POT_LIMIT, MaxSeats: 6, Clock: clock,
			Stakes: &tablev1.Stakes{Currency: "EUR", SmallBlind: 100, BigBlind: 200, MinBuyIn: 4000, MaxBuyIn: 40000, Unit: 100}},
	}
	for i, t := range poker {
		t.IdempotencyKey = fmt.Sprintf("web-lobby:poker:%d", i)
		if _, err := c.Admin.CreateTable(ctx, connect.NewRequest(t)); err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
	}
	limits := &tablev1.BetLimits{Table: &tablev1.BetLimit{Min: 100, Max: 100_000}}
	banked := []*tablev1.CreateBankedTableRequest{
		{Name: "European roulette", Game: tablev1.BankedGame_BANKED_GAME_ROULETTE, Profile: "cz", BettingWindowMs: 15000},
		{Name: "American roulette (0/00)", Game: tablev1.BankedGame_BANKED_GAME_ROULETTE, Profile: "ru", Options: map[string]string{"wheel": "double_zero"}, BettingWindowMs: 15000},
		{Name: "Money wheel", Game: tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL, Profile: "cz", BettingWindowMs: 15000},
		{Name: "Blackjack (cz)", Game: tablev1.BankedGame_BANKED_GAME_BLACKJACK, Profile: "cz", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Blackjack (ru)", Game: tablev1.BankedGame_BANKED_GAME_BLACKJACK, Profile: "ru", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Casino Hold'em", Game: tablev1.BankedGame_BANKED_GAME_CASINO_HOLDEM, Profile: "gr", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Casino Texas Hold'em", Game: tablev1.BankedGame_BANKED_GAME_CASINO_TEXAS_HOLDEM, Profile: "cz", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Texas Hold'em vs casino", Game: tablev1.BankedGame_BANKED_GAME_CASINO_HOLDEM, Profile: "ru", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Oasis poker", Game: tablev1.BankedGame_BANKED_GAME_OASIS_POKER, Profile: "ru", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Russian poker", Game: tablev1.BankedGame_BANKED_GAME_RUSSIAN_POKER, Profile: "ru", BettingWindowMs: 15000, CloseWhenAllBet: true},
		{Name: "Split poker", Game: tablev1.BankedGame_BANKED_GAME_SPLIT_POKER, Profile: "ru", BettingWindowMs: 15000, CloseWhenAllBet: true},
	}
	for i, t := range banked {
		t.IdempotencyKey, t.Currency, t.Limits, t.Source = fmt.Sprintf("web-lobby:banked:%d", i), "EUR", limits, tablev1.ResultSource_RESULT_SOURCE_RNG
		t.DecisionClockMs, t.PauseMs = 20000, 4000
		if _, err := c.BankedAdmin.CreateBankedTable(ctx, connect.NewRequest(t)); err != nil {
			return fmt.Errorf("%s: %w", t.Name, err)
		}
	}
	if !tournaments {
		return nil
	}
	// The freezeout starts CROUPIER_WEB_TOURNAMENT_START after boot (a Go
	// duration, default 30m): the browser tests set a few seconds to see
	// it start, seat both of their players and open its table. It needs
	// two entrants (MinEntrants) or it is cancelled at the start.
	start := 30 * time.Minute
	if v := os.Getenv("CROUPIER_WEB_TOURNAMENT_START"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("CROUPIER_WEB_TOURNAMENT_START=%q: want a positive Go duration such as 30m or 20s", v)
		}
		start = d
	}
	tc := tournamentv1connect.NewTournamentServiceClient(sharedclient.NewHTTPClient(), base, connect.WithGRPC(), platform.Bearer(op))
	_, err = tc.CreateTournament(ctx, connect.NewRequest(&tournamentv1.CreateTournamentRequest{
		Name: "Hold'em freezeout €10+€1", IdempotencyKey: "web-lobby:freezeout", StartsAt: timestamppb.New(time.Now().Add(start)),
		Structure: &tournamentv1.Structure{
			Game: "holdem", BuyIn: eur(1000), Fee: eur(100), FeeRule: tournamentv1.FeeRule_FEE_RULE_GREEK, StartingStack: 10000,
			Levels: []*tournamentv1.Level{{SmallBlind: 25, BigBlind: 50, DurationSeconds: 600}, {SmallBlind: 50, BigBlind: 100, DurationSeconds: 600},
				{SmallBlind: 100, BigBlind: 200, DurationSeconds: 600}},
			SeatsPerTable: 6, PayoutMode: tournamentv1.PayoutMode_PAYOUT_MODE_BY_PLACE, PayoutBps: []int32{6500, 3500},
			MinEntrants: 2, MaxEntrants: 60,
		}}))
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	return nil
}
