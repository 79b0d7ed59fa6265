package blackjack

import (
	"math"
	"testing"
)

// Every up card's outcome probabilities sum to 1, for every shoe and soft-17
// rule, whatever player cards are out.
func TestDealerOutcomesSumToOne(t *testing.T) {
	hs := allHands()
	for _, s := range []shoe{newShoe(1), newShoe(6), newShoe(8), infiniteShoe()} {
		for h17 := range 2 {
			for up := 1; up <= values; up++ {
				tab := &dealerTables()[h17][up-1]
				for _, player := range [][]int{nil, {10, 6}, {1, 1, 1}, {2, 2, 2, 3, 3}} {
					var rm removal
					rm.add(up, 1)
					rm.addHand(&hs.hands[hs.of(player...)])
					d := tab.eval(&s, &rm)
					sum := 0.0
					for _, p := range d {
						sum += p
					}
					if math.Abs(sum-1) > 1e-12 {
						t.Errorf("infinite=%v size=%v h17=%d up=%d player=%v: sum %v", s.infinite, s.size, h17, up, player, sum)
					}
				}
			}
		}
	}
}

// Published dealer probabilities, one deck, only the up card removed, the
// dealer standing on soft 17 (Wizard of Odds, blackjack appendix 2B, "1 Deck
// - Dealer Stands on Soft 17", ace up: 17 0.126128, 18 0.131003, 19 0.129486,
// 20 0.131553, 21 0.0515646, BJ 0.313726, bust 0.11654).
func TestDealerAceUpOneDeckPublished(t *testing.T) {
	s := newShoe(1)
	var rm removal
	rm.add(ace, 1)
	d := dealerTables()[0][ace-1].eval(&s, &rm)
	want := dist{0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.11654, 0.313726}
	for i := range d {
		if math.Abs(d[i]-want[i]) > 1e-6 {
			t.Errorf("outcome %d: %.7f, published %.7f", i, d[i], want[i])
		}
	}
}
