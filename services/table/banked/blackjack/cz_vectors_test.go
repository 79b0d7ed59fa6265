package blackjack

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// docs/rules/cz-blackjack.md §11, the test vectors; stake 10 unless the
// vector says otherwise. Cards are dealt in deal order: box 1, the
// dealer, box 1 again, then as play asks.

// cz-blackjack.md §11 vector 1: A♠K♦ against a dealer 7 is paid 15 (3:2)
// at once, the stake returned (§6.5).
func TestCZVector01ImmediateBlackjack(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("As", "7h", "Kd")
	if got := g.paid("blackjack"); len(got) != 1 || got[0].Won != 15 || got[0].Returned != 10 {
		t.Fatalf("paid at the deal: %+v", got)
	}
	g.settled()
	g.want("ann", sums{won: 15, returned: 10})
	if len(g.s.Dealer) != 1 {
		t.Errorf("the dealer drew %v with nothing waiting on it (§10.8)", g.s.Dealer)
	}
}

// cz-blackjack.md §11 vector 2: A+K against a dealer 10 waits for his
// second card; an ace makes his blackjack and the hands push (§7).
func TestCZVector02BlackjackPushesDealerBlackjack(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("As", "Th", "Kd")
	if len(g.s.Lines) != 0 {
		t.Fatalf("paid before the dealer's second card: %+v", g.s.Lines)
	}
	g.nextIs(ToDealer, 0, 0)
	g.cards("Ah")
	g.settled()
	g.want("ann", sums{returned: 10})
}

// cz-blackjack.md §11 vector 3: A+K against a dealer 10 who draws 7 (17)
// is paid 15.
func TestCZVector03BlackjackPaidAfterDealerSecondCard(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("As", "Th", "Kd", "7c")
	g.settled()
	g.want("ann", sums{won: 15, returned: 10})
}

// cz-blackjack.md §11 vector 4: A+K against a dealer ace takes even money:
// paid 10 at once, the hand closed (§6.4).
func TestCZVector04EvenMoney(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("As", "Ah", "Kd")
	if g.s.Stage != Window {
		t.Fatalf("stage %s, want the window", g.s.Stage)
	}
	g.do(Command{Kind: CmdEvenMoney, Player: "ann", Box: 1})
	if got := g.paid("even money"); len(got) != 1 || got[0].Won != 10 || got[0].Spot != "box:1/hand:1/even_money" {
		t.Fatalf("even money: %+v", got)
	}
	g.settled()
	g.want("ann", sums{won: 10, returned: 10})
}

// cz-blackjack.md §11 vector 5: A+K against an ace declines even money;
// the dealer's 9 makes no blackjack and it is paid 15.
func TestCZVector05EvenMoneyDeclined(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("As", "Ah", "Kd")
	g.do(Command{Kind: CmdEvenMoney, Player: "ann", Box: 1, Decline: true})
	g.nextIs(ToDealer, 0, 0)
	g.cards("9c")
	g.settled()
	g.want("ann", sums{won: 15, returned: 10})
}

// cz-blackjack.md §11 vector 6: 10+9 against an ace, insured for 5; the
// dealer's K makes blackjack: the main bet lost, the insurance paid 2:1,
// net 0 (§7).
func TestCZVector06InsuranceWins(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ts", "Ah", "9d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1, Amount: 5})
	g.decide("ann", 1, 1, Stand)
	g.cards("Kc")
	g.settled()
	g.want("ann", sums{won: 10, returned: 5, lost: 10})
	if g.net("ann").net() != 0 {
		t.Fatal("net is not 0")
	}
}

// cz-blackjack.md §11 vector 7: as 6 with the dealer's 6 (A+6 = 17,
// stands): the insurance lost, 19 beats 17, net +5.
func TestCZVector07InsuranceLostHandWins(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ts", "Ah", "9d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1, Amount: 5})
	g.decide("ann", 1, 1, Stand)
	g.cards("6c")
	g.settled()
	g.want("ann", sums{won: 10, returned: 10, lost: 5})
}

// cz-blackjack.md §11 vector 8: the dealer's A+5 (soft 16) must draw.
func TestCZVector08DealerSoft16Draws(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ts", "Ah", "8d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1})
	g.decide("ann", 1, 1, Stand)
	g.cards("5c")
	g.nextIs(ToDealer, 0, 0)
	g.cards("Tc") // A+5+10 = 16, hard: draws again
	g.nextIs(ToDealer, 0, 0)
}

// cz-blackjack.md §11 vector 9: the dealer's A+2+4 (soft 17) stands (§5,
// S17).
func TestCZVector09DealerSoft17Stands(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ts", "Ah", "8d")
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1})
	g.decide("ann", 1, 1, Stand)
	g.cards("2c", "4c")
	g.settled()
	g.want("ann", sums{won: 10, returned: 10}) // 18 beats 17
}

