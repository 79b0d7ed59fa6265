package house_test

import (
	"fmt"
	"time"

	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/wheel"
)

// One rng roulette round as the table core drives it: every command
// carries its time and every outside result (the RNG's draw, the wallet's
// answers); the table says what happened and which money to move.
func Example() {
	rr, _, err := house.Rules(house.GameRoulette, roulette.CZ, nil, wheel.Wheel{})
	if err != nil {
		panic(err)
	}
	rr.Limits.Table = round.Limit{Min: 1, Max: 500}
	cfg := house.Config{ID: "r1", Name: "Roulette 1", Game: house.GameRoulette, Profile: roulette.CZ, Roulette: rr,
		Source: house.ResultRNG, Window: 15 * time.Second, MaxPlayers: 100, MaxBets: 50, Currency: "EUR",
		Escrow: "escrow-r1", Revenue: "house-revenue", Bank: "house-bank"}
	if err := cfg.Validate(); err != nil {
		panic(err)
	}
	t := house.New(cfg)
	step := func(at int64, c *house.Command) []house.Event {
		c.Stamp(at)
		st, err := t.Step(c)
		if err != nil {
			panic(err)
		}
		return st.Events.([]house.Event)
	}
	step(0, &house.Command{Kind: house.CmdJoin, Who: "p:ann", Name: "Ann", Account: "w-ann"})
	step(0, &house.Command{Kind: house.CmdOpen, Round: 1, Draw: &house.Draw{Outcome: "rng-1", Commitment: []byte{7}, Pocket: 8}}) // 17
	step(1000, &house.Command{Kind: house.CmdPlace, Who: "p:ann", Round: 1, Hold: "hold-1", Amount: 10,
		Bets: []round.Bet{{ID: "b1", Spot: "straight:17", Amount: 10}}})
	// The stake stays held on Ann's wallet account until no more bets;
	// then it goes into the round escrow.
	fmt.Println("runnable while betting:", len(t.Runnable(1000+house.IntentGrace.Milliseconds())))
	step(15000, &house.Command{Kind: house.CmdClose, Round: 1})
	for _, in := range t.Runnable(15000) {
		fmt.Println("wallet:", in.Kind, in.Amount)
		step(15100, &house.Command{Kind: house.CmdIntentsDone, Done: []string{in.ID}})
	}
	for _, e := range step(15200, &house.Command{Kind: house.CmdResult, Round: 1}) {
		if e, ok := e.For(game.Viewer{Player: "p:ann"}); ok {
			fmt.Println(e.Kind, e.Winner, e.Paid)
		}
	}
	for _, in := range t.Runnable(20000) {
		fmt.Println("wallet:", in.Kind, in.Returned, in.Won)
	}
	// Output:
	// runnable while betting: 0
	// wallet: post 10
	// result 17 360
	// settled 17 360
	// wallet: settle 10 350
}
