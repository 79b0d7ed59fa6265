package oasis

import (
	"testing"
)

// The test vectors of docs/rules/ru-oasis-poker.md §10, each a round of
// the engine: Ante 10 (so the Bet is 20), the Bet table the spec's
// placeholder (§7), the Royal Bonus table the tests' (testRoyalBonus).

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

// docs/rules/ru-oasis-poker.md T1: 2-2-J beats 2-2-8, the third card
// deciding (§4.10); the dealer's pair is a game: Ante 1:1, Bet 1:1.
func TestRUT1PairKickersDecide(t *testing.T) {
	g := vector(t, "10", "2c 2d Jh 7s 4c", "2h 2s 8d 6c 3h", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-oasis-poker.md T2: kings full beat queens full (§4.11):
// the Bet paid 7:1 (full house).
func TestRUT2HigherFullHouseWins(t *testing.T) {
	g := vector(t, "10", "Kc Kd Kh 3s 3c", "Qc Qd Qh Js Jc", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 140, 20, 0)
}

// docs/rules/ru-oasis-poker.md T3: 10-J-Q-K-A beats A-2-3-4-5, and
// 2-3-4-5-6 beats A-2-3-4-5, the lowest straight (§5).
func TestRUT3WheelIsTheLowestStraight(t *testing.T) {
	g := vector(t, "10", "Th Jh Qc Kd As", "Ad 2c 3h 4s 5d", Bet)
	g.settled()
	g.wantLine("box:1/bet", 20, 80, 20, 0)
	g = vector(t, "10", "Ac 2d 3c 4h 5s", "2h 3d 4d 5c 6s", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/bet", 20, 0, 0, 20)
}

// docs/rules/ru-oasis-poker.md T4: a pass loses the Ante and the Royal
// Bonus (§3.19); with every box passed the dealer's cards stay unseen.
func TestRUT4PassLosesAnteAndRoyalBonus(t *testing.T) {
	g := vector(t, "10 5", "Kc Kd 9h 4s 2c", "Ac Ad 3h 3s 9c", Pass)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
	g.noLine("box:1/bet")
	if g.net("ann") != -15 || g.s.DealerShown || len(g.events(EvShown)) != 0 {
		t.Fatalf("net %d, dealer shown %v", g.net("ann"), g.s.DealerShown)
	}
}

// docs/rules/ru-oasis-poker.md T5: an exchange of two cards costs two
// Antes, lost at once with the Royal Bonus (§3.21–3.22); then the Bet is
// 2 × Ante.
func TestRUT5ExchangeTwoThenBet(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10 5")
	g.deal("Kc Kd 9h 4s 2c", "Qd Jc 8h 6s 3d")
	evs := g.decide("ann", 1, Exchange, "4s", "2c")
	if len(evs) < 3 || evs[0].Kind != EvDecided || evs[0].Vis != Private || evs[1].Kind != EvStaked || evs[1].Amount != 20 {
		t.Fatalf("%+v", evs)
	}
	g.wantLine("box:1/exchange", 20, 0, 0, 20)
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
	if n := g.s.Next; n.To != ToBox || n.Box != 1 || g.s.Turn.Box != 0 {
		t.Fatalf("next %+v, turn %+v", n, g.s.Turn)
	}
	g.cards("Kh", "Ks")
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Exchange, Cards: g.s.Boxes[0].Cards[:1]}, ReasonActionNotAllowed)
	g.decide("ann", 1, Bet)
	if b := g.s.Boxes[0]; b.Bettors[0].Bet != 20 || len(b.Cards) != 5 || len(b.Discards) != 2 {
		t.Fatalf("%+v", b)
	}
	g.decide("ann", 1, Stop) // Q-J high: no game
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	if g.net("ann") != 10-20-5 {
		t.Fatalf("net %d", g.net("ann"))
	}
}

// docs/rules/ru-oasis-poker.md T6: the dealer's A-Q-9-5-3 is no game; the
// box stops: Ante 1:1, Bet returned (§4.4).
func TestRUT6NoGameStop(t *testing.T) {
	g := vector(t, "10", "Jc Jd 7h 4s 2c", "Ad Qc 9h 5s 3c", Bet)
	if g.s.Stage != Buying || g.s.Turn.Box != 1 || !g.s.DealerShown {
		t.Fatalf("stage %s, turn %+v", g.s.Stage, g.s.Turn)
	}
	g.decide("ann", 1, Stop)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	g.noLine("box:1/buy")
}

// docs/rules/ru-oasis-poker.md T7: the box buys (one Ante); the dealer's
// ace is replaced by a king: K-Q-9-5-3 is still no game, the Ante and
// the Bet returned, the fee lost (§4.17–4.18, N3).
func TestRUT7BoughtGameStillNone(t *testing.T) {
	g := vector(t, "10", "Jc Jd 7h 4s 2c", "Ad Qc 9h 5s 3c", Bet)
	g.decide("ann", 1, Buy)
	if g.s.Next.To != ToDealer || len(g.s.Replaced) != 1 || g.s.Replaced[0].String() != "Ad" {
		t.Fatalf("next %+v, replaced %v", g.s.Next, g.s.Replaced)
	}
	g.cards("Kh")
	g.settled()
	g.wantLine("box:1/buy", 10, 0, 0, 10)
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	if g.net("ann") != -10 {
		t.Fatalf("net %d", g.net("ann"))
	}
	if d := g.s.Deals[len(g.s.Deals)-1]; d.Vis != Public {
		t.Fatalf("the bought card %+v", d)
	}
}

// docs/rules/ru-oasis-poker.md T8: the ace is replaced by a nine:
// Q-9-9-5-3 is a game (a pair of nines), which the player's jacks beat:
// Ante 1:1, Bet at the pair's 1:1.
func TestRUT8BoughtGameBeaten(t *testing.T) {
	g := vector(t, "10", "Jc Jd 7h 4s 2c", "Ad Qc 9h 5s 3c", Bet)
	g.decide("ann", 1, Buy)
	g.cards("9d")
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
	if g.net("ann") != 20 {
		t.Fatalf("net %d", g.net("ann"))
	}
}

// docs/rules/ru-oasis-poker.md T9: the dealer's A-K-7-4-2 qualifies; the
// player's A-K-8-3-2 beats it: Ante 1:1, Bet at A-K's 1:1.
func TestRUT9AceKingBeatsAceKing(t *testing.T) {
	g := vector(t, "10", "Ad Kh 8c 3d 2h", "Ac Kd 7h 4s 2c", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-oasis-poker.md T10: sevens beat the dealer's fives.
func TestRUT10HigherPairWins(t *testing.T) {
	g := vector(t, "10", "7c 7d 3h 4s Jc", "5c 5d Kh 9s 2c", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-oasis-poker.md T11: the same ranks in other suits push
// ("Стей", §4.12).
func TestRUT11EqualHandsPush(t *testing.T) {
	g := vector(t, "10", "9h 9s Kd 7c 2d", "9c 9d Kh 7s 2c", Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
}

// docs/rules/ru-oasis-poker.md T12: K-K-9-4-2 wins the Royal Bonus though
// the dealer has no game (§4.13).
func TestRUT12RoyalBonusWithoutDealerGame(t *testing.T) {
	g := vector(t, "10 5", "Kc Kd 9h 4s 2c", "Qd Jc 8h 6s 3d", Bet)
	g.decide("ann", 1, Stop)
	g.settled()
	g.wantLine("box:1/royal_bonus", 5, 5, 5, 0)
}

// docs/rules/ru-oasis-poker.md T13: A-A-9-4-2 loses the Royal Bonus
// under the literal reading (§6, N4), and wins it under the alternative.
func TestRUT13PairOfAcesRoyalBonus(t *testing.T) {
	g := vector(t, "10 5", "Ac Ad 9h 4s 2c", "Kd Kc 8h 6s 3d", Bet)
	g.settled()
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
	g = vector(t, "10 5", "Ac Ad 9h 4s 2c", "Kd Kc 8h 6s 3d", Bet, "royal_bonus", "pair_of_kings_or_better")
	g.settled()
	g.wantLine("box:1/royal_bonus", 5, 5, 5, 0)
}

// docs/rules/ru-oasis-poker.md T14: A-A-3-3-9, two pair above "Kings and
// a pair", wins the Royal Bonus at two pair's 2:1.
func TestRUT14AcesUpRoyalBonus(t *testing.T) {
	g := vector(t, "10 5", "Ac Ad 3h 3s 9c", "Kd Kc 8h 6s 2d", Bet)
	g.settled()
	g.wantLine("box:1/royal_bonus", 5, 10, 5, 0)
}
