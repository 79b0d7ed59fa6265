package rank

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// The hand-ranking test vectors of docs/rules/, one named test each,
// citing file and vector id. Vectors about banked-game settlement,
// showdown splitting and odd chips live with those packages.

func cards(t *testing.T, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseString(s)
	if err != nil {
		t.Fatalf("bad test hand %q: %v", s, err)
	}
	return cs
}

// docs/rules/gr-regulation-2-general-operation.md §12.1 S1–S8: the category and name
// of each example hand of G5.3.
func TestGrRegulation2HandExamples(t *testing.T) {
	tests := []struct {
		id, hand string
		cat      Category
		name     string
	}{
		{"S1", "As Ks Qs Js Ts", StraightFlush, "Royal flush"},
		{"S2", "Ks Kh Kd Kc Th", Quads, "Four of a kind, Kings, Ten kicker"},
		{"S3", "8s 8h 8d 9c 9h", FullHouse, "Full house, Eights full of Nines"},
		{"S4", "5c 4d 3h 2s Ad", Straight, "Straight, Five high"},
		{"S5", "Ac Kd Qh Js Td", Straight, "Straight, Ace high"},
		{"S6", "8s 8h 8d Kc Qh", Trips, "Three of a kind, Eights, kickers K-Q"},
		{"S7", "9s 9h Jd Jc Ah", TwoPair, "Two pair, Jacks and Nines, Ace kicker"},
		{"S8", "Ks Kh 8d 9c Ah", Pair, "Pair of Kings, kickers A-9-8"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			v := Best(cards(t, tt.hand)...)
			if v.Category() != tt.cat || v.Name() != tt.name {
				t.Errorf("%s: got %v %q, want %v %q", tt.hand, v.Category(), v.Name(), tt.cat, tt.name)
			}
		})
	}
}

// gr-regulation-2 §12.1 S9: ranks descend A > K > ... > 2 > A(low): the ace
// is the highest single card and also the bottom of the wheel.
func TestGrRegulation2S9RankOrder(t *testing.T) {
	order := "AKQJT98765432"
	for i := 0; i+1 < len(order); i++ {
		hi, lo := card.MustParse(string(order[i])+"s"), card.MustParse(string(order[i+1])+"s")
		if UpCards(hi) <= UpCards(lo) {
			t.Errorf("%s does not outrank %s", hi, lo)
		}
	}
	wheel, six := Best(cards(t, "As 2d 3c 4h 5s")...), Best(cards(t, "2d 3c 4h 5s 6c")...)
	if wheel.Category() != Straight || wheel >= six {
		t.Errorf("A-2-3-4-5 = %v must be the lowest straight, below 2-3-4-5-6 = %v", wheel, six)
	}
}

// gr-regulation-2 §12.1 S10: suit order ♠ > ♥ > ♦ > ♣ for stud and the
// seat draw; §7.1: suits never rank Hold'em/Omaha hands.
func TestGrRegulation2S10SuitOrder(t *testing.T) {
	if !(UpCards(card.MustParse("As")) > UpCards(card.MustParse("Ah")) &&
		UpCards(card.MustParse("Ah")) > UpCards(card.MustParse("Ad")) &&
		UpCards(card.MustParse("Ad")) > UpCards(card.MustParse("Ac"))) {
		t.Error("stud suit order is not ♠ > ♥ > ♦ > ♣")
	}
	if Best(cards(t, "As Ks Qs Js 9s")...) != Best(cards(t, "Ac Kc Qc Jc 9c")...) {
		t.Error("suits must not rank equal flushes")
	}
}

