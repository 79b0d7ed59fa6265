package blackjack

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// docs/rules/ru-blackjack.md §9, the test vectors T1–T20. Cards are
// dealt in deal order: box 1, the dealer, box 1 again, then as play asks.

func hand(t *testing.T, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseString(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// ru-blackjack.md §9 T1 (source): 6, A is announced "7/17": 17, soft.
func TestRUT01SoftTotal(t *testing.T) {
	if total, soft := Value(hand(t, "6h As")); total != 17 || !soft {
		t.Fatalf("6, A: %d soft %v", total, soft)
	}
}

// ru-blackjack.md §9 T2 (source): 6, A, 8 is 15, the ace counting 1.
func TestRUT02AceCountsOne(t *testing.T) {
	if total, soft := Value(hand(t, "6h As 8d")); total != 15 || soft {
		t.Fatalf("6, A, 8: %d soft %v", total, soft)
	}
}

// ru-blackjack.md §9 T3: 100 on A♠K♦ against a dealer 7 is paid 150 at
// once, the stake returned (§3.39).
func TestRUT03ImmediateBlackjack(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("As", "7h", "Kd")
	if got := g.paid("blackjack"); len(got) != 1 || got[0].Won != 150 {
		t.Fatalf("paid at the deal: %+v", got)
	}
	g.settled()
	g.want("ann", sums{won: 150, returned: 100})
}

// ru-blackjack.md §9 T4: A+Q against a dealer K who draws an ace: his
// blackjack pushes hers, 100 returned (§4.8).
func TestRUT04BlackjackPushesDealerBlackjack(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("As", "Kh", "Qd")
	// Even money against a ten is hers to ask for (§3.41): the window
	// waits for the clock before the dealer draws.
	g.nextIs(0, 0, 0)
	g.do(Command{Kind: CmdTimeout})
	g.nextIs(ToDealer, 0, 0)
	g.cards("Ac")
	g.settled()
	g.want("ann", sums{returned: 100})
}

// ru-blackjack.md §9 T5: as T4 with the dealer drawing 7 (17): 150.
func TestRUT05BlackjackPaidAfterDealerDraw(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("As", "Kh", "Qd")
	g.do(Command{Kind: CmdTimeout})
	g.cards("7c")
	g.settled()
	g.want("ann", sums{won: 150, returned: 100})
}

// ru-blackjack.md §9 T6: as T4, the player asks for even money before
// the 3rd card reaches box 1: 100 paid at once, the cards removed (§3.41).
func TestRUT06EvenMoneyAgainstATen(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100", "ben 2 100")
	g.deal("As", "Ts", "Kh", "Qd", "6s")
	if _, ok := g.hasMove("ann", CmdEvenMoney, EvenMoney); !ok {
		t.Fatalf("no even money for ann: %+v", Legal(g.r, &g.s, "ann"))
	}
	// Asked for, not offered: nothing to decline, and Legal lists no
	// decline; a decline is refused and changes nothing.
	for _, m := range Legal(g.r, &g.s, "ann") {
		if m.Kind == CmdEvenMoney && m.Decline {
			t.Fatalf("a decline of even money against a ten listed: %+v", m)
		}
	}
	g.refuse(Command{Kind: CmdEvenMoney, Player: "ann", Box: 1, Decline: true}, ReasonNotOffered)
	g.do(Command{Kind: CmdEvenMoney, Player: "ann", Box: 1})
	g.want("ann", sums{won: 100, returned: 100})
	// The first card of play, to box 2, closes the window.
	g.decide("ben", 2, 1, Hit)
	g.cards("2c")
	g.replay(Command{Kind: CmdEvenMoney, Player: "ann", Box: 1})
	if g.s.Stage != Playing {
		t.Fatalf("stage %s", g.s.Stage)
	}
}

// ru-blackjack.md §9 T7: 100 against a dealer ace, insured for 50; the
// dealer draws a 10: the main bet lost, the insurance wins 100 (2:1 as
// N3 assumes), net 0.
func TestRUT07InsuranceWins(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ts", "Ah", "8d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1, Amount: 50})
	g.decide("ann", 1, 1, Stand)
	g.cards("Tc")
	g.settled()
	g.want("ann", sums{won: 100, returned: 50, lost: 100})
}

