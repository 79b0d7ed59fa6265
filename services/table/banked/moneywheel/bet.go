package moneywheel

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Reasons of the refusals only the money wheel has; the others are
// package round's.
const (
	// ReasonAlreadyRefunded: a carry chosen for bets already refunded.
	ReasonAlreadyRefunded = "ALREADY_REFUNDED"
	// ReasonBadChoice: a void choice without a player, or neither carry
	// nor refund.
	ReasonBadChoice = "BAD_CHOICE"
)

// The symbols, as shared/wheel's money layouts label the fields and as
// the six boxes are named for bets (cz-money-wheel.md §1).
const (
	Cherries = "cherries"
	Bell     = "bell"
	Grapes   = "grapes"
	Melon    = "melon"
	Star     = "star"
	Seven    = "seven"
	// X has fields on the wheel but no box: when it wins, every bet loses.
	X = "x"
)

// Boxes lists the six betting boxes in the order of the layout
// (cz-money-wheel.md §1). It returns a new slice each call.
func Boxes() []string { return []string{Cherries, Bell, Grapes, Melon, Star, Seven} }

// MaxStake caps one player's total stake in a round whatever the table's
// limits say: no table sign is this high, and it keeps every payout and
// sum far from overflowing int64 (25:1 on it is under 2^55).
const MaxStake int64 = 1 << 50

// ParseSpot reads a bet's spot: exactly one of the six box names
// (cz-money-wheel.md §1). X, which has fields but no box, and anything
// else are refused with round.ReasonBadSpot. Names are not folded: the spot is
// stored as given, so it must already be canonical.
func ParseSpot(s string) (string, error) {
	if slices.Contains(Boxes(), s) {
		return s, nil
	}
	if s == X {
		return "", apierr.Invalid(round.ReasonBadSpot, "x has no betting box: when it wins every bet loses (cz-money-wheel.md §1)")
	}
	return "", apierr.Invalid(round.ReasonBadSpot, "spot %q is not one of %v", s, Boxes())
}

// CheckBet checks one bet on its own and returns its spot, as ParseSpot
// does: a box (BAD_SPOT otherwise) and an amount that can be within some
// limit, 1 to MaxStake (BET_OUTSIDE_LIMITS). The table's limits bound a
// player's sums on a box and the table, which only a placement makes
// (checkLimits), so the rules are the argument every engine's CheckBet
// takes and the money wheel's does not need.
func CheckBet(_ Rules, b round.Bet) (string, error) {
	spot, err := ParseSpot(b.Spot)
	if err != nil {
		return "", fmt.Errorf("bet %s: %w", b.ID, err)
	}
	if b.Amount <= 0 || b.Amount > MaxStake {
		return "", apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: amount %d", b.ID, b.Amount)
	}
	return spot, nil
}

// checkLimits reports whether player's bets in bets keep every box sum and
// his total within the table's limits. It is checked on the bets as a
// placement or a cancel would leave them, so neither can end below a
// minimum (10 + 1 on a box with minimum 10, then the 10 cancelled).
func checkLimits(r Rules, bets []round.Bet, player string) error {
	sums := map[string]int64{}
	var total int64
	for _, b := range bets {
		if b.Player != player {
			continue
		}
		sums[b.Spot] += b.Amount
		total += b.Amount
		// Each amount is at most MaxStake, so the sum cannot wrap before
		// this check stops it.
		if total > MaxStake {
			return apierr.Invalid(round.ReasonBetOutsideLimits, "%s's stakes in the round over %d", player, MaxStake)
		}
	}
	for _, box := range Boxes() {
		l, ok := r.Limits.Boxes[box]
		if sum := sums[box]; ok && sum > 0 && !l.Allows(sum) {
			return apierr.Invalid(round.ReasonBetOutsideLimits, "%d on %s is outside its limit %d..%d", sum, box, l.Min, l.Max)
		}
	}
	if l := r.Limits.Table; total > 0 && !l.Allows(total) {
		return apierr.Invalid(round.ReasonBetOutsideLimits, "%d on the table is outside its limit %d..%d", total, l.Min, l.Max)
	}
	return nil
}
