package casinoholdem

import (
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// docs/rules/ru-texas-holdem-casino.md §10, the test vectors, on the ru
// profile: Ante 10, Bet 20, Bonus 10 unless stated. One box; the cards
// are dealt one at a time from the dealer's left, dealer last (N5): the
// box's first, the dealer's first, the box's second, the dealer's
// second, then the flop; after the Bet, the turn and the river.

// ruRound plays one box through a vector on the ru rules with opts: ann's
// Ante 10 and Bonus 10 on box 1, the deal, her decision, and for a play
// the turn and the river.
func ruRound(t *testing.T, opts []string, player, dealer, board string, a Action) *game {
	t.Helper()
	g := newGame(t, profileRules(t, RU, opts...))
	g.open("ann 1 10 10")
	g.deal(player[:2], dealer[:2], player[3:], dealer[3:], board[:2], board[3:5], board[6:8])
	if g.s.Stage != Deciding || g.s.Turn.Player != "ann" {
		t.Fatalf("after the flop: stage %s, turn %+v", g.s.Stage, g.s.Turn)
	}
	g.decide("ann", 1, a)
	if a == Call {
		g.nextIs(ToBoard, 0)
		g.cards(board[9:11], board[12:14])
	}
	g.settled()
	return g
}

// shownHand is the hand the showdown names for box n (0: the dealer's).
func (g *game) shownHand(n int) string {
	g.t.Helper()
	for _, e := range g.events(EvShown) {
		if e.Box == n {
			return e.Hand
		}
	}
	g.t.Fatalf("box %d not shown: %+v", n, g.events(EvShown))
	return ""
}

// docs/rules/ru-texas-holdem-casino.md T1 (source, §4.12): 7-7-J against
// 7-7-8, the pairs equal, the kicker decides: J higher. The dealer's pair
// of sevens qualifies (§4.2–4.3) and loses: the Ante paid by the
// placeholder table (a pair, 1:1: +10), the Bet 1:1 (+20, §4 step 10).
func TestRUT1KickerDecides(t *testing.T) {
	g := ruRound(t, nil, "7s Jd", "7h 8c", "7c 2d 3s 5h Kd", Call)
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 20, 20, 0)
	g.wantLine("box:1/aa_bonus", 10, 0, 0, 10)
}

// docs/rules/ru-texas-holdem-casino.md T2 (source, §4.13): K-K-K-3-3
// beats Q-Q-Q-A-A, the higher triple decides a full house. The two hands
// cannot come from one deal under the hand rule (each side's three board
// cards would need six), so each is ranked on a board of its own, as the
// rules rank a hand: both hole cards and three of the board (N1).
func TestRUT2HigherTripleWins(t *testing.T) {
	r := profileRules(t, RU)
	kings := r.game().Eval(cardsOf(t, "Ks Kd"), cardsOf(t, "Kc 3h 3s"))
	queens := r.game().Eval(cardsOf(t, "Qs Qh"), cardsOf(t, "Qd Ac Ad"))
	if kings <= queens {
		t.Fatalf("%s <= %s", kings.Name(), queens.Name())
	}
}

// docs/rules/ru-texas-holdem-casino.md T3 (§6): A♠A♦ on K♣7♥2♠, a pair
// of aces: the Bonus pays 7:1, +70, whatever the dealer holds.
func TestRUT3PairOfAcesWinsTheBonus(t *testing.T) {
	g := ruRound(t, nil, "As Ad", "Qh Jh", "Kc 7h 2s 9d 4c", Call)
	g.wantLine("box:1/aa_bonus", 10, 70, 10, 0)
}

// docs/rules/ru-texas-holdem-casino.md T4 (§6): K♠Q♦ on K♣7♥2♠, a pair
// of kings, is below a pair of aces: the Bonus loses.
func TestRUT4PairOfKingsLosesTheBonus(t *testing.T) {
	g := ruRound(t, nil, "Ks Qd", "4h 2c", "Kc 7h 2s 9d 5c", Call)
	g.wantLine("box:1/aa_bonus", 10, 0, 0, 10)
}

// docs/rules/ru-texas-holdem-casino.md T5 (§6, N2): 5♠3♦ on 5♣3♥9♠, two
// pair, is "a pair of aces or better": the Bonus pays 7:1 flat, +70.
func TestRUT5TwoPairWinsTheBonus(t *testing.T) {
	g := ruRound(t, nil, "5s 3d", "Kh Jc", "5c 3h 9s Td 2c", Call)
	g.wantLine("box:1/aa_bonus", 10, 70, 10, 0)
}

// docs/rules/ru-texas-holdem-casino.md T6 (§3.13–3.15, §4 steps 4–5): a
// pair of aces, Bonus 10, the player passes with his Ante 10: the Ante
// lost, the Bonus still paid, +70, at the pass; nothing more is dealt.
// gr's rule as an option (fold_settles_bonus false, gr §4.3, §6.3): the
// pass loses the Bonus too.
func TestRUT6PassStillPaysTheBonus(t *testing.T) {
	g := ruRound(t, nil, "As Ad", "Qh Jh", "Kc 7h 2s", Fold)
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/aa_bonus", 10, 70, 10, 0)
	g.noLine("box:1/call")
	if paid := g.events(EvPaid); len(paid) != 1 || len(paid[0].Lines) != 2 || len(g.s.Board) != 3 || g.s.DealerShown {
		t.Errorf("the pass: %+v, board %v, dealer shown %v", paid, g.s.Board, g.s.DealerShown)
	}
	g = ruRound(t, []string{"fold_settles_bonus", "false"}, "As Ad", "Qh Jh", "Kc 7h 2s", Fold)
	g.wantLine("box:1/aa_bonus", 10, 0, 0, 10)
}

