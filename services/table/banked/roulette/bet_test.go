package roulette

import (
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ru-american-roulette.md §4.1 counts on a single-zero layout: 37 straights,
// 60 splits, 14 streets/trios, 23 corners (first four included), 11 six-lines,
// 3 dozens, 3 columns, 6 even chances (issue 14 pins the same counts).
// The 0/00 counts follow from the layout stated in layout.go (ru N1 leaves
// it open): 0 touches 1, 2, 00; 00 touches 2, 3, 0.
func TestLayoutBetCounts(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Rules
		want map[Kind]int
	}{
		{"single zero (ru §4.1)", rules(t, CZ), map[Kind]int{
			Straight: 37, Split: 60, Street: 14, Corner: 23, SixLine: 11, Dozen: 3, Column: 3, EvenChance: 6}},
		// 38 straights; 57 splits among 1–36 + 0/1, 0/2, 00/2, 00/3, 0/00;
		// 12 streets + trios 0/1/2, 0/00/2, 00/2/3; 22 corners, no first four.
		{"double zero (ru N1)", rules(t, RU, "wheel", "double_zero"), map[Kind]int{
			Straight: 38, Split: 62, Street: 15, Corner: 22, SixLine: 11, Dozen: 3, Column: 3, EvenChance: 6}},
		{"double zero with the top line", rules(t, RU, "wheel", "double_zero", "top_line", "true"), map[Kind]int{
			Straight: 38, Split: 62, Street: 15, Corner: 22, SixLine: 11, TopLine: 1, Dozen: 3, Column: 3, EvenChance: 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := countKinds(Spots(tc.r))
			if len(got) != len(tc.want) {
				t.Errorf("kinds %v, want %v", got, tc.want)
			}
			for k, n := range tc.want {
				if got[k] != n {
					t.Errorf("%v: %d, want %d", k, got[k], n)
				}
			}
		})
	}
}

// TestSpotsAreWhatParseAccepts checks the parser's adjacency rules against
// the layout built row by row: every set of 1 to 4 numbers of the wheel,
// under every inside-bet name, parses exactly when Spots lists it, and
// every two-number six-line form too.
func TestSpotsAreWhatParseAccepts(t *testing.T) {
	for _, r := range []Rules{rules(t, CZ), rules(t, RU, "wheel", "double_zero", "top_line", "true")} {
		listed := map[string]bool{}
		for _, s := range Spots(r) {
			if listed[s.Name] {
				t.Errorf("%s listed twice", s.Name)
			}
			listed[s.Name] = true
			got, err := ParseSpot(r, s.Name)
			if err != nil || got.Name != s.Name || got.covers != s.covers || got.Kind != s.Kind {
				t.Errorf("%s parses as %+v, %v", s.Name, got, err)
			}
		}
		var nums []Number
		for _, l := range r.Wheel.Wheel().Labels {
			n, _ := parseNumber(l, r.Wheel)
			nums = append(nums, n)
		}
		accepted := map[string]bool{}
		try := func(name string, ns ...Number) {
			sp, err := ParseSpot(r, name+":"+join(ns))
			if err == nil {
				accepted[sp.Name] = true
			} else if apierr.Reason(err) != round.ReasonBadSpot {
				t.Fatalf("%v: reason %q", err, apierr.Reason(err))
			}
		}
		for i, a := range nums {
			try("straight", a)
			for j, b := range nums[i+1:] {
				try("split", a, b)
				try("sixline", a, b)
				for k, c := range nums[i+j+2:] {
					try("street", a, b, c)
					for _, d := range nums[i+j+k+3:] {
						try("corner", a, b, c, d)
					}
				}
			}
		}
		for name := range listed {
			k, _, _ := strings.Cut(name, ":")
			if !strings.Contains(name, ":") || k == "dozen" || k == "column" {
				continue
			}
			if !accepted[name] {
				t.Errorf("%s: %s listed but not accepted", r.Wheel, name)
			}
		}
		for name := range accepted {
			if !listed[name] {
				t.Errorf("%s: %s accepted but not on the layout", r.Wheel, name)
			}
		}
	}
}

