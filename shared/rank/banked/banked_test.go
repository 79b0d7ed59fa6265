package banked

import (
	"testing"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

func cs(t *testing.T, s string) []card.Card {
	t.Helper()
	if s == "" {
		return nil
	}
	c, err := card.ParseString(s)
	if err != nil {
		t.Fatalf("bad test cards %q: %v", s, err)
	}
	return c
}

func eval(t *testing.T, g Game, h Hand, o Options) Result {
	t.Helper()
	r, err := Evaluate(g, h, o)
	if err != nil {
		t.Fatalf("Evaluate(%v): %v", g, err)
	}
	return r
}

func bonus(r Result, bet string) Line {
	for _, b := range r.Bonuses {
		if b.Bet == bet {
			return b.Line
		}
	}
	return NoLine
}

// docs/rules/gr-casino-holdem.md §10 vectors 1–8: qualification (pair of 4s), the
// comparison, the Ante paytable line and the AA Bonus line.
func TestGrCasinoHoldemVectors(t *testing.T) {
	tests := []struct {
		id                    string
		player, board, dealer string
		qualifies             bool
		cmp                   int
		line                  Line
		aa                    Line
	}{
		{"1", "Ac Ad", "Ks 7h 2c 9d 4s", "Qh Jh", false, 1, Pair, AABonusPairOfAcesToStraight},
		{"3", "5h 6h", "7h 8h 9h 2c Kd", "4s 4c", true, 1, StraightFlush, AABonusFlushOrBetter},
		{"4", "Ks Kd", "2h 7c 9s Jd 6h", "3c 3s", false, 1, Pair, NoLine},
		{"5", "Qs Js", "Qd 5h 5c 8d 2s", "9c 9d", true, 1, TwoPair, AABonusPairOfAcesToStraight},
		{"6", "Th 2c", "As Ks Qs Js 3d", "Td 4c", true, 0, Straight, NoLine},
		{"7", "8d 3c", "Ah 2s 4d 5c Ks", "Kh 9c", true, 1, Straight, NoLine},
		{"8", "7c 2d", "Kh Kc 5s 9d 3h", "Ad Tc", true, -1, Pair, NoLine},
	}
	for _, tt := range tests {
		t.Run("vector "+tt.id, func(t *testing.T) {
			r := eval(t, CasinoHoldem, Hand{Player: cs(t, tt.player), Board: cs(t, tt.board), Dealer: cs(t, tt.dealer)}, Options{})
			if r.DealerQualifies != tt.qualifies || r.Comparison != tt.cmp || r.PlayerLine != tt.line || bonus(r, "aa_bonus") != tt.aa {
				t.Errorf("qualifies %v cmp %d line %q aa %q; want %v %d %q %q",
					r.DealerQualifies, r.Comparison, r.PlayerLine, bonus(r, "aa_bonus"), tt.qualifies, tt.cmp, tt.line, tt.aa)
			}
		})
	}
	// Vector 2 (fold) is settlement; its AA Bonus hand is vector 1's: at
	// the flop, with no dealer hand, the line is already known.
	r := eval(t, CasinoHoldem, Hand{Player: cs(t, "Ac Ad"), Board: cs(t, "Ks 7h 2c")}, Options{})
	if bonus(r, "aa_bonus") != AABonusPairOfAcesToStraight || r.Comparison != 0 {
		t.Errorf("flop-only AA Bonus = %q, cmp %d", bonus(r, "aa_bonus"), r.Comparison)
	}
}

// docs/rules/gr-casino-holdem.md §7: the AA Bonus paytable reading reproduces the
// stated 93.60% RTP: over all five-card hands 273,144 pay 7:1 and 9,516
// pay 25:1.
func TestGrCasinoHoldemAABonusCountsMatchStatedRTP(t *testing.T) {
	var seven, twentyFive int
	var h [5]card.Card
	for a := card.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for e := d + 1; e < 52; e++ {
						h = [5]card.Card{a, b, c, d, e}
						switch AABonus(h[:2], h[2:]) {
						case AABonusPairOfAcesToStraight:
							seven++
						case AABonusFlushOrBetter:
							twentyFive++
						}
					}
				}
			}
		}
	}
	if seven != 273144 || twentyFive != 9516 {
		t.Errorf("7:1 hands %d, 25:1 hands %d; want 273144 and 9516", seven, twentyFive)
	}
}

