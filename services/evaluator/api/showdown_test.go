package api_test

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/rank/reason"
)

// Each wire odd-chip rule splits as it did before the rules moved to
// shared/split: 100 in units of 5 between three hands playing the board
// (seats 2, 4 and 7, the button on 6, so 7 is first after it) gives the
// whole remainder to seat 7, or one unit at a time to 7 and 2
// (gr-regulation-1 §8 vector 15). The hands are the board's five, so
// HighestSuit finds no higher card than the first winner's. An unset rule
// is refused.
func TestShowdownOddChipRules(t *testing.T) {
	c := newClients(t)
	cases := []struct {
		rule evaluatorv1.OddChip
		want map[int32]int64
	}{
		{evaluatorv1.OddChip_ODD_CHIP_FIRST_AFTER_BUTTON, map[int32]int64{7: 40, 2: 30, 4: 30}},
		{evaluatorv1.OddChip_ODD_CHIP_WORST_POSITION, map[int32]int64{7: 40, 2: 30, 4: 30}},
		{evaluatorv1.OddChip_ODD_CHIP_HIGHEST_SUIT, map[int32]int64{7: 40, 2: 30, 4: 30}},
		{evaluatorv1.OddChip_ODD_CHIP_ONE_AT_A_TIME, map[int32]int64{7: 35, 2: 35, 4: 30}},
		{evaluatorv1.OddChip_ODD_CHIP_UNSPECIFIED, nil},
	}
	for _, tc := range cases {
		res, err := c.service.Showdown(context.Background(), connect.NewRequest(&evaluatorv1.ShowdownRequest{
			Game: evaluatorv1.Game_GAME_HIGH, Board: strings.Fields("As Ks Qs Js Ts"),
			Seats: []*evaluatorv1.SeatCards{{Seat: 2, Hole: strings.Fields("3c 4c")}, {Seat: 4, Hole: strings.Fields("5d 6c")},
				{Seat: 7, Hole: strings.Fields("7d 8c")}},
			Pots:    []*evaluatorv1.Pot{{Amount: 100, EligibleSeats: []int32{2, 4, 7}}},
			OddChip: tc.rule, ButtonSeat: 6, TableSize: 9, ChipUnit: 5,
		}))
		if tc.want == nil {
			if got := apierr.Reason(err); got != reason.BadOption {
				t.Errorf("%v: %v, want %s", tc.rule, err, reason.BadOption)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tc.rule, err)
		}
		got := map[int32]int64{}
		for _, a := range res.Msg.GetPots()[0].GetAwards() {
			got[a.GetSeat()] = a.GetAmount()
		}
		for seat, amount := range tc.want {
			if got[seat] != amount || len(got) != len(tc.want) {
				t.Fatalf("%v: awards %v, want %v", tc.rule, got, tc.want)
			}
		}
	}
}
