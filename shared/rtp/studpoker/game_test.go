package studpoker

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

func hand(t *testing.T, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseString(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// ru-russian-poker.md §7, N4: on five cards the second combination is an
// Ace-King beside a lower combination, as package banked finds it; four
// of a kind with an ace or a king beside a king or an ace has one too
// (the engine's reading, T8's pair of nines with A-K).
func TestSecondAceKingIsBankedsOnFiveCards(t *testing.T) {
	for _, tc := range []struct {
		cards string
		want  bool
	}{
		{"9c 9d Ah Kd 3s", true},  // T8
		{"Ac Ad Kh 7d 3s", true},  // the king outside the aces
		{"Ac Ad Kh Kd 3s", false}, // both inside the two pair
		{"Kc Kd Kh Ks Ad", true},  // quads and an ace
		{"Ac Ad Ah As Kd", true},  // quads and a king
		{"Qc Qd Qh Qs Ad", false}, // no king
		{"Ac Kd Qh Jd Ts", false}, // a straight: every card in it
		{"Ac Kd 9h 7d 3s", false}, // Ace-King is the main
		{"Ac Ad Ah Kd Ks", false}, // a full house
	} {
		cs := hand(t, tc.cards)
		if got := secondAceKing(cs, rank.Best(cs...)); got != tc.want {
			t.Errorf("%s: second Ace-King %v, want %v", tc.cards, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	deck := card.Deck(1)
	for range 200_000 {
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		cs := deck[:5]
		v := rank.Best(cs...)
		_, second, ok := banked.RussianCombinations(cs)
		if want := ok && second.Line == banked.AceKing; secondAceKing(cs, v) != want || ok && !want {
			t.Fatalf("%s: second Ace-King %v, banked's second %v %v", card.Join(cs), secondAceKing(cs, v), second.Line, ok)
		}
	}
}

// The bought game (Oasis §4.17; Russian §4 step 7.3, T11–T12): the
// highest card replaced once in Oasis; in Russian a card of its rank
// swapped again, up to three swaps, unless it makes a flush.
func TestBoughtGame(t *testing.T) {
	for _, tc := range []struct {
		game         Game
		dealer, next string
		want         string
	}{
		{Oasis, "As Qd 9c 5h 3d", "Ah Kd 2c", "Ah Qd 9c 5h 3d"},
		{Russian, "As Qd 9c 5h 3d", "Ah Kd 2c", "Kd Qd 9c 5h 3d"}, // T11: the ace swapped again
		{Russian, "As Qh 9h 5h 3h", "Ah Kd 2c", "Ah Qh 9h 5h 3h"}, // T12: kept, a flush
		{Russian, "As Qd 9c 5h 3d", "Ah Ad Ac", "Ac Qd 9c 5h 3d"}, // three swaps at most
		{Oasis, "Ks Qd 9c 5h 3d", "9d 2c 2d", "9d Qd 9c 5h 3d"},   // T8's kind: a pair bought
	} {
		var h [5]card.Card
		got := (&Rules{Game: tc.game}).bought(&h, hand(t, tc.dealer), hand(t, tc.next))
		if want := rank.Best(hand(t, tc.want)...); got != want || card.SetOf(h[:]...) != card.SetOf(hand(t, tc.want)...) {
			t.Errorf("%v %s buys with %s: %s (%v), want %s", tc.game, tc.dealer, tc.next, card.Join(h[:]), got, tc.want)
		}
	}
}

// A round's net by the specs' settlement tables, in Antes (Oasis §4 step
// 8: Ante 1:1 and the Bet its multiple; Russian §4 step 8: the Ante
// returned; Split §4 step 7: the small hands choose the Bet or the Ante).
func TestRoundNets(t *testing.T) {
	rest := func(d *[dealSize]card.Card) []card.Card {
		used := card.SetOf(d[:]...) // the next four are unseen too
		var out []card.Card
		for _, c := range card.Deck(1) {
			if !used.Has(c) {
				out = append(out, c)
			}
		}
		return append(out, d[10:]...)
	}
	for _, tc := range []struct {
		name       string
		r          Rules
		deal       string // player five, dealer five, next four
		net, stake int64
	}{
		{"oasis pass", OasisRules(), "Qc Jd 9h 7d 3s  Ac Kd 2h 4d 6s  2c 3c 4c 5c", -1, 1},
		{"oasis pair beats Ace-King", OasisRules(), "9c 9d Ah 7d 3s  Ac Kd 2h 4d 6s  2c 3c 4c 5c", 1 + 2*1, 3},
		{"oasis flush beats a pair", OasisRules(), "2c 9c Jc 7c 3c  Ad Ah 2h 4d 6s  2d 3d 4h 5d", 1 + 2*5, 3},
		{"oasis loses", OasisRules(), "9c 9d Ah 7d 3s  Tc Td 2h 4d 6s  2c 3c 4c 5c", -3, 3},
		{"oasis no game", OasisRules(), "9c 9d Ah 7d 3s  Qc Jd 2h 4d 6s  2c 3c 4c 5c", 1, 3},
		{"russian pair and A-K", RussianRules(), "9c 9d Ah Kd 3s  Tc Ts 2h 4d 6s  2c 3c 4c 5c", -3, 3},
		{"russian T8", RussianRules(), "9c 9d Ah Kd 3s  5c 5s 2h 4d 6s  2c 3c 4c 5d", 2 * (1 + 1), 3},
		{"russian T7", RussianRules(), "9c 9d Ah Qd 3s  5c 5s 2h 4d 6s  2c 3c 4c 5d", 2 * 1, 3},
		{"split pass", SplitRules(), "Ac Kd 9h 7d 3s  5c 5s 2h 4d 6s  2c 3c 4c 5d", -1, 1},
		{"split T5", SplitRules(), "8c 8d Ah Qd 4s  3c 3h 2h 5d 6s  Ad Kc Qc Jc", 2 * 1, 3},
		{"split T6", SplitRules(), "8c 8d Ah Qd 4s  3c 3h 2h 5d 6s  Ad Kc 5c 5h", 1, 3},
		{"split T7", SplitRules(), "8c 8d Ah Qd 4s  3c 3h 2h 5d 6s  As 9c Ac 9d", 2 * 1, 3},
		{"split T8", SplitRules(), "Ac Ad 7h Qd 4s  3c 3h 2h 2d 6s  As 9c Kc 9d", -3, 3},
		{"split no game", SplitRules(), "Ac Ad 7h Qd 4s  Kc 3h 2h 5d 6s  As 9c Kd 9d", 1, 3},
	} {
		d := [dealSize]card.Card(hand(t, tc.deal))
		if net, stake := tc.r.round(&d, rest(&d)); net != tc.net || stake != tc.stake {
			t.Errorf("%s: net %d staking %d, want %d staking %d", tc.name, net, stake, tc.net, tc.stake)
		}
	}
}

// Buying by the numbers: a royal flush against a dealer's no game buys
// (any game he buys is beaten and pays 100:1); a pair of twos does not.
func TestBuyByTheNumbers(t *testing.T) {
	for _, tc := range []struct {
		game Game
		deal string
		buys bool
	}{
		{Oasis, "Ac Kc Qc Jc Tc  Qd Jd 9h 7h 2s  3c 3d 4c 5c", true},
		{Oasis, "2c 2d 5h 7s 9c  Qd Jd Th 8h 3s  3c 4d 4c 5c", false},
		{Russian, "Ac Kc Qc Jc Tc  Qd Jd 9h 7h 2s  3c 3d 4c 5c", true},
	} {
		r := Rules{Game: tc.game, Pays: PlaceholderBet(), Buy: BuyByNumbers}
		d := [dealSize]card.Card(hand(t, tc.deal))
		used := card.SetOf(d[:10]...)
		var unseen []card.Card
		for _, c := range card.Deck(1) {
			if !used.Has(c) {
				unseen = append(unseen, c)
			}
		}
		if _, stake := r.round(&d, unseen); (stake == 4) != tc.buys {
			t.Errorf("%v %s: staked %d, buys %v", tc.game, tc.deal, stake, tc.buys)
		}
	}
}
