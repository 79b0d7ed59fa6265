package banked

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// docs/rules/ru-russian-poker.md §7, N4: the second combination is the best
// paying category whose defining cards include at least one card outside
// the main's, and four of a kind's defining cards are its four: the kicker
// beside quads makes no second four of a kind (K-K-K-K-2 is paid once). A
// card outside the quads can still make one: an Ace-King, or with a pair a
// full house. T3 and T4, the source's own examples, still hold.
func TestRuQuadsKickerIsNoSecondCombination(t *testing.T) {
	tests := []struct {
		id, player  string
		main        Line
		mainCards   string
		second      Line
		secondCards string
	}{
		{"quads and a kicker: none", "Ks Kh Kd Kc 2s", Quads, "Ks Kh Kd Kc", NoLine, ""},
		{"quads and two kickers: none", "Ks Kh Kd Kc 4s 3h", Quads, "Ks Kh Kd Kc", NoLine, ""},
		{"quad kings and an ace: Ace-King", "Ks Kh Kd Kc Ah", Quads, "Ks Kh Kd Kc", AceKing, "Ah Ks"},
		{"quad aces and a king: Ace-King", "As Ah Ad Ac Kh", Quads, "As Ah Ad Ac", AceKing, "As Kh"},
		{"quads and a pair: a full house", "Ks Kh Kd Kc 3s 3h", Quads, "Ks Kh Kd Kc", FullHouse, "Ks Kh Kd 3s 3h"},
		{"T3 three pairs: AAKK and AAQQ", "As Ah Kd Kc Qs Qh", TwoPair, "As Ah Kd Kc", TwoPair, "As Ah Qs Qh"},
		{"T4 two trips: KKK77 and 777KK", "7s 7h 7d Ks Kh Kd", FullHouse, "Ks Kh Kd 7s 7h", FullHouse, "7s 7h 7d Ks Kh"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			main, second, ok := RussianCombinations(cs(t, tt.player))
			if main.Line != tt.main || card.Join(main.Cards) != tt.mainCards {
				t.Errorf("main = %q %s, want %q %s", main.Line, card.Join(main.Cards), tt.main, tt.mainCards)
			}
			if ok != (tt.second != NoLine) || second.Line != tt.second || card.Join(second.Cards) != tt.secondCards {
				t.Errorf("second = %q %s (%v), want %q %s", second.Line, card.Join(second.Cards), ok, tt.second, tt.secondCards)
			}
		})
	}
}

// docs/rules/ru-russian-poker.md §7, N4, read literally: a flush's defining
// cards are its five, so of six suited cards the best five are the main
// flush and the best five holding the sixth card, which shares four with
// it and has one outside, are a second flush. §7 names only three pairs
// and two trips as six-card doubles, but N4's rule, which the spec
// suggests and reproduces both, admits this one too; the reading is
// pinned here so that changing it is a decision. The same rule gives a
// straight flush of six suited cards in a row a second straight flush,
// and one with an unconnected sixth card a second flush.
func TestRuSixSuitedCardsGiveTwoFlushes(t *testing.T) {
	tests := []struct {
		id, player  string
		main        Line
		mainCards   string
		second      Line
		secondCards string
	}{
		{"six hearts: two flushes", "Ah Kh 9h 7h 4h 2h", Flush, "Ah Kh 9h 7h 4h", Flush, "Ah Kh 9h 7h 2h"},
		{"straight flush and a suited sixth card: a flush", "9h 8h 7h 6h 5h 2h", StraightFlush, "9h 8h 7h 6h 5h", Flush, "9h 8h 7h 6h 2h"},
		{"six suited in a row: two straight flushes", "9h 8h 7h 6h 5h 4h", StraightFlush, "9h 8h 7h 6h 5h", StraightFlush, "8h 7h 6h 5h 4h"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			main, second, ok := RussianCombinations(cs(t, tt.player))
			if main.Line != tt.main || card.Join(main.Cards) != tt.mainCards {
				t.Errorf("main = %q %s, want %q %s", main.Line, card.Join(main.Cards), tt.main, tt.mainCards)
			}
			if !ok || second.Line != tt.second || card.Join(second.Cards) != tt.secondCards {
				t.Errorf("second = %q %s (%v), want %q %s", second.Line, card.Join(second.Cards), ok, tt.second, tt.secondCards)
			}
		})
	}
}
