package poker

import (
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/shared/rank"
)

// An Option changes how Start and Apply run a hand: it wraps the game's
// variant.
type Option func(hand.Variant) hand.Variant

// CheckRanks has check see every showdown rank the engine computes, seat
// by seat, and the hand use the rank check returns. The table checks the
// engine's ranks against the evaluator service's this way, and records
// them so a replay uses the same.
func CheckRanks(check func(seat int, engine rank.Value) rank.Value) Option {
	return func(v hand.Variant) hand.Variant { return checkedRanks{Variant: v, check: check} }
}

// checkedRanks is a variant whose showdown ranks pass through check.
type checkedRanks struct {
	hand.Variant
	check func(seat int, engine rank.Value) rank.Value
}

func (c checkedRanks) Rank(s *hand.State, seat int) rank.Value {
	return c.check(seat, c.Variant.Rank(s, seat))
}