func TestParseSpotCanonicalises(t *testing.T) {
	cz := rules(t, CZ)
	dz := rules(t, RU, "wheel", "double_zero", "top_line", "true")
	for _, tc := range []struct {
		r        Rules
		in, want string
	}{
		{cz, "split:5-2", "split:2-5"},
		{cz, "split:3-0", "split:0-3"},
		{cz, "street:27-25-26", "street:25-26-27"},
		{cz, "street:3-2-0", "trio:0-2-3"},
		{cz, "trio:0-1-2", "trio:0-1-2"},
		{cz, "corner:11-7-10-8", "corner:7-8-10-11"},
		{cz, "corner:3-2-1-0", "corner:0-1-2-3"},
		{cz, "sixline:21-16", "sixline:16-21"},
		{cz, "sixline:16-17-18-19-20-21", "sixline:16-21"},
		{cz, "zero_spiel", "zero_game"},
		{cz, "neighbours:5", "neighbours:5"},
		{dz, "split:00-0", "split:0-00"},
		{dz, "split:3-00", "split:00-3"},
		{dz, "straight:00", "straight:00"},
		{dz, "trio:2-00-0", "trio:0-00-2"},
		{dz, "topline:0-00-1-2-3", "topline"},
		{dz, "topline", "topline"},
	} {
		sp, err := ParseSpot(tc.r, tc.in)
		if err != nil || sp.Name != tc.want {
			t.Errorf("%s on %s: %q, %v; want %q", tc.in, tc.r.Wheel, sp.Name, err, tc.want)
		}
	}
}

func TestParseSpotRefuses(t *testing.T) {
	cz := rules(t, CZ)
	dz := rules(t, RU, "wheel", "double_zero")
	for _, tc := range []struct {
		r  Rules
		in string
	}{
		{cz, ""}, {cz, "straight"}, {cz, "straight:37"}, {cz, "straight:00"}, {cz, "straight:07"},
		{cz, "straight:+7"}, {cz, "straight:-1"}, {cz, "split:1-5"}, {cz, "split:3-4"}, {cz, "split:0-4"},
		{cz, "split:2-2"}, {cz, "street:1-2-4"}, {cz, "trio:0-1-3"}, {cz, "corner:1-2-3-4"},
		{cz, "corner:2-3-5-6-7"}, {cz, "corner:3-4-6-7"}, {cz, "sixline:2-7"}, {cz, "sixline:34-39"},
		{cz, "sixline:1-4"}, {cz, "dozen:0"}, {cz, "dozen:4"}, {cz, "column:12"}, {cz, "red:1"},
		{cz, "topline"}, {cz, "neighbours:37"}, {cz, "voisins:1"}, {cz, "Red"}, {cz, "split:2-5-"},
		// 0/00: no first four, no 0/3 split, no racetrack (ru N1), no top line unless offered.
		{dz, "corner:0-1-2-3"}, {dz, "split:0-3"}, {dz, "trio:0-2-3"}, {dz, "split:00-1"},
		{dz, "voisins"}, {dz, "neighbours:17"}, {dz, "topline"}, {dz, "zero_game"},
		{rules(t, CZ, "announced", "off"), "tiers"},
	} {
		_, err := ParseSpot(tc.r, tc.in)
		if apierr.Reason(err) != round.ReasonBadSpot {
			t.Errorf("%q on %s: %v, want %s", tc.in, tc.r.Wheel, err, round.ReasonBadSpot)
		}
	}
}

// The table sign's limits: ru §3.5–3.6 (every single bet between the
// table minimum and maximum), N3 (per kind from the sign); ru §4.2 (an
// announced amount is a multiple of its chip count).
func TestCheckBetLimits(t *testing.T) {
	r := rules(t, RU)
	r.Limits = Limits{Table: round.Limit{Min: 5, Max: 1000}, Straight: round.Limit{Max: 100}, EvenChance: round.Limit{Min: 20}}
	for _, tc := range []struct {
		spot   string
		amount int64
		reason string
	}{
		{"straight:17", 100, ""},
		{"straight:17", 101, round.ReasonBetOutsideLimits},
		{"straight:17", 4, round.ReasonBetOutsideLimits},
		{"red", 20, ""},
		{"red", 19, round.ReasonBetOutsideLimits},
		{"red", 1000, ""},
		{"red", 1001, round.ReasonBetOutsideLimits},
		{"red", 0, round.ReasonBetOutsideLimits},
		{"red", -5, round.ReasonBetOutsideLimits},
		{"voisins", 45, ""},                              // 9 chips of 5
		{"voisins", 50, round.ReasonBetOutsideLimits},    // not a multiple of 9
		{"voisins", 27, round.ReasonBetOutsideLimits},    // 3 a chip, under the minimum 5
		{"zero_game", 400, ""},                           // straight 26 piece of 100
		{"zero_game", 404, round.ReasonBetOutsideLimits}, // straight 26 piece of 101
		{"neighbours:0", 25, ""},
		{"neighbours:0", 24, round.ReasonBetOutsideLimits},
		{"bogus", 5, round.ReasonBadSpot},
	} {
		_, err := CheckBet(r, round.Bet{ID: "b", Player: "p", Spot: tc.spot, Amount: tc.amount})
		if got := apierr.Reason(err); got != tc.reason {
			t.Errorf("%s %d: %v, want %q", tc.spot, tc.amount, err, tc.reason)
		}
	}
}
