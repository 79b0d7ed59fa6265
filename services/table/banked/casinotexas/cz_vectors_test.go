package casinotexas

import (
	"strings"
	"testing"
)

// docs/rules/cz-casino-texas-holdem.md §8, the test vectors (derived; the
// source has none): Ante 10, Blind 10, Trips 5 unless stated, the net per
// bet (a push is 0). One box; the cards are dealt as §4 deals them: the
// player's first, the dealer's first, the player's second, the dealer's
// second; a burn and the flop; a burn and the turn and the river. The
// burns are cards no vector names.

// czRound plays one box through a vector: ann's Ante 10 and Trips 5 on
// box 1, the cards, and her decisions: a Play of play chips on street
// (checks before it), or a fold at the river for street 0.
func czRound(t *testing.T, player, dealer, board string, street Street, play int64, opts ...string) *table {
	t.Helper()
	g := newTable(t, rules(t, opts...))
	g.open("ann 1 10 5")
	p, d, b := strings.Fields(player), strings.Fields(dealer), strings.Fields(board)
	g.deal(append(append(append([]string{}, p...), d...), b...)...)
	g.cards(p[0], d[0], p[1], d[1])
	steps := []struct {
		st    Street
		cards []string
	}{{PreFlop, nil}, {Flop, b[:3]}, {River, b[3:]}}
	for _, step := range steps {
		g.cards(step.cards...)
		if g.s.Phase.Over() || g.s.Boxes[0].Play > 0 {
			continue // a box that played decides no more; the cards still come
		}
		if g.s.Stage != Deciding || g.s.Street != step.st || g.s.Turn.Player != "ann" {
			t.Fatalf("%s: stage %s, street %s, turn %+v", step.st, g.s.Stage, g.s.Street, g.s.Turn)
		}
		switch {
		case step.st == street:
			g.decide("ann", 1, Play, play)
		case step.st == River:
			g.decide("ann", 1, Fold, 0)
		default:
			g.decide("ann", 1, Check, 0)
		}
	}
	g.settled()
	return g
}

// cz-casino-texas-holdem.md §8 vector 1: A♠K♠ on Q♠J♠10♠ makes a royal
// flush against the dealer's pair of fives, who qualifies; a Play of 4 ×
// before the flop: Ante +10, Play +40, Blind +5000 (500:1), Trips +250
// (50:1) (§6).
func TestCZVector01RoyalFlush(t *testing.T) {
	g := czRound(t, "As Ks", "5h 5d", "Qs Js Ts 2d 3c", PreFlop, 40)
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 40, 40)
	g.net("box:1/blind", 10, 5000)
	g.net("box:1/trips", 5, 250)
	if shown := g.events(EvShown); len(shown) != 2 || !shown[0].Qualifies {
		t.Errorf("a pair qualifies (§5): %+v", shown)
	}
}

// cz-casino-texas-holdem.md §8 vector 2: 9♣9♦ on 9♠K♥4♦ / 2♣7♠, three
// nines against the dealer's pair of kings; a Play of 2 × on the flop:
// Ante +10, Play +20, the Blind pushes below a straight, Trips +15 (3:1).
func TestCZVector02TripsBlindPushes(t *testing.T) {
	g := czRound(t, "9c 9d", "Ah Kd", "9s Kh 4d 2c 7s", Flop, 20)
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 20, 20)
	g.net("box:1/blind", 10, 0)
	g.net("box:1/trips", 5, 15)
}

// cz-casino-texas-holdem.md §8 vector 3: 8♥7♥ on 6♥5♣4♦K♠2♣ makes an
// eight-high straight; the dealer's Q♦J♣ is king high and does not
// qualify; a Play of 1 × at the river: the Ante pushes (§6, §9 note 5),
// Play +10, Blind +10 (straight 1:1), Trips +20 (4:1).
func TestCZVector03DealerDoesNotQualify(t *testing.T) {
	g := czRound(t, "8h 7h", "Qd Jc", "6h 5c 4d Ks 2c", River, 10)
	g.net("box:1/ante", 10, 0)
	g.net("box:1/play", 10, 10)
	g.net("box:1/blind", 10, 10)
	g.net("box:1/trips", 5, 20)
	if shown := g.events(EvShown); shown[0].Qualifies {
		t.Errorf("king high does not qualify: %+v", shown[0])
	}
}

