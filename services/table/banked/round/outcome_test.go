package round

import (
	"testing"

	"github.com/croupier/croupier/shared/apierr"
)

// An outcome's line balances: lost, returned, or returned with a win on
// top.
func TestOutcomeLine(t *testing.T) {
	for _, tc := range []struct {
		o    Outcome
		want Line
	}{
		{Outcome{Lost: true}, Line{BetID: "a", Player: "ann", Spot: "s", Stake: 10, Lost: 10}},
		{Outcome{}, Line{BetID: "a", Player: "ann", Spot: "s", Stake: 10, Returned: 10}},
		{Outcome{Won: 35}, Line{BetID: "a", Player: "ann", Spot: "s", Stake: 10, Returned: 10, Won: 35}},
	} {
		got := tc.o.Line("a", "ann", "s", 10)
		if got != tc.want || got.Check() != nil {
			t.Errorf("%+v: %+v, want %+v", tc.o, got, tc.want)
		}
	}
}

// A phase refuses with its own reason.
func TestPhaseRefuse(t *testing.T) {
	for p, want := range map[Phase]string{0: ReasonNoRound, Betting: ReasonBettingOpen, Closed: ReasonBettingClosed, Settled: ReasonRoundOver, Voided: ReasonRoundOver} {
		if err := p.Refuse("bet", 3); apierr.Reason(err) != want {
			t.Errorf("%s: %v, want %s", p, err, want)
		}
	}
}
