package casinopoker

import (
	"errors"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// tolerance of a pinned exact figure: far below the 4 decimals of a
// percentage the specs print, far above float64's rounding.
const tolerance = 5e-9

// cz-casino-texas-holdem.md §6 "RTP / house edge": 96.50 % from the
// 133,784,560 seven-card hands and their frequencies, which the
// enumeration must match line by line; 96.5021 % to four decimals.
func TestCzechTripsRTP(t *testing.T) {
	numeric(t)
	res, err := Trips(CzechTrips())
	if err != nil {
		t.Fatal(err)
	}
	if res.Hands != 133_784_560 {
		t.Errorf("hands %d", res.Hands)
	}
	want := map[banked.Line]int64{
		banked.RoyalFlush: 4_324, banked.StraightFlush: 37_260, banked.Quads: 224_848, banked.FullHouse: 3_473_184,
		banked.Flush: 4_047_644, banked.Straight: 6_180_020, banked.Trips: 6_461_620,
	}
	for l, n := range want {
		if res.Wins[l] != n {
			t.Errorf("%s: %d hands, the spec says %d", l, res.Wins[l], n)
		}
	}
	if len(res.Wins) != len(want) {
		t.Errorf("wins on %d lines: %v", len(res.Wins), res.Wins)
	}
	// 129,104,860 units returned on 133,784,560 staked
	near(t, "Trips RTP", res.RTP, 129_104_860.0/133_784_560, tolerance)
	near(t, "Trips RTP", res.RTP, 0.965020627, tolerance)
}

// A paytable one line off gives another figure: the usual 50-40-30-9-7-4-3
// table pays a full house 9:1.
func TestTripsFigureFollowsThePaytable(t *testing.T) {
	numeric(t)
	p := CzechTrips()
	p[banked.FullHouse] = 9
	res, err := Trips(p)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "Trips RTP, full house 9:1", res.RTP, (129_104_860.0+3_473_184)/133_784_560, tolerance)
}

// gr-casino-holdem.md §7 check and §9.1: 273,144 hands from a pair of
// aces to a straight at 7:1 and 9,516 flushes or better at 25:1 of the
// 2,598,960: 93.5977 % ("93.60 %" in the source).
func TestGreekAABonusRTP(t *testing.T) {
	res, err := AABonus(GreekAABonus())
	if err != nil {
		t.Fatal(err)
	}
	if res.Hands != 2_598_960 || res.Wins[banked.AABonusPairOfAcesToStraight] != 273_144 || res.Wins[banked.AABonusFlushOrBetter] != 9_516 {
		t.Errorf("hands %d, wins %v", res.Hands, res.Wins)
	}
	near(t, "AA Bonus RTP", res.RTP, (273_144*8+9_516*26)/2_598_960.0, tolerance)
	near(t, "AA Bonus RTP", res.RTP, 0.935977468, tolerance)
	// The Greek reading of "Φλος" (§9.1) would start the 25:1 line at a
	// straight flush; a table paying a flush or better only 20:1 is
	// another figure.
	p := GreekAABonus()
	p[banked.AABonusFlushOrBetter] = 20
	if res, _ := AABonus(p); res.RTP > 0.92 {
		t.Errorf("flush or better at 20:1: RTP %.6f, want below 92 %%", res.RTP)
	}
}

// ru-texas-holdem-casino.md §6: a pair of aces or better on the first
// five cards, 7:1 flat: 282,660 of 2,598,960 hands, 87.0071 %.
func TestRussianBonusRTP(t *testing.T) {
	res, err := HoldemBonus(RussianBonus())
	if err != nil {
		t.Fatal(err)
	}
	if res.Wins[banked.BonusPairOfAcesOrBetter] != 282_660 {
		t.Errorf("wins %v", res.Wins)
	}
	near(t, "Bonus RTP", res.RTP, 282_660*8/2_598_960.0, tolerance)
}

func TestSideBetsRefuseAnotherBetsTable(t *testing.T) {
	if _, err := Trips(GreekAABonus()); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("Trips: %v", err)
	}
	if _, err := AABonus(CzechTrips()); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("AABonus: %v", err)
	}
	if _, err := HoldemBonus(GreekAABonus()); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("HoldemBonus: %v", err)
	}
}

// The side bets' test vectors: gr-casino-holdem.md §10 (AA Bonus 5 per
// hand) and cz-casino-texas-holdem.md §8 (Trips 5), settled from the line
// banked gives and the paytable.
func TestSideBetVectors(t *testing.T) {
	trips := CzechTrips()
	aa := GreekAABonus()
	for _, tc := range []struct {
		name        string
		hole, board string
		bet         string // "aa" or "trips"
		want        float64
	}{
		{"gr §10 #1 aces", "Ac Ad", "Ks 7h 2c 9d 4s", "aa", 35},
		{"gr §10 #3 straight flush", "5h 6h", "7h 8h 9h 2c Kd", "aa", 125},
		{"gr §10 #4 kings lose", "Ks Kd", "2h 7c 9s Jd 6h", "aa", -5},
		{"gr §10 #5 two pair", "Qs Js", "Qd 5h 5c 8d 2s", "aa", 35},
		{"gr §10 #6 high card", "Th 2c", "As Ks Qs Js 3d", "aa", -5},
		{"gr §10 #7 high card", "8d 3c", "Ah 2s 4d 5c Ks", "aa", -5},
		{"cz §8 #1 royal flush", "As Ks", "Qs Js Ts 2d 3c", "trips", 250},
		{"cz §8 #2 three of a kind", "9c 9d", "9s Kh 4d 2c 7s", "trips", 15},
		{"cz §8 #3 straight", "8h 7h", "6h 5c 4d Ks 2c", "trips", 20},
		{"cz §8 #4 high card", "7c 3d", "Ks 9h 5d 2s Jc", "trips", -5},
		{"cz §8 #5 the board's two pair", "2c 3d", "As Ah Kd Kc Qs", "trips", -5},
		{"cz §8 #6 wheel", "Ac 2d", "3s 4h 5d Kc Kd", "trips", 20},
		{"cz §8 #7 quads on the board", "Ah 3c", "9s 9h 9d 9c 2s", "trips", 150},
		{"cz §8 #9 flush", "Ks Qs", "As 7s 2s 9d 3h", "trips", 35},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hole, board := [2]card.Card(cards(t, tc.hole)), [5]card.Card(cards(t, tc.board))
			var line banked.Line
			var pays Paytable
			if tc.bet == "aa" {
				line, pays = banked.AABonus(hole[:], board[:3]), aa
			} else {
				v := rank.Best(append(hole[:], board[:]...)...)
				if v.Category() >= rank.Trips {
					line = banked.LineOf(v)
				}
				pays = trips
			}
			got := -5.0
			if line != banked.NoLine {
				got = 5 * pays[line]
			}
			if got != tc.want {
				t.Errorf("%s on %s: line %q, net %v, want %v", tc.hole, tc.board, line, got, tc.want)
			}
		})
	}
}
