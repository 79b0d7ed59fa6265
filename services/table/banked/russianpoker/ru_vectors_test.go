package russianpoker

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// The test vectors of docs/rules/ru-russian-poker.md §11, each a round of
// the engine: Ante 10 (so the Bet is 20), the Bet table the spec's
// placeholder (§8), the Royal Bonus table the tests' (testRoyalBonus).

// vector plays one box of ann's, "ante [royal bonus]", against the
// dealer: her hand, the dealer's, her decision; returns the game.
func vector(t *testing.T, bets, player, dealer string, a Action, opts ...string) *game {
	t.Helper()
	g := newGame(t, rules(t, opts...))
	g.open("ann 1 " + bets)
	g.deal(player, dealer)
	g.decide("ann", 1, a)
	return g
}

// docs/rules/ru-russian-poker.md T1: 2-2-J beats 2-2-8 (§4.8); a winning
// box's Ante is returned, not paid; its Bet is paid at the pair's 1:1.
func TestRUT1PairKickersDecide(t *testing.T) {
	g := vector(t, "10", "2c 2d Jh 7s 4c", "2h 2s 8d 6c 3h", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-russian-poker.md T2: kings full beat queens full (§4.10).
func TestRUT2HigherFullHouseWins(t *testing.T) {
	g := vector(t, "10", "Kc Kd Kh 3s 3c", "Qc Qd Qh Js Jc", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 140, 20, 0)
}

// sixth plays ann's first five, her sixth card bought, and her Bet,
// against the dealer.
func sixth(t *testing.T, first, six, dealer string) *game {
	t.Helper()
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal(first, dealer)
	g.decide("ann", 1, Sixth)
	g.cards(six)
	g.decide("ann", 1, Bet)
	return g
}

// docs/rules/ru-russian-poker.md T3: six cards A-A-K-K-Q-Q are two "two
// pair" combinations, AAKK and AAQQ (§4.9): the Bet is paid 2:1 twice.
func TestRUT3ThreePairsTwoCombinations(t *testing.T) {
	g := sixth(t, "Ac Ad Kc Kd Qh", "Qs", "Jc Jd 9h 5s 3c")
	g.settled()
	g.wantLine("box:1/sixth_card", 10, 0, 0, 10)
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 80, 20, 0)
}

// docs/rules/ru-russian-poker.md T4: six cards 7-7-7-K-K-K are two full
// houses, KKK77 and 777KK (§4.11): the Bet is paid 7:1 twice.
func TestRUT4TwoTripsTwoFullHouses(t *testing.T) {
	g := sixth(t, "7c 7d 7h Kc Kd", "Ks", "Qc Qd 9h 5s 3c")
	g.settled()
	g.wantLine("box:1/bet", 20, 280, 20, 0)
}

// docs/rules/ru-russian-poker.md T5: an exchange of three cards costs one
// Ante and loses a Royal Bonus the first five do not win; a pass then
// loses the Ante: −20 with the fee, −25 with the Royal Bonus of 5.
func TestRUT5ExchangeThreeThenPass(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10 5")
	g.deal("Ac Ad 9h 4s 2c", "Qd Jc 8h 6s 3d")
	g.decide("ann", 1, Exchange, "9h", "4s", "2c")
	g.wantLine("box:1/exchange", 10, 0, 0, 10)
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
	g.cards("5c", "6c", "7c")
	g.decide("ann", 1, Pass)
	g.settled()
	if g.net("ann") != -25 {
		t.Fatalf("net %d", g.net("ann"))
	}
}

// docs/rules/ru-russian-poker.md T6: a sixth card costs one Ante; the box
// holds six cards and bets 20; it improves once (N2).
func TestRUT6SixthCard(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal("Ac Ad 9h 4s 2c", "Qd Jc 8h 6s 3d")
	evs := g.decide("ann", 1, Sixth)
	if evs[1].Kind != EvStaked || evs[1].Amount != 10 || g.s.Next.To != ToBox {
		t.Fatalf("%+v, next %+v", evs, g.s.Next)
	}
	g.cards("5c")
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Exchange, Cards: []card.Card{card.MustParse("2c")}}, ReasonActionNotAllowed)
	g.replay(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Sixth})
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Sixth, Seq: g.s.Turn.Seq}, ReasonActionNotAllowed)
	g.decide("ann", 1, Bet)
	if b := g.s.Boxes[0]; len(b.Cards) != 6 || b.Bettors[0].Bet != 20 {
		t.Fatalf("%+v", b)
	}
}

