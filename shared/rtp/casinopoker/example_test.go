package casinopoker_test

import (
	"fmt"

	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/casinopoker"
)

func ExampleAABonus() {
	res, err := casinopoker.AABonus(casinopoker.GreekAABonus())
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d of %d hands win, RTP %.4f%%\n",
		res.Wins[banked.AABonusPairOfAcesToStraight]+res.Wins[banked.AABonusFlushOrBetter], res.Hands, 100*res.RTP)
	// Output:
	// 282660 of 2598960 hands win, RTP 93.5977%
}

func ExampleParsePaytable() {
	p, err := casinopoker.ParsePaytable("flush_or_better=25, pair_of_aces_to_straight=7")
	if err != nil {
		panic(err)
	}
	res, err := casinopoker.AABonus(p)
	fmt.Printf("%s: %.4f%% %v\n", p, 100*res.RTP, err)
	p[banked.AABonusFlushOrBetter] = 2.3 // not a whole number of eighths
	_, err = casinopoker.AABonus(p)
	fmt.Println(err)
	// Output:
	// flush_or_better=25,pair_of_aces_to_straight=7: 93.5977% <nil>
	// casino poker rtp: invalid paytable: flush_or_better pays 2.3: want a multiple of 1/8 in 0..10000
}