// docs/rules/ru-texas-holdem-casino.md T6, the clock: a timeout passes
// (the safe default), and the pass still settles the Bonus.
func TestRUT6TimeoutPasses(t *testing.T) {
	g := newGame(t, profileRules(t, RU))
	g.open("ann 1 10 10")
	g.deal("As", "Qh", "Ad", "Jh", "Kc", "7h", "2s")
	g.do(Command{Kind: CmdTimeout})
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/aa_bonus", 10, 70, 10, 0)
}

// docs/rules/ru-texas-holdem-casino.md T7 (§4 step 10, N4): Ante 10,
// Bet 20, the dealer's best a pair of threes: no game. The Bet is
// returned; the Ante paid by the player's hand on the Ante table, the
// placeholder's "straight or lower 1:1" (§7): +10.
func TestRUT7NoGame(t *testing.T) {
	g := ruRound(t, nil, "Kd Qs", "3c 3s", "2h 7c 9s Jd 6h", Call)
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	if shown := g.events(EvShown); shown[0].Qualifies {
		t.Errorf("a pair of threes qualifies: %+v", shown[0])
	}
}

// docs/rules/ru-texas-holdem-casino.md T8 (§4 step 10): the dealer's pair
// of fours qualifies (§4.2–4.3) and beats the player's pair of threes:
// Ante −10, Bet −20.
func TestRUT8DealerHigher(t *testing.T) {
	g := ruRound(t, nil, "3d Ks", "4c 4s", "3h 7c 9s Jd 2h", Call)
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/call", 20, 0, 0, 20)
	if shown := g.events(EvShown); !shown[0].Qualifies {
		t.Errorf("a pair of fours qualifies: %+v", shown[0])
	}
}

// docs/rules/ru-texas-holdem-casino.md T9 (§4 step 10, §7): the dealer's
// pair of fours against the player's flush: the Ante × m(flush), the
// placeholder's 2:1 (+20); the Bet 1:1 (+20).
func TestRUT9FlushBeatsPairOfFours(t *testing.T) {
	g := ruRound(t, nil, "Ah 9h", "4c 4s", "2h 7h Jh 8d Ks", Call)
	g.wantLine("box:1/ante", 10, 20, 10, 0)
	g.wantLine("box:1/call", 20, 20, 20, 0)
}

// docs/rules/ru-texas-holdem-casino.md T10 (N1): the board A♣A♦A♥K♠K♦,
// the player's 2♠3♠, the dealer's 4♦5♦. The literal rule (both hole
// cards, the default): A-A-A-3-2 against A-A-A-5-4, the dealer wins,
// Ante −10 and Bet −20. Best of seven (must_use_both_hole_cards false):
// both play the board's full house, a push.
func TestRUT10BothHoleCards(t *testing.T) {
	g := ruRound(t, nil, "2s 3s", "4d 5d", "Ac Ad Ah Ks Kd", Call)
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/call", 20, 0, 0, 20)
	g = ruRound(t, []string{"must_use_both_hole_cards", "false"}, "2s 3s", "4d 5d", "Ac Ad Ah Ks Kd", Call)
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
}

// docs/rules/ru-texas-holdem-casino.md T11 (N1): five hearts on the board,
// no heart in the player's hand. The literal rule: no flush for the
// player (K-J-9-4-3 high), and the dealer's 3♦3♠ a pair of threes, no
// game: the Ante paid 1:1, the Bet returned. Best of seven: the player
// plays the board's flush, and so does the dealer, who then qualifies: a
// push.
func TestRUT11BoardFlush(t *testing.T) {
	g := ruRound(t, nil, "4c 3c", "3d 3s", "2h 6h 9h Jh Kh", Call)
	if h := g.shownHand(1); strings.Contains(h, "Flush") {
		t.Errorf("the literal rule gives the player %s", h)
	}
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	g = ruRound(t, []string{"must_use_both_hole_cards", "false"}, "4c 3c", "3d 3s", "2h 6h 9h Jh Kh", Call)
	if h := g.shownHand(1); !strings.Contains(h, "Flush") {
		t.Errorf("best of seven gives the player %s", h)
	}
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
}

// ru-texas-holdem-casino.md §3.12, N5: two cards face down to each box,
// one at a time from the dealer's left, the dealer last, private to the
// box; no burn; then the flop, public.
func TestRUDeal(t *testing.T) {
	g := newGame(t, profileRules(t, RU))
	g.open("ann 1 10", "ben 4 10")
	g.do(Command{Kind: CmdClose})
	g.do(Command{Kind: CmdShuffle})
	box := func(n int) Next { return Next{To: ToBox, Box: n} }
	dealer, board := Next{To: ToDealer}, Next{To: ToBoard}
	for i, want := range []Next{box(1), box(4), dealer, box(1), box(4), dealer, board, board, board} {
		g.nextIs(want.To, want.Box)
		evs := g.do(Command{Kind: CmdCard, Card: card.Card(i)})
		if vis := map[Target]Visibility{ToBox: Private, ToDealer: Hidden, ToBoard: Public}[want.To]; evs[0].Vis != vis {
			t.Errorf("card %d to %+v marked %s, want %s", i, want, evs[0].Vis, vis)
		}
	}
	if g.s.Stage != Deciding || g.s.Burns != 0 {
		t.Fatalf("stage %s, burns %d", g.s.Stage, g.s.Burns)
	}
}
