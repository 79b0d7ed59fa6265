package history

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// PokerStars names hands its own way; tracking tools read the category.
func TestDescribeLikePokerStars(t *testing.T) {
	for hand, want := range map[string]string{
		"As Kd 9c 7h 2s": "high card Ace",
		"6s 6d Ac 7h 2s": "a pair of Sixes",
		"Ks Kd 5c 5h 2s": "two pair, Kings and Fives",
		"4s 4d 4c Jh 2s": "three of a kind, Fours",
		"Ts Jd Qc Kh As": "a straight, Ten to Ace",
		"As 2d 3c 4h 5s": "a straight, Ace to Five",
		"Ah Th 7h 5h 2h": "a flush, Ace high",
		"Ks Kd Kc 5h 5s": "a full house, Kings full of Fives",
		"As Ad Ac Ah 2s": "four of a kind, Aces",
		"9s Ts Js Qs Ks": "a straight flush, Nine to King",
		"Ts Js Qs Ks As": "a Royal Flush",
	} {
		cs, err := card.ParseString(hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := Describe(rank.Best(cs...)); got != want {
			t.Errorf("%s: %q, want %q", hand, got, want)
		}
	}
}
