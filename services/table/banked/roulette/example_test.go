package roulette_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
)

// A round on the "cz" profile: bets, no more bets, the RNG's spin, the
// settlement (docs/rules/cz-european-roulette.md §9: neighbours of 5 on 24).
func Example() {
	r, _ := roulette.Named(roulette.CZ)
	var s roulette.State
	cmds := []roulette.Command{
		{Kind: roulette.CmdOpen},
		{Kind: roulette.CmdPlace, Player: "ann", Bets: []round.Bet{
			{ID: "a1", Spot: "neighbours:5", Amount: 5},
			{ID: "a2", Spot: "split:5-2", Amount: 2},
		}},
		{Kind: roulette.CmdClose},
		{Kind: roulette.CmdResult, Spin: &roulette.Spin{Pocket: 20}}, // 24
	}
	for _, c := range cmds {
		if _, err := roulette.Apply(r, &s, c); err != nil {
			fmt.Println(err)
		}
	}
	for _, l := range s.Lines {
		fmt.Printf("%s %-12s stake %d won %d returned %d lost %d\n", l.BetID, l.Spot, l.Stake, l.Won, l.Returned, l.Lost)
	}
	fmt.Println("house", s.Settlement().House())
	// Output:
	// a1 straight:23  stake 1 won 0 returned 0 lost 1
	// a1 straight:10  stake 1 won 0 returned 0 lost 1
	// a1 straight:5   stake 1 won 0 returned 0 lost 1
	// a1 straight:24  stake 1 won 35 returned 1 lost 0
	// a1 straight:16  stake 1 won 0 returned 0 lost 1
	// a2 split:2-5    stake 2 won 0 returned 0 lost 2
	// house -29
}
