package splitpoker

import (
	"testing"

	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// docs/rtp-casino-poker.md prices Split poker on the tables the engine
// ships (shared/rtp/studpoker): its "Bet or Ante" placeholder and its
// Royal Bonus placeholder, read literally by default.
func TestRUPaytablesAreTheRTPs(t *testing.T) {
	r, err := Named(RU)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		engine Paytable
		priced studpoker.Paytable
	}{{"pays", r.Paytables.Pays, studpoker.SplitPays()}, {"royal_bonus", r.Paytables.RoyalBonus, studpoker.SplitRoyalBonus()}} {
		if len(tc.engine.Pays) != len(tc.priced) {
			t.Errorf("%s: the engine pays %d lines, studpoker prices %d", tc.name, len(tc.engine.Pays), len(tc.priced))
		}
		for l, q := range tc.engine.Pays {
			if m, ok := tc.priced[l]; !ok || q.Num != m*q.Den {
				t.Errorf("%s %s: the engine pays %s, studpoker prices %d", tc.name, l, q, m)
			}
		}
	}
	if r.Options.RoyalBonus != Literal {
		t.Errorf("the default reading %v; the Royal Bonus is priced on the literal one", r.Options.RoyalBonus)
	}
}
