package rtp

import (
	"math/big"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/house"
	bjrtp "github.com/croupier/croupier/shared/rtp/blackjack"
	"github.com/croupier/croupier/shared/wheel"
)

// config builds a table's configuration as CreateBankedTable does (the
// house package's rules builders), failing the test on an error.
func config(t *testing.T, game, profile string, options map[string]string) *house.Config {
	t.Helper()
	c := &house.Config{Game: game, Profile: profile}
	var err error
	switch game {
	case house.GameBlackjack:
		c.Blackjack, err = house.BlackjackRules(profile, options)
	case house.GameCasinoHoldem:
		c.CasinoHoldem, err = house.HoldemRules(profile, options)
	case house.GameCasinoTexas:
		c.CasinoTexas, err = house.TexasRules(profile, options)
	case house.GameOasis:
		c.Oasis, err = house.OasisRules(profile, options)
	case house.GameRussian:
		c.Russian, err = house.RussianRules(profile, options)
	case house.GameSplit:
		c.Split, err = house.SplitRules(profile, options)
	default:
		c.Roulette, c.Wheel, err = house.Rules(game, profile, options, wheel.Wheel{})
	}
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Every game's profiles as shipped are priced without a simulation at
// creation, and their figures are docs/rtp.md's: the wheels exactly
// (cz-european-roulette.md §3, §10; ru-american-roulette.md N1;
// cz-money-wheel.md §5), blackjack by the combinatorial analysis of
// docs/rtp-blackjack.md (composition-dependent optimum), the casino poker
// main games by docs/rtp-casino-poker.md's figures.
func TestShippedProfilesArePriced(t *testing.T) {
	numeric(t) // blackjack's analysis takes ten times as long under -race
	for _, c := range []struct {
		game, profile string
		options       map[string]string
		rtp           float64
		exact         string
		method        house.Method
	}{
		{house.GameRoulette, "cz", nil, 36.0 / 37, "36/37", house.ExactEnumeration},
		{house.GameRoulette, "ru", nil, 36.0 / 37, "36/37", house.ExactEnumeration},
		{house.GameRoulette, "ru", map[string]string{"wheel": "double_zero"}, 36.0 / 38, "18/19", house.ExactEnumeration},
		{house.GameMoneyWheel, "cz", nil, 0.9, "9/10", house.ExactEnumeration},
		{house.GameBlackjack, "cz", nil, 0.9981853, "", house.ExactCombinatorial},
		{house.GameBlackjack, "ru", nil, 0.9971131, "", house.ExactCombinatorial},
		{house.GameCasinoHoldem, "gr", nil, 0.978423541638, "", house.ExactCombinatorial},
		{house.GameCasinoHoldem, "ru", nil, 0.958410254428, "", house.ExactCombinatorial},
		{house.GameCasinoTexas, "cz", nil, 0.978150286237, "", house.ExactCombinatorial},
		{house.GameOasis, "ru", nil, 0.947287, "", house.Simulation},
		{house.GameRussian, "ru", nil, 0.812877, "", house.Simulation},
		{house.GameSplit, "ru", nil, 0.649087, "", house.Simulation},
	} {
		r := price(t, config(t, c.game, c.profile, c.options), Options{SimRounds: 1})
		got := r.Table
		t.Logf("%s %s %v: %s; %s", c.game, c.profile, c.options, got, got.Strategy)
		tol := 5e-8
		if c.method == house.Simulation {
			tol = 5e-7
			if got.Rounds != studRounds {
				t.Errorf("%s %s: simulated at creation (%d rounds), not precomputed", c.game, c.profile, got.Rounds)
			}
		}
		near(t, c.game+" "+c.profile, got.RTP, c.rtp, tol)
		if got.Exact != c.exact || got.Method != c.method || got.Bet != "" || got.Strategy == "" {
			t.Errorf("%s %s: %+v, want exact %q by %s", c.game, c.profile, got, c.exact, c.method)
		}
		for _, b := range r.Bets {
			t.Logf("  %-12s %s per %s", b.Bet, b, b.Unit)
			if b.Rat().Cmp(got.Rat()) > 0 || !b.Known() || b.Unit == "" {
				t.Errorf("%s %s: bet %+v above the table's figure or unknown", c.game, c.profile, b)
			}
		}
	}
}

// The engine's blackjack profiles are the calculator's (cz-blackjack.md,
// ru-blackjack.md as shared/rtp/blackjack reads them), option by option.
func TestBlackjackProfilesAreTheCalculators(t *testing.T) {
	for p, want := range map[string]bjrtp.Rules{blackjack.CZ: bjrtp.CZ(), blackjack.RU: bjrtp.RU()} {
		r, err := blackjack.Named(p)
		if err != nil {
			t.Fatal(err)
		}
		got, unpriced := blackjackRules(&r)
		if got != want || len(unpriced) > 0 {
			t.Errorf("%s: %+v (unpriced %v), want %+v", p, got, unpriced, want)
		}
	}
}

// Issue 20: surrender against an ace too (ru §3.31, the manager's
// exception; cz §6.6 forbids it) gives the player the edge: both profiles
// return more than 100 % (docs/rtp-blackjack.md: basic strategy cz
// 100.2049 %, ru 100.0992 %), and one deck more still.
func TestSurrenderAgainstAnAceGivesThePlayerTheEdge(t *testing.T) {
	numeric(t)
	for _, c := range []struct {
		profile string
		options map[string]string
		basic   float64
	}{
		{"cz", map[string]string{"surrender_vs_ace": "true"}, 1.002049},
		{"ru", map[string]string{"surrender_vs_ace": "true"}, 1.000992},
	} {
		r := price(t, config(t, house.GameBlackjack, c.profile, c.options), Options{})
		basic := bet(t, r, "main", house.ExactCombinatorial)
		for _, b := range r.Bets {
			if b.Bet == "main" && b.Strategy == bjBasic {
				basic = b
			}
		}
		near(t, c.profile+" basic strategy", basic.RTP, c.basic, 5e-7)
		if r.Table.RTP <= 1 || r.Table.RTP < basic.RTP || r.Table.HouseEdge().Sign() >= 0 {
			t.Errorf("%s: table %s, house edge %s: want the player's edge", c.profile, r.Table, r.Table.HouseEdge().FloatString(6))
		}
	}
}

// An option that moves the return and that no calculator prices leaves
// the figure not computed, naming it: the service then wants the
// operator's override.
func TestUnpricedOptionsAreNamed(t *testing.T) {
	for _, c := range []struct {
		game, profile string
		options       map[string]string
		unpriced      []string
	}{
		{house.GameBlackjack, "cz", map[string]string{"split_blackjack": "true", "dealer_blackjack_beats_21": "false"},
			[]string{"dealer_blackjack_beats_21", "split_blackjack"}},
		{house.GameBlackjack, "ru", map[string]string{"insurance_pays": "3:1"}, []string{"insurance_pays"}},
		{house.GameBlackjack, "cz", map[string]string{"bonus_777_suited": "true"}, []string{"bonus_777_suited"}},
		{house.GameCasinoTexas, "cz", map[string]string{"ante_wins_when_dealer_does_not_qualify": "true"},
			[]string{"ante_wins_when_dealer_does_not_qualify"}},
		{house.GameRussian, "ru", map[string]string{"failed_buy_pays_ante": "true"}, []string{"failed_buy_pays_ante"}},
	} {
		r := price(t, config(t, c.game, c.profile, c.options), Options{SimRounds: 1000})
		if r.Table.Known() || !slices.Equal(r.Table.Unpriced, c.unpriced) || r.Table.RTP != 0 {
			t.Errorf("%s %v: table %+v, want not computed for %v", c.game, c.options, r.Table, c.unpriced)
		}
	}
}

// An operator's paytable: the side bet exactly, from the counts; the main
// game by a simulation at creation of Options.SimRounds rounds, seeded (the
// same figure on every replica), with its standard error.
func TestOperatorPaytables(t *testing.T) {
	opts := map[string]string{"ante_pays.flush": "3:1", "aa_bonus_pays.pair_of_aces": "10:1"}
	c := config(t, house.GameCasinoHoldem, "gr", opts)
	r := price(t, c, Options{SimRounds: 20_000})
	main := bet(t, r, "main", "")
	if main.Method != house.Simulation || main.Rounds != 20_000 || main.SE <= 0 || main.Strategy != holdemSimple || main.PerTotalStake <= main.RTP {
		t.Errorf("main: %+v, want a simulation of the simple strategy", main)
	}
	again := price(t, c, Options{SimRounds: 20_000})
	if bet(t, again, "main", "").RTP != main.RTP {
		t.Error("two simulations of one configuration differ")
	}
	aa := bet(t, r, "aa_bonus", "")
	want := big.NewRat(84_480*11+(123_552+54_912+10_200)*8+9_516*26, fiveCardHands)
	if aa.Exact != want.RatString() || aa.Method != house.ExactEnumeration {
		t.Errorf("AA Bonus: %+v, want %s", aa, want.RatString())
	}
}
