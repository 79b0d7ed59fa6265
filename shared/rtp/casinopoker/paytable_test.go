package casinopoker

import (
	"errors"
	"maps"
	"math"
	"testing"

	"github.com/croupier/croupier/shared/rank/banked"
)

// The specs' tables as printed, line by line.
func TestSpecPaytables(t *testing.T) {
	for _, tc := range []struct {
		name  string
		p     Paytable
		lines []banked.Line
		want  string
	}{
		// gr-casino-holdem.md §6.2 (and §9.2: 20:1 is the straight flush)
		{"gr Ante", GreekAnte(), anteLines,
			"royal_flush=100,straight_flush=20,quads=10,full_house=3,flush=2,straight=1,trips=1,two_pair=1,pair=1,ace_king=1,high_card=1"},
		// gr-casino-holdem.md §6.3 read as §9.1
		{"gr AA Bonus", GreekAABonus(), aaBonusLines, "flush_or_better=25,pair_of_aces_to_straight=7"},
		// ru-texas-holdem-casino.md §6: 7:1 flat
		{"ru Bonus", RussianBonus(), bonusLines, "pair_of_aces_or_better=7"},
		// cz-casino-texas-holdem.md §6 "Payout tables (as printed)"
		{"cz Blind", CzechBlind(), anteLines,
			"royal_flush=500,straight_flush=50,quads=10,full_house=3,flush=1.5,straight=1,trips=0,two_pair=0,pair=0,ace_king=0,high_card=0"},
		{"cz Trips", CzechTrips(), tripsLines, "royal_flush=50,straight_flush=40,quads=30,full_house=8,flush=7,straight=4,trips=3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.validate(tc.lines); err != nil {
				t.Fatal(err)
			}
			if got := tc.p.String(); got != tc.want {
				t.Errorf("String() = %s\nwant       %s", got, tc.want)
			}
			back, err := ParsePaytable(tc.p.String())
			if err != nil || !maps.Equal(back, tc.p) {
				t.Errorf("ParsePaytable(String()) = %v, %v", back, err)
			}
		})
	}
}

func TestPaytableValidateRefuses(t *testing.T) {
	without := func(p Paytable, l banked.Line) Paytable { delete(p, l); return p }
	with := func(p Paytable, l banked.Line, x float64) Paytable { p[l] = x; return p }
	for _, tc := range []struct {
		name  string
		p     Paytable
		lines []banked.Line
	}{
		{"a line missing", without(GreekAnte(), banked.Flush), anteLines},
		{"a line of another bet", with(CzechTrips(), banked.Pair, 1), tripsLines},
		{"a side-bet line on a hand table", with(GreekAnte(), banked.AABonusFlushOrBetter, 1), anteLines},
		{"the AA Bonus table for Trips", GreekAABonus(), tripsLines},
		{"negative", with(GreekAnte(), banked.Flush, -1), anteLines},
		{"above the bound", with(GreekAnte(), banked.RoyalFlush, MaxPays+1), anteLines},
		{"not a whole number of eighths", with(GreekAnte(), banked.Flush, 1.1), anteLines},
		{"not a number", with(GreekAnte(), banked.Flush, math.NaN()), anteLines},
		{"an unknown line", with(GreekAnte(), "five_aces", 1), anteLines},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.validate(tc.lines); !errors.Is(err, ErrInvalidPaytable) {
				t.Errorf("validate = %v, want ErrInvalidPaytable", err)
			}
		})
	}
}

func TestParsePaytableRefuses(t *testing.T) {
	for _, s := range []string{
		"flush",               // no multiple
		"flush=x",             // not a number
		"flush=1,flush=2",     // twice
		"fluhs=1",             // unknown line
		"flush=-1",            // negative
		"flush=1.3",           // not eighths
		"flush=1e9",           // above the bound
		"flush=NaN",           // not a number
		"flush=1,,pair=1",     // empty item
		"royal_flush=100;x=1", // wrong separator
	} {
		if p, err := ParsePaytable(s); !errors.Is(err, ErrInvalidPaytable) {
			t.Errorf("ParsePaytable(%q) = %v, %v; want ErrInvalidPaytable", s, p, err)
		}
	}
	if p, err := ParsePaytable(" flush = 1.5 , pair=1 "); err != nil || p[banked.Flush] != 1.5 || p[banked.Pair] != 1 {
		t.Errorf("spaces: %v, %v", p, err)
	}
}

// Whatever the input, ParsePaytable either refuses it or returns a table
// that String writes back to the same table.
func FuzzParsePaytable(f *testing.F) {
	f.Add(GreekAnte().String())
	f.Add(CzechBlind().String())
	f.Add("flush=1.5,pair=0")
	f.Add("flush=0x1p-3")
	f.Add("royal_flush=1e4")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePaytable(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidPaytable) {
				t.Fatalf("error %v does not wrap ErrInvalidPaytable", err)
			}
			return
		}
		back, err := ParsePaytable(p.String())
		if err != nil || !maps.Equal(back, p) {
			t.Fatalf("%q: parsed %v, written %q, read back %v, %v", s, p, p.String(), back, err)
		}
	})
}
