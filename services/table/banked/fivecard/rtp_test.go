package fivecard

import (
	"testing"

	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// docs/rtp-casino-poker.md prices Oasis and Russian poker on the
// placeholder Bet table both engines ship (shared/rtp/studpoker).
func TestPlaceholderBetIsTheRTPs(t *testing.T) {
	p, priced := PlaceholderBet(), studpoker.PlaceholderBet()
	if len(p.Pays) != len(priced) {
		t.Errorf("%d lines, studpoker prices %d", len(p.Pays), len(priced))
	}
	for l, q := range p.Pays {
		if m, ok := priced[l]; !ok || q.Num != m*q.Den {
			t.Errorf("%s: pays %s, studpoker prices %d", l, q, m)
		}
	}
}