// docs/rules/ru-russian-poker.md T7: nines beat fives: the Ante returned,
// the Bet paid at the pair's 1:1 (§4.15).
func TestRUT7AnteReturnedBetPaid(t *testing.T) {
	g := vector(t, "10", "9c 9d Qh 7s 4c", "5c 5d Kh 8s 2c", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-russian-poker.md T8: 9-9-A-K-3 beats the dealer: the Bet
// is paid for the pair of nines and the Ace-King, 20 × (1 + 1) (§4.16,
// N4).
func TestRUT8SecondCombinationAceKing(t *testing.T) {
	g := vector(t, "10", "9c 9d Ah Ks 3c", "5c 5d Qh 8s 2c", Bet)
	g.settled()
	g.wantLine("box:1/bet", 20, 40, 20, 0)
}

// docs/rules/ru-russian-poker.md T9: the same against a pair of jacks:
// the Ante and the Bet lose, the Ace-King paid nothing.
func TestRUT9DealerHigherNoSecond(t *testing.T) {
	g := vector(t, "10", "9c 9d Ah Ks 3c", "Jc Jd Qh 8s 2c", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/bet", 20, 0, 0, 20)
}

// docs/rules/ru-russian-poker.md T10: Q-J-9-5-3 is no game; the box
// stops: Ante 1:1, Bet returned (§4.20).
func TestRUT10NoGameStop(t *testing.T) {
	g := vector(t, "10", "9c 9d Ah 7s 4c", "Qd Jc 9h 5s 3d", Bet)
	g.decide("ann", 1, Stop)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
}

// docs/rules/ru-russian-poker.md T11: A♠ replaced by A♥, of its rank, is
// swapped again, up to three swaps (§4 step 7.3); the third card is kept,
// and a bought game still none returns the Ante and the Bet (N5).
func TestRUT11SameRankSwappedAgain(t *testing.T) {
	g := vector(t, "10", "Jc Jd 7h 4s 2c", "As Qc 9h 5d 3c", Bet)
	g.decide("ann", 1, Buy)
	g.cards("Ah")
	if g.s.Next.To != ToDealer || card.Join(g.s.Replaced) != "As Ah" {
		t.Fatalf("next %+v, replaced %v", g.s.Next, g.s.Replaced)
	}
	g.cards("Ad", "Ac")
	g.settled()
	if card.Join(g.s.Replaced) != "As Ah Ad" || card.Join(g.s.Dealer) != "Qc 9h 5d 3c Ac" {
		t.Fatalf("replaced %v, dealer %v", g.s.Replaced, g.s.Dealer)
	}
	g.wantLine("box:1/buy", 10, 0, 0, 10)
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	g = vector(t, "10", "Jc Jd 7h 4s 2c", "As Qc 9h 5d 3c", Bet, "failed_buy_pays_ante", "true")
	g.decide("ann", 1, Buy)
	g.cards("Ah", "9d") // the second swap: Q-9-9-5-3, a game the jacks beat
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-russian-poker.md T12: the dealer's Q-9-5-3 of hearts and
// A♠; A♠ swapped for A♥ is kept, making him a flush, a game.
func TestRUT12SameRankFlushKept(t *testing.T) {
	g := vector(t, "10", "Jc Jd 7c 4s 2c", "Qh 9h 5h 3h As", Bet)
	g.decide("ann", 1, Buy)
	g.cards("Ah")
	g.settled()
	if card.Join(g.s.Replaced) != "As" {
		t.Fatalf("replaced %v", g.s.Replaced)
	}
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/bet", 20, 0, 0, 20)
}

// docs/rules/ru-russian-poker.md T13: trips insured for 10 to 20 × 3: on
// the dealer's no game the insurance is paid 1:1 at his reveal, then the
// box stops: Ante 1:1 (§3.34).
func TestRUT13InsurancePaidOnNoGame(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal("7c 7d 7h Ks 2c", "Qd Jc 9s 5s 3d")
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Bet, Insurance: 9}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Bet, Insurance: 61}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Pass, Insurance: 10}, ReasonBadAmount)
	evs := g.insure("ann", 1, 60)
	if evs[1].Kind != EvStaked || evs[1].Amount != 80 || len(evs[1].Bets) != 2 {
		t.Fatalf("%+v", evs[1])
	}
	g.wantLine("box:1/insurance", 60, 60, 60, 0)
	g.decide("ann", 1, Stop)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
}

