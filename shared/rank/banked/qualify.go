package banked

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Qualifier is a dealer qualification rule ("minimum game").
type Qualifier uint8

// Qualifiers of the banked games.
const (
	// PairOfFoursOrBetter: docs/rules/gr-casino-holdem.md §4 step 7 and §5 (any two
	// pair qualifies, a board pair counts); docs/rules/ru-texas-holdem-casino.md §4.2–4.3.
	PairOfFoursOrBetter Qualifier = iota + 1
	// AnyPair: docs/rules/cz-casino-texas-holdem.md §5 "at least one pair"; also
	// docs/rules/ru-split-poker.md §5.1 "a pair of twos or better".
	AnyPair
	// AceKingOrBetter: any pair or better, or a no-pair hand holding both an
	// ace and a king (docs/rules/ru-oasis-poker.md §4.4–4.5; docs/rules/ru-russian-poker.md §4.4).
	AceKingOrBetter
)

// Qualifies reports whether a dealer hand of Value v meets the rule.
func (q Qualifier) Qualifies(v rank.Value) bool {
	rs, _ := v.Ranks()
	switch c := v.Category(); q {
	case PairOfFoursOrBetter:
		return c > rank.Pair || c == rank.Pair && rs[0] >= card.Four
	case AnyPair:
		return c >= rank.Pair
	case AceKingOrBetter:
		// A five-card high hand holding an ace and a king has them as its
		// two top ranks.
		return c >= rank.Pair || c == rank.HighCard && rs[0] == card.Ace && rs[1] == card.King
	}
	return false
}

func (q Qualifier) String() string {
	switch q {
	case PairOfFoursOrBetter:
		return "pair of fours or better"
	case AnyPair:
		return "any pair"
	case AceKingOrBetter:
		return "ace-king or better"
	}
	return "none"
}
