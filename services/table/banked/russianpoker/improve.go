package russianpoker

import (
	"slices"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// mayImprove reports box b may make improvement a, an exchange or a
// sixth card, each once: one of the two, the text's "or" (N2), unless
// the rules allow both.
func (s *State) mayImprove(r *Rules, b *Box, a Action) bool {
	switch a {
	case Exchange:
		return !b.Exchanged && (!b.Sixth || r.Options.BothImprovements)
	case Sixth:
		return !b.Sixth && (!b.Exchanged || r.Options.BothImprovements)
	}
	return false
}

// keepsBonus reports box b's improvement a, with discards for an
// exchange, keeping its Royal Bonus (§3.16, N10): the first five win it,
// and the improvement is a sixth card or an exchange that keeps the
// combination's cards, of at most two cards under LockLiteral; under
// LockNone nothing keeps it (§3.14, §3.25).
func (s *State) keepsBonus(r *Rules, b *Box, a Action, discards []card.Card) bool {
	if r.Options.LockIn == LockNone || (a != Exchange && a != Sixth) || len(b.FirstFive) != 5 ||
		banked.RoyalBonus(b.FirstFive, r.Options.RoyalBonus.Rule()) == banked.NoLine {
		return false
	}
	if a == Sixth {
		return true
	}
	if r.Options.LockIn == LockLiteral && len(discards) > 2 {
		return false
	}
	return !slices.ContainsFunc(discards, bonusCards(b.FirstFive).Has)
}

// bonusCards are the cards of the combination the first five win the
// Royal Bonus with, which the player sets under the bet (§3.16): the
// pair, the two pairs, the trips, the quads, or all five.
func bonusCards(first []card.Card) card.Set {
	main, _, _ := banked.RussianCombinations(first)
	return card.SetOf(main.Cards...)
}
