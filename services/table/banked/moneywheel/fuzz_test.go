package moneywheel

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// FuzzParseSpot: a spot is accepted only as one of the six box names,
// returned unchanged; everything else, X first (cz-money-wheel.md §1),
// is refused with BAD_SPOT.
func FuzzParseSpot(f *testing.F) {
	for _, s := range append(Boxes(), X, "", "Bell", " bell", "bell ", "seven\x00", "7", "straight:7", "cherries,bell") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseSpot(s)
		if err != nil {
			if apierr.Reason(err) != round.ReasonBadSpot {
				t.Fatalf("%q: reason %q", s, apierr.Reason(err))
			}
			if slices.Contains(Boxes(), s) {
				t.Fatalf("box %q refused", s)
			}
			return
		}
		if got != s || !slices.Contains(Boxes(), s) {
			t.Fatalf("%q accepted as %q", s, got)
		}
	})
}

// FuzzPlace: any one-bet placement is either placed as given, within the
// limits, or refused with a reason and the round untouched.
func FuzzPlace(f *testing.F) {
	f.Add("a", "ann", Cherries, int64(10))
	f.Add("a", "ann", X, int64(10))
	f.Add("", "ann", Bell, int64(1))
	f.Add("a", "", Seven, int64(1<<62))
	f.Add("a", "ben", Seven, int64(-1))
	f.Fuzz(func(t *testing.T, id, player, spot string, amount int64) {
		r := limitedRules(t)
		var s State
		mustApply(t, r, &s, open)
		mustApply(t, r, &s, place("ann", bet("a", "", Cherries, 10)))
		before := s.Clone()
		evs, err := Apply(r, &s, place(player, round.Bet{ID: id, Spot: spot, Amount: amount}))
		if err != nil {
			if apierr.Reason(err) == "" || !sameState(s, before) {
				t.Fatalf("refused (%v) with the state changed or no reason", err)
			}
			return
		}
		if evs == nil { // a replay
			if !sameState(s, before) {
				t.Fatal("a replay changed the state")
			}
			return
		}
		b := s.Bets[len(s.Bets)-1]
		if b != (round.Bet{ID: id, Player: player, Spot: spot, Amount: amount}) || !slices.Contains(Boxes(), spot) {
			t.Fatalf("placed %+v", b)
		}
		if err := checkLimits(r, s.Bets, player); err != nil {
			t.Fatalf("placed outside the limits: %v", err)
		}
	})
}
