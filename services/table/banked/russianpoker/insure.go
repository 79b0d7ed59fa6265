package russianpoker

import (
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// checkInsurance refuses an insurance of amount with the Bet of box b's
// owner: on a
// hand below three of a kind (NO_INSURANCE, §3.29), below 1 × Ante or
// above what the Bet would be paid on the hand, and above the table's
// max payout (BAD_AMOUNT, §3.30, §3.33).
func (s *State) checkInsurance(r *Rules, b *Box, amount int64) error {
	main, _, _ := combinations(b.Cards)
	if lineOrder(main) < lineOrder(banked.Trips) {
		return apierr.Precondition(ReasonNoInsurance, "insurance only on three of a kind or better (§3.29): the box has %s", main)
	}
	lo, hi := insuranceBounds(r, b)
	if amount < lo || amount > hi {
		return apierr.Invalid(ReasonBadAmount, "insurance %d: want %d to %d (§3.30, §3.33)", amount, lo, hi)
	}
	return nil
}

// insuranceBounds are the least and the most box b's owner may insure
// with his Bet: 1 × Ante to what the Bet would be paid on its hand, at
// most the table's max payout (§3.30, §3.33).
func insuranceBounds(r *Rules, b *Box) (lo, hi int64) {
	ante := b.Bettors[0].Ante
	return ante, capped(betPayout(r, b.Cards, 2*ante), r.Limits.MaxPayout)
}

// insurable reports box b's hand three of a kind or better, with room
// for an insurance (§3.29).
func insurable(r *Rules, b *Box) bool {
	main, _, _ := combinations(b.Cards)
	lo, hi := insuranceBounds(r, b)
	return lineOrder(main) >= lineOrder(banked.Trips) && lo <= hi
}

// betPayout is what a winning Bet of bet is paid on cards: its main
// combination and, if it has one, its second, each by the Bet paytable,
// added (§4.16, N4).
func betPayout(r *Rules, cards []card.Card, bet int64) int64 {
	main, second, ok := combinations(cards)
	won, _ := r.Paytables.Bet.Pay(main, bet)
	if ok {
		w, _ := r.Paytables.Bet.Pay(second, bet)
		won += w
	}
	return won
}

// lineOrder ranks a Bet line, 0 for a hand below Ace-King.
func lineOrder(l Line) int {
	for i, x := range BetLines() {
		if x == l {
			return i + 1
		}
	}
	return 0
}