// docs/rules/cz-casino-texas-holdem.md §8 vectors 1–9: any pair qualifies, the Blind
// line (straight or better) and Trips (three of a kind or better).
func TestCzCasinoTexasHoldemVectors(t *testing.T) {
	tests := []struct {
		id                    string
		player, board, dealer string
		qualifies             bool
		cmp                   int
		trips, blind          Line
	}{
		{"1", "As Ks", "Qs Js Ts 2d 3c", "5h 5d", true, 1, RoyalFlush, RoyalFlush},
		{"2", "9c 9d", "9s Kh 4d 2c 7s", "Ah Kd", true, 1, Trips, NoLine},
		{"3", "8h 7h", "6h 5c 4d Ks 2c", "Qd Jc", false, 1, Straight, Straight},
		{"4", "7c 3d", "Ks 9h 5d 2s Jc", "Ad 4c", false, -1, NoLine, NoLine},
		{"5", "2c 3d", "As Ah Kd Kc Qs", "4c 5d", true, 0, NoLine, NoLine},
		{"6", "Ac 2d", "3s 4h 5d Kc Kd", "Qh Qc", true, 1, Straight, Straight},
		{"7", "Ah 3c", "9s 9h 9d 9c 2s", "Kd 4s", true, 1, Quads, Quads},
		{"9", "Ks Qs", "As 7s 2s 9d 3h", "Jd Jc", true, 1, Flush, Flush},
	}
	for _, tt := range tests {
		t.Run("vector "+tt.id, func(t *testing.T) {
			r := eval(t, CasinoTexasHoldem, Hand{Player: cs(t, tt.player), Board: cs(t, tt.board), Dealer: cs(t, tt.dealer)}, Options{})
			if r.DealerQualifies != tt.qualifies || r.Comparison != tt.cmp || bonus(r, "trips") != tt.trips || bonus(r, "blind") != tt.blind {
				t.Errorf("qualifies %v cmp %d trips %q blind %q; want %v %d %q %q",
					r.DealerQualifies, r.Comparison, bonus(r, "trips"), bonus(r, "blind"), tt.qualifies, tt.cmp, tt.trips, tt.blind)
			}
		})
	}
}

