package banked

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// Any request either fails with a reason or evaluates; nothing panics.
func FuzzEvaluate(f *testing.F) {
	f.Add(uint8(1), []byte{48, 49, 0, 5, 9, 13, 17, 21, 25}, uint8(2), uint8(2), uint8(5))
	f.Add(uint8(5), []byte{48, 49, 0, 5, 9, 13, 17, 21, 25, 30, 31}, uint8(6), uint8(5), uint8(0))
	f.Add(uint8(6), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, uint8(5), uint8(5), uint8(0))
	f.Fuzz(func(t *testing.T, g uint8, b []byte, np, nd, nb uint8) {
		cs := make([]card.Card, len(b))
		for i, x := range b {
			cs[i] = card.Card(x)
		}
		take := func(n uint8) []card.Card {
			k := min(int(n), len(cs))
			out := cs[:k]
			cs = cs[k:]
			return out
		}
		h := Hand{Player: take(np), Dealer: take(nd), Board: take(nb)}
		h.PlayerSmall, h.DealerSmall = take(2), take(2)
		r, err := Evaluate(Game(g), h, Options{})
		if err != nil {
			return
		}
		if !r.Player.Value.Valid() {
			t.Fatalf("accepted %v but ranked the player %d", h, r.Player.Value)
		}
	})
}
