package fivecard

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// A shared box (Oasis and Russian §2.5): up to two players, their Antes
// together within the maximum; a player's new bet replaces his old at its
// index among all the round's bets.
func TestPlaceShared(t *testing.T) {
	l := boxes.NewLayout[uint8](4, []string{"", "ante", "side"}, 1, 2, 0)
	p := boxes.Policy[uint8]{Check: func(b *round.Bet) (int, uint8, error) {
		n, k := l.Box(b.Spot)
		return n, k, nil
	}}
	sh := Sharing[uint8]{Bettors: 2, Base: 1, Most: 100}
	live := []round.Bet{{ID: "1", Player: "ann", Spot: "box:1/ante", Amount: 40}, {ID: "1", Player: "bob", Spot: "box:1/ante", Amount: 40}}
	place := func(player string, bets ...round.Bet) (boxes.Placement, []round.Bet, error) {
		return Place(l, live, nil, player, bets, nil, p, sh)
	}
	if _, _, err := place("cat", round.Bet{ID: "1", Spot: "box:1/ante", Amount: 10}); apierr.Reason(err) != boxes.ReasonBoxTaken {
		t.Fatalf("a third player: %v", err)
	}
	if _, _, err := place("bob", round.Bet{ID: "2", Spot: "box:1/ante", Amount: 61}); apierr.Reason(err) != round.ReasonBetOutsideLimits {
		t.Fatalf("over the box's maximum: %v", err)
	}
	pl, after, err := place("bob", round.Bet{ID: "2", Spot: "box:1/ante", Amount: 60}, round.Bet{ID: "3", Spot: "box:1/side", Amount: 5})
	if err != nil || pl.Replaces[0] != 1 || pl.Replaces[1] != -1 || len(after) != 3 || after[1].Amount != 60 {
		t.Fatalf("%+v %+v %v", pl, after, err)
	}
	if pl, _, err := place("bob", live[1]); err != nil || len(pl.Stakes) != 0 {
		t.Fatalf("a replay: %+v %v", pl, err)
	}
}
