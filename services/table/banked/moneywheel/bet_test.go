package moneywheel

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// CheckBet judges one bet on its own: one of the six boxes
// (cz-money-wheel.md §1: X has no box) and an amount some limit could
// allow; sums are the placement's.
func TestCheckBet(t *testing.T) {
	r := placeholderRules(t)
	for _, tc := range []struct {
		b      round.Bet
		reason string
	}{
		{round.Bet{ID: "a", Spot: Seven, Amount: 1}, ""},
		{round.Bet{ID: "a", Spot: Cherries, Amount: MaxStake}, ""},
		{round.Bet{ID: "a", Spot: X, Amount: 10}, round.ReasonBadSpot},
		{round.Bet{ID: "a", Spot: "Bell", Amount: 10}, round.ReasonBadSpot},
		{round.Bet{ID: "a", Spot: Bell, Amount: 0}, round.ReasonBetOutsideLimits},
		{round.Bet{ID: "a", Spot: Bell, Amount: MaxStake + 1}, round.ReasonBetOutsideLimits},
	} {
		spot, err := CheckBet(r, tc.b)
		if apierr.Reason(err) != tc.reason || (err == nil && spot != tc.b.Spot) {
			t.Errorf("%+v: %q, %v; want %q", tc.b, spot, err, tc.reason)
		}
	}
}
