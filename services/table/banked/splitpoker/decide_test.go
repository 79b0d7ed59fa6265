package splitpoker

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// ru-split-poker.md §6, N4: the Royal Bonus on the first five cards, paid
// whatever the dealer has (§3.16): literally a pair of kings wins and a
// pair of aces loses; the other reading pays the aces too.
func TestRoyalBonusReadings(t *testing.T) {
	for _, tc := range []struct {
		name, hand string
		opts       []string
		won        int64
	}{
		{"a pair of kings, literal", "Ks Kd 9c 7h 2c", nil, 5},
		{"a pair of aces, literal", "As Ad 9c 7h 2c", nil, 0},
		{"a pair of aces, pair of kings or better", "As Ad 9c 7h 2c", []string{"royal_bonus", "pair_of_kings_or_better"}, 5},
		{"trips, capped", "9s 9d 9c 7h 2c", []string{"royal_bonus_pays.trips", "50:1"}, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rules(t, tc.opts...)
			r.Limits.RoyalBonusMaxPayout = 100
			g := splitRound(t, r, tc.hand, dealerFor(tc.hand), 5)
			g.played("Qh Jh", "")
			g.decide("ann", 1, Stop) // the dealer's A-K-8-5-3 is no game
			g.settled()
			if tc.won > 0 {
				g.wantLine("box:1/royal_bonus", 5, tc.won, 5, 0)
			} else {
				g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
			}
		})
	}
}

// ru-split-poker.md N5: a buy of small-hand cards leaves the first five
// dealt as they were, and the Royal Bonus stands; the option loses it at
// the buy. §3.13: a pass loses it whatever its cards.
func TestRoyalBonusAfterBuyAndPass(t *testing.T) {
	for _, keep := range []bool{true, false} {
		r := rules(t)
		r.Options.BuyKeepsRoyalBonus = keep
		g := splitRound(t, r, "Ks Kd 9c 7h 2c", "Ah Qd 8h 5c 3s", 5)
		g.decide("ann", 1, BuyCards)
		g.cards("2d", "3d")
		g.decide("ann", 1, Play, "Ks", "Kd", "2c", "2d", "3d", "9c", "7h")
		g.decide("ann", 1, Stop)
		g.settled()
		if keep {
			g.wantLine("box:1/royal_bonus", 5, 5, 5, 0)
		} else {
			g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
		}
	}
	g := splitRound(t, rules(t), "Ks Kd Kc 7h 2c", "Ah Qd 8h 5c 3s", 5)
	g.decide("ann", 1, Pass)
	g.settled()
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	if g.s.DealerShown || len(g.events(EvShown)) != 0 {
		t.Error("every box passed: the dealer's cards stay unseen")
	}
}

// ru-split-poker.md §5.2: the table's max payout caps what the Ante and
// the Bet win.
func TestMaxPayout(t *testing.T) {
	r := rules(t)
	r.Limits.MaxPayout = 100
	g := splitRound(t, r, "Ks Kd Kc 3s 3d", "Qs Qd Qc Js Jd", 0)
	g.played("Ah Ad", "5h 4h") // small hands: the player's, the Bet paid 7:1 on 20, capped
	g.settled()
	g.wantLine("box:1/bet", 20, 100, 20, 0)
}

// ru-split-poker.md §3.17, §3.21, §5.5: who may see each card: the
// box's five and a buy's two its player's; the dealer's first four
// nobody's, his fifth everyone's; once he reveals, his small hand
// everyone's.
func TestVisibility(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal("Ac Ad Kc Kd 9c", "Qs Qd 8c 6s 2d")
	for i, e := range g.events(EvDealt) {
		want := Private
		if e.Deal.To == ToDealer {
			want = Hidden
			if i == 9 {
				want = Public
			}
		}
		if e.Vis != want {
			t.Errorf("card %d (%+v) marked %s, want %s", i, e.Deal, e.Vis, want)
		}
	}
	g.decide("ann", 1, BuyCards)
	evs := g.do(Command{Kind: CmdCard, Card: cardsOf(t, "9d")[0]})
	if evs[0].Vis != Private {
		t.Errorf("a bought card marked %s", evs[0].Vis)
	}
	g.cards("4h")
	evs = g.decide("ann", 1, Play, "Ac", "Ad", "Kc", "Kd", "4h", "9c", "9d")
	if evs[0].Vis != Private || len(evs[0].Cards) != 7 {
		t.Errorf("the partition's event %+v", evs[0])
	}
	evs = g.do(Command{Kind: CmdCard, Card: cardsOf(t, "5h")[0]})
	if evs[0].Vis != Public || g.s.Stage != Finishing {
		t.Errorf("the dealer's small-hand card marked %s, stage %s", evs[0].Vis, g.s.Stage)
	}
}

