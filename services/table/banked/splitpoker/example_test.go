package splitpoker_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/shared/card"
)

// A round of one box, docs/rules/ru-split-poker.md T11: ann's Ante 10,
// her pair of jacks played as dealt, her free small hand K-Q; the
// dealer's A-K-9-5-3 is no game, ann buys it for one Ante, his 3 is
// replaced by a 9, a pair of nines, and his small hand 4-4 beats hers:
// her jacks win the Ante at the placeholder's pair multiple, the Bet is
// returned. Each card says who may see it.
func Example() {
	r, _ := splitpoker.Named(splitpoker.RU)
	r.Limits.Ante = round.Limit{Min: 10, Max: 500}
	var s splitpoker.State
	apply := func(c splitpoker.Command) {
		evs, err := splitpoker.Apply(r, &s, c)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range evs {
			switch e.Kind {
			case splitpoker.EvDealt:
				to := e.Deal.To.String()
				if e.Deal.To == splitpoker.ToBox {
					to = fmt.Sprintf("box %d", e.Deal.Box)
				}
				fmt.Printf("%s to the %s (%s)\n", e.Deal.Card, to, e.Vis)
			case splitpoker.EvTurn:
				fmt.Printf("%s decides for box %d\n", e.Player, e.Box)
			case splitpoker.EvShown:
				if e.Box == 0 {
					fmt.Printf("the dealer shows %s: %s; a game: %v\n", card.Join(e.Cards), e.Hand, e.Qualifies)
				} else {
					fmt.Printf("box %d shows %s: %s\n", e.Box, card.Join(e.Cards), e.Hand)
				}
			case splitpoker.EvPaid, splitpoker.EvSettled:
				for _, l := range e.Lines {
					fmt.Printf("%s: stake %d, won %d, returned %d, lost %d\n", l.Spot, l.Stake, l.Won, l.Returned, l.Lost)
				}
			}
		}
	}
	deal := func(cs ...string) {
		for _, c := range cs {
			apply(splitpoker.Command{Kind: splitpoker.CmdCard, Card: card.MustParse(c)})
		}
	}
	apply(splitpoker.Command{Kind: splitpoker.CmdShuffle})
	apply(splitpoker.Command{Kind: splitpoker.CmdOpen})
	apply(splitpoker.Command{Kind: splitpoker.CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a1", Spot: "box:1/ante", Amount: 10}}})
	apply(splitpoker.Command{Kind: splitpoker.CmdClose})
	deal("Jc", "As", "Jd", "Kd", "7s", "9h", "6h", "5c", "2c", "3s")
	apply(splitpoker.Command{Kind: splitpoker.CmdDecide, Player: "ann", Box: 1, Action: splitpoker.Play})
	deal("Kh", "Qs")
	apply(splitpoker.Command{Kind: splitpoker.CmdDecide, Player: "ann", Box: 1, Action: splitpoker.BuyGame})
	deal("9c", "4d", "4h")
	// Output:
	// Jc to the box 1 (private)
	// As to the dealer (hidden)
	// Jd to the box 1 (private)
	// Kd to the dealer (hidden)
	// 7s to the box 1 (private)
	// 9h to the dealer (hidden)
	// 6h to the box 1 (private)
	// 5c to the dealer (hidden)
	// 2c to the box 1 (private)
	// 3s to the dealer (public)
	// ann decides for box 1
	// Kh to the box 1 (hidden)
	// Qs to the box 1 (hidden)
	// the dealer shows As Kd 9h 5c 3s: High card, Ace (A-K-9-5-3); a game: false
	// ann decides for box 1
	// box:1/buy_game: stake 10, won 0, returned 0, lost 10
	// 9c to the dealer (public)
	// the dealer shows As Kd 9h 5c 9c: Pair of Nines, kickers A-K-5; a game: true
	// 4d to the dealer (public)
	// 4h to the dealer (public)
	// box 1 shows Jc Jd 7s 6h 2c Kh Qs: Pair of Jacks, kickers 7-6-2
	// box:1/ante: stake 10, won 10, returned 10, lost 0
	// box:1/bet: stake 20, won 0, returned 20, lost 0
}
