package api

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
)

// Every request either succeeds or fails with INVALID_ARGUMENT and a
// reason; nothing panics and nothing returns a half-filled answer.
func FuzzRequests(f *testing.F) {
	f.Add(int32(1), "As Ks", "Qs Js Ts 2c 3d", "Kd 4c", int32(1), int64(101))
	f.Add(int32(2), "As Ks Qd Jd", "Qs Js Ts", "Kd 4c 2h 2d", int32(3), int64(7))
	f.Add(int32(3), "10h Kx", "", "As", int32(0), int64(-1))
	s := New(Limits{MaxHands: 20})
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, game int32, a, b, c string, seat int32, amount int64) {
		check := func(rpc string, err error) {
			if err != nil && (connect.CodeOf(err) != connect.CodeInvalidArgument || apierr.Reason(err) == "") {
				t.Fatalf("%s: %v (reason %q)", rpc, err, apierr.Reason(err))
			}
		}
		g := evaluatorv1.Game(game % 5)
		ev, err := s.Evaluate(ctx, connect.NewRequest(&evaluatorv1.EvaluateRequest{Game: g, Hands: []*evaluatorv1.Hand{
			{Hole: strings.Fields(a), Board: strings.Fields(b)}, {Hole: strings.Fields(c), Board: strings.Fields(b)},
		}}))
		check("Evaluate", err)
		if err == nil {
			for _, v := range ev.Msg.GetValues() {
				if v.GetRank() < 1 || v.GetRank() > 7462 || len(v.GetBestFive()) != 5 {
					t.Fatalf("Evaluate accepted and returned %v", v)
				}
			}
		}
		_, err = s.Showdown(ctx, connect.NewRequest(&evaluatorv1.ShowdownRequest{
			Game: g, Board: strings.Fields(b), OddChip: evaluatorv1.OddChip(seat % 6), ButtonSeat: seat, TableSize: seat + 1, ChipUnit: amount % 7,
			Seats: []*evaluatorv1.SeatCards{{Seat: seat, Hole: strings.Fields(a)}, {Seat: 1, Hole: strings.Fields(c)}},
			Pots:  []*evaluatorv1.Pot{{Amount: amount, EligibleSeats: []int32{seat, 1}}},
		}))
		check("Showdown", err)
		_, err = s.RankUpCards(ctx, connect.NewRequest(&evaluatorv1.RankUpCardsRequest{
			Ranking: evaluatorv1.StudRanking(game % 4),
			Seats:   []*evaluatorv1.SeatCards{{Seat: seat, Hole: strings.Fields(a)}, {Seat: seat + 1, Hole: strings.Fields(c)}},
		}))
		check("RankUpCards", err)
		_, err = s.EvaluateBanked(ctx, connect.NewRequest(&evaluatorv1.EvaluateBankedRequest{
			Game: evaluatorv1.BankedGame(game % 8), Dealer: strings.Fields(c), Board: strings.Fields(b),
			Boxes: []*evaluatorv1.BankedBox{{Player: strings.Fields(a)}},
		}))
		check("EvaluateBanked", err)
		_, err = s.Equity(ctx, connect.NewRequest(&evaluatorv1.EquityRequest{
			Game: g, Board: strings.Fields(b), Samples: 200, Seed: 1,
			Hands: []*evaluatorv1.Hand{{Hole: strings.Fields(a)}, {Hole: strings.Fields(c)}},
		}))
		check("Equity", err)
	})
}
