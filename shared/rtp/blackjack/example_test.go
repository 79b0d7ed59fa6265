package blackjack_test

import (
	"fmt"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rtp/blackjack"
)

func ExampleCompute() {
	for _, r := range []blackjack.Rules{blackjack.CZ(), blackjack.RU()} {
		res, err := blackjack.Cached(r)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d decks: RTP %.4f%%, house edge %.4f%%\n", r.Decks, 100*res.RTP, 100*res.HouseEdge)
	}
	// Output:
	// 6 decks: RTP 99.8173%, house edge 0.1827%
	// 8 decks: RTP 99.7105%, house edge 0.2895%
}

func ExampleStrategy_Decide() {
	res, err := blackjack.Cached(blackjack.CZ())
	if err != nil {
		panic(err)
	}
	hand := []card.Card{card.MustParse("Tc"), card.MustParse("6d")}
	up := card.MustParse("Kh")
	// the first two cards of the original hand: surrender is allowed
	fmt.Println(res.Strategy.Decide(hand, up, true, false, true))
	// after a hit, only hit or stand
	hand = append(hand[:1], card.MustParse("2s"), card.MustParse("4h"))
	fmt.Println(res.Strategy.Decide(hand, up, false, false, false))
	// Output:
	// R
	// S
}
