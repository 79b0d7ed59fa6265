package casinoholdem_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// A round of one box, docs/rules/gr-casino-holdem.md §10 vector 1: ann's
// Ante 10 and AA Bonus 5, her pair of aces, the call, the dealer's queen
// and jack, who does not qualify. Each card says who may see it.
func Example() {
	r, _ := casinoholdem.Named(casinoholdem.GR)
	r.Limits.Ante = round.Limit{Min: 10, Max: 500}
	r.Limits.AABonus = round.Limit{Min: 1, Max: 100}
	var s casinoholdem.State
	apply := func(c casinoholdem.Command) {
		evs, err := casinoholdem.Apply(r, &s, c)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range evs {
			switch e.Kind {
			case casinoholdem.EvDealt:
				to := e.Deal.To.String()
				if e.Deal.To == casinoholdem.ToBox {
					to = fmt.Sprintf("box %d", e.Deal.Box)
				}
				fmt.Printf("%s to the %s (%s)\n", e.Deal.Card, to, e.Vis)
			case casinoholdem.EvTurn:
				fmt.Printf("%s decides for box %d\n", e.Player, e.Box)
			case casinoholdem.EvShown:
				if e.Box == 0 {
					fmt.Printf("the dealer shows %s: %s; qualifies: %v\n", card.Join(e.Cards), e.Hand, e.Qualifies)
				} else {
					fmt.Printf("box %d shows %s: %s\n", e.Box, card.Join(e.Cards), e.Hand)
				}
			case casinoholdem.EvSettled:
				for _, l := range e.Lines {
					fmt.Printf("%s: stake %d, won %d, returned %d, lost %d\n", l.Spot, l.Stake, l.Won, l.Returned, l.Lost)
				}
			}
		}
	}
	apply(casinoholdem.Command{Kind: casinoholdem.CmdShuffle})
	apply(casinoholdem.Command{Kind: casinoholdem.CmdOpen})
	apply(casinoholdem.Command{Kind: casinoholdem.CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a1", Spot: "box:1/ante", Amount: 10}, {ID: "a2", Spot: "box:1/aa_bonus", Amount: 5},
	}})
	apply(casinoholdem.Command{Kind: casinoholdem.CmdClose})
	for _, c := range []string{"Ac", "Ad", "Qh", "Jh", "Ks", "7h", "2c"} {
		apply(casinoholdem.Command{Kind: casinoholdem.CmdCard, Card: card.MustParse(c)})
	}
	apply(casinoholdem.Command{Kind: casinoholdem.CmdDecide, Player: "ann", Box: 1, Action: casinoholdem.Call})
	for _, c := range []string{"9d", "4s"} {
		apply(casinoholdem.Command{Kind: casinoholdem.CmdCard, Card: card.MustParse(c)})
	}
	// Output:
	// Ac to the box 1 (public)
	// Ad to the box 1 (public)
	// Qh to the dealer (hidden)
	// Jh to the dealer (hidden)
	// Ks to the board (public)
	// 7h to the board (public)
	// 2c to the board (public)
	// ann decides for box 1
	// 9d to the board (public)
	// 4s to the board (public)
	// the dealer shows Qh Jh: High card, King (K-Q-J-9-7); qualifies: false
	// box 1 shows Ac Ad: Pair of Aces, kickers K-9-7
	// box:1/ante: stake 10, won 10, returned 10, lost 0
	// box:1/call: stake 20, won 0, returned 20, lost 0
	// box:1/aa_bonus: stake 5, won 35, returned 5, lost 0
}