// docs/rules/ru-russian-poker.md T14: insured trips against a qualifying
// pair of fives: the insurance lost, the Bet paid 3:1.
func TestRUT14InsuranceLostWhenPlayerWins(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal("7c 7d 7h Ks 2c", "5c 5d 9s Js 3d")
	g.insure("ann", 1, 30)
	g.settled()
	g.wantLine("box:1/insurance", 30, 0, 0, 30)
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 60, 20, 0)
}

// docs/rules/ru-russian-poker.md T15: insured trips against the dealer's
// straight: the insurance returned, the Ante and the Bet lost.
func TestRUT15InsuranceReturnedWhenDealerHigher(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal("7c 7d 7h Ks 2c", "6c 7s 8d 9s Td")
	g.insure("ann", 1, 30)
	g.settled()
	g.wantLine("box:1/insurance", 30, 0, 30, 0)
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/bet", 20, 0, 0, 20)
}

// docs/rules/ru-russian-poker.md T16: K-K-7-4-2 wins the Royal Bonus; an
// exchange of the 4 and the 2, or a sixth card, keeps it (§3.16), and it
// is paid at the dealer's reveal, before the Bet is settled. An exchange
// of three outside the kings keeps it by default (N10), not under the
// literal lock-in; one of a king loses it.
func TestRUT16RoyalBonusLockIn(t *testing.T) {
	for _, tc := range []struct {
		name     string
		lock     string
		discards []string
		won      int64
	}{
		{"two outside", "outside_combination", []string{"4s", "2c"}, 5},
		{"three outside", "outside_combination", []string{"7h", "4s", "2c"}, 5},
		{"three outside, literal", "literal", []string{"7h", "4s", "2c"}, -5},
		{"two, literal", "literal", []string{"4s", "2c"}, 5},
		{"a king", "outside_combination", []string{"Kd"}, -5},
		{"no lock-in", "none", []string{"2c"}, -5},
		{"a sixth card", "outside_combination", nil, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, rules(t, "lock_in", tc.lock))
			g.open("ann 1 10 5")
			g.deal("Kc Kd 7h 4s 2c", "Qd Jc 8h 6s 3d")
			if tc.discards == nil {
				g.decide("ann", 1, Sixth)
				g.cards("9c")
			} else {
				g.decide("ann", 1, Exchange, tc.discards...)
				g.cards([]string{"9c", "9d", "Tc"}[:len(tc.discards)]...)
			}
			g.decide("ann", 1, Bet)
			if tc.won < 0 {
				g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
				return
			}
			g.wantLine("box:1/royal_bonus", 5, tc.won, 5, 0)
			paid := g.events(EvPaid)
			if last := paid[len(paid)-1]; last.Reason != "reveal" || g.s.Stage != Buying {
				t.Fatalf("the Royal Bonus paid %+v, stage %s", last, g.s.Stage)
			}
		})
	}
}

// docs/rules/ru-russian-poker.md T17: A-A-7-4-2 loses the Royal Bonus
// under the literal reading (§6, N6).
func TestRUT17PairOfAcesRoyalBonus(t *testing.T) {
	g := vector(t, "10 5", "Ac Ad 7h 4s 2c", "Kd Kc 8h 6s 3d", Bet)
	g.settled()
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
}

// docs/rules/ru-russian-poker.md T18: A-2-3-4-5 is the lowest straight
// (§4.7): 2-3-4-5-6 beats it.
func TestRUT18WheelLoses(t *testing.T) {
	g := vector(t, "10", "Ac 2d 3c 4h 5s", "2h 3d 4d 5c 6s", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/bet", 20, 0, 0, 20)
}
