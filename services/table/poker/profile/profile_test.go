package profile

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/shared/split"
)

func must(t *testing.T, name string, g Game, st betting.Structure, s Stakes) Rules {
	t.Helper()
	r, err := Named(name, g, st)
	if err != nil {
		t.Fatal(err)
	}
	return r.WithStakes(s)
}

var eur = Stakes{Currency: "EUR", Exponent: 2, Unit: 50, SmallBlind: 100, BigBlind: 200}

// gr-regulation-1 §8 vector 1 (A.2): a 7 Card Stud table seats at most 6,
// 5 Card Stud 8, Hold'em and Omaha 10; fewer than 2 never.
func TestGRSeatCaps(t *testing.T) {
	stud := Stakes{Currency: "EUR", Exponent: 2, Unit: 50, Ante: 50, SmallBet: 200, BigBet: 400}
	cases := []struct {
		g     Game
		seats int
		ok    bool
	}{
		{SevenCardStud, 6, true}, {SevenCardStud, 7, false},
		{FiveCardStud, 8, true}, {FiveCardStud, 9, false},
		{Holdem, 10, true}, {Holdem, 11, false}, {Omaha, 10, true},
		{Holdem, 1, false},
	}
	for _, c := range cases {
		s := eur
		if c.g.Stud() {
			s = stud
		}
		r := must(t, GR, c.g, betting.FixedLimit, s)
		r.MaxSeats = c.seats
		r.Rake.Cap = 10 * 200
		if err := r.Validate(); (err == nil) != c.ok {
			t.Errorf("%s with %d seats: %v, want ok=%v", c.g, c.seats, err, c.ok)
		}
	}
}

// gr-regulation-2 §12.2 "Rate 6 % → invalid configuration" and the cap of
// 10 × BB (G6.1); the rake rounds to €1.
func TestGRRakeBounds(t *testing.T) {
	r := must(t, GR, Holdem, betting.NoLimit, eur)
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if r.Rake.Unit != 100 || r.Rake.Cap != 2000 {
		t.Fatalf("rake unit %d cap %d, want €1 and 10 BB", r.Rake.Unit, r.Rake.Cap)
	}
	r.Rake.BasisPoints = 600
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "G6.1") {
		t.Fatalf("6 %% rake validated: %v", err)
	}
	r.Rake.BasisPoints, r.Rake.Cap = 500, 2100
	if r.Validate() == nil {
		t.Fatal("cap above 10 BB validated")
	}
}

// gr-regulation-1 B.63 / §6.2: the small blind is 1/3 or 1/2 of the big
// blind in pot and no limit, 1/3, 1/2 or 2/3 of the minimum bet in limit;
// the Czech game wants BB = 2 × SB (§3).
func TestSmallBlindFractions(t *testing.T) {
	ok := func(name string, st betting.Structure, sb, bb int64) bool {
		s := eur
		s.SmallBlind, s.BigBlind = sb, bb
		r := must(t, name, Holdem, st, s)
		return r.Validate() == nil
	}
	if !ok(GR, betting.NoLimit, 100, 300) || !ok(GR, betting.NoLimit, 100, 200) || ok(GR, betting.NoLimit, 150, 200) {
		t.Error("GR NL small blind fractions")
	}
	if !ok(GR, betting.FixedLimit, 400, 600) || ok(GR, betting.FixedLimit, 450, 600) {
		t.Error("GR limit small blind fractions")
	}
	if !ok(CZ, betting.NoLimit, 100, 200) || ok(CZ, betting.NoLimit, 100, 300) {
		t.Error("CZ BB = 2 × SB")
	}
}

// The Czech cash game is no-limit Hold'em only, 2 to 9 players, 5 % capped
// at 300 Kč (docs/rules/cz-cash-game-texas-holdem.md §1–§4); club poker is Hold'em no
// or pot limit and its commission must be configured (docs/rules/ru-club-poker.md N5).
func TestProfileScopes(t *testing.T) {
	if _, err := Named(CZ, Omaha, betting.NoLimit); err == nil {
		t.Error("CZ Omaha")
	}
	if _, err := Named(CZ, Holdem, betting.PotLimit); err == nil {
		t.Error("CZ pot limit")
	}
	r := must(t, CZ, Holdem, betting.NoLimit, Stakes{Currency: "CZK", Unit: 5, SmallBlind: 5, BigBlind: 10})
	if r.MaxSeats != 9 || r.Rake.Cap != 300 || r.Rake.BasisPoints != 500 {
		t.Fatalf("CZ defaults %+v %+v", r.MaxSeats, r.Rake)
	}
	r.MaxSeats = 10
	if r.Validate() == nil {
		t.Error("CZ 10 seats validated")
	}
	if _, err := Named(RUClub, Holdem, betting.FixedLimit); err == nil {
		t.Error("club fixed limit")
	}
	c := must(t, RUClub, Holdem, betting.NoLimit, eur)
	if c.Validate() == nil {
		t.Error("club without a commission validated")
	}
	if err := c.Set("rake_mode", "pot-percent"); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"rake_bp": "300", "rake_unit": "50", "rake_cap": "1000"} {
		if err := c.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
}

