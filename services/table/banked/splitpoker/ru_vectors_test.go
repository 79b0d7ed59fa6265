package splitpoker

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// docs/rules/ru-split-poker.md §10, the test vectors: Ante 10 unless
// stated; m(x), the §8.1 multiple the source lost, is the placeholder's
// (a pair 1:1, a full house 7:1). One box unless stated; the cards are
// dealt one at a time, the box's then the dealer's (§3.17); a box that
// plays as dealt gets its two free small-hand cards in its turn, and a
// dealer with a game deals himself his two (§5.5).

// splitRound opens ann's Ante 10 (and Royal Bonus rb) on box 1 and deals
// her big hand and the dealer's.
func splitRound(t *testing.T, r Rules, player, dealer string, rb int64) *game {
	t.Helper()
	g := newGame(t, r)
	g.open("ann 1 10 " + strconv.FormatInt(rb, 10))
	g.deal(player, dealer)
	if g.s.Stage != Deciding || g.s.Turn.Player != "ann" {
		t.Fatalf("after the deal: stage %s, turn %+v", g.s.Stage, g.s.Turn)
	}
	return g
}

// played plays ann's box as dealt, deals her free small hand and, if the
// dealer has a game, his.
func (g *game) played(small, dealerSmall string) {
	g.t.Helper()
	g.decide("ann", 1, Play)
	g.cards(fields(small)...)
	if dealerSmall != "" {
		g.cards(fields(dealerSmall)...)
	}
}

func fields(s string) []string {
	var out []string
	for i := 0; i+1 < len(s); i += 3 {
		out = append(out, s[i:i+2])
	}
	return out
}

// docs/rules/ru-split-poker.md T1 (source, §5.15): 2-2-J-x-x beats
// 2-2-8-x-x, the kickers decide. The dealer's pair of twos is a game
// (§5.1); the player's big hand is higher and his small hand A-K beats
// the dealer's Q-J: the Bet paid by the pair's multiple (+20), the Ante
// returned.
func TestRUT1KickerDecides(t *testing.T) {
	g := splitRound(t, rules(t), "2s 2d Jc 7h 4c", "2h 2c 8d 6s 3h", 0)
	g.played("Ah Kd", "Qs Jd")
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 20, 20, 0)
}

