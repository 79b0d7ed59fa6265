package splitpoker

import (
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// checkPartition checks the cards a decision carries: a bought box's
// play carries the partition of its seven cards into its big hand and
// its small hand, the five then the two, each of its cards exactly once
// (N1; T14: the choice is the player's); every other decision carries
// none (BAD_PARTITION).
func (b *Box) checkPartition(a Action, cards []card.Card) error {
	if a != Play || !b.Bought {
		if len(cards) > 0 {
			return apierr.Invalid(ReasonBadPartition, "%s carries no cards: only a play after a buy splits the seven (N1)", a)
		}
		return nil
	}
	if len(cards) != BigCards+SmallCards {
		return apierr.Invalid(ReasonBadPartition, "a play after a buy carries the seven cards, the big hand's five then the small hand's two (N1); got %d", len(cards))
	}
	var seen card.Set
	for _, c := range cards {
		if !c.Valid() || seen.Has(c) || !hasCard(b.Cards, c) {
			return apierr.Invalid(ReasonBadPartition, "%s is not one of the box's cards %s, once (N1)", c, card.Join(b.Cards))
		}
		seen = seen.Add(c)
	}
	return nil
}

func hasCard(cs []card.Card, c card.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
