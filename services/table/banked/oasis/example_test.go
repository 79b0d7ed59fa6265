package oasis_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// A round of one box, docs/rules/ru-oasis-poker.md T8: ann's Ante 10, her
// pair of jacks, her Bet; the dealer's A-Q-9-5-3 is no game, ann buys it
// for one Ante, and the nine that replaces his ace gives him a pair of
// nines, which her jacks beat. Each card says who may see it.
func Example() {
	r, _ := oasis.Named(oasis.RU)
	r.Limits.Ante = round.Limit{Min: 10, Max: 500}
	var s oasis.State
	apply := func(c oasis.Command) {
		evs, err := oasis.Apply(r, &s, c)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range evs {
			switch e.Kind {
			case oasis.EvDealt:
				to := e.Deal.To.String()
				if e.Deal.To == oasis.ToBox {
					to = fmt.Sprintf("box %d", e.Deal.Box)
				}
				fmt.Printf("%s to the %s (%s)\n", e.Deal.Card, to, e.Vis)
			case oasis.EvTurn:
				fmt.Printf("%s decides for box %d\n", e.Player, e.Box)
			case oasis.EvStaked:
				fmt.Printf("box %d stakes %d on %s\n", e.Box, e.Amount, e.Bets[0].Spot)
			case oasis.EvShown:
				if e.Box == 0 {
					fmt.Printf("the dealer shows %s: %s; a game: %v\n", card.Join(e.Cards), e.Hand, e.Qualifies)
				} else {
					fmt.Printf("box %d shows %s: %s\n", e.Box, card.Join(e.Cards), e.Hand)
				}
			case oasis.EvPaid, oasis.EvSettled:
				for _, l := range e.Lines {
					fmt.Printf("%s: stake %d, won %d, returned %d, lost %d\n", l.Spot, l.Stake, l.Won, l.Returned, l.Lost)
				}
			}
		}
	}
	apply(oasis.Command{Kind: oasis.CmdShuffle})
	apply(oasis.Command{Kind: oasis.CmdOpen})
	apply(oasis.Command{Kind: oasis.CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a1", Spot: "box:1/ante", Amount: 10}}})
	apply(oasis.Command{Kind: oasis.CmdClose})
	for _, c := range []string{"Jc", "Ad", "Jd", "Qc", "7h", "9h", "4s", "5s", "2c", "3c"} {
		apply(oasis.Command{Kind: oasis.CmdCard, Card: card.MustParse(c)})
	}
	apply(oasis.Command{Kind: oasis.CmdDecide, Player: "ann", Box: 1, Action: oasis.Bet})
	apply(oasis.Command{Kind: oasis.CmdDecide, Player: "ann", Box: 1, Action: oasis.Buy})
	apply(oasis.Command{Kind: oasis.CmdCard, Card: card.MustParse("9d")})
	// Output:
	// Jc to the box 1 (private)
	// Ad to the dealer (hidden)
	// Jd to the box 1 (private)
	// Qc to the dealer (hidden)
	// 7h to the box 1 (private)
	// 9h to the dealer (hidden)
	// 4s to the box 1 (private)
	// 5s to the dealer (hidden)
	// 2c to the box 1 (private)
	// 3c to the dealer (public)
	// ann decides for box 1
	// box 1 stakes 20 on box:1/bet
	// the dealer shows Ad Qc 9h 5s 3c: High card, Ace (A-Q-9-5-3); a game: false
	// ann decides for box 1
	// box 1 stakes 10 on box:1/buy
	// box:1/buy: stake 10, won 0, returned 0, lost 10
	// 9d to the dealer (public)
	// the dealer shows Qc 9h 5s 3c 9d: Pair of Nines, kickers Q-5-3; a game: true
	// box 1 shows Jc Jd 7h 4s 2c: Pair of Jacks, kickers 7-4-2
	// box:1/ante: stake 10, won 10, returned 10, lost 0
	// box:1/bet: stake 20, won 20, returned 20, lost 0
}
