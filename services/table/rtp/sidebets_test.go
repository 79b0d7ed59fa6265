package rtp

import (
	"maps"
	"math/big"
	"testing"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/casinopoker"
	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// The AA Bonus counts are the engine's: every first five (two hole cards
// and the flop) read by casinoholdem.AABonusLine, gr §6.3's nine lines.
func TestAABonusCountsAreTheEngines(t *testing.T) {
	numeric(t)
	got := map[banked.Line]int64{}
	var hands int64
	var h [5]card.Card
	for h[4] = 4; h[4] < card.NumCards; h[4]++ {
		for h[3] = 3; h[3] < h[4]; h[3]++ {
			for h[2] = 2; h[2] < h[3]; h[2]++ {
				for h[1] = 1; h[1] < h[2]; h[1]++ {
					for h[0] = 0; h[0] < h[1]; h[0]++ {
						hands++
						if l := casinoholdem.AABonusLine(h[:2], h[2:]); l != banked.NoLine {
							got[l]++
						}
					}
				}
			}
		}
	}
	if hands != fiveCardHands || !maps.Equal(got, aaBonusWins) {
		t.Errorf("%d hands, wins %v; want %d, %v", hands, got, fiveCardHands, aaBonusWins)
	}
}

// The Royal Bonus counts are studpoker.RoyalBonus's under both readings
// (Oasis §6 and N4, Russian §6 and N6, Split §6), and price its tables as
// it does.
func TestRoyalBonusCountsAreStudpokers(t *testing.T) {
	numeric(t)
	for reading, rule := range map[fivecard.RoyalBonusReading]banked.RoyalBonusRule{
		fivecard.Literal: banked.RoyalBonusLiteral, fivecard.PairOfKingsOrBetter: banked.RoyalBonusPairOfKingsOrBetter,
	} {
		res, err := studpoker.RoyalBonus(studpoker.SplitRoyalBonus(), rule)
		if err != nil {
			t.Fatal(err)
		}
		if res.Hands != fiveCardHands || !maps.Equal(res.Wins, royalBonusWins[reading]) {
			t.Errorf("%s: %d hands, wins %v; want %v", reading, res.Hands, res.Wins, royalBonusWins[reading])
		}
		r, err := splitpoker.Named(splitpoker.RU)
		if err != nil {
			t.Fatal(err)
		}
		got := royalBonusReturn(r.Paytables.RoyalBonus, reading)
		near(t, reading.String()+" RTP", got.RTP, res.RTP, 1e-15)
	}
}

// Trips counts are casinopoker.Trips's, every seven-card hand, and
// cz-casino-texas-holdem.md §6's own: 129,104,860 units back on
// 133,784,560, 96.5021 %.
func TestTripsCountsAreCasinopokers(t *testing.T) {
	numeric(t)
	res, err := casinopoker.Trips(casinopoker.CzechTrips())
	if err != nil {
		t.Fatal(err)
	}
	if res.Hands != sevenCardHands || !maps.Equal(res.Wins, tripsWins) {
		t.Errorf("%d hands, wins %v; want %v", res.Hands, res.Wins, tripsWins)
	}
}

// The side bets the engines ship, exactly: gr's AA Bonus 93.5977 % (§7's
// check: (273,144 × 8 + 9,516 × 26) / 2,598,960), ru's Bonus 87.0071 %
// (282,660 × 8 / 2,598,960), cz's Trips 96.5021 % (§6), Split's
// placeholder Royal Bonus 36.1092 % (literal reading).
func TestShippedSideBets(t *testing.T) {
	gr, err := casinoholdem.Named(casinoholdem.GR)
	if err != nil {
		t.Fatal(err)
	}
	ru, err := casinoholdem.Named(casinoholdem.RU)
	if err != nil {
		t.Fatal(err)
	}
	cz, err := casinotexas.Named(casinotexas.CZ)
	if err != nil {
		t.Fatal(err)
	}
	split, err := splitpoker.Named(splitpoker.RU)
	if err != nil {
		t.Fatal(err)
	}
	aa, _ := casinopoker.AABonus(casinopoker.GreekAABonus())
	bonus, _ := casinopoker.HoldemBonus(casinopoker.RussianBonus())
	for _, c := range []struct {
		what  string
		got   string
		want  *big.Rat
		float float64
	}{
		{"gr AA Bonus", aaBonusReturn(&gr).Exact, big.NewRat(273_144*8+9_516*26, fiveCardHands), aa.RTP},
		{"ru Bonus", aaBonusReturn(&ru).Exact, big.NewRat(282_660*8, fiveCardHands), bonus.RTP},
		{"cz Trips", tripsReturn(cz.Paytables.Trips).Exact, big.NewRat(129_104_860, sevenCardHands), 0.96502063},
		{"Split Royal Bonus", royalBonusReturn(split.Paytables.RoyalBonus, split.Options.RoyalBonus).Exact,
			big.NewRat(84_480*2+36_432*3+54_912*6+10_200*11+5_108*16+3_744*26+624*51+36*101+4*1001, fiveCardHands), 0.36109213},
	} {
		if c.got != c.want.RatString() {
			t.Errorf("%s: %s, want %s", c.what, c.got, c.want.RatString())
		}
		f, _ := c.want.Float64()
		near(t, c.what+" against the calculator", f, c.float, 5e-9)
	}
}
