package holdem_test

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// gr-regulation-1 B.63 and §9 item 4: a Greek table whose small blind is
// not one of the usual fractions (any_small_blind) plays its hands: the
// small blind posts his amount, completes to the big blind by calling the
// difference, and the pot limit counts the odd blind.
func TestGRUnusualSmallBlindPlays(t *testing.T) {
	for _, c := range []struct {
		st        betting.Structure
		sb        int64
		potRaise  int64 // UTG's largest raise-to in pot limit
		sbToCall  int64
		sbChecks  bool
		afterFlop int64 // the pot on the flop
	}{
		{betting.NoLimit, 3, 0, 7, false, 30},
		{betting.PotLimit, 3, 33, 7, false, 30},
		{betting.NoLimit, 10, 0, 0, true, 30},
		{betting.PotLimit, 1, 31, 9, false, 30},
	} {
		r := rules(t, profile.GR, profile.Holdem, c.st, profile.Stakes{Unit: 1, SmallBlind: c.sb, BigBlind: 10})
		if r.Validate() == nil {
			t.Fatalf("%s SB %d/10 validated without the option", c.st, c.sb)
		}
		if err := r.Set("any_small_blind", "true"); err != nil {
			t.Fatal(err)
		}
		g := start(t, r, 0, []int64{1000, 1000, 1000, 1000}, nil)
		if g.s.Round.Seats[1].Bet != c.sb || g.s.Round.Seats[2].Bet != 10 {
			t.Fatalf("%s: blinds %d and %d, want %d and 10", c.st, g.s.Round.Seats[1].Bet, g.s.Round.Seats[2].Bet, c.sb)
		}
		if c.potRaise > 0 {
			var hi int64
			for _, l := range g.s.Legal(3, nil) {
				if l.Kind == betting.Raise {
					hi = l.Max
				}
			}
			if hi != c.potRaise {
				t.Errorf("%s SB %d: pot-limit raise to %d, want %d", c.st, c.sb, hi, c.potRaise)
			}
		}
		g.act(3, betting.Fold, 0)
		g.act(0, betting.Call, 0)
		if c.sbChecks {
			g.act(1, betting.Check, 0)
		} else {
			ev := g.act(1, betting.Call, 0)
			if paid := ev[0].Paid; paid != c.sbToCall {
				t.Errorf("%s SB %d: the small blind paid %d to call, want %d", c.st, c.sb, paid, c.sbToCall)
			}
		}
		g.act(2, betting.Check, 0)
		if g.s.Street != 1 || g.total() != 4000 {
			t.Fatalf("%s SB %d: street %d, chips %d", c.st, c.sb, g.s.Street, g.total())
		}
		var pot int64
		for i := range g.s.Round.Seats {
			pot += g.s.Round.Seats[i].Total
		}
		if pot != c.afterFlop {
			t.Errorf("%s SB %d: pot %d on the flop, want %d", c.st, c.sb, pot, c.afterFlop)
		}
	}
}
