package casinoholdem

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// docs/rules/gr-casino-holdem.md §10, the test vectors: Ante 10, Call 20,
// AA Bonus 5 unless stated. One box; the cards are dealt in the order of
// §4.2: the player's two, the dealer's two, the flop; then, after the
// call, the turn and the river.

// grRound plays one box through a vector: ann's Ante 10 and AA Bonus 5
// on box 1, the deal (player, dealer, flop), her decision, and for a call
// the turn and the river.
func grRound(t *testing.T, player, dealer, flop string, a Action, turnRiver string) *game {
	t.Helper()
	g := newGame(t, rules(t))
	g.open("ann 1 10 5")
	g.deal(player[:2], player[3:], dealer[:2], dealer[3:], flop[:2], flop[3:5], flop[6:])
	if g.s.Stage != Deciding || g.s.Turn.Player != "ann" {
		t.Fatalf("after the flop: stage %s, turn %+v", g.s.Stage, g.s.Turn)
	}
	g.decide("ann", 1, a)
	if a == Call {
		g.nextIs(ToBoard, 0)
		g.cards(turnRiver[:2], turnRiver[3:])
	}
	g.settled()
	return g
}

// gr-casino-holdem.md §10 vector 1: A♣A♦ on K♠7♥2♣ / 9♦4♠ against Q♥J♥,
// K high, the dealer does not qualify: the AA Bonus pays 7:1 (+35), the
// Ante 1:1 on the pair (+10), the Call is returned (§6.1, §6.2, §6.3).
func TestGRVector01DealerDoesNotQualify(t *testing.T) {
	g := grRound(t, "Ac Ad", "Qh Jh", "Ks 7h 2c", Call, "9d 4s")
	g.wantLine("box:1/aa_bonus", 5, 35, 5, 0)
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	if shown := g.events(EvShown); len(shown) != 2 || shown[0].Qualifies || shown[0].Box != 0 {
		t.Errorf("the showdown: %+v", shown)
	}
}

// gr-casino-holdem.md §10 vector 2: A♣A♦ on K♠7♥2♣ folds: the Ante 10
// and the AA Bonus 5 lost, no AA Bonus payout though a pair of aces
// would win it (§4.3, §6.3); nothing more is dealt.
func TestGRVector02FoldLosesTheAABonusWin(t *testing.T) {
	g := grRound(t, "Ac Ad", "Qh Jh", "Ks 7h 2c", Fold, "")
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/aa_bonus", 5, 0, 0, 5)
	g.noLine("box:1/call")
	if len(g.s.Board) != 3 || g.s.DealerShown || len(g.events(EvShown)) != 0 {
		t.Errorf("after every box folded: board %v, dealer shown %v, shown %+v", g.s.Board, g.s.DealerShown, g.events(EvShown))
	}
	if paid := g.events(EvPaid); len(paid) != 1 || paid[0].Reason != "fold" || len(paid[0].Lines) != 2 {
		t.Errorf("the fold's lines: %+v", paid)
	}
}

// gr-casino-holdem.md §10 vector 3: 5♥6♥ on 7♥8♥9♥ makes a straight
// flush against the dealer's pair of fours, who qualifies: the Ante 20:1
// (+200, "Φλος" is the straight flush, §9 note 2), the Call 1:1 (+20),
// the AA Bonus flush or better 25:1 (+125, §9 note 1).
func TestGRVector03StraightFlush(t *testing.T) {
	g := grRound(t, "5h 6h", "4s 4c", "7h 8h 9h", Call, "2c Kd")
	g.wantLine("box:1/ante", 10, 200, 10, 0)
	g.wantLine("box:1/call", 20, 20, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 125, 5, 0)
	if shown := g.events(EvShown); !shown[0].Qualifies {
		t.Errorf("a pair of fours qualifies (§4.7): %+v", shown[0])
	}
}

// gr-casino-holdem.md §10 vector 4: K♠K♦ against the dealer's pair of
// threes, who does not qualify: the Ante +10, the Call returned; the AA
// Bonus's pair of kings is below a pair of aces and loses 5 (§6.3).
func TestGRVector04PairOfThreesDoesNotQualify(t *testing.T) {
	g := grRound(t, "Ks Kd", "3c 3s", "2h 7c 9s", Call, "Jd 6h")
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 0, 0, 5)
}

