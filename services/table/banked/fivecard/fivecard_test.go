package fivecard

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// Five cards each, one at a time, the boxes from the dealer's left and
// the dealer last in every round of the deal (docs/rules/ru-oasis-poker.md
// §4 step 3); his fifth face up.
func TestDealOneAtATime(t *testing.T) {
	type box struct{ n, cards int }
	held := func(b *box) (int, int) { return b.n, b.cards }
	boxes := []box{{n: 2}, {n: 4}}
	dealer := 0
	var got string
	for n := Next(boxes, held, dealer); n.To != 0; n = Next(boxes, held, dealer) {
		if n.To == deck.ToDealer {
			if vis := DealerCard(dealer, false); vis != round.Hidden && dealer < 4 || dealer == 4 && vis != round.Public {
				t.Fatalf("the dealer's card %d marked %s", dealer, vis)
			}
			dealer++
			got += "d"
			continue
		}
		for i := range boxes {
			if boxes[i].n == n.Box {
				boxes[i].cards++
			}
		}
		got += string(rune('0' + n.Box))
	}
	if got != "24d24d24d24d24d" {
		t.Fatalf("deal %q", got)
	}
}

// An exchange takes out the discards, in the hand's order, or refuses
// them all.
func TestDiscard(t *testing.T) {
	hand := func() []card.Card { cs, _ := card.ParseString("Kc Kd 9h 4s 2c"); return cs }
	cs := func(s string) []card.Card { c, _ := card.ParseString(s); return c }
	got, err := Discard(hand(), cs("4s 9h"), 1, 2)
	if err != nil || card.Join(got) != "Kc Kd 2c" {
		t.Fatalf("%v %v", got, err)
	}
	for _, bad := range []string{"", "4s 9h 2c", "4d", "4s 4s"} {
		h := hand()
		got, err := Discard(h, cs(bad), 1, 2)
		if apierr.Reason(err) != ReasonBadDiscard || card.Join(got) != "Kc Kd 9h 4s 2c" || card.Join(h) != "Kc Kd 9h 4s 2c" {
			t.Errorf("%q: %v %v", bad, got, err)
		}
	}
	if got, err := Discard(hand(), cs("Kc Kd 9h 4s 2c"), 1, 5); err != nil || len(got) != 0 {
		t.Fatalf("all five: %v %v", got, err)
	}
}

// The dealer's buy replaces his highest card: the highest rank, of two
// the higher suit (docs/rules/ru-oasis-poker.md §4.17, N6).
func TestHighest(t *testing.T) {
	for hand, want := range map[string]int{"Ad Qc 9h 5s 3c": 0, "Qc 9h Kc 5s Kh": 4, "2c": 0, "": -1} {
		cs, _ := card.ParseString(hand)
		if got := Highest(cs); got != want {
			t.Errorf("%q: %d, want %d", hand, got, want)
		}
	}
}

// TakeHighest takes the highest card out, the rest in their order.
func TestTakeHighest(t *testing.T) {
	cs, _ := card.ParseString("Qc 9h Ad 5s 3c")
	rest, out, ok := TakeHighest(cs)
	if !ok || out != card.MustParse("Ad") || card.Join(rest) != "Qc 9h 5s 3c" {
		t.Fatalf("%v %s %v", rest, out, ok)
	}
	if _, _, ok := TakeHighest(nil); ok {
		t.Fatal("a card from no hand")
	}
}
