package casinoholdem

import (
	"fmt"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The deal order (§4.2; Options.DealOrder, BurnCards): where each card
// of a three-box round goes, and who may see it (HoleCardsFaceUp).
func TestDealOrder(t *testing.T) {
	for _, tc := range []struct {
		opts []string
		want string // targets in order: 1..7 a box, d the dealer, b the board, x a burn
	}{
		{nil, "1 1 3 3 5 5 d d b b b | b b"},
		{[]string{"deal_order", "by_round"}, "1 3 5 d 1 3 5 d b b b | b b"},
		{[]string{"burn_cards", "true"}, "1 1 3 3 5 5 d d x b b b | x b b"},
		{[]string{"deal_order", "by_round", "burn_cards", "true", "hole_cards_face_up", "false"}, "1 3 5 d 1 3 5 d x b b b | x b b"},
	} {
		t.Run(fmt.Sprint(tc.opts), func(t *testing.T) {
			g := newGame(t, rules(t, tc.opts...))
			g.open("ann 1 10", "ben 3 10", "cy 5 10")
			g.do(Command{Kind: CmdClose})
			g.do(Command{Kind: CmdShuffle})
			deck := card.Deck(1)
			var got string
			deal := func() {
				for i := 0; g.s.Next.To != 0; i++ {
					n := g.s.Next
					g.do(Command{Kind: CmdCard, Card: deck[len(g.s.Deals)], Pos: g.s.Shoe.Drawn + 1})
					got += map[Target]string{ToBox: fmt.Sprint(n.Box), ToDealer: "d", ToBoard: "b", ToBurn: "x"}[n.To] + " "
				}
			}
			deal()
			for _, p := range []string{"ann", "ben"} {
				g.decide(p, g.s.Turn.Box, Call)
			}
			g.do(Command{Kind: CmdTimeout}) // cy folds
			got += "| "
			deal()
			if got != tc.want+" " {
				t.Errorf("dealt %q, want %q", got, tc.want)
			}
			g.settled()
			for _, d := range g.s.Deals {
				if want := visibility(&g.r, d.To); d.Vis != want {
					t.Errorf("%+v: marked %s, want %s", d, d.Vis, want)
				}
			}
		})
	}
}

// Who may see what (ARCHITECTURE principle 4): the board is public; the
// boxes' cards face up (§4.2) or private to the box; the dealer's hidden
// until the showdown shows them with the called boxes'; a folded box's
// face-down cards and the burns are never shown.
func TestVisibility(t *testing.T) {
	g := newGame(t, rules(t, "hole_cards_face_up", "false", "burn_cards", "true"))
	g.open("ann 1 10", "ben 2 10")
	g.deal("Ac", "Ad", "Kc", "Kd", "2h", "3h", "9s", "8c", "7d", "6h")
	for _, e := range g.events(EvDealt) {
		want := map[Target]Visibility{ToBox: Private, ToDealer: Hidden, ToBoard: Public, ToBurn: Hidden}[e.Deal.To]
		if e.Vis != want || e.Deal.Vis != want {
			t.Errorf("%+v: marked %s, want %s", e.Deal, e.Vis, want)
		}
	}
	g.decide("ann", 1, Call)
	g.decide("ben", 2, Fold)
	g.mark()
	g.cards("5s", "4c", "Qd")
	shown := g.events(EvShown)
	if len(shown) != 2 || shown[0].Box != 0 || !slices.Equal(shown[0].Cards, cardsOf(t, "2h 3h")) || shown[1].Box != 1 ||
		!slices.Equal(shown[1].Cards, cardsOf(t, "Ac Ad")) {
		t.Fatalf("shown %+v", shown)
	}
	for _, e := range shown {
		if e.Vis != Public || e.Hand == "" {
			t.Errorf("%+v", e)
		}
	}
	if !g.s.DealerShown || !g.s.Boxes[0].Shown || g.s.Boxes[1].Shown {
		t.Errorf("marks: dealer %v, boxes %+v", g.s.DealerShown, g.s.Boxes)
	}
}

// §1: one deck, shuffled before every round. A round's first card waits
// for the shuffle; a card the deck gave is refused; positions make a
// retried card a replay; the round's cards out, no shuffle; the deck is
// used up by the round and shuffled before the next.
func TestDeck(t *testing.T) {
	g := newGame(t, rules(t))
	g.do(Command{Kind: CmdShuffle}) // before the round: an RNG table's commitment
	g.replay(Command{Kind: CmdShuffle})
	g.open("ann 1 10")
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("As")}, round.ReasonBettingOpen)
	g.do(Command{Kind: CmdClose})
	g.nextIs(ToBox, 1)
	g.do(Command{Kind: CmdCard, Card: card.MustParse("As"), Pos: 1})
	g.replay(Command{Kind: CmdCard, Card: card.MustParse("As"), Pos: 1})
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("Ks"), Pos: 1}, ReasonCardConflict)
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("As")}, ReasonCardNotInShoe)
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("Ks"), Pos: 3}, ReasonBadPosition)
	g.refuse(Command{Kind: CmdCard, Card: 52}, ReasonBadCard)
	g.refuse(Command{Kind: CmdShuffle}, ReasonBadShuffle)
	g.cards("Ah", "Kc", "Kd", "2h", "3h", "9s")
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("5s")}, ReasonNoCardDue)
	g.decide("ann", 1, Fold)
	g.settled()
	if g.s.Shoe.Loaded || g.s.Next != (Next{}) {
		t.Fatalf("the deck after its round: %+v, next %+v", g.s.Shoe, g.s.Next)
	}
	g.open("ann 1 10")
	g.do(Command{Kind: CmdClose})
	g.nextIs(ToShuffle, 0)
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("5s")}, ReasonShuffleDue)
	g.do(Command{Kind: CmdShuffle})
	g.nextIs(ToBox, 1)
	g.cards("As") // the new deck has it again
}

// A round nobody bet in settles at its close, without cards; a voided
// round refunds what is in play, a fold's lines standing (§8); a void
// needs a reason.
func TestEmptyAndVoidedRounds(t *testing.T) {
	g := newGame(t, rules(t))
	g.open()
	g.do(Command{Kind: CmdClose})
	g.settled()

	g.open("ann 1 10 5", "ben 2 20 5")
	g.refuse(Command{Kind: CmdVoid}, round.ReasonNoReason)
	g.deal("Ac", "Ad", "Kc", "Kd", "2h", "3h", "9s", "8c", "7d")
	g.decide("ann", 1, Fold)
	g.do(Command{Kind: CmdVoid, Reason: "card reader fault"})
	if g.s.Phase != round.Voided || g.s.Escrow() != 0 || g.s.Reason != "card reader fault" || g.s.Shoe.Loaded {
		t.Fatalf("%s, escrow %d, %q, deck %+v", g.s.Phase, g.s.Escrow(), g.s.Reason, g.s.Shoe)
	}
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:2/ante", 20, 0, 20, 0)
	g.wantLine("box:2/aa_bonus", 5, 0, 5, 0)
	g.replay(Command{Kind: CmdVoid, Reason: "card reader fault"})
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 2, Action: Call}, round.ReasonRoundOver)

	g.open("ann 1 10 5")
	g.do(Command{Kind: CmdVoid, Reason: "studio closes"})
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/aa_bonus", 5, 0, 5, 0)
}
