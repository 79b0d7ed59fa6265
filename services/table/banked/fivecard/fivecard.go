// Package fivecard is what the banked five-card stud games (Oasis poker,
// Russian poker) share that is not a rule of either: the deal of five
// cards to each box and the dealer one at a time, the dealer's fifth face
// up (docs/rules/ru-oasis-poker.md §4 step 3, docs/rules/ru-russian-poker.md
// §4 step 3); a box's exchange, its discards taken out of its hand before
// the dealer deals it as many new ones; and the dealer's buy, his highest
// card taken out before a card replaces it (Oasis §4.17, Russian §4 step
// 7.3). What each costs, how many cards a game exchanges, and what follows
// a buy are the games' own rules, in their engines.
//
// No state of its own: it works on the cards of the engine's State.
package fivecard

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// Cards is how many cards the deal gives each box and the dealer.
const Cards = 5

// ReasonBadDiscard: an exchange's discards are not cards of the box's
// hand, repeat one, or are more or fewer than the game allows.
const ReasonBadDiscard = "BAD_DISCARD"

// Next is where the next card of the deal goes: one card to each box in
// play, box 1 (the dealer's left) first, then one to the dealer, until
// each has five; none once all have. held tells a box's number and how
// many cards it holds, dealer how many the dealer holds.
func Next[B any](boxes []B, held func(*B) (n, cards int), dealer int) deck.Next {
	return deck.Hole(deck.ByRound, Cards, boxes, held, dealer)
}

// DealerCard is who may see the dealer's card dealt as his i-th (from 0):
// in the deal the fifth face up, the others face down until he reveals
// them; once he has (shown), every card he is dealt, as a bought game's.
func DealerCard(i int, shown bool) round.Visibility {
	if i == Cards-1 || shown {
		return round.Public
	}
	return round.Hidden
}

// Discard checks an exchange of discards from hand, from least to most
// cards (BAD_DISCARD otherwise, and for a card not in the hand or named
// twice), and returns the hand without them, in the order it had, in
// hand's own storage. hand is changed only when the exchange is good.
func Discard(hand, discards []card.Card, least, most int) ([]card.Card, error) {
	if len(discards) < least || len(discards) > most {
		return hand, apierr.Invalid(ReasonBadDiscard, "%d cards to exchange: want %d to %d", len(discards), least, most)
	}
	var set card.Set
	for _, c := range discards {
		if !c.Valid() || set.Has(c) || !slices.Contains(hand, c) {
			return hand, apierr.Invalid(ReasonBadDiscard, "%s is not a card of the hand %s, once", c, card.Join(hand))
		}
		set = set.Add(c)
	}
	return slices.DeleteFunc(hand, set.Has), nil
}

// TakeHighest takes the dealer's highest card out of his hand (Highest),
// for the card of a bought game to replace: the hand without it, in its
// storage, and the card. An empty hand gives itself and no card.
func TakeHighest(hand []card.Card) ([]card.Card, card.Card, bool) {
	i := Highest(hand)
	if i < 0 {
		return hand, 0, false
	}
	c := hand[i]
	return slices.Delete(hand, i, i+1), c, true
}

// Highest is the index in hand of its highest card, the one the dealer
// replaces when a player buys his game: the highest rank, and of two of
// that rank the higher suit (the source names no suit; one must be
// chosen). -1 for an empty hand.
func Highest(hand []card.Card) int {
	at := -1
	for i, c := range hand {
		if at < 0 || c > hand[at] {
			at = i
		}
	}
	return at
}
