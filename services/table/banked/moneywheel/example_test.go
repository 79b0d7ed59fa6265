package moneywheel_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/wheel"
)

// A round on the placeholder layout: two bets, no more bets, an rng
// result on field 0 (seven on that layout), the settlement.
func Example() {
	r, err := moneywheel.Named(moneywheel.CZ, wheel.MoneyPlaceholder())
	if err != nil {
		panic(err)
	}
	var s moneywheel.State
	for _, c := range []moneywheel.Command{
		{Kind: moneywheel.CmdOpen},
		{Kind: moneywheel.CmdPlace, Player: "ann", Bets: []round.Bet{
			{ID: "1", Spot: moneywheel.Seven, Amount: 10},
			{ID: "2", Spot: moneywheel.Star, Amount: 10},
		}},
		{Kind: moneywheel.CmdClose},
		{Kind: moneywheel.CmdResult, Spin: moneywheel.Spin{Source: moneywheel.FromRNG, Field: 0}},
	} {
		evs, err := moneywheel.Apply(r, &s, c)
		if err != nil {
			panic(err)
		}
		for _, e := range evs {
			switch e.Kind {
			case moneywheel.EvResult:
				fmt.Println("result:", e.Winner, e.Verdict)
			case moneywheel.EvSettled:
				for _, l := range e.Lines {
					fmt.Printf("%s on %s: won %d, returned %d, lost %d\n", l.BetID, l.Spot, l.Won, l.Returned, l.Lost)
				}
			}
		}
	}
	fmt.Println("house:", round.Settlement{Lines: s.Lines}.House(), "escrow:", s.Escrow())
	// Output:
	// result: seven valid
	// 1 on seven: won 250, returned 10, lost 0
	// 2 on star: won 0, returned 0, lost 10
	// house: -240 escrow: 0
}
