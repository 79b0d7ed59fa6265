package house

import (
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/wheel"
)

// Rules builds a create request's rules: the profile's defaults, its
// options, and for the money wheel the operator's layout or the shipped
// placeholder (cz-money-wheel.md §7: the source gives no order).
func TestRulesFromACreateRequest(t *testing.T) {
	rr, wr, err := Rules(GameRoulette, roulette.RU, map[string]string{"wheel": "double_zero", "top_line": "true"}, wheel.Wheel{})
	if err != nil || wr != nil || rr.Wheel != roulette.DoubleZero || !rr.Options.TopLine || rr.Options.InvalidSpin != roulette.InvalidRespins {
		t.Fatalf("ru roulette %+v %v %v", rr, wr, err)
	}
	rr, wr, err = Rules(GameMoneyWheel, moneywheel.CZ, map[string]string{"void": "refund"}, wheel.Wheel{})
	if err != nil || rr != nil || !wr.Wheel.Placeholder || wr.Options.Void != moneywheel.Refund {
		t.Fatalf("money wheel %+v %v %v", wr, rr, err)
	}
	own := wheel.MoneyPlaceholder()
	own.Name, own.Placeholder = "casino-a", false
	if _, wr, err = Rules(GameMoneyWheel, moneywheel.CZ, nil, own); err != nil || wr.Wheel.Name != "casino-a" {
		t.Fatalf("operator layout %+v %v", wr, err)
	}
	bad := own
	bad.Labels = append([]string{"x"}, own.Labels[1:]...)
	for _, tc := range []struct {
		game, profile string
		options       map[string]string
		layout        wheel.Wheel
		reason        string
	}{
		{"baccarat", "cz", nil, wheel.Wheel{}, ReasonUnknownGame},
		{GameRoulette, "us", nil, wheel.Wheel{}, ReasonUnknownProfile},
		{GameMoneyWheel, "ru", nil, wheel.Wheel{}, ReasonUnknownProfile},
		{GameRoulette, "cz", map[string]string{"la_partage": "true"}, wheel.Wheel{}, ReasonBadOption},
		{GameRoulette, "cz", map[string]string{"neighbours": "many"}, wheel.Wheel{}, ReasonBadOption},
		{GameRoulette, "cz", map[string]string{"wheel": "double_zero", "announced": "on"}, wheel.Wheel{}, ReasonBadOption},
		{GameMoneyWheel, "cz", map[string]string{"min_revolutions": "0"}, wheel.Wheel{}, ReasonBadOption},
		{GameMoneyWheel, "cz", nil, bad, ReasonBadOption},
	} {
		if _, _, err := Rules(tc.game, tc.profile, tc.options, tc.layout); apierr.Reason(err) != tc.reason {
			t.Errorf("%s/%s %v: %v, want %s", tc.game, tc.profile, tc.options, err, tc.reason)
		}
	}
}

// Validate reports every problem of a configuration at once.
func TestConfigValidateReportsEveryProblem(t *testing.T) {
	c := config(t, GameRoulette, "cz", ResultRNG, nil)
	c.ID, c.Window, c.Pause, c.MaxPlayers, c.MaxBets, c.Currency, c.Bank, c.Source = "", time.Second, time.Hour, 0, 1001, "", "", 0
	c.Wheel = &moneywheel.Rules{}
	err := c.Validate()
	if apierr.Reason(err) != ReasonBadConfig {
		t.Fatalf("%v", err)
	}
	for _, want := range []string{"table id", "its game's rules and no other", "result source", "betting window", "pause", "max players", "max bets", "currency", "accounts"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not reported in %v", want, err)
		}
	}
	c = config(t, GameMoneyWheel, "cz", ResultDealer, nil)
	c.Profile = "ru"
	if err := c.Validate(); err == nil {
		t.Fatal("a profile other than the rules' validated")
	}
	c = config(t, GameRoulette, "ru", ResultDealer, nil)
	c.Roulette.Limits.Table.Min = 50
	c.Roulette.Limits.Table.Max = 10
	if err := c.Validate(); err == nil {
		t.Fatal("limits min over max validated")
	}
}

// The lobby lists a table with its game, limits, players, status, round
// and last winners, tagged as a banked table's; a closed table leaves it.
func TestLobbyEntry(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("a:ann")
	for range 12 {
		h.open("7")
		h.now += 15000
		h.must(&Command{Kind: CmdClose, Round: h.tb.Round()})
		h.must(&Command{Kind: CmdResult, Round: h.tb.Round()})
		h.now += 2000
	}
	s := h.tb.Summarize()
	if s.Game != GameRoulette || s.Profile != "cz" || s.Source != ResultRNG || s.MinStake != 1 || s.MaxStake != 1000 || s.Players != 1 ||
		s.Round != 12 || s.Phase != "settled" || len(s.Last) != MaxRecent || s.Last[0] != "7" || s.Window != 15*time.Second {
		t.Fatalf("summary %+v", s)
	}
	data, ok := h.tb.Lobby()
	if !ok || !strings.HasPrefix(string(data), "round\n{") {
		t.Fatalf("lobby %s", data)
	}
}