// cz-casino-texas-holdem.md §8 vector 4: 7♣3♦ on K♠9♥5♦2♠J♣, king high,
// against the dealer's ace high, who does not qualify but wins: the Ante
// pushes, Play −10, Blind −10, Trips −5.
func TestCZVector04UnqualifiedDealerStillBeatsPlayAndBlind(t *testing.T) {
	g := czRound(t, "7c 3d", "Ad 4c", "Ks 9h 5d 2s Jc", River, 10)
	g.net("box:1/ante", 10, 0)
	g.net("box:1/play", 10, -10)
	g.net("box:1/blind", 10, -10)
	g.net("box:1/trips", 5, -5)
}

// cz-casino-texas-holdem.md §8 vector 5: both play the board's
// A-A-K-K-Q, the dealer qualifies: a tie, Ante, Play and Blind push
// (§5: identical five-card hands tie); Trips −5 on two pair.
func TestCZVector05BoardTie(t *testing.T) {
	g := czRound(t, "2c 3d", "4c 5d", "As Ah Kd Kc Qs", River, 10)
	g.net("box:1/ante", 10, 0)
	g.net("box:1/play", 10, 0)
	g.net("box:1/blind", 10, 0)
	g.net("box:1/trips", 5, -5)
}

// cz-casino-texas-holdem.md §8 vector 6: A♣2♦ on 3♠4♥5♦K♣K♦, the wheel
// (A-low assumed, §5, §9 note 6) beats the dealer's kings and queens; a
// Play of 3 × before the flop: Ante +10, Play +30, Blind +10, Trips +20.
func TestCZVector06WheelBeatsTwoPair(t *testing.T) {
	g := czRound(t, "Ac 2d", "Qh Qc", "3s 4h 5d Kc Kd", PreFlop, 30)
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 30, 30)
	g.net("box:1/blind", 10, 10)
	g.net("box:1/trips", 5, 20)
}

// cz-casino-texas-holdem.md §8 vector 7: four nines on the board, the
// player's ace kicker beats the dealer's king (§5: a kicker decides when
// all four are on the board): Ante +10, Play +10, Blind +100 (10:1), Trips
// +150 (30:1).
func TestCZVector07QuadsOnTheBoardKicker(t *testing.T) {
	g := czRound(t, "Ah 3c", "Kd 4s", "9s 9h 9d 9c 2s", River, 10)
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 10, 10)
	g.net("box:1/blind", 10, 100)
	g.net("box:1/trips", 5, 150)
}

// cz-casino-texas-holdem.md §8 vector 8: a fold at the river loses the
// Ante and the Blind (§6, §9 note 1); Trips is settled on the final
// hand: three nines, +15. Nothing is played; the dealer's face-down card
// stays unseen when every box folded.
func TestCZVector08FoldKeepsTrips(t *testing.T) {
	g := czRound(t, "9c 9d", "Ah Kd", "9s Kh 4d 2c 7s", 0, 0)
	g.net("box:1/ante", 10, -10)
	g.net("box:1/blind", 10, -10)
	g.net("box:1/trips", 5, 15)
	g.noLine("box:1/play")
	if g.s.DealerShown || len(g.events(EvShown)) != 0 {
		t.Errorf("every box folded, yet shown: %+v", g.events(EvShown))
	}
	if paid := g.events(EvPaid); len(paid) != 1 || paid[0].Reason != "fold" || len(paid[0].Lines) != 3 {
		t.Errorf("the fold's lines: %+v", paid)
	}
}

// cz-casino-texas-holdem.md §8 vector 9: K♠Q♠ on A♠7♠2♠, a flush against
// the dealer's pair of jacks; a Play of 4 ×: Ante +10, Play +40, Blind +15
// (3:2), Trips +35 (7:1).
func TestCZVector09FlushBlindThreeToTwo(t *testing.T) {
	g := czRound(t, "Ks Qs", "Jd Jc", "As 7s 2s 9d 3h", PreFlop, 40)
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 40, 40)
	g.net("box:1/blind", 10, 15)
	g.net("box:1/trips", 5, 35)
}