// ru-blackjack.md §9 T8: against a dealer ace, an insurance of 50; the
// dealer draws a 6: the insurance is collected with his second card,
// before his third (§3.45), and play goes on.
func TestRUT08InsuranceCollectedBeforeThirdCard(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ts", "Ah", "6d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1, Amount: 50})
	g.decide("ann", 1, 1, Stand)
	g.mark()
	g.cards("2c") // A+2, soft 13: the dealer draws on
	if got := g.paid("insurance"); len(got) != 1 || got[0].Lost != 50 {
		t.Fatalf("insurance at the second card: %+v", got)
	}
	g.nextIs(ToDealer, 0, 0)
	g.cards("5c") // soft 18
	g.settled()
	g.want("ann", sums{lost: 150}) // 16 loses to 18, and the insurance
}

// ru-blackjack.md §9 T9: 100 doubled by 100 on 11 against a dealer ace
// who makes blackjack: 200 lost (N1: no hole card, doubles lose in full).
func TestRUT09DoubleLostToDealerBlackjack(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("6s", "Ah", "5d")
	g.decide("ann", 1, 1, Double) // in the window: ru plays while it is open
	g.cards("9c")                 // the first card of play ends the window
	if g.s.Stage != DealerPlay {
		t.Fatalf("stage %s", g.s.Stage)
	}
	g.cards("Kc")
	g.settled()
	g.want("ann", sums{lost: 200})
}

// ru-blackjack.md §9 T10: table minimum 10, bet 100: a double of 10 to
// 100 (§3.17); insurance at least 5 a box (§3.43), at most 50 (§3.44).
func TestRUT10DoubleAndInsuranceBounds(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("6s", "Ah", "5d")
	if m, ok := g.hasMove("ann", CmdDecide, Double); !ok || m.Min != 10 || m.Max != 100 {
		t.Fatalf("double %+v %v", m, ok)
	}
	if m, ok := g.hasMove("ann", CmdInsure, Insure); !ok || m.Min != 5 || m.Max != 50 {
		t.Fatalf("insurance %+v %v", m, ok)
	}
	g.refuse(Command{Kind: CmdInsure, Player: "ann", Box: 1, Amount: 4}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdInsure, Player: "ann", Box: 1, Amount: 51}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Double, Amount: 9}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Double, Amount: 101}, ReasonBadAmount)
	g.do(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Double, Amount: 40})
	if g.s.Escrow() != 140 {
		t.Fatalf("escrow %d after a double of 40", g.s.Escrow())
	}
}

// ru-blackjack.md §9 T11: split A,A; the hands get K and 5: hand 1 is 21,
// not a blackjack (§3.36), paid 1:1 when it wins; hand 2 is 16 and takes
// no more cards (§3.35).
func TestRUT11SplitAces(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("As", "9h", "Ad")
	g.decide("ann", 1, 1, Split)
	g.cards("Kc")
	g.nextIs(ToBox, 1, 2)
	g.cards("5c")
	g.nextIs(ToDealer, 0, 0)
	g.cards("8c") // 17
	g.settled()
	g.want("ann", sums{won: 100, returned: 100, lost: 100})
}

// ru-blackjack.md §9 T12: split 10,10 (K,10 too: N2); hand 1 gets an ace:
// 21, not a blackjack, and the player may still hit (§3.37).
func TestRUT12SplitTenAceMayHit(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ks", "9h", "Td")
	g.decide("ann", 1, 1, Split)
	g.cards("Ac")
	if _, ok := g.hasMove("ann", CmdDecide, Hit); !ok {
		t.Fatalf("no hit on a split ten and an ace: %+v", Legal(g.r, &g.s, "ann"))
	}
	g.decide("ann", 1, 1, Hit)
	g.cards("5c") // K+A+5 = 16, the ace now 1
	if total, _ := Value(g.s.Boxes[0].Hands[0].Cards); total != 16 {
		t.Fatalf("total %d", total)
	}
	// Not in the cz profile, where 21 stands.
	c := newGame(t, rules(t, CZ))
	c.open("ann 1 10")
	c.deal("Ks", "9h", "Td")
	c.decide("ann", 1, 1, Split)
	c.cards("Ac")
	c.nextIs(ToBox, 1, 2)
}

// ru-blackjack.md §9 T13: 8,8 split, and again, and again: four hands;
// a further 8 is not split (§3.25).
func TestRUT13FourHandsAtMost(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("8s", "9h", "8d")
	for range 3 {
		g.decide("ann", 1, 1, Split)
		g.cards("8c")
	}
	if n := len(g.s.Boxes[0].Hands); n != 4 {
		t.Fatalf("%d hands", n)
	}
	if _, ok := g.hasMove("ann", CmdDecide, Split); ok {
		t.Fatal("a fifth hand offered")
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Split}, ReasonActionNotAllowed)
}

