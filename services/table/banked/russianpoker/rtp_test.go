package russianpoker

import (
	"testing"

	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// docs/rtp-casino-poker.md prices Russian poker on the Bet table the
// engine ships (shared/rtp/studpoker): the spec's placeholder (§8); it
// ships no Royal Bonus table (§4.19 lost, N9), so none is priced for it.
func TestRUPaytablesAreTheRTPs(t *testing.T) {
	r, err := Named(RU)
	if err != nil {
		t.Fatal(err)
	}
	priced := studpoker.PlaceholderBet()
	if len(r.Paytables.Bet.Pays) != len(priced) {
		t.Errorf("the engine pays %d Bet lines, studpoker prices %d", len(r.Paytables.Bet.Pays), len(priced))
	}
	for l, q := range r.Paytables.Bet.Pays {
		if m, ok := priced[l]; !ok || q.Num != m*q.Den {
			t.Errorf("Bet %s: the engine pays %s, studpoker prices %d", l, q, m)
		}
	}
	if rb := r.Paytables.RoyalBonus; len(rb.Pays) > 0 || rb.Source != "" {
		t.Error("the engine ships a Royal Bonus table: price it")
	}
}