// docs/rules/ru-split-poker.md T2 (source, §5.16): K-K-K-3-3 beats
// Q-Q-Q-J-J, the higher triple. The dealer's small pair of aces beats the
// player's 5-4: the Ante paid by the full house's multiple (7:1, +70),
// the Bet returned (§4 step 7).
func TestRUT2HigherTripleWins(t *testing.T) {
	g := splitRound(t, rules(t), "Ks Kd Kc 3s 3d", "Qs Qd Qc Js Jd", 0)
	g.played("5h 4h", "Ah Ad")
	g.settled()
	g.wantLine("box:1/ante", 10, 70, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
}

// docs/rules/ru-split-poker.md T3 (§3.20): Ante 10, the hand played as
// dealt: the Bet 20, then two free small-hand cards, face down under the
// Ante: nobody sees them until the end (§3.20: not touched).
func TestRUT3PlayAsDealt(t *testing.T) {
	g := splitRound(t, rules(t), "Ks Kd 9c 3s 2d", "Qs Jd 8c 6s 4d", 0)
	g.mark()
	g.decide("ann", 1, Play)
	if st := g.events(EvStaked); len(st) != 1 || st[0].Amount != 20 || st[0].Bets[0].Spot != "box:1/bet" {
		t.Fatalf("the Bet: %+v", st)
	}
	g.nextIs(ToBox, 1)
	g.cards("Ah", "7c")
	for _, e := range g.events(EvDealt) {
		if e.Vis != Hidden {
			t.Errorf("a free small-hand card marked %s", e.Vis)
		}
	}
	b := g.s.box(1)
	if !slices.Equal(b.Small, cardsOf(t, "Ah 7c")) || !slices.Equal(b.Big, cardsOf(t, "Ks Kd 9c 3s 2d")) {
		t.Fatalf("big %v, small %v", b.Big, b.Small)
	}
}

// docs/rules/ru-split-poker.md T4 (§3.21, §3.23): Ante 10, two cards
// bought for 10, then a pass: −20 in all, the fee and the Ante lost.
func TestRUT4BuyThenPass(t *testing.T) {
	g := splitRound(t, rules(t), "Ks Qd 9c 3s 2d", "Qs Jd 8c 6s 4d", 0)
	g.decide("ann", 1, BuyCards)
	g.nextIs(ToBox, 1)
	g.cards("Ah", "7c")
	g.decide("ann", 1, Pass)
	g.settled()
	g.wantLine("box:1/buy_cards", 10, 0, 0, 10)
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	if n := g.net("ann"); n != -20 {
		t.Errorf("net %d, want -20", n)
	}
}

// docs/rules/ru-split-poker.md T5–T7 (§4 step 7, §4.2): the dealer's big
// hand a pair of threes, the player's a pair of eights; the small hands
// decide: the player's at least the dealer's pays the Bet (+20 × m(pair)),
// the Ante returned; lower pays the Ante (+10 × m(pair)), the Bet
// returned; equal favours the player (§4.2 rule 4).
func TestRUT5toT7SmallHandsDecide(t *testing.T) {
	for _, tc := range []struct {
		name, small, dealerSmall string
		ante, bet                [2]int64 // won, lost
	}{
		{"T5 player's A-K over Q-J", "Ah Kd", "Qs Jd", [2]int64{0, 0}, [2]int64{20, 0}},
		{"T6 dealer's 5-5 over A-K", "Ah Kd", "5s 5d", [2]int64{10, 0}, [2]int64{0, 0}},
		{"T7 A-9 equals A-9", "Ah 9d", "As 9s", [2]int64{0, 0}, [2]int64{20, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := splitRound(t, rules(t), "8s 8d Qc 7h 2c", "3s 3d Kc 9h 5c", 0)
			g.played(tc.small, tc.dealerSmall)
			g.settled()
			g.wantLine("box:1/ante", 10, tc.ante[0], 10, 0)
			g.wantLine("box:1/bet", 20, tc.bet[0], 20, 0)
		})
	}
}

// docs/rules/ru-split-poker.md T8 (§5.6): the dealer's two pair beats the
// player's pair of aces: Ante and Bet lost, the small hands not compared
// (the player's pair of jacks over the dealer's 3-2 changes nothing).
func TestRUT8DealerHigher(t *testing.T) {
	g := splitRound(t, rules(t), "As Ad Qc 9h 2c", "Ks Kd 4c 4h 7s", 0)
	g.played("Jh Jd", "3s 2d")
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.wantLine("box:1/bet", 20, 0, 0, 20)
}

// docs/rules/ru-split-poker.md T9 (§5.10, §5.14): big hands of the same
// ranks, other suits: a push of both, the small hands not compared.
func TestRUT9EqualBigHandsPush(t *testing.T) {
	g := splitRound(t, rules(t), "Qs Qd 9h 7c 4s", "Qc Qh 9d 7s 4d", 0)
	g.played("Ah Ad", "3c 2c")
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
}

// noGame is T10–T12's round: the dealer's A-K-9-5-3, no game (§5.1);
// ann played her pair of jacks as dealt, small K-Q; the round waits for
// her stop or buy.
func noGame(t *testing.T, r Rules) *game {
	g := splitRound(t, r, "Jc Jd 7s 6h 2c", "As Kd 9h 5c 3s", 0)
	g.played("Kh Qs", "")
	if g.s.Stage != Buying || g.s.Turn.Box != 1 || len(g.s.DealerSmall) != 0 {
		t.Fatalf("no game: stage %s, turn %+v, dealer's small %v", g.s.Stage, g.s.Turn, g.s.DealerSmall)
	}
	return g
}

// docs/rules/ru-split-poker.md T10 (§5.11, §6.6): the dealer has no game
// and the player declines to buy it: the Ante paid 1:1 (+10), the Bet
// returned; the clock's stop the same.
func TestRUT10Stop(t *testing.T) {
	g := noGame(t, rules(t))
	g.decide("ann", 1, Stop)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	g = noGame(t, rules(t))
	g.do(Command{Kind: CmdTimeout})
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
}

// docs/rules/ru-split-poker.md T11 (§6.1–6.4, N7, N8): the player buys
// the game (−10); the dealer discards his lowest card, the 3, and draws a
// 9: a pair of nines, a game; he deals himself his small hand, 4-4, which
// beats the player's K-Q: her jacks' Ante paid (+10 × m(pair)), the Bet
// returned.
func TestRUT11BoughtGame(t *testing.T) {
	g := noGame(t, rules(t))
	g.decide("ann", 1, BuyGame)
	g.wantLine("box:1/buy_game", 10, 0, 0, 10)
	if !slices.Equal(g.s.Replaced, cardsOf(t, "3s")) {
		t.Fatalf("the dealer discarded %v", g.s.Replaced)
	}
	g.nextIs(ToDealer, 0)
	g.cards("9c")
	g.nextIs(ToDealer, 0)
	g.cards("4d", "4h")
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	for _, e := range g.events(EvDealt) {
		if e.Deal.To == ToDealer && e.Deal.Pos > 10 && e.Vis != Public {
			t.Errorf("the dealer's card after his reveal marked %s", e.Vis)
		}
	}
}

// docs/rules/ru-split-poker.md T12 (§6.5): the dealer draws a 4, still no
// game: the Ante and the Bet returned, the fee lost (−10).
func TestRUT12StillNoGame(t *testing.T) {
	g := noGame(t, rules(t))
	g.decide("ann", 1, BuyGame)
	g.cards("4c")
	g.settled()
	g.wantLine("box:1/ante", 10, 0, 10, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	if n := g.net("ann"); n != -10 {
		t.Errorf("net %d, want -10", n)
	}
}

// docs/rules/ru-split-poker.md T13 (§6.2, N6): a player with two dark
// boxes and one light buys the dealer's game on each: 3 × Ante.
func TestRUT13BuyingPaysEveryBox(t *testing.T) {
	g := newGame(t, rules(t, "max_dark_boxes", "2"))
	g.open("ann 1 10")
	for _, n := range []int{2, 3} {
		g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
			{ID: "a" + strconv.Itoa(n), Spot: Spot(n, BetAnte), Amount: 10}, {ID: "d" + strconv.Itoa(n), Spot: Spot(n, BetBet), Amount: 20},
		}})
	}
	g.deal("2c 3c 4c 5d 7d", "2d 3d 4d 6c 8c", "2h 3h 4h 6d 8d", "As Kd 9h 5c 3s")
	g.played("Th Jh", "")
	g.cards("Tc", "Jc", "Td", "Jd") // the dark boxes' free small hands
	for n := 1; n <= 3; n++ {
		if g.s.Stage != Buying || g.s.Turn.Box != n {
			t.Fatalf("box %d: stage %s, turn %+v", n, g.s.Stage, g.s.Turn)
		}
		g.decide("ann", n, BuyGame)
	}
	var fees int64
	for _, l := range g.s.Lines {
		if strings.HasSuffix(l.Spot, "/buy_game") {
			fees += l.Lost
		}
	}
	if fees != 30 {
		t.Errorf("fees %d, want 3 × Ante = 30", fees)
	}
	g.cards("4s")
	g.settled()
}