// cz-blackjack.md §11 vector 10: 7+7 hits a 7 (21 of three sevens): +10
// at once, then 21 beats the dealer's 19 for +10 more (§6.6, §7).
func TestCZVector10SevenSevenSevenBonusAndWin(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("7s", "9h", "7d")
	g.decide("ann", 1, 1, Hit)
	g.cards("7c")
	if got := g.paid("7-7-7"); len(got) != 1 || got[0].Won != 10 || got[0].Stake != 0 {
		t.Fatalf("bonus: %+v", got)
	}
	if g.s.Phase.Over() {
		t.Fatal("settled before the dealer drew")
	}
	g.cards("Th")
	g.settled()
	g.want("ann", sums{won: 20, returned: 10})
}

// cz-blackjack.md §11 vector 11: 7+7+7 against a dealer 21: the bonus
// +10, the main bet a push, net +10 (§10.7).
func TestCZVector11SevenSevenSevenBonusKeptOnPush(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("7s", "9h", "7d")
	g.decide("ann", 1, 1, Hit)
	g.cards("7c", "5h", "7h") // dealer 9+5+7 = 21
	g.settled()
	g.want("ann", sums{won: 10, returned: 10})
}

// cz-blackjack.md §11 vector 12: 10+6 surrenders against a dealer 10: 5
// returned, 5 lost (§6.6, §7).
func TestCZVector12Surrender(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ts", "Th", "6d")
	g.do(Command{Kind: CmdSurrender, Player: "ann", Box: 1})
	g.settled()
	g.want("ann", sums{returned: 5, lost: 5})
}

// cz-blackjack.md §11 vector 13: 10+6 against a dealer ace asks to
// surrender: refused (§6.6).
func TestCZVector13NoSurrenderAgainstAnAce(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ts", "Ah", "6d")
	g.refuse(Command{Kind: CmdSurrender, Player: "ann", Box: 1}, ReasonNotOffered)
	g.do(Command{Kind: CmdInsure, Player: "ann", Box: 1})
	g.refuse(Command{Kind: CmdSurrender, Player: "ann", Box: 1}, ReasonNotOffered)
}

// cz-blackjack.md §11 vector 14: 8+8 split, the first hand's 8 split
// again: three hands of 10; up to four hands, 40 at risk before doubles
// (§6.6), and no fifth.
func TestCZVector14Resplit(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("8s", "9h", "8d")
	g.decide("ann", 1, 1, Split)
	g.nextIs(ToBox, 1, 1)
	g.cards("8c")
	g.decide("ann", 1, 1, Split)
	if n := len(g.s.Boxes[0].Hands); n != 3 || g.s.Escrow() != 30 {
		t.Fatalf("%d hands, %d at risk", n, g.s.Escrow())
	}
	g.cards("8h")
	g.decide("ann", 1, 1, Split)
	if g.s.Escrow() != 40 {
		t.Fatalf("%d at risk, want 40", g.s.Escrow())
	}
	g.cards("8s")
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Split}, ReasonActionNotAllowed)
	// Table order: hand 1, then the hands its splits made, then hand 2.
	var ids []int
	for _, h := range g.s.Boxes[0].Hands {
		ids = append(ids, h.ID)
	}
	if want := []int{1, 4, 3, 2}; !equalInts(ids, want) {
		t.Fatalf("hands in table order %v, want %v", ids, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// cz-blackjack.md §11 vector 15: split aces receive one card each and
// take no further action (§6.6).
func TestCZVector15SplitAcesOneCardEach(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("As", "9h", "Ad")
	g.decide("ann", 1, 1, Split)
	g.cards("5c")
	g.nextIs(ToBox, 1, 2)
	g.cards("Kc")
	g.nextIs(ToDealer, 0, 0)
	if ms := Legal(g.r, &g.s, "ann"); len(ms) != 0 {
		t.Fatalf("moves left: %+v", ms)
	}
	g.cards("9c") // 18: A+5 = 16 loses, A+K = 21 (not blackjack, §10.5) wins 1:1
	g.settled()
	g.want("ann", sums{won: 10, returned: 10, lost: 10})
}

// cz-blackjack.md §11 vector 16: 9+2 doubled (20) against a dealer 10
// who draws an ace: ENHC loses 20 (§10.1); the original-bet-only flag
// loses 10 and returns 10.
func TestCZVector16DoubleAgainstDealerBlackjack(t *testing.T) {
	for _, tc := range []struct {
		enhc string
		want sums
	}{{"true", sums{lost: 20}}, {"false", sums{returned: 10, lost: 10}}} {
		g := newGame(t, rules(t, CZ, "enhc_lose_all", tc.enhc))
		g.open("ann 1 10")
		g.deal("9s", "Th", "2d")
		g.decide("ann", 1, 1, Double)
		g.cards("5c", "Ac")
		g.settled()
		g.want("ann", tc.want)
	}
}

// cz-blackjack.md §11 vector 17: K+Q (20) may be split: equal point value
// (§0).
func TestCZVector17SplitTenValues(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("ann 1 10")
	g.deal("Ks", "7h", "Qd")
	if _, ok := g.hasMove("ann", CmdDecide, Split); !ok {
		t.Fatalf("no split in %+v", Legal(g.r, &g.s, "ann"))
	}
	g.decide("ann", 1, 1, Split)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Split}, ReasonNoDecisionDue)
}