// gr-regulation-2 §12.2: the derived hand comparisons.
func TestGrRegulation2DerivedComparisons(t *testing.T) {
	tests := []struct {
		name, better, worse string
	}{
		{"trips compared first", "8s 8h 8d 2c 2h", "7s 7h 7d Ac Ah"},
		{"same pairs, odd card A beats K", "9s 9h Jd Jc Ah", "9d 9c Js Jh Kd"},
		{"6-high straight beats the wheel", "2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c"},
		{"flush decided on the fifth card", "Ah Kh 9h 5h 3h", "Ad Kd 9d 5d 2d"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if b, w := Best(cards(t, tt.better)...), Best(cards(t, tt.worse)...); b <= w {
				t.Errorf("%s (%v) must beat %s (%v)", tt.better, b, tt.worse, w)
			}
		})
	}
	// "Identical ranks in Hold'em → split; suits are not used."
	if Best(cards(t, "Ah Kd 9c 5s 3h")...) != Best(cards(t, "As Kc 9d 5h 3c")...) {
		t.Error("identical ranks must tie")
	}
}

// docs/rules/gr-regulation-1-variants-and-terms.md §8 vector 9: Omaha exact-2 rule.
// Board A♥ K♥ 7♥ 4♥ 9♣, hole Q♥ J♣ 8♠ 2♦: no flush (one heart in hand);
// A-K-Q-J-9 high card. A Hold'em evaluator would say heart flush.
func TestGrRegulation1Vector9OmahaNeedsTwoHoleCardsForAFlush(t *testing.T) {
	hole, board := cards(t, "Qh Jc 8s 2d"), cards(t, "Ah Kh 7h 4h 9c")
	h := DescribeOmaha(hole, board)
	if h.Category() != HighCard || h.Name() != "High card, Ace (A-K-Q-J-9)" {
		t.Errorf("got %v %q", h.Category(), h.Name())
	}
	if GameHigh.Eval(hole[:2], board).Category() != Flush {
		t.Error("a Hold'em reading of Q♥ J♣ with this board is a flush")
	}
}

// gr-regulation-1 §8 vector 10: Omaha, no four-board straight. Board
// T♠ J♦ Q♣ K♥ 2♠, hole A♦ 3♣ 4♦ 5♥: A-K-Q-J-5 high card.
func TestGrRegulation1Vector10OmahaNoFourBoardStraight(t *testing.T) {
	h := DescribeOmaha(cards(t, "Ad 3c 4d 5h"), cards(t, "Ts Jd Qc Kh 2s"))
	if h.Name() != "High card, Ace (A-K-Q-J-5)" || card.Join(h.Cards[:]) != "Ad Kh Qc Jd 5h" {
		t.Errorf("got %q with %s", h.Name(), card.Join(h.Cards[:]))
	}
}

// gr-regulation-1 §8 vector 11: A-2-3-4-5 is a 5-high straight and loses to
// 2-3-4-5-6; Q-K-A-2-3 is not a straight (no wrap-around).
func TestGrRegulation1Vector11AceLowNoWrapAround(t *testing.T) {
	if Best(cards(t, "Ac 2d 3h 4s 5c")...) >= Best(cards(t, "2c 3d 4h 5s 6c")...) {
		t.Error("the wheel must lose to 2-3-4-5-6")
	}
	if c := Best(cards(t, "Qc Kd Ah 2s 3c")...).Category(); c != HighCard {
		t.Errorf("Q-K-A-2-3 = %v, want high card", c)
	}
}