// gr-casino-holdem.md §10 vector 5: Q♠J♠ on Q♦5♥5♣ / 8♦2♠ plays
// Q-Q-5-5-J against the dealer's 9-9-5-5-Q, who qualifies: Ante +10, Call
// +20; the AA Bonus's two pair is "a pair of aces or better" by rank (§9
// note 3): +35.
func TestGRVector05TwoPairBeatsTwoPair(t *testing.T) {
	g := grRound(t, "Qs Js", "9c 9d", "Qd 5h 5c", Call, "8d 2s")
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 20, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 35, 5, 0)
}

// gr-casino-holdem.md §10 vector 6: both play the A-K-Q-J-10 straight,
// the dealer qualifies with it: a tie, Ante and Call returned (§5, §6.1);
// the AA Bonus's A-K-Q-10-2 is a high card and loses.
func TestGRVector06TieIsAPush(t *testing.T) {
	g := grRound(t, "Th 2c", "Td 4c", "As Ks Qs", Call, "Js 3d")
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 0, 0, 5)
}

// gr-casino-holdem.md §10 vector 7: 8♦3♣ on A♥2♠4♦ / 5♣K♠ makes the
// A-2-3-4-5 straight (§1: the ace plays low) and beats the dealer's pair
// of kings: Ante +10 (straight 1:1), Call +20; the AA Bonus's A-8-4-3-2
// loses.
func TestGRVector07WheelBeatsPairOfKings(t *testing.T) {
	g := grRound(t, "8d 3c", "Kh 9c", "Ah 2s 4d", Call, "5c Ks")
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 20, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 0, 0, 5)
}

// gr-casino-holdem.md §10 vector 8: the dealer's A♦10♣ qualifies on the
// board's pair of kings (§5: "a board pair counts") and his K-K-A-10-9
// beats the player's K-K-9-7-5: Ante and Call lost; the AA Bonus's pair
// of kings loses too.
func TestGRVector08BoardPairQualifiesTheDealer(t *testing.T) {
	g := grRound(t, "7c 2d", "Ad Tc", "Kh Kc 5s", Call, "9d 3h")
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/call", 20, 0, 0, 20)
	g.wantLine("box:1/aa_bonus", 5, 0, 0, 5)
	if shown := g.events(EvShown); !shown[0].Qualifies {
		t.Errorf("the dealer's board pair of kings qualifies: %+v", shown[0])
	}
}

// gr-casino-holdem.md §5: "any two pair qualifies, including e.g.
// 2-2-3-3", and §6.1 line 32: a dealer who does not qualify pays the
// Ante even to a worse hand.
func TestGRQualification(t *testing.T) {
	for _, tc := range []struct {
		name, player, dealer, board string
		ante, call                  round.Line
	}{
		// The dealer's 2-2-3-3 qualifies and beats the player's pair of
		// aces: both lost.
		{"two pair of twos and threes qualifies", "Ah Ad", "2c 3d", "2s 3h 9c 7d 8s",
			round.Line{Stake: 10, Lost: 10}, round.Line{Stake: 20, Lost: 20}},
		// The dealer's ace-king high does not qualify and beats the
		// player's queen high: the Ante is still paid.
		{"a worse hand against no qualification", "Qh Jd", "Ac Kd", "2s 5h 9c 7d 3s",
			round.Line{Stake: 10, Won: 10, Returned: 10}, round.Line{Stake: 20, Returned: 20}},
		// The dealer's pair of fours is the least that qualifies; the
		// player's pair of fours with a worse kicker loses.
		{"a pair of fours qualifies", "4h 2d", "4c Kd", "4s 9h Tc 7d 3s",
			round.Line{Stake: 10, Lost: 10}, round.Line{Stake: 20, Lost: 20}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bets := []round.Bet{{ID: "a", Player: "ann", Spot: "box:1/ante", Amount: 10}, {ID: "a", Player: "ann", Spot: "box:1/call", Amount: 20}}
			sd := Showdown{Board: cardsOf(t, tc.board), Dealer: cardsOf(t, tc.dealer), Hole: map[int][]card.Card{1: cardsOf(t, tc.player)}}
			got := Settle(rules(t), bets, sd).Lines
			for i, want := range []round.Line{tc.ante, tc.call} {
				want.BetID, want.Player, want.Spot = "a", "ann", bets[i].Spot
				if len(got) != 2 || got[i] != want {
					t.Fatalf("lines %+v, want %+v at %d", got, want, i)
				}
			}
		})
	}
}