// ru-split-poker.md §2.4: one box in the light a player; §2.5, N6: dark
// boxes by the table's option, off by default: Ante and Bet before the
// deal, no decision, nobody sees its cards, its small hand dealt free.
func TestDarkBoxes(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.refuse(place("ann", 2, BetAnte, 10), ReasonLightBoxes)
	g.refuse(place("ann", 1, BetBet, 20), round.ReasonBadSpot)

	g = newGame(t, rules(t, "max_dark_boxes", "1"))
	g.open("ann 1 10")
	dark := Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a2", Spot: Spot(2, BetAnte), Amount: 10}, {ID: "d2", Spot: Spot(2, BetBet), Amount: 30},
	}}
	g.refuse(dark, ReasonBadAmount)
	dark.Bets[1].Amount = 20
	g.do(dark)
	g.refuse(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a3", Spot: Spot(3, BetAnte), Amount: 10}, {ID: "d3", Spot: Spot(3, BetBet), Amount: 20},
	}}, ReasonDarkBoxes)
	g.refuse(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"d2"}}, ReasonLightBoxes)
	evs := g.do(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a2"}})
	if len(evs[0].Bets) != 2 {
		t.Fatalf("the Ante's cancel takes its dark Bet: %+v", evs)
	}
	dark.Bets = []round.Bet{{ID: "a4", Spot: Spot(2, BetAnte), Amount: 10}, {ID: "d4", Spot: Spot(2, BetBet), Amount: 20}}
	g.do(dark)
	g.deal("2c 3c 4c 5d 7d", "Ks Kd 9c 7h 2d", "As Qd 8h 5c 3s")
	for _, e := range g.events(EvDealt) {
		if e.Box == 2 && e.Vis != Hidden {
			t.Errorf("a dark box's card marked %s", e.Vis)
		}
	}
	g.decide("ann", 1, Pass)
	g.nextIs(ToBox, 2)
	g.cards("Th", "Jh")
	if b := g.s.box(2); !slices.Equal(b.Big, cardsOf(t, "Ks Kd 9c 7h 2d")) || len(b.Small) != 2 || g.s.Stage != Buying {
		t.Fatalf("the dark box %+v, stage %s", b, g.s.Stage)
	}
	g.decide("ann", 2, Stop)
	g.settled()
	for _, l := range g.s.Lines {
		switch l.BetID {
		case "a4":
			if l.Won != 10 || l.Returned != 10 {
				t.Errorf("the dark box's Ante %+v, want paid 1:1 (§6.6)", l)
			}
		case "d4":
			if l.Spot != "box:2/bet" || l.Returned != 20 || l.Won != 0 {
				t.Errorf("the dark Bet's line %+v", l)
			}
		}
	}
}

// The decisions a stage does not allow, and amounts other than what an
// action costs, are refused; the clock passes in a box's turn (after a
// buy too) and stops on the dealer's no game.
func TestDecisionsRefusedAndTimeouts(t *testing.T) {
	g := splitRound(t, rules(t), "Ks Qd 9c 7h 2c", "Ah Qs 8h 5c 3s", 0)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: BuyGame}, ReasonActionNotAllowed)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Stop}, ReasonActionNotAllowed)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Play, Amount: 10}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Play, Cards: cardsOf(t, "Ks Qd 9c 7h 2c")}, ReasonBadPartition)
	g.refuse(Command{Kind: CmdDecide, Player: "bob", Box: 1, Action: Pass}, ReasonNotBoxOwner)
	g.decide("ann", 1, BuyCards)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Pass}, ReasonNoDecisionDue)
	g.cards("2d", "3d")
	g.replay(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: BuyCards}) // a retry of the buy
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: BuyCards, Seq: g.s.Turn.Seq}, ReasonActionNotAllowed)
	g.do(Command{Kind: CmdTimeout})
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/buy_cards", 10, 0, 0, 10)

	g = noGame(t, rules(t))
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Pass}, ReasonActionNotAllowed)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: BuyGame, Amount: 20}, ReasonBadAmount)
	if moves := Legal(g.r, &g.s, "ann"); len(moves) != 2 || moves[0].Action != Stop || moves[1].Action != BuyGame {
		t.Errorf("legal on no game: %+v", moves)
	}
}

// dealerFor is a dealer's no game, A-K-8-5-3, of cards the hand has not.
func dealerFor(hand string) string {
	if hand[0] == 'A' {
		return "Ac Kh 8h 5c 3s"
	}
	return "As Kh 8h 5c 3s"
}

// ru-split-poker.md §2.4: Legal lists an Ante on another box only while
// the player has no light box.
func TestLegalBets(t *testing.T) {
	g := newGame(t, rules(t))
	g.do(Command{Kind: CmdOpen})
	if n := len(Legal(g.r, &g.s, "ann")); n != 4 {
		t.Fatalf("%d moves on an empty table, want an Ante on each of the 4 boxes", n)
	}
	g.do(place("ann", 2, BetAnte, 10))
	for _, m := range Legal(g.r, &g.s, "ann") {
		if m.Kind == CmdPlace && m.Box != 2 {
			t.Errorf("a second light box listed: %+v", m)
		}
	}
}