// ru-blackjack.md §9 T14: 100 against a dealer 10, surrendered before
// the 3rd card reaches box 1: 50 back, 50 lost, even when the dealer
// then makes blackjack (N1).
func TestRUT14EarlySurrender(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100", "ben 2 100")
	g.deal("Ts", "9s", "Th", "6d", "9d")
	g.do(Command{Kind: CmdSurrender, Player: "ann", Box: 1})
	g.decide("ben", 2, 1, Stand)
	g.cards("Ac") // dealer blackjack
	g.settled()
	g.want("ann", sums{returned: 50, lost: 50})
	g.want("ben", sums{lost: 100})
}

// ru-blackjack.md §9 T15: against a dealer ace surrender is refused
// (§3.30), unless the manager allows it (§3.31).
func TestRUT15NoSurrenderAgainstAnAce(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ts", "Ah", "6d")
	g.refuse(Command{Kind: CmdSurrender, Player: "ann", Box: 1}, ReasonNotOffered)
	m := newGame(t, rules(t, RU, "surrender_vs_ace", "true"))
	m.open("ann 1 100")
	m.deal("Ts", "Ah", "6d")
	m.do(Command{Kind: CmdSurrender, Player: "ann", Box: 1})
	m.want("ann", sums{returned: 50, lost: 50})
}

// ru-blackjack.md §9 T16: the dealer's A,6 stands on 17 (N5).
func TestRUT16DealerSoft17Stands(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ts", "Ah", "8d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1})
	g.decide("ann", 1, 1, Stand)
	g.cards("6c")
	g.settled()
	g.want("ann", sums{won: 100, returned: 100})
	h := newGame(t, rules(t, RU, "dealer_hits_soft17", "true"))
	h.open("ann 1 100")
	h.deal("Ts", "Ah", "8d")
	h.do(Command{Kind: CmdInsure, Player: "ann", Box: 1})
	h.decide("ann", 1, 1, Stand)
	h.cards("6c")
	h.nextIs(ToDealer, 0, 0)
}

// ru-blackjack.md §9 T17: the dealer's 10,6 must draw (§4.2).
func TestRUT17DealerHard16Draws(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ts", "Th", "8d")
	g.decide("ann", 1, 1, Stand)
	g.cards("6c")
	g.nextIs(ToDealer, 0, 0)
}

// ru-blackjack.md §9 T18: the owner's 100 and B's 50 on a box; the owner
// splits and B declines: B's 50 rides on hand 1 only (§3.25).
func TestRUT18CoBettorStaysOnFirstHand(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("own 1 100", "b 1 50")
	g.deal("8s", "9h", "8d")
	g.decide("own", 1, 1, Split)
	g.do(Command{Kind: CmdFollow, Player: "b", Box: 1, Hand: 1, Decline: true})
	if g.s.Escrow() != 250 {
		t.Fatalf("escrow %d", g.s.Escrow())
	}
	h1, h2 := g.s.Boxes[0].Hands[0], g.s.Boxes[0].Hands[1]
	if h1.Stakes[1].Base != 50 || h2.Stakes[1].Base != 0 || h2.Stakes[0].Base != 100 {
		t.Fatalf("stakes %+v / %+v", h1.Stakes, h2.Stakes)
	}
}

// ru-blackjack.md §9 T19: three bettors on a box, table maximum 500: 300
// and 150 fit, 100 more is refused (sum 550, §3.8).
func TestRUT19BoxMaximum(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("a 1 300", "b 1 150")
	g.refuse(place("c", 1, 100), ReasonBoxOverMaximum)
	// No owner priority in ru: the owner's raise is refused too.
	g.refuse(Command{Kind: CmdPlace, Player: "a", Box: 1, Bets: []round.Bet{{ID: "a1b", Amount: 400}}}, ReasonBoxOverMaximum)
}

// ru-blackjack.md §9 T20: the dealer busts with 22; the player's 12 wins
// 1:1 (§4.4).
func TestRUT20DealerBust(t *testing.T) {
	g := newGame(t, rules(t, RU))
	g.open("ann 1 100")
	g.deal("Ts", "Th", "2d")
	g.decide("ann", 1, 1, Stand)
	g.cards("6c", "6d") // 22
	g.settled()
	g.want("ann", sums{won: 100, returned: 100})
}