// docs/rules/gr-variant-omaha.md §7 vectors 1–5.
func TestOmahaVariantVectors(t *testing.T) {
	tests := []struct {
		id, hole, board, name, five string
	}{
		{"1 four-flush board", "Qs Qh 9d 8c", "As Ks 7s 4s 2h", "Pair of Queens, kickers A-K-7", "Qs Qh As Ks 7s"},
		{"2 quads on the board", "As Ks 3d 4c", "9s 9h 9d 9c 2s", "Three of a kind, Nines, kickers A-K", "9s 9h 9d As Ks"},
		{"3 board trips + hole pair", "As Ah 7c 3d", "Ks Kh Kd 5c 2s", "Full house, Kings full of Aces", "Ks Kh Kd As Ah"},
		{"4 one-card straight", "9h Ad 2c 3c", "5s 6s 7s 8d Kh", "High card, Ace (A-K-9-8-7)", "Ad Kh 9h 8d 7s"},
		{"5 comparison with Hold'em", "Ts 3c 4h 5d", "As Ks Qs Js 2d", "High card, Ace (A-K-Q-T-5)", "As Ks Qs Ts 5d"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			hole, board := cards(t, tt.hole), cards(t, tt.board)
			h := DescribeOmaha(hole, board)
			if h.Name() != tt.name || card.Join(h.Cards[:]) != tt.five {
				t.Errorf("got %q with %s, want %q with %s", h.Name(), card.Join(h.Cards[:]), tt.name, tt.five)
			}
			if h.Value != Omaha(hole, board) {
				t.Errorf("DescribeOmaha %d != Omaha %d", h.Value, Omaha(hole, board))
			}
		})
	}
	// Vector 5's contrast: in Hold'em the same cards are a royal flush.
	if v := Best(cards(t, "Ts 3c As Ks Qs Js 2d")...); v != MaxValue {
		t.Errorf("Hold'em reading = %v, want royal flush", v)
	}
}

// docs/rules/gr-variant-texas-holdem.md §7 vector 7: board A♠K♠Q♠J♠T♠, S1 2♥3♥, S2
// 4♦5♦: both play the board and split. docs/rules/ru-club-poker.md T1 is the same
// board with three players.
func TestHoldemBoardPlaysSplit(t *testing.T) {
	board := cards(t, "As Ks Qs Js Ts")
	var vs []Value
	for _, hole := range []string{"2h 3h", "4d 5d", "7c 8c"} {
		vs = append(vs, GameHigh.Eval(cards(t, hole), board))
	}
	if vs[0] != MaxValue || vs[1] != vs[0] || vs[2] != vs[0] {
		t.Errorf("values %v, want three royal flushes", vs)
	}
}

// docs/rules/ru-club-poker.md T2: flushes A-J-9-6-3 ♥ vs ♦ split.
func TestRuClubPokerT2EqualFlushesSplit(t *testing.T) {
	if Best(cards(t, "Ah Jh 9h 6h 3h")...) != Best(cards(t, "Ad Jd 9d 6d 3d")...) {
		t.Error("equal flushes of different suits must tie")
	}
}

// docs/rules/ru-texas-holdem-casino.md T1 (7-7-J beats 7-7-8 on the kicker) and T2
// (K-K-K-3-3 beats Q-Q-Q-A-A); docs/rules/ru-oasis-poker.md, docs/rules/ru-russian-poker.md and
// docs/rules/ru-split-poker.md T1/T2 repeat them with 2-2-J vs 2-2-8 and Q-Q-Q-J-J.
func TestKickerAndFullHouseComparisons(t *testing.T) {
	tests := []struct{ id, better, worse string }{
		{"ru-texas-holdem-casino T1", "7s 7h Jd 4c 2h", "7d 7c 8s 4h 2d"},
		{"ru-texas-holdem-casino T2", "Ks Kh Kd 3c 3h", "Qs Qh Qd Ac Ah"},
		{"ru-oasis/russian/split T1", "2s 2h Jd 7c 5h", "2d 2c 8s 7h 5d"},
		{"ru-oasis/russian/split T2", "Ks Kh Kd 3c 3h", "Qs Qh Qd Jc Jh"},
		{"ru-oasis T3 broadway beats the wheel", "Ts Jh Qd Kc Ah", "As 2h 3d 4c 5h"},
		{"ru-oasis T3 six-high beats the wheel", "2s 3h 4d 5c 6h", "As 2h 3d 4c 5h"},
		{"ru-russian T18 dealer 2-3-4-5-6 beats A-2-3-4-5", "2s 3h 4d 5c 6h", "Ad 2c 3s 4h 5d"},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			if b, w := Best(cards(t, tt.better)...), Best(cards(t, tt.worse)...); b <= w {
				t.Errorf("%s (%v) must beat %s (%v)", tt.better, b, tt.worse, w)
			}
		})
	}
}

