package rank

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

func holdings(t *testing.T, ss ...string) [][]card.Card {
	t.Helper()
	out := make([][]card.Card, len(ss))
	for i, s := range ss {
		out[i] = cards(t, s)
	}
	return out
}

// docs/rules/gr-variant-5-card-stud.md §7 vector 1: up cards S1 9♥, S2 3♦, S3 3♣,
// S4 K♠: S3 brings it in (3♣, clubs lowest). docs/rules/gr-variant-7-card-stud.md §7
// vector 1: S1 2♥, S2 2♣, S3 A♦, S4 9♠: S2 (ace high). betting-rules-ru-
// sports.md §2: equal ranks, ♣ brings in first.
func TestBringInIsTheLowestCardClubsFirst(t *testing.T) {
	tests := []struct {
		name string
		up   string
		want int
	}{
		{"5-card stud vector 1", "9h 3d 3c Ks", 2},
		{"7-card stud vector 1", "2h 2c Ad 9s", 1},
		{"ace is high, never the lowest", "Ac 4s", 1},
		{"ru-sports: clubs lowest among equal ranks", "5s 5h 5c 5d", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := BringIn(cards(t, tt.up)); got != tt.want {
				t.Errorf("BringIn(%s) = %d, want %d", tt.up, got, tt.want)
			}
		})
	}
	if BringIn(nil) != -1 || BringIn([]card.Card{60}) != -1 {
		t.Error("empty or invalid up cards must give -1")
	}
}

func TestFirstToActIsTheHighestUpCardHolding(t *testing.T) {
	tests := []struct {
		name     string
		holdings []string
		want     int
	}{
		// docs/rules/gr-variant-5-card-stud.md §7 vector 3: a pair beats no pair.
		{"5-card stud vector 3", []string{"9h 9c", "As Ks", "Qd Jd"}, 0},
		// §7 vector 4 (N8): equal K-7: the K♠ acts first.
		{"5-card stud vector 4", []string{"Kh 7d", "Ks 7c"}, 1},
		// §7 vector 10 (I7): the community Q♠ is left out; S1's 8♠8♦ pair
		// beats S2's Q♥ J.
		{"5-card stud vector 10", []string{"8s 8d 3c", "Qh Jc 4d"}, 0},
		// docs/rules/gr-variant-7-card-stud.md §7 vector 3: A♦ A♠ is the highest.
		{"7-card stud vector 3", []string{"Kd Qs", "Ad As", "9c 9h"}, 1},
		// N8: the pair's higher suit breaks equal pairs.
		{"equal pairs: the pair holding the spade", []string{"Jh Jd 4s", "Js Jc 4c"}, 1},
		{"kicker decides before the suit", []string{"Jh Jd 4c", "Js Jc 3s"}, 0},
		{"two pair beats one pair", []string{"As Ah Kd", "3c 3d 2h 2s"}, 1},
		{"trips beat two pair", []string{"Ks Kh Qd Qc", "4c 4d 4h 2s"}, 1},
		{"quads beat trips", []string{"As Ah Ad Kc", "2c 2d 2h 2s"}, 1},
		{"kickers compared card by card", []string{"As 9h 8d 2c", "Ad 9c 8s 3h"}, 1},
		{"straights do not count", []string{"9s Th Jd Qc", "Ks 2h 3d 4c"}, 1},
		{"flushes do not count", []string{"2s 5s 7s 9s", "Th 3d 4c 6h"}, 1},
		// gr-regulation-1 §8 vector 3 (button draw, 9♥ K♥ A♥): seat 6's A♥.
		{"gr-regulation-1 vector 3 button draw", []string{"9h", "Kh", "Ah"}, 2},
		// docs/rules/cz-cash-game-texas-holdem.md §10 vector 7: A♥ vs A♠, the A♠.
		{"cz-cash-game vector 7 button draw", []string{"Ah", "As"}, 1},
		// docs/rules/ru-club-poker.md T3: K♥ and K♠, the K♠.
		{"ru-club-poker T3 button draw", []string{"Kh", "Ks"}, 1},
		// docs/rules/tournaments.md (RU §5.3.1–5.3.2): one card each, the highest gets
		// the button, equal ranks by suit ♠ > ♥ > ♦ > ♣.
		{"tournaments button draw", []string{"Qd", "Qc", "Jh", "Qh"}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FirstToAct(holdings(t, tt.holdings...)); got != tt.want {
				t.Errorf("FirstToAct(%v) = %d, want %d", tt.holdings, got, tt.want)
			}
		})
	}
}

func TestUpCardsCategory(t *testing.T) {
	tests := []struct {
		up   string
		want Category
	}{
		{"As", HighCard}, {"As Ks Qs Js", HighCard}, {"7s 7h", Pair}, {"7s 7h 2c 2d", TwoPair},
		{"7s 7h 7c", Trips}, {"7s 7h 7c 7d", Quads}, {"7s 7h 7c 2d", Trips},
	}
	for _, tt := range tests {
		if got := UpCards(cards(t, tt.up)...).Category(); got != tt.want {
			t.Errorf("UpCards(%s).Category() = %v, want %v", tt.up, got, tt.want)
		}
	}
	if UpCards() != 0 || UpCards(cards(t, "2c 3c 4c 5c 6c")...) != 0 {
		t.Error("0 or 5 up cards must give the zero UpValue")
	}
}

// Property: two different holdings of the same size from one deck never
// tie (the suit tie-break always decides), and the order is total.
func TestUpCardsNeverTieForDistinctHoldings(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 200_000; i++ {
		n := 1 + i%4
		var a, b [4]card.Card
		var seen card.Set
		for j := 0; j < 2*n; {
			c := card.Card(rng.IntN(52))
			if seen.Has(c) {
				continue
			}
			seen = seen.Add(c)
			if j < n {
				a[j] = c
			} else {
				b[j-n] = c
			}
			j++
		}
		if UpCards(a[:n]...) == UpCards(b[:n]...) {
			t.Fatalf("%s and %s tie", card.Join(a[:n]), card.Join(b[:n]))
		}
	}
}