// docs/rules/ru-texas-holdem-casino.md §10: the Bonus on the first five (T3–T5),
// qualification with a pair of fours (T7–T9) and the two-hole-card rule
// against best of seven (T10, N1).
func TestRuTexasHoldemCasinoVectors(t *testing.T) {
	bonusTests := []struct {
		id, hole, flop string
		want           Line
	}{
		{"T3", "As Ad", "Kc 7h 2s", BonusPairOfAcesOrBetter},
		{"T4", "Ks Qd", "Kc 7h 2s", NoLine},
		{"T5", "5s 3d", "5c 3h 9s", BonusPairOfAcesOrBetter},
	}
	for _, tt := range bonusTests {
		t.Run(tt.id, func(t *testing.T) {
			r := eval(t, TexasHoldemVsCasino, Hand{Player: cs(t, tt.hole), Board: cs(t, tt.flop)}, Options{})
			if got := bonus(r, "bonus"); got != tt.want {
				t.Errorf("bonus = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("T7 pair of threes does not qualify", func(t *testing.T) {
		r := eval(t, TexasHoldemVsCasino, Hand{Player: cs(t, "Kd Qd"), Dealer: cs(t, "3c 3d"), Board: cs(t, "8s 9h 2c Jd 6h")}, Options{})
		if r.DealerQualifies {
			t.Error("a pair of threes must not qualify")
		}
	})
	t.Run("T8 pair of fours qualifies and beats pair of threes", func(t *testing.T) {
		r := eval(t, TexasHoldemVsCasino, Hand{Player: cs(t, "3c 3d"), Dealer: cs(t, "4c 4d"), Board: cs(t, "8s 9h 2c Jd Kh")}, Options{})
		if !r.DealerQualifies || r.Comparison != -1 {
			t.Errorf("qualifies %v cmp %d", r.DealerQualifies, r.Comparison)
		}
	})
	t.Run("T9 flush against pair of fours", func(t *testing.T) {
		r := eval(t, TexasHoldemVsCasino, Hand{Player: cs(t, "Ah 2h"), Dealer: cs(t, "4c 4d"), Board: cs(t, "8h 9h Kh Jd 5c")}, Options{})
		if !r.DealerQualifies || r.Comparison != 1 || r.PlayerLine != Flush {
			t.Errorf("qualifies %v cmp %d line %q", r.DealerQualifies, r.Comparison, r.PlayerLine)
		}
	})
	h := Hand{Player: cs(t, "2s 3s"), Dealer: cs(t, "4d 5d"), Board: cs(t, "Ac Ad Ah Ks Kd")}
	t.Run("T10 literal: dealer wins", func(t *testing.T) {
		if r := eval(t, TexasHoldemVsCasino, h, Options{}); r.Comparison != -1 {
			t.Errorf("cmp %d, want -1 (A-A-A-5-4 beats A-A-A-3-2)", r.Comparison)
		}
	})
	t.Run("T10 best of seven: push", func(t *testing.T) {
		if r := eval(t, TexasHoldemVsCasino, h, Options{BestOfSeven: true}); r.Comparison != 0 || r.PlayerLine != FullHouse {
			t.Errorf("cmp %d line %q, want a push on the board's full house", r.Comparison, r.PlayerLine)
		}
	})
}

// docs/rules/ru-oasis-poker.md §10: Ace-King qualification (T6–T9), identical ranks
// push (T11), the Royal Bonus literal reading (T12–T14).
func TestRuOasisPokerVectors(t *testing.T) {
	tests := []struct {
		id, player, dealer string
		qualifies          bool
		cmp                int
		line               Line
	}{
		{"T6 A-Q-9-5-3 is no game", "Jh Jd 7c 4s 2d", "As Qd 9c 5h 3s", false, 1, Pair},
		{"T7 K-Q-9-5-3 is no game", "Jh Jd 7c 4s 2d", "Ks Qd 9c 5h 3s", false, 1, Pair},
		{"T8 Q-9-9-5-3 is a game", "Jh Jd 7c 4s 2d", "Qs 9d 9c 5h 3s", true, 1, Pair},
		{"T9 A-K beats A-K on the third card", "Ac Kd 8h 3s 2c", "As Kh 7d 4c 2d", true, 1, AceKing},
		{"T10 sevens beat fives", "7c 7d Kh 3s 2c", "5s 5h Ad 4c 2d", true, 1, Pair},
		{"T11 identical ranks push", "Ac Kd 8h 3s 2c", "As Kh 8d 3c 2d", true, 0, AceKing},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			r := eval(t, Oasis, Hand{Player: cs(t, tt.player), Dealer: cs(t, tt.dealer)}, Options{})
			if r.DealerQualifies != tt.qualifies || r.Comparison != tt.cmp || r.PlayerLine != tt.line {
				t.Errorf("qualifies %v cmp %d line %q; want %v %d %q", r.DealerQualifies, r.Comparison, r.PlayerLine, tt.qualifies, tt.cmp, tt.line)
			}
		})
	}
	bonusTests := []struct {
		id, first string
		literal   bool
		alt       bool
	}{
		{"T12 pair of kings wins", "Kc Kd 9h 4s 2c", true, true},
		{"T13 pair of aces loses (literal)", "Ac Ad 9h 4s 2c", false, true},
		{"T14 aces and threes win", "Ac Ad 3h 3s 9c", true, true},
		{"queens up lose", "Qc Qd 3h 3s 9c", false, true},
		{"pair of queens loses", "Qc Qd 3h 4s 9c", false, false},
		{"trips win", "3c 3d 3h 4s 9c", true, true},
	}
	for _, tt := range bonusTests {
		t.Run(tt.id, func(t *testing.T) {
			first := cs(t, tt.first)
			if got := RoyalBonus(first, RoyalBonusLiteral) != NoLine; got != tt.literal {
				t.Errorf("literal: %v, want %v", got, tt.literal)
			}
			if got := RoyalBonus(first, RoyalBonusPairOfKingsOrBetter) != NoLine; got != tt.alt {
				t.Errorf("pair of kings or better: %v, want %v", got, tt.alt)
			}
		})
	}
	// T12: the bonus stands even when the dealer has no game.
	r := eval(t, Oasis, Hand{Player: cs(t, "Kc Kd 9h 4s 2c"), Dealer: cs(t, "Qs Jd 8c 5h 3s")}, Options{})
	if r.DealerQualifies || bonus(r, "royal_bonus") != Pair {
		t.Errorf("qualifies %v royal bonus %q", r.DealerQualifies, bonus(r, "royal_bonus"))
	}
}

// docs/rules/ru-russian-poker.md §11: two combinations (T3, T4, T8), qualification
// (T9, T10, T12), the Royal Bonus (T16, T17) and the wheel (T18).
func TestRuRussianPokerVectors(t *testing.T) {
	tests := []struct {
		id, player   string
		main, second Line
		mainCards    string
		secondCards  string
	}{
		{"T3 three pairs: AAKK and AAQQ", "As Ah Kd Kc Qs Qh", TwoPair, TwoPair, "As Ah Kd Kc", "As Ah Qs Qh"},
		{"T4 two trips: two full houses", "7s 7h 7d Ks Kh Kd", FullHouse, FullHouse, "Ks Kh Kd 7s 7h", "7s 7h 7d Ks Kh"},
		{"T8 pair of nines and Ace-King", "9s 9h Ad Kc 3s", Pair, AceKing, "9s 9h", "Ad Kc"},
		{"five cards: only Ace-King can be second", "9s 9h 5d 5c 3s", TwoPair, NoLine, "9s 9h 5d 5c", ""},
		{"a straight leaves no second on five cards", "9s Th Jd Qc Ks", Straight, NoLine, "Ks Qc Jd Th 9s", ""},
		{"six cards: flush and a pair with the sixth card", "As Ks 9s 5s 2s 9d", Flush, Pair, "As Ks 9s 5s 2s", "9s 9d"},
		{"no combination", "Qs Jh 8d 5c 3s", HighCard, NoLine, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			r := eval(t, Russian, Hand{Player: cs(t, tt.player)}, Options{})
			if r.Main.Line != tt.main || card.Join(r.Main.Cards) != tt.mainCards {
				t.Errorf("main = %q %s, want %q %s", r.Main.Line, card.Join(r.Main.Cards), tt.main, tt.mainCards)
			}
			if r.Second.Line != tt.second || card.Join(r.Second.Cards) != tt.secondCards {
				t.Errorf("second = %q %s, want %q %s", r.Second.Line, card.Join(r.Second.Cards), tt.second, tt.secondCards)
			}
		})
	}
	t.Run("T9 dealer jacks beat player nines", func(t *testing.T) {
		r := eval(t, Russian, Hand{Player: cs(t, "9s 9h Ad Kc 3s"), Dealer: cs(t, "Js Jd 7c 5h 2d")}, Options{})
		if !r.DealerQualifies || r.Comparison != -1 {
			t.Errorf("qualifies %v cmp %d", r.DealerQualifies, r.Comparison)
		}
	})
	t.Run("T10 Q-J-9-5-3 is no game", func(t *testing.T) {
		r := eval(t, Russian, Hand{Player: cs(t, "9s 9h Ad Kc 3s"), Dealer: cs(t, "Qs Jd 9c 5h 3d")}, Options{})
		if r.DealerQualifies {
			t.Error("Q-J-9-5-3 must not qualify")
		}
	})
	t.Run("T12 a flush after the buy is a game", func(t *testing.T) {
		r := eval(t, Russian, Hand{Player: cs(t, "9s 9d Ad Kc 3s"), Dealer: cs(t, "Qh 9h 5h 3h Ah")}, Options{})
		if !r.DealerQualifies || r.DealerLine != Flush {
			t.Errorf("qualifies %v line %q", r.DealerQualifies, r.DealerLine)
		}
	})
	t.Run("T16 pair of kings kept for the bonus after a sixth card", func(t *testing.T) {
		r := eval(t, Russian, Hand{Player: cs(t, "Ks Kh 7d 4c 2s 9h"), FirstFive: cs(t, "Ks Kh 7d 4c 2s")}, Options{})
		if bonus(r, "royal_bonus") != Pair {
			t.Errorf("royal bonus %q, want pair", bonus(r, "royal_bonus"))
		}
	})
	t.Run("T17 pair of aces loses the bonus", func(t *testing.T) {
		r := eval(t, Russian, Hand{Player: cs(t, "As Ah 7d 4c 2s")}, Options{})
		if bonus(r, "royal_bonus") != NoLine {
			t.Errorf("royal bonus %q, want none", bonus(r, "royal_bonus"))
		}
	})
	t.Run("T18 wheel loses to six-high straight", func(t *testing.T) {
		r := eval(t, Russian, Hand{Player: cs(t, "As 2h 3d 4c 5s"), Dealer: cs(t, "2s 3h 4d 5c 6h")}, Options{})
		if r.Comparison != -1 {
			t.Errorf("cmp %d, want -1", r.Comparison)
		}
	})
}