// Option overrides by name, as CreateTable carries them.
func TestSetOptions(t *testing.T) {
	r := must(t, GR, Holdem, betting.NoLimit, eur)
	for k, v := range map[string]string{
		"odd_chip": "each", "show_order": "last-aggressor-final", "heads_up": "button-small-blind",
		"limit_reopen": "half", "raise_base": "highest", "straddles": "2", "chips": "ru",
		"button": "moving", "make_up": "big-live", "void_bets": "keep", "last_void": "split-others",
		"absent_hand": "dead",
	} {
		if err := r.Set(k, v); err != nil {
			t.Fatalf("%s=%s: %v", k, v, err)
		}
	}
	o := r.Options
	if o.OddChip != split.OneAtATime || o.ShowOrder != ShowLastAggressorFinal || o.HeadsUp != HeadsUpButtonSmallBlind ||
		o.LimitReopen != betting.ReopenHalf || o.RaiseBase != betting.FromHighest || o.Straddles != 2 ||
		o.Chips != betting.ChipsRU || o.Button != MovingButton || o.MakeUp != MakeUpBigLive ||
		o.VoidBets != VoidKeep || o.LastVoid != LastVoidSplit || o.AbsentHand != AbsentDead {
		t.Fatalf("options not applied: %+v", o)
	}
	if err := r.Set("odd_chip", "worst_position"); err != nil || r.Options.OddChip != split.FirstAfterButton {
		t.Fatalf("worst_position: %v", err)
	}
	for k, v := range map[string]string{"odd_chip": "nope", "show_order": "x", "raise_cap": "a", "bogus": "1"} {
		if r.Set(k, v) == nil {
			t.Errorf("%s=%s accepted", k, v)
		}
	}
	r.Options.Straddles = 3
	if r.Validate() == nil {
		t.Error("three straddles validated (G4.4: at most two)")
	}
}

// Rules round-trip through JSON (tables keep them in Redis snapshots).
func TestRulesJSONRoundTrip(t *testing.T) {
	for _, name := range Names() {
		g, st := Holdem, betting.NoLimit
		r := must(t, name, g, st, eur)
		r.Rake = rake.Config{Mode: rake.PotPercent, BasisPoints: 300, Unit: 100, Cap: 2000}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Rules
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("%s: round trip\n%+v\n%+v", name, back, r)
		}
	}
}

// Defaults each profile takes from its source.
func TestProfileDefaults(t *testing.T) {
	gr := must(t, GR, Omaha, betting.PotLimit, eur)
	if gr.Options.ShowOrder != ShowCaller || gr.Options.HeadsUp != HeadsUpButtonBigBlind || !gr.Options.HeadsUpUncapped ||
		gr.Options.LimitReopen != betting.ReopenFull || gr.Options.OddChip != split.FirstAfterButton {
		t.Fatalf("GR Omaha defaults %+v", gr.Options)
	}
	if h := must(t, GR, Holdem, betting.NoLimit, eur); h.Options.ShowOrder != ShowLastAggressor {
		t.Fatal("GR Hold'em shows the last raiser first")
	}
	ru := must(t, RUSport, SevenCardStud, betting.FixedLimit, Stakes{Unit: 1, Ante: 1, BringIn: 5, SmallBet: 10, BigBet: 20})
	if err := ru.Validate(); err != nil {
		t.Fatal(err)
	}
	if ru.Options.LimitReopen != betting.ReopenHalf || ru.Options.HeadsUpUncapped || ru.Options.OddChip != split.OneAtATime ||
		ru.Options.StudOpening != StudBringIn {
		t.Fatalf("RU defaults %+v", ru.Options)
	}
	if ru.StreetBet(1) != 10 || ru.StreetBet(2) != 20 {
		t.Fatal("street bets")
	}
}

// The rake options by name, as CreateTable carries them: each sets its
// field, and a value that does not parse is refused naming the option.
func TestSetRakeOptions(t *testing.T) {
	r := must(t, GR, Holdem, betting.NoLimit, eur)
	for _, kv := range [][2]string{{"rake_mode", "time-charge"}, {"rake_bp", "300"}, {"rake_cap", "1000"},
		{"rake_unit", "50"}, {"no_flop_no_drop", "true"}, {"time_charge", "200"}} {
		if err := r.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("%s=%s: %v", kv[0], kv[1], err)
		}
	}
	want := rake.Config{Mode: rake.TimeCharge, BasisPoints: 300, Cap: 1000, Unit: 50, NoFlopNoDrop: true, Charge: 200}
	if r.Rake != want {
		t.Fatalf("rake %+v, want %+v", r.Rake, want)
	}
	for _, kv := range [][2]string{{"rake_mode", "x"}, {"rake_bp", "3%"}, {"rake_cap", ""}, {"rake_unit", "1.5"},
		{"no_flop_no_drop", "maybe"}, {"time_charge", "ten"}} {
		err := r.Set(kv[0], kv[1])
		if err == nil || (kv[0] != "rake_mode" && !strings.Contains(err.Error(), kv[0])) {
			t.Errorf("%s=%q: %v", kv[0], kv[1], err)
		}
	}
	if r.Rake != want {
		t.Fatalf("refused values changed the rake: %+v", r.Rake)
	}
}
