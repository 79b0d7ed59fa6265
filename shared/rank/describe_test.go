package rank

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

func TestDescribeNamesTheFiveCardsMostSignificantFirst(t *testing.T) {
	tests := []struct {
		hand, five, name string
	}{
		{"Kd 4c Ks 9h Kh 4s 2d", "Ks Kh Kd 4s 4c", "Full house, Kings full of Fours"},
		{"As 2d 3c 4h 5s Kc Qd", "5s 4h 3c 2d As", "Straight, Five high"},
		{"Ah 2h 3h 4h 5h 9c 9d", "5h 4h 3h 2h Ah", "Straight flush, Five high"},
		{"9s 9h Jd Jc Ah 2c 3c", "Jd Jc 9s 9h Ah", "Two pair, Jacks and Nines, Ace kicker"},
		{"2c 3d 5h 7s 9c Jd Kh", "Kh Jd 9c 7s 5h", "High card, King (K-J-9-7-5)"},
		{"Ts 8s 6s 4s 2s Ac", "Ts 8s 6s 4s 2s", "Flush, Ten high (T-8-6-4-2)"},
	}
	for _, tt := range tests {
		h := Describe(cards(t, tt.hand)...)
		if got := card.Join(h.Cards[:]); got != tt.five || h.Name() != tt.name {
			t.Errorf("Describe(%s) = %s %q, want %s %q", tt.hand, got, h.Name(), tt.five, tt.name)
		}
	}
}

// Property: Describe agrees with Best, and its five cards are a subset of
// the hand whose own Value is the hand's.
func TestDescribeAgreesWithBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	deck := newDeck()
	var h [9]card.Card
	for i := 0; i < 20_000; i++ {
		deal(rng, deck, h[:])
		n := 5 + i%3
		d := Describe(h[:n]...)
		if d.Value != Best(h[:n]...) || Best(d.Cards[:]...) != d.Value {
			t.Fatalf("Describe(%s) = %v with %s, Best says %v", card.Join(h[:n]), d.Value, card.Join(d.Cards[:]), Best(h[:n]...))
		}
		in := card.SetOf(h[:n]...)
		for _, c := range d.Cards {
			if !in.Has(c) {
				t.Fatalf("Describe(%s) used %s", card.Join(h[:n]), c)
			}
		}
		o := DescribeOmaha(h[:4], h[4:])
		if o.Value != Omaha(h[:4], h[4:]) || Best(o.Cards[:]...) != o.Value {
			t.Fatalf("DescribeOmaha(%s | %s) = %v, Omaha says %v", card.Join(h[:4]), card.Join(h[4:]), o.Value, Omaha(h[:4], h[4:]))
		}
		if hs := card.SetOf(h[:4]...); !hs.Has(o.Cards[0]) && !hs.Has(o.Cards[1]) && card.SetOf(o.Cards[:]...)&card.SetOf(h[:4]...) == 0 {
			t.Fatal("Omaha hand uses no hole card")
		}
		if n := (card.SetOf(o.Cards[:]...) & card.SetOf(h[:4]...)).Len(); n != 2 {
			t.Fatalf("Omaha hand %s uses %d hole cards, want 2", card.Join(o.Cards[:]), n)
		}
	}
}

func TestGameCheckRejectsBadHands(t *testing.T) {
	tests := []struct {
		name        string
		game        Game
		hole, board string
		want        error
	}{
		{"high: four cards", GameHigh, "As Kd", "2c 3c", ErrCardCount},
		{"high: eight cards", GameHigh, "As Kd", "2c 3c 4c 5c 6c 7c", ErrCardCount},
		{"high: duplicate across hole and board", GameHigh, "As Kd", "As 3c 4c", ErrDuplicate},
		{"omaha: three hole cards", GameOmaha, "As Kd Qh", "2c 3c 4c", ErrCardCount},
		{"omaha: two board cards", GameOmaha, "As Kd Qh Jh", "2c 3c", ErrCardCount},
		{"omaha: six board cards", GameOmaha, "As Kd Qh Jh", "2c 3c 4c 5c 6c 7c", ErrCardCount},
		{"two plus three: three hole cards", GameTwoPlusThree, "As Kd Qh", "2c 3c 4c", ErrCardCount},
		{"unknown game", Game(9), "As Kd", "2c 3c 4c", ErrUnknownGame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.game.Check(cards(t, tt.hole), cards(t, tt.board)); !errors.Is(err, tt.want) {
				t.Errorf("Check = %v, want %v", err, tt.want)
			}
		})
	}
	if err := GameHigh.Check([]card.Card{52, 1}, cards(t, "2c 3c 4c")); !errors.Is(err, ErrInvalidCard) {
		t.Errorf("Check(card 52) = %v, want ErrInvalidCard", err)
	}
	if err := GameOmaha.Check(cards(t, "As Kd Qh Jh"), cards(t, "2c 3c 4c 5c")); err != nil {
		t.Errorf("a valid Omaha turn hand: %v", err)
	}
}

// Category names are the one-word names croupierctl prints.
func TestCategoryWords(t *testing.T) {
	want := []string{"high", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads", "straightflush"}
	for i, w := range want {
		c := Category(i + 1)
		if c.String() != w {
			t.Errorf("Category(%d) = %q, want %q", i+1, c, w)
		}
		if p, ok := ParseCategory(w); !ok || p != c {
			t.Errorf("ParseCategory(%q) = %v, %v", w, p, ok)
		}
	}
	if _, ok := ParseCategory("none"); ok {
		t.Error("none must not parse")
	}
}

// Nothing panics and nothing allocates for any input: the evaluators are
// called with whatever the caller has, validated or not.
func FuzzEvaluatorsNeverPanic(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{51, 51, 51, 51, 51})
	f.Add([]byte{255, 200, 52, 63, 64, 0, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		cs := make([]card.Card, len(b))
		for i, x := range b {
			cs[i] = card.Card(x)
		}
		v := Best(cs...)
		if (len(cs) < 5 || len(cs) > 7) && v != 0 {
			t.Fatalf("Best of %d cards = %d", len(cs), v)
		}
		if len(cs) >= 4 {
			_ = Omaha(cs[:4], cs[4:])
			_ = TwoPlusThree(cs[:2], cs[2:])
		}
		_ = UpCards(cs...)
		_ = BringIn(cs)
		for _, g := range []Game{GameHigh, GameOmaha, GameTwoPlusThree} {
			for split := 0; split <= len(cs); split++ {
				hole, board := cs[:split], cs[split:]
				if err := g.Check(hole, board); err == nil {
					v := g.Eval(hole, board)
					if !v.Valid() {
						t.Fatalf("%v.Eval(%v | %v) = %d after Check passed", g, hole, board, v)
					}
					if d := g.Describe(hole, board); d.Value != v {
						t.Fatalf("%v.Describe = %d, Eval = %d", g, d.Value, v)
					}
				}
			}
		}
	})
}
