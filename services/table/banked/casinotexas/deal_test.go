package casinotexas

import (
	"fmt"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// §4: a card face down to each box from the dealer's left, the dealer's
// first, a second to each box, the dealer's second (step 2); a burn and
// the flop (step 4); a burn and the turn and the river (step 6). The
// board comes whatever the boxes do: every box played before the flop
// here.
func TestDealOrder(t *testing.T) {
	g := newTable(t, rules(t))
	g.open("ann 1 10", "ben 3 10", "cy 5 10")
	g.do(Command{Kind: CmdClose})
	g.do(Command{Kind: CmdShuffle})
	deck := card.Deck(1)
	var got string
	deal := func() {
		for g.s.Next.To != 0 {
			n := g.s.Next
			g.do(Command{Kind: CmdCard, Card: deck[len(g.s.Deals)], Pos: g.s.Shoe.Drawn + 1})
			got += map[Target]string{ToBox: fmt.Sprint(n.Box), ToDealer: "d", ToBoard: "b", ToBurn: "x"}[n.To] + " "
		}
	}
	deal()
	for _, p := range []string{"ann", "ben", "cy"} {
		g.decide(p, g.s.Turn.Box, Play, 40)
	}
	deal()
	if want := "1 3 5 d 1 3 5 d x b b b x b b "; got != want {
		t.Errorf("dealt %q, want %q", got, want)
	}
	g.settled()
	if len(g.s.Deals) != 8+2+5 || g.s.Burns != 2 {
		t.Errorf("%d cards, %d burns", len(g.s.Deals), g.s.Burns)
	}
}

// Who may see what (ARCHITECTURE principle 4): the board is public; a
// box's cards private to its player (§2); the dealer's first card face up
// (§4 step 2, §9 note 4), his second hidden until the showdown shows it
// with the boxes settled against him; a folded box's cards and the burns
// never. With DealerFirstCardFaceUp off, both the dealer's are hidden.
func TestVisibility(t *testing.T) {
	for _, faceUp := range []bool{true, false} {
		t.Run(fmt.Sprint("dealer_first_card_face_up=", faceUp), func(t *testing.T) {
			g := newTable(t, rules(t, "dealer_first_card_face_up", fmt.Sprint(faceUp)))
			g.open("ann 1 10", "ben 2 10")
			g.deal("Ac", "Kc", "2h", "Ad", "Kd", "3h", "9s", "8c", "7d", "5s", "4c")
			g.cards("Ac", "Kc", "2h", "Ad", "Kd", "3h")
			g.decide("ann", 1, Play, 30)
			g.decide("ben", 2, Check, 0)
			g.cards("9s", "8c", "7d")
			g.decide("ben", 2, Check, 0)
			g.cards("5s", "4c")
			g.mark()
			g.decide("ben", 2, Fold, 0)
			first := round.Hidden
			if faceUp {
				first = round.Public
			}
			dealer := 0
			for _, d := range g.s.Deals {
				want := map[Target]Visibility{ToBox: round.Private, ToDealer: round.Hidden, ToBoard: round.Public, ToBurn: round.Hidden}[d.To]
				if d.To == ToDealer {
					if dealer == 0 {
						want = first
					}
					dealer++
				}
				if d.Vis != want {
					t.Errorf("%+v: marked %s, want %s", d, d.Vis, want)
				}
			}
			shown := g.events(EvShown)
			if len(shown) != 2 || shown[0].Box != 0 || !slices.Equal(shown[0].Cards, cardsOf(t, "2h 3h")) || shown[1].Box != 1 ||
				!slices.Equal(shown[1].Cards, cardsOf(t, "Ac Ad")) || shown[0].Vis != round.Public || shown[1].Hand == "" {
				t.Fatalf("shown %+v", shown)
			}
			if !g.s.DealerShown || !g.s.Boxes[0].Shown || g.s.Boxes[1].Shown {
				t.Errorf("marks: dealer %v, boxes %+v", g.s.DealerShown, g.s.Boxes)
			}
		})
	}
}

// §1: one deck, shuffled before every round. A round's first card waits
// for the shuffle; a card the deck gave is refused; positions make a
// retried card a replay; the round's cards out, no shuffle; the deck is
// used up by the round and shuffled before the next.
func TestDeck(t *testing.T) {
	g := newTable(t, rules(t))
	g.do(Command{Kind: CmdShuffle}) // before the round: an RNG table's commitment
	g.replay(Command{Kind: CmdShuffle})
	g.open("ann 1 10")
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("As")}, round.ReasonBettingOpen)
	g.do(Command{Kind: CmdClose})
	if g.s.Next != (Next{To: ToBox, Box: 1}) {
		t.Fatalf("next %+v", g.s.Next)
	}
	g.do(Command{Kind: CmdCard, Card: card.MustParse("As"), Pos: 1})
	g.replay(Command{Kind: CmdCard, Card: card.MustParse("As"), Pos: 1})
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("Ks"), Pos: 1}, ReasonCardConflict)
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("As")}, ReasonCardNotInShoe)
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("Ks"), Pos: 3}, ReasonBadPosition)
	g.refuse(Command{Kind: CmdCard, Card: 52}, ReasonBadCard)
	g.refuse(Command{Kind: CmdShuffle}, ReasonBadShuffle)
	g.spare = cardsOf(t, "2c 3c")
	g.cards("Ah", "Kc", "Kd")
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("5s")}, ReasonNoCardDue)
	g.decide("ann", 1, Play, 40)
	g.cards("9s", "8c", "7d", "6h", "5h")
	g.settled()
	if g.s.Shoe.Loaded || g.s.Next != (Next{}) {
		t.Fatalf("the deck after its round: %+v, next %+v", g.s.Shoe, g.s.Next)
	}
	g.open("ann 1 10")
	g.do(Command{Kind: CmdClose})
	if g.s.Next != (Next{To: ToShuffle}) {
		t.Fatalf("next %+v", g.s.Next)
	}
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("5s")}, ReasonShuffleDue)
	g.do(Command{Kind: CmdShuffle})
	g.cards("As") // the new deck has it again
}

