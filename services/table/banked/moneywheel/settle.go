package moneywheel

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
)

// Settle settles bets on the winning symbol, the symbol of the winning
// field (Winner, Rules.Symbol), as roulette's Settle takes the winning
// number (cz-money-wheel.md §4.6): a bet on it wins N:1 and its stake is
// returned (§5: N:1 is N times the stake on top of it); every other bet
// is taken. X has no box, so when it wins every bet loses. One line per
// bet, in the bets' order.
//
// A symbol not on the wheel ("", a field off the wheel) cannot come
// through Apply (CheckSpin); should one come, every stake is refunded
// rather than taken on a result nobody saw.
func Settle(r Rules, bets []round.Bet, sym string) round.Settlement {
	if !slices.Contains(r.Wheel.Labels, sym) {
		sym = ""
	}
	lines := make([]round.Line, 0, len(bets))
	for _, b := range bets {
		l := round.Line{BetID: b.ID, Player: b.Player, Spot: b.Spot, Stake: b.Amount}
		switch {
		case sym == "":
			l.Returned = b.Amount
		case b.Spot == sym:
			l.Won = b.Amount * r.Pays[sym]
			l.Returned = b.Amount
		default:
			l.Lost = b.Amount
		}
		lines = append(lines, l)
	}
	return round.Settlement{Lines: lines}
}