// docs/rules/ru-split-poker.md T14 (N1): after buying, the seven cards
// A-A-K-K-9-9-4 split as the player chooses: A-A-K-K-4 with 9-9, or
// A-A-9-9-4 with K-K; a partition that is not the seven, five then two,
// each once, is refused.
func TestRUT14PartitionIsThePlayers(t *testing.T) {
	for _, p := range [][2]string{{"Ac Ad Kc Kd 4h", "9c 9d"}, {"Ac Ad 9c 9d 4h", "Kc Kd"}} {
		g := splitRound(t, rules(t), "Ac Ad Kc Kd 9c", "Qs Jd 8c 6s 2d", 0)
		g.decide("ann", 1, BuyCards)
		g.cards("9d", "4h")
		c := Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Play}
		for _, bad := range []string{"", "Ac Ad Kc Kd 4h 9c", "Ac Ad Kc Kd 4h 9c 2s", "Ac Ad Kc Kd 4h 9c 9d Qs"} {
			c.Cards = cardsOf(t, bad)
			g.refuse(c, ReasonBadPartition)
		}
		c.Cards = append(cardsOf(t, "Ac Ad Kc Kd 4h 9c"), card.MustParse("9c")) // a card twice
		g.refuse(c, ReasonBadPartition)
		g.decide("ann", 1, Play, fields(p[0]+" "+p[1])...)
		b := g.s.box(1)
		if !slices.Equal(b.Big, cardsOf(t, p[0])) || !slices.Equal(b.Small, cardsOf(t, p[1])) {
			t.Fatalf("big %v small %v, want %s / %s", b.Big, b.Small, p[0], p[1])
		}
		if g.s.Next.To == ToBox {
			t.Fatalf("a bought box's small hand is its own: no free cards, next %+v", g.s.Next)
		}
	}
}

func cardsOf(t testing.TB, s string) []card.Card {
	t.Helper()
	if s == "" {
		return nil
	}
	cs, err := card.ParseString(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// nextIs checks where the next card goes.
func (g *game) nextIs(to Target, box int) {
	g.t.Helper()
	if want := (Next{To: to, Box: box}); g.s.Next != want || g.s.next(&g.r) != want {
		g.t.Fatalf("next %+v (computed %+v), want %+v", g.s.Next, g.s.next(&g.r), want)
	}
}

// mark forgets the events so far.
func (g *game) mark() { g.evs = nil }