// A round nobody bet in settles at its close, without cards; a voided
// round refunds what is in play, a fold's lines standing; a void needs a
// reason.
func TestEmptyAndVoidedRounds(t *testing.T) {
	g := newTable(t, rules(t, "several_boxes", "true"))
	g.open()
	g.do(Command{Kind: CmdClose})
	g.settled()

	g.open("ann 1 10 5", "ben 2 20 5")
	g.refuse(Command{Kind: CmdVoid}, round.ReasonNoReason)
	g.deal("Ac", "Kc", "2h", "Ad", "Kd", "3h", "9s", "8c", "7d", "5s", "4c")
	g.cards("Ac", "Kc", "2h", "Ad", "Kd", "3h")
	for _, street := range [][]string{{"9s", "8c", "7d"}, {"5s", "4c"}} {
		g.decide("ann", 1, Check, 0)
		g.decide("ben", 2, Check, 0)
		g.cards(street...)
	}
	g.decide("ann", 1, Fold, 0)
	// ben's river decision is due; the operator voids the round instead.
	g.do(Command{Kind: CmdVoid, Reason: "card reader fault"})
	if g.s.Phase != round.Voided || g.s.Escrow() != 0 || g.s.Reason != "card reader fault" || g.s.Shoe.Loaded {
		t.Fatalf("%s, escrow %d, %q, deck %+v", g.s.Phase, g.s.Escrow(), g.s.Reason, g.s.Shoe)
	}
	g.net("box:1/ante", 10, -10)
	g.net("box:1/trips", 5, -5)
	g.net("box:2/ante", 20, 0)
	g.net("box:2/blind", 20, 0)
	g.net("box:2/trips", 5, 0)
	g.noLine("box:2/play")
	g.replay(Command{Kind: CmdVoid, Reason: "card reader fault"})
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 2, Action: Play}, round.ReasonRoundOver)

	g.open("ann 1 10 5")
	g.do(Command{Kind: CmdVoid, Reason: "studio closes"})
	g.net("box:1/ante", 10, 0)
	g.net("box:1/blind", 10, 0)
	g.net("box:1/trips", 5, 0)
}
