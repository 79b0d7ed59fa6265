package casinotexas_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// A round of one box, docs/rules/cz-casino-texas-holdem.md §8 vector 2:
// ann's Ante and Blind 10 and Trips 5, her pair of nines, a check before
// the flop, a Play of 2 × on the flop's third nine, the dealer's ace and
// king, who qualifies with the board's king. Each card says who may see
// it.
func Example() {
	r, _ := casinotexas.Named(casinotexas.CZ)
	r.Limits.Ante = round.Limit{Min: 10, Max: 500}
	r.Limits.Trips = round.Limit{Min: 1, Max: 100}
	var s casinotexas.State
	apply := func(c casinotexas.Command) {
		evs, err := casinotexas.Apply(r, &s, c)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range evs {
			switch e.Kind {
			case casinotexas.EvDealt:
				to := e.Deal.To.String()
				if e.Deal.To == casinotexas.ToBox {
					to = fmt.Sprintf("box %d", e.Deal.Box)
				}
				fmt.Printf("%s to the %s (%s)\n", e.Deal.Card, to, e.Vis)
			case casinotexas.EvTurn:
				fmt.Printf("%s decides for box %d, %s\n", e.Player, e.Box, e.Street)
			case casinotexas.EvShown:
				if e.Box == 0 {
					fmt.Printf("the dealer shows %s: %s; qualifies: %v\n", card.Join(e.Cards), e.Hand, e.Qualifies)
				} else {
					fmt.Printf("box %d shows %s: %s\n", e.Box, card.Join(e.Cards), e.Hand)
				}
			case casinotexas.EvSettled:
				for _, l := range e.Lines {
					fmt.Printf("%s: stake %d, won %d, returned %d, lost %d\n", l.Spot, l.Stake, l.Won, l.Returned, l.Lost)
				}
			}
		}
	}
	deal := func(cs ...string) {
		for _, c := range cs {
			apply(casinotexas.Command{Kind: casinotexas.CmdCard, Card: card.MustParse(c)})
		}
	}
	decide := func(a casinotexas.Action) {
		apply(casinotexas.Command{Kind: casinotexas.CmdDecide, Player: "ann", Box: 1, Action: a})
	}
	apply(casinotexas.Command{Kind: casinotexas.CmdShuffle})
	apply(casinotexas.Command{Kind: casinotexas.CmdOpen})
	apply(casinotexas.Command{Kind: casinotexas.CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a1", Spot: "box:1/ante", Amount: 10}, {ID: "a2", Spot: "box:1/trips", Amount: 5},
	}})
	apply(casinotexas.Command{Kind: casinotexas.CmdClose})
	deal("9c", "Ah", "9d", "Kd")
	decide(casinotexas.Check)
	deal("2s", "9s", "Kh", "4d")
	decide(casinotexas.Play) // 2 × Ante, the flop's one size
	deal("3s", "2c", "7s")
	// Output:
	// 9c to the box 1 (private)
	// Ah to the dealer (public)
	// 9d to the box 1 (private)
	// Kd to the dealer (hidden)
	// ann decides for box 1, pre_flop
	// 2s to the burn (hidden)
	// 9s to the board (public)
	// Kh to the board (public)
	// 4d to the board (public)
	// ann decides for box 1, flop
	// 3s to the burn (hidden)
	// 2c to the board (public)
	// 7s to the board (public)
	// the dealer shows Ah Kd: Pair of Kings, kickers A-9-7; qualifies: true
	// box 1 shows 9c 9d: Three of a kind, Nines, kickers K-7
	// box:1/ante: stake 10, won 10, returned 10, lost 0
	// box:1/blind: stake 10, won 0, returned 10, lost 0
	// box:1/play: stake 20, won 20, returned 20, lost 0
	// box:1/trips: stake 5, won 15, returned 5, lost 0
}