// cz-blackjack.md §11 vector 18: the owner's 50 and a behind 30 fit a box
// maximum of 100; a second behind 30 is over it and refused (§4). The
// owner has priority: his raise pushes out the behind bet placed last.
func TestCZVector18BoxMaximumOwnerPriority(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("own 1 50", "bea 1 30")
	g.refuse(place("cal", 1, 30), ReasonBoxOverMaximum)
	g.do(place("cal", 1, 20))
	// bea raising is refused; the owner's raise pushes cal out.
	g.refuse(Command{Kind: CmdPlace, Player: "bea", Box: 1, Bets: []round.Bet{{ID: "bea1b", Amount: 40}}}, ReasonBoxOverMaximum)
	g.mark()
	g.do(Command{Kind: CmdPlace, Player: "own", Box: 1, Bets: []round.Bet{{ID: "own1b", Amount: 60}}})
	var pushed []string
	for _, e := range g.evs {
		if e.Kind == EvCancelled {
			pushed = append(pushed, e.Player)
		}
	}
	if len(pushed) != 2 || pushed[0] != "own" || pushed[1] != "cal" {
		t.Fatalf("cancelled %v, want own's old bet and cal's", pushed)
	}
	if g.s.Owner(1) != "own" || g.s.Escrow() != 90 {
		t.Fatalf("owner %q, escrow %d", g.s.Owner(1), g.s.Escrow())
	}
	// The owner alone over the maximum is refused.
	g.refuse(Command{Kind: CmdPlace, Player: "own", Box: 1, Bets: []round.Bet{{ID: "own1c", Amount: 110}}}, round.ReasonBetOutsideLimits)
}

// cz-blackjack.md §11 vector 19: the owner doubles on 11 and the behind
// player (20) declines: one card, and the behind player's 20 is settled on
// that final hand, undoubled (§8).
func TestCZVector19BehindPlayerDeclinesDouble(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("own 1 10", "bea 1 20")
	g.deal("6s", "7h", "5d")
	g.decide("own", 1, 1, Double)
	g.nextIs(0, 0, 0)
	g.do(Command{Kind: CmdFollow, Player: "bea", Box: 1, Hand: 1, Decline: true})
	g.nextIs(ToBox, 1, 1)
	g.cards("9c")
	g.nextIs(ToDealer, 0, 0) // one card only
	g.cards("Tc")            // 17 against 20
	g.settled()
	g.want("own", sums{won: 20, returned: 20})
	g.want("bea", sums{won: 20, returned: 20})
}

// cz-blackjack.md §11 vector 20: the owner splits 8,8 and the behind
// player declines: his stake follows hand 1 only (§8).
func TestCZVector20BehindPlayerStaysOnFirstHand(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	g.open("own 1 10", "bea 1 20")
	g.deal("8s", "7h", "8d")
	g.decide("own", 1, 1, Split)
	g.do(Command{Kind: CmdFollow, Player: "bea", Box: 1, Hand: 1, Decline: true})
	b := g.s.Boxes[0]
	if b.Hands[0].Stakes[1].Base != 20 || b.Hands[1].Stakes[1].Base != 0 || b.Hands[1].Stakes[0].Base != 10 {
		t.Fatalf("stakes %+v / %+v", b.Hands[0].Stakes, b.Hands[1].Stakes)
	}
	g.cards("Ts") // hand 1: 18
	g.decide("own", 1, 1, Stand)
	g.cards("2c") // hand 2: 10
	g.decide("own", 1, 2, Stand)
	g.cards("Tc") // dealer 17
	g.settled()
	g.want("bea", sums{won: 20, returned: 20})           // 18 beats 17
	g.want("own", sums{won: 10, returned: 10, lost: 10}) // 18 wins, 10 loses
}