// docs/rules/ru-split-poker.md §10: qualification with a pair of twos and the small
// hands (T5–T9, T11, T12, T14).
func TestRuSplitPokerVectors(t *testing.T) {
	tests := []struct {
		id                             string
		player, pSmall, dealer, dSmall string
		qualifies                      bool
		cmp, small                     int
	}{
		{"T5 player small higher", "8s 8h Kd 4c 2s", "Ac Kh", "3s 3h Qd 7c 5d", "Qc Jd", true, 1, 1},
		{"T6 dealer small pair wins", "8s 8h Kd 4c 2s", "Ac Kh", "3s 3h Qd 7c 5d", "5s 5c", true, 1, -1},
		{"T7 equal smalls favour the player", "8s 8h Kd 4c 2s", "Ac 9h", "3s 3h Qd 7c 5d", "Ad 9c", true, 1, 1},
		{"T8 big hand loses: no small comparison", "As Ah Kd 4c 2s", "Qc Jh", "3s 3h 5d 5c 9d", "7c 6d", true, -1, 0},
		{"T9 identical big hands push", "As Kh 9d 5c 3s", "Qc Jh", "Ac Kd 9h 5s 3d", "7c 6d", false, 0, 0},
		{"T11 pair of nines after the buy is a game", "Js Jh 6d 4c 2s", "Qc Th", "Ac Kd 9h 5s 9d", "7c 6c", true, 1, 1},
		{"T12 A-K-9-5-4 is no game", "Js Jh 6d 8c 2s", "Qc Th", "Ac Kd 9h 5s 4d", "", false, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			r := eval(t, Split, Hand{Player: cs(t, tt.player), PlayerSmall: cs(t, tt.pSmall), Dealer: cs(t, tt.dealer), DealerSmall: cs(t, tt.dSmall)}, Options{})
			if r.DealerQualifies != tt.qualifies || r.Comparison != tt.cmp || r.SmallComparison != tt.small {
				t.Errorf("qualifies %v cmp %d small %d; want %v %d %d", r.DealerQualifies, r.Comparison, r.SmallComparison, tt.qualifies, tt.cmp, tt.small)
			}
		})
	}
	// T14: seven cards A-A-K-K-9-9-4 split either way are valid hands.
	for _, p := range [][2]string{{"As Ah Kd Kc 4s", "9h 9d"}, {"As Ah 9h 9d 4s", "Kd Kc"}} {
		if _, err := Evaluate(Split, Hand{Player: cs(t, p[0]), PlayerSmall: cs(t, p[1])}, Options{}); err != nil {
			t.Errorf("partition %v: %v", p, err)
		}
	}
}

