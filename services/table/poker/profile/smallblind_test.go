package profile

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
)

// gr-regulation-1 B.63 and §9 item 4: 1/3 or 1/2 of the big blind is what
// the text calls usual in pot and no limit, not a rule. The usual
// fractions stay the default check; any_small_blind=true switches it off,
// and then any small blind from one chip up to the big blind is valid.
func TestGRSmallBlindAnyAmountByOption(t *testing.T) {
	stakes := func(sb int64) Stakes {
		return Stakes{Currency: "EUR", Exponent: 2, Unit: 50, SmallBlind: sb, BigBlind: 300}
	}
	for _, st := range []betting.Structure{betting.NoLimit, betting.PotLimit} {
		for _, sb := range []int64{50, 150, 250, 300} {
			r := must(t, GR, Holdem, st, stakes(sb))
			usual := sb == 100 || sb == 150
			if err := r.Validate(); (err == nil) != usual {
				t.Errorf("%s SB %d/300, default check: %v, want ok=%v", st, sb, err, usual)
			}
			if err := r.Set("any_small_blind", "true"); err != nil {
				t.Fatal(err)
			}
			if err := r.Validate(); err != nil {
				t.Errorf("%s SB %d/300 with any_small_blind: %v", st, sb, err)
			}
		}
		// One chip up to the big blind: not nothing, not more than the big
		// blind, and in whole chips.
		for _, sb := range []int64{0, 25, 350} {
			r := must(t, GR, Holdem, st, stakes(sb))
			r.Options.AnySmallBlind = true
			if r.Validate() == nil {
				t.Errorf("%s SB %d/300 with any_small_blind validated", st, sb)
			}
		}
	}
	// The option is off by default in every profile.
	for _, name := range Names() {
		if r := must(t, name, Holdem, betting.NoLimit, eur); r.Options.AnySmallBlind {
			t.Errorf("%s: any_small_blind on by default", name)
		}
	}
	// The Czech BB = 2 × SB is a rule (cz-cash-game-texas-holdem.md §3),
	// not a usual value: the option does not relax it.
	cz := must(t, CZ, Holdem, betting.NoLimit, Stakes{Currency: "CZK", Unit: 5, SmallBlind: 5, BigBlind: 10})
	cz.Options.AnySmallBlind = true
	if cz.Validate() == nil {
		t.Error("CZ with any_small_blind validated")
	}
	r := must(t, GR, Holdem, betting.NoLimit, eur)
	if r.Set("any_small_blind", "sometimes") == nil {
		t.Error("any_small_blind=sometimes accepted")
	}
}