// docs/rules/ru-texas-holdem-casino.md T10 and T11 (N1): the literal two-hole-card
// rule against the best-five-of-seven variant.
func TestRuTexasHoldemCasinoTwoPlusThree(t *testing.T) {
	board := cards(t, "Ac Ad Ah Ks Kd")
	player, dealer := cards(t, "2s 3s"), cards(t, "4d 5d")
	// T10 literal: A-A-A-3-2 against A-A-A-5-4: the dealer wins.
	if p, d := TwoPlusThree(player, board), TwoPlusThree(dealer, board); p >= d {
		t.Errorf("T10 literal: player %v must lose to dealer %v", p, d)
	}
	// T10 best-of-seven: both play the board full house: push.
	if p, d := GameHigh.Eval(player, board), GameHigh.Eval(dealer, board); p != d || p.Category() != FullHouse {
		t.Errorf("T10 best of seven: %v vs %v, want equal full houses", p, d)
	}
	// T11: five hearts on the board, no heart in hand.
	hearts, hole := cards(t, "2h 5h 8h Jh Kh"), cards(t, "As Ac")
	if c := TwoPlusThree(hole, hearts).Category(); c == Flush {
		t.Error("T11 literal: no flush without two hearts in hand")
	}
	if c := GameHigh.Eval(hole, hearts).Category(); c != Flush {
		t.Errorf("T11 best of seven = %v, want flush", c)
	}
}

// docs/rules/cz-casino-texas-holdem.md §8 vector 7: quads on the board, the kicker
// decides: A♥3♣ beats K♦4♠ on 9♠ 9♥ 9♦ 9♣ 2♠.
func TestCzCasinoHoldemVector7QuadsOnBoardKicker(t *testing.T) {
	board := cards(t, "9s 9h 9d 9c 2s")
	p, d := GameHigh.Eval(cards(t, "Ah 3c"), board), GameHigh.Eval(cards(t, "Kd 4s"), board)
	if p.Category() != Quads || p <= d {
		t.Errorf("player %v must beat dealer %v", p, d)
	}
}

// Suited two-plus-three hands where the best straight flush is not the
// hole's two highest cards of the suit with the board's three highest, and
// where the best flush is: the suited check reads straight windows and
// top ranks separately (eval.go, twoThreeFlush).
func TestOmahaSuitedTwoPlusThree(t *testing.T) {
	tests := []struct {
		hole, board, name string
	}{
		{"9h 8h Ah Kd", "7h 6h 5h Kh 2c", "Straight flush, Nine high"},
		{"As 2s Kd Kc", "3s 4s 5s 9h Jd", "Straight flush, Five high"},
		{"Ah 5h Kc Qd", "2h 3h 4h Jh 9c", "Straight flush, Five high"},
		{"Ah 5h 4h Kc", "3h 2h Qh Jh 9c", "Flush, Ace high (A-Q-J-5-3)"},
		{"Ah Kh Qh Jh", "Th 9h 8h 2c 3d", "Straight flush, Queen high"},
		{"Ah Th 3c 4d", "Kh Qh Jh 5c 6d", "Royal flush"},
		{"Ah 2h 3c 4d", "Kh Qh Jh 5c 6d", "Flush, Ace high (A-K-Q-J-2)"},
		{"Ah 3h 2h Kc", "Kh 9h 7h 5h 4c", "Flush, Ace high (A-K-9-7-3)"},
		{"Ah Kh Qh Jh", "9h 7h 5h 2c 3d", "Flush, Ace high (A-K-9-7-5)"},
		{"Ah Kh 7c 7d", "Qh Jh 2h 7s 7h", "Four of a kind, Sevens, Queen kicker"},
	}
	for _, tt := range tests {
		hole, board := cards(t, tt.hole), cards(t, tt.board)
		h := DescribeOmaha(hole, board)
		if h.Name() != tt.name || h.Value != Omaha(hole, board) {
			t.Errorf("%s | %s: %q (Omaha %d, described %d), want %q", tt.hole, tt.board, h.Name(), Omaha(hole, board), h.Value, tt.name)
		}
	}
}
