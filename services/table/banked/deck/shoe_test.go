package deck

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// One deck shuffled before every round: a shuffle loads it and, sent
// again before a card, is a replay; with the round's cards out it is
// refused; a round that drew from it leaves it to be shuffled again.
func TestShuffle(t *testing.T) {
	var sh Shoe
	if got := sh.Due(Next{To: ToBox, Box: 1}); got != (Next{To: ToShuffle}) {
		t.Fatalf("a card due with no deck: %+v", got)
	}
	if ok, err := sh.Shuffle(false); !ok || err != nil || !sh.Loaded {
		t.Fatalf("%v %v %+v", ok, err, sh)
	}
	if ok, err := sh.Shuffle(false); ok || err != nil {
		t.Fatalf("the same shuffle again: %v %v", ok, err)
	}
	if got := sh.Due(Next{To: ToBox, Box: 1}); got != (Next{To: ToBox, Box: 1}) {
		t.Fatalf("%+v", got)
	}
	sh.End() // a round that drew nothing keeps the deck
	if !sh.Loaded {
		t.Fatal("a deck nothing was drawn from was used up")
	}
	sh.Draw(card.MustParse("As"), Next{To: ToBoard}, round.Public)
	if _, err := sh.Shuffle(true); apierr.Reason(err) != ReasonBadShuffle {
		t.Fatalf("a shuffle with the cards out: %v", err)
	}
	sh.End()
	if sh.Loaded || sh.Due(Next{To: ToBoard}).To != ToShuffle {
		t.Fatalf("after its round: %+v", sh)
	}
	if ok, _ := sh.Shuffle(false); !ok || sh.Drawn != 0 || sh.Seen != 0 {
		t.Fatalf("a new deck: %+v", sh)
	}
}

// A card at a position the deck has given is a replay when it is the same
// card, a conflict when not, and refused when the position is the round
// before's; a new card must be next, a card, and one the deck still has.
func TestCards(t *testing.T) {
	var sh Shoe
	sh.Shuffle(false)
	as, ks := card.MustParse("As"), card.MustParse("Ks")
	var deals []Deal
	for _, c := range []card.Card{as, ks} {
		n := Next{To: ToBox, Box: 3}
		if err := sh.Check(n, 0, c); err != nil {
			t.Fatal(err)
		}
		deals = append(deals, sh.Draw(c, n, round.Private))
	}
	if deals[1] != (Deal{Pos: 2, Card: ks, To: ToBox, Box: 3, Vis: round.Private}) {
		t.Fatalf("%+v", deals[1])
	}
	for _, tc := range []struct {
		pos    int
		c      card.Card
		dealt  bool
		reason string
	}{
		{0, as, false, ""},
		{3, as, false, ""},
		{1, as, true, ""},
		{2, as, true, ReasonCardConflict},
		{-1, as, true, ReasonBadPosition},
	} {
		dealt, err := sh.Dealt(deals, tc.pos, tc.c)
		if dealt != tc.dealt || apierr.Reason(err) != tc.reason {
			t.Errorf("Dealt %d %s: %v %v", tc.pos, tc.c, dealt, err)
		}
	}
	if dealt, err := sh.Dealt(deals[1:], 1, as); !dealt || apierr.Reason(err) != ReasonBadPosition {
		t.Errorf("a position drawn before the round: %v %v", dealt, err)
	}
	n := Next{To: ToBoard}
	for _, tc := range []struct {
		n      Next
		pos    int
		c      card.Card
		reason string
	}{
		{Next{To: ToShuffle}, 0, card.MustParse("2c"), ReasonShuffleDue},
		{n, 4, card.MustParse("2c"), ReasonBadPosition},
		{n, 0, 52, ReasonBadCard},
		{n, 0, ks, ReasonCardNotInShoe},
		{n, 3, card.MustParse("2c"), ""},
		{n, 0, card.MustParse("2c"), ""},
	} {
		if err := sh.Check(tc.n, tc.pos, tc.c); apierr.Reason(err) != tc.reason {
			t.Errorf("Check %+v %d %s: %v, want %s", tc.n, tc.pos, tc.c, err, tc.reason)
		}
	}
}

// The hole cards, box by box or a card a box at a time, the dealer after
// the boxes each time.
func TestHole(t *testing.T) {
	type box struct{ n, cards int }
	held := func(b *box) (int, int) { return b.n, b.cards }
	for _, tc := range []struct {
		o    Order
		want string
	}{
		{ByBox, "2 2 5 5 d d"},
		{ByRound, "2 5 d 2 5 d"},
	} {
		boxes := []box{{n: 2}, {n: 5}}
		dealer := 0
		var got string
		for n := Hole(tc.o, 2, boxes, held, dealer); n.To != 0; n = Hole(tc.o, 2, boxes, held, dealer) {
			if n.To == ToDealer {
				dealer++
				got += "d "
				continue
			}
			for i := range boxes {
				if boxes[i].n == n.Box {
					boxes[i].cards++
				}
			}
			got += string(rune('0'+n.Box)) + " "
		}
		if got != tc.want+" " {
			t.Errorf("%s: %q, want %q", tc.o, got, tc.want)
		}
	}
}
