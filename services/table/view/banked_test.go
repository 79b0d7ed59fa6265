package view

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/house"
)

// Every banked game's table sign reaches its public description: a
// partner's lobby shows a blackjack table's limits as it does a wheel's.
func TestLimitsShowEveryGamesTableSign(t *testing.T) {
	sign := round.Limit{Min: 500, Max: 50000}
	tests := []struct {
		name string
		cfg  house.Config
	}{
		{"roulette", house.Config{Roulette: &roulette.Rules{Limits: roulette.Limits{Table: sign}}}},
		{"money wheel", house.Config{Wheel: &moneywheel.Rules{Limits: moneywheel.Limits{Table: sign}}}},
		{"blackjack", house.Config{Blackjack: &blackjack.Rules{Limits: blackjack.Limits{Table: sign}}}},
	}
	for _, tc := range tests {
		got := Limits(&tc.cfg).GetTable()
		if got.GetMin() != sign.Min || got.GetMax() != sign.Max {
			t.Errorf("%s: table limits %v, want %d..%d", tc.name, got, sign.Min, sign.Max)
		}
	}
}
