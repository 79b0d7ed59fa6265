package russianpoker_test

import (
	"fmt"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
	"github.com/croupier/croupier/shared/card"
)

// A round of one box, docs/rules/ru-russian-poker.md T3: ann's Ante 10,
// her A-A-K-K-Q, a sixth card bought for one Ante, the queen that makes
// her three pairs, her Bet; the dealer's pair of jacks is a game, which
// her aces up beat: her Ante returned, her Bet paid for two "two pair"
// combinations, AAKK and AAQQ. Each card says who may see it.
func Example() {
	r, _ := russianpoker.Named(russianpoker.RU)
	r.Limits.Ante = round.Limit{Min: 10, Max: 500}
	var s russianpoker.State
	apply := func(c russianpoker.Command) {
		evs, err := russianpoker.Apply(r, &s, c)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range evs {
			switch e.Kind {
			case russianpoker.EvDealt:
				to := e.Deal.To.String()
				if e.Deal.To == russianpoker.ToBox {
					to = fmt.Sprintf("box %d", e.Deal.Box)
				}
				fmt.Printf("%s to the %s (%s)\n", e.Deal.Card, to, e.Vis)
			case russianpoker.EvStaked:
				fmt.Printf("box %d stakes %d on %s\n", e.Box, e.Amount, e.Bets[0].Spot)
			case russianpoker.EvShown:
				if e.Box == 0 {
					fmt.Printf("the dealer shows %s: %s; a game: %v\n", card.Join(e.Cards), e.Hand, e.Qualifies)
				} else {
					fmt.Printf("box %d shows %s: %s\n", e.Box, card.Join(e.Cards), e.Hand)
				}
			case russianpoker.EvPaid, russianpoker.EvSettled:
				for _, l := range e.Lines {
					fmt.Printf("%s: stake %d, won %d, returned %d, lost %d\n", l.Spot, l.Stake, l.Won, l.Returned, l.Lost)
				}
			}
		}
	}
	apply(russianpoker.Command{Kind: russianpoker.CmdShuffle})
	apply(russianpoker.Command{Kind: russianpoker.CmdOpen})
	apply(russianpoker.Command{Kind: russianpoker.CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a1", Spot: "box:1/ante", Amount: 10}}})
	apply(russianpoker.Command{Kind: russianpoker.CmdClose})
	for _, c := range []string{"Ac", "Jc", "Ad", "Jd", "Kc", "9h", "Kd", "5s", "Qh", "3c"} {
		apply(russianpoker.Command{Kind: russianpoker.CmdCard, Card: card.MustParse(c)})
	}
	apply(russianpoker.Command{Kind: russianpoker.CmdDecide, Player: "ann", Box: 1, Action: russianpoker.Sixth})
	apply(russianpoker.Command{Kind: russianpoker.CmdCard, Card: card.MustParse("Qs")})
	apply(russianpoker.Command{Kind: russianpoker.CmdDecide, Player: "ann", Box: 1, Action: russianpoker.Bet})
	// Output:
	// Ac to the box 1 (private)
	// Jc to the dealer (hidden)
	// Ad to the box 1 (private)
	// Jd to the dealer (hidden)
	// Kc to the box 1 (private)
	// 9h to the dealer (hidden)
	// Kd to the box 1 (private)
	// 5s to the dealer (hidden)
	// Qh to the box 1 (private)
	// 3c to the dealer (public)
	// box 1 stakes 10 on box:1/sixth_card
	// box:1/sixth_card: stake 10, won 0, returned 0, lost 10
	// Qs to the box 1 (private)
	// box 1 stakes 20 on box:1/bet
	// the dealer shows Jc Jd 9h 5s 3c: Pair of Jacks, kickers 9-5-3; a game: true
	// box 1 shows Ac Ad Kc Kd Qh Qs: Two pair, Aces and Kings, Queen kicker
	// box:1/ante: stake 10, won 0, returned 10, lost 0
	// box:1/bet: stake 20, won 80, returned 20, lost 0
}