func TestCompareSmall(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"2c 2d", "Ac Kd", 1}, {"Ac Kd", "Ah Qs", 1}, {"Ac 5d", "Ah 5s", 0}, {"9c 9d", "9h 9s", 0},
		{"Tc 9d", "Jh 2s", -1}, {"Kc Kd", "Ac Ad", -1},
	}
	for _, tt := range tests {
		a, b := cs(t, tt.a), cs(t, tt.b)
		if got := CompareSmall([2]card.Card(a), [2]card.Card(b)); got != tt.want {
			t.Errorf("CompareSmall(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestQualifiers(t *testing.T) {
	tests := []struct {
		q    Qualifier
		hand string
		want bool
	}{
		{PairOfFoursOrBetter, "4c 4d 9h 7s 2c", true},
		{PairOfFoursOrBetter, "3c 3d Ah Ks Qc", false},
		{PairOfFoursOrBetter, "3c 3d 2h 2s Ac", true}, // any two pair (gr-casino-holdem §5)
		{AnyPair, "2c 2d 9h 7s 3c", true},
		{AnyPair, "Ac Kd 9h 7s 3c", false},
		{AceKingOrBetter, "Ac Kd 4h 3s 2c", true},
		{AceKingOrBetter, "Ac Qd Jh 9s 2c", false},
		{AceKingOrBetter, "2c 2d 5h 4s 3c", true},
	}
	for _, tt := range tests {
		if got := tt.q.Qualifies(rank.Best(cs(t, tt.hand)...)); got != tt.want {
			t.Errorf("%v.Qualifies(%s) = %v, want %v", tt.q, tt.hand, got, tt.want)
		}
	}
}

func TestEvaluateRejectsBadHands(t *testing.T) {
	tests := []struct {
		name string
		g    Game
		h    Hand
		want string
	}{
		{"holdem: three hole cards", CasinoHoldem, Hand{Player: cs(t, "As Ks Qs"), Board: cs(t, "2c 3c 4c")}, reason.WrongCardCount},
		{"holdem: dealer without a full board", CasinoHoldem, Hand{Player: cs(t, "As Ks"), Dealer: cs(t, "Ad Kd"), Board: cs(t, "2c 3c 4c")}, reason.WrongCardCount},
		{"oasis: six cards", Oasis, Hand{Player: cs(t, "As Ks Qs Js 9s 8s")}, reason.WrongCardCount},
		{"russian: dealer card in the player's hand", Russian, Hand{Player: cs(t, "As Ks Qs Js 9s"), Dealer: cs(t, "As 2c 3c 4c 5c")}, reason.DuplicateCard},
		{"oasis: a board", Oasis, Hand{Player: cs(t, "As Ks Qs Js 9s"), Board: cs(t, "2c 3c 4c")}, reason.WrongCardCount},
		{"split: one small card", Split, Hand{Player: cs(t, "As Ks Qs Js 9s"), PlayerSmall: cs(t, "2c")}, reason.WrongCardCount},
		{"unknown game", Game(0), Hand{}, reason.UnknownGame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Evaluate(tt.g, tt.h, Options{})
			if apierr.Reason(err) != tt.want {
				t.Errorf("err = %v, want reason %s", err, tt.want)
			}
		})
	}
}
