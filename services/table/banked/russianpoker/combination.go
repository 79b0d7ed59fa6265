package russianpoker

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// combinations are the lines of the box's main and second combinations
// (§4.13–4.16, N4), as package banked's RussianCombinations finds them:
// the Bet is paid on lines, not on the cards that make them. ok is false
// when the box holds no second combination.
func combinations(cards []card.Card) (main, second Line, ok bool) {
	m, s, ok := banked.RussianCombinations(cards)
	return m.Line, s.Line, ok
}
