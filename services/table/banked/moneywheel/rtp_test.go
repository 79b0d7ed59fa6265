package moneywheel

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/wheel"
)

// rtpWant is docs/rules/cz-money-wheel.md §5: RTP = fields × (N+1) / 30,
// as exact fractions and as the table prints them.
var rtpWant = []struct {
	box     string
	rtp     *big.Rat
	percent string
}{
	{Cherries, big.NewRat(27, 30), "90.00"},
	{Bell, big.NewRat(24, 30), "80.00"},
	{Grapes, big.NewRat(25, 30), "83.33"},
	{Melon, big.NewRat(27, 30), "90.00"},
	{Star, big.NewRat(22, 30), "73.33"},
	{Seven, big.NewRat(26, 30), "86.67"},
}

// layouts are the shipped placeholder and shuffles of it: any order with
// the spec's counts (cz-money-wheel.md §7) returns the same.
func layouts(t *testing.T) []Rules {
	out := []Rules{placeholderRules(t)}
	rng := rand.New(rand.NewPCG(14, 30))
	labels := wheel.MoneyPlaceholder().Labels
	for i := range 50 {
		rng.Shuffle(len(labels), func(a, b int) { labels[a], labels[b] = labels[b], labels[a] })
		w, err := wheel.ParseMoney(fmt.Sprintf("shuffle-%d", i), strings.Join(labels, ","))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Named(CZ, w)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestCZMoneyWheelRTPByEnumeration pins docs/rules/cz-money-wheel.md §5:
// cherries 90.00 %, bell 80.00 %, grapes 83.33 %, melon 90.00 %, star
// 73.33 %, seven 86.67 %, counted over the 30 fields of every layout.
func TestCZMoneyWheelRTPByEnumeration(t *testing.T) {
	hundred := big.NewRat(100, 1)
	for li, r := range layouts(t) {
		boxes, best, err := RTP(r)
		if err != nil {
			t.Fatal(err)
		}
		// The table's figure is the best box's: cherries and melon, 90 %.
		if best.Cmp(big.NewRat(9, 10)) != 0 || len(boxes) != len(rtpWant) {
			t.Errorf("layout %d: best %s over %d boxes, want 9/10 over %d", li, best.RatString(), len(boxes), len(rtpWant))
		}
		for i, w := range rtpWant {
			got, err := BoxRTP(r, w.box)
			if err != nil {
				t.Fatal(err)
			}
			if boxes[i].Box != w.box || boxes[i].RTP.Cmp(got) != 0 {
				t.Errorf("layout %d: RTP lists %s %s, BoxRTP %s %s", li, boxes[i].Box, boxes[i].RTP.RatString(), w.box, got.RatString())
			}
			if got.Cmp(w.rtp) != 0 {
				t.Errorf("layout %d %s: RTP %s, want %s", li, w.box, got.RatString(), w.rtp.RatString())
			}
			if p := new(big.Rat).Mul(got, hundred).FloatString(2); p != w.percent {
				t.Errorf("layout %d %s: %s %%, want %s %%", li, w.box, p, w.percent)
			}
		}
	}
}

// TestCZMoneyWheelXTakesEverything is docs/rules/cz-money-wheel.md §1 and
// §4.6: on every X field a bet on every box loses, the house keeping all.
func TestCZMoneyWheelXTakesEverything(t *testing.T) {
	r := placeholderRules(t)
	var bets []round.Bet
	for _, b := range Boxes() {
		bets = append(bets, bet(b, "p", b, 7))
	}
	xs := 0
	for f, sym := range r.Wheel.Labels {
		if sym != X {
			continue
		}
		xs++
		s := Settle(r, bets, sym)
		if h := s.House(); h != 7*6 {
			t.Errorf("field %d: house %d, want 42", f, h)
		}
	}
	if xs != wheel.MoneyCounts()[X] {
		t.Errorf("%d X fields", xs)
	}
}
