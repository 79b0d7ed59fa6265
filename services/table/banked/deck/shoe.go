// Package deck is the one 52-card deck of the casino poker games, as
// their engines deal it: shuffled before every round, its cards reported
// one by one in commands (from the RNG's shuffled deck or a live studio's
// card reader), each at its place in the deck, never one twice. The
// engine of each game says where its next card is due (a Next, from its
// own deal plan; Hole is the hole cards' part every hold'em game shares),
// marks the card with who may see it, and records it as a Deal; this
// package keeps the deck's side of it: what was drawn, the replays of a
// card reported again, and the refusals of a card that cannot come next.
//
// No I/O, no randomness: the deck's order is never here, only the cards
// reported so far.
package deck

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// Reasons of the refusals of a shuffle or a card (apierr reasons a
// partner can switch on).
const (
	// ReasonBadCard: not a card.
	ReasonBadCard = "BAD_CARD"
	// ReasonBadPosition: a deck position neither next nor already dealt
	// in the round.
	ReasonBadPosition = "BAD_POSITION"
	// ReasonCardConflict: a position dealt already, reported with another
	// card.
	ReasonCardConflict = "CARD_CONFLICT"
	// ReasonCardNotInShoe: the deck has given the card already.
	ReasonCardNotInShoe = "CARD_NOT_IN_SHOE"
	// ReasonNoCardDue: no card is due (a decision is awaited, or the
	// round is not dealing).
	ReasonNoCardDue = "NO_CARD_DUE"
	// ReasonShuffleDue: the deck must be shuffled before the next card.
	ReasonShuffleDue = "SHUFFLE_DUE"
	// ReasonBadShuffle: a shuffle while the round's cards are out.
	ReasonBadShuffle = "BAD_SHUFFLE"
)

// Shoe is what an engine knows of the deck: one 52-card deck, shuffled
// before every round.
type Shoe struct {
	// Loaded: a shuffle was reported and its deck has not been used for
	// a round yet.
	Loaded bool `json:"loaded,omitempty"`
	// Seen are the cards drawn since the shuffle; Drawn how many.
	Seen  card.Set `json:"seen,omitempty"`
	Drawn int      `json:"drawn,omitempty"`
}

// Shuffle loads a newly shuffled deck and reports whether it did: any
// time the round's cards are not out (cardsOut: BAD_SHUFFLE), so that an
// RNG table may commit to a round's deck before its bets. The same
// shuffle reported again, before any card, is a replay (false, nil).
func (sh *Shoe) Shuffle(cardsOut bool) (bool, error) {
	switch {
	case cardsOut:
		return false, apierr.Precondition(ReasonBadShuffle, "the round's cards are out: void the round to start again")
	case sh.Loaded && sh.Drawn == 0:
		return false, nil
	}
	*sh = Shoe{Loaded: true}
	return true, nil
}

// Due is where the next card goes when the round wants one at want: a
// shuffle first when no deck is loaded (a new deck every round).
func (sh *Shoe) Due(want Next) Next {
	if want.To != 0 && !sh.Loaded {
		return Next{To: ToShuffle}
	}
	return want
}

// End marks the deck used up once a round has drawn from it: the next
// round's cards wait for a shuffle.
func (sh *Shoe) End() {
	if sh.Drawn > 0 {
		sh.Loaded = false
	}
}

// Dealt answers card c reported at position pos (0: the next) when pos
// is one the deck has given since its shuffle (dealt true): the same
// card as the round's deal there is a replay (nil), another card
// CARD_CONFLICT, a position drawn before the round BAD_POSITION.
func (sh *Shoe) Dealt(deals []Deal, pos int, c card.Card) (dealt bool, err error) {
	if pos == 0 || pos > sh.Drawn {
		return false, nil
	}
	for _, d := range deals {
		if d.Pos == pos {
			if d.Card != c {
				return true, apierr.Conflict(ReasonCardConflict, "position %d was %s, not %s", pos, d.Card, c)
			}
			return true, nil
		}
	}
	return true, apierr.Invalid(ReasonBadPosition, "position %d was dealt before this round", pos)
}

// Check refuses card c at position pos (0: the next) for a card due at
// n, a target: a shuffle due (SHUFFLE_DUE), a position past the next
// (BAD_POSITION), not a card (BAD_CARD), a card the deck has given
// (CARD_NOT_IN_SHOE).
func (sh *Shoe) Check(n Next, pos int, c card.Card) error {
	switch {
	case n.To == ToShuffle:
		return apierr.Precondition(ReasonShuffleDue, "the deck is shuffled before every round")
	case pos < 0 || pos > sh.Drawn+1:
		return apierr.Invalid(ReasonBadPosition, "position %d: the next is %d", pos, sh.Drawn+1)
	case !c.Valid():
		return apierr.Invalid(ReasonBadCard, "card %d is not a card", c)
	case sh.Seen.Has(c):
		return apierr.Invalid(ReasonCardNotInShoe, "%s: the deck has given it (one deck)", c)
	}
	return nil
}

// Draw takes c, which Check let through, from the deck to n and returns
// its record, marked vis.
func (sh *Shoe) Draw(c card.Card, n Next, vis round.Visibility) Deal {
	sh.Seen = sh.Seen.Add(c)
	sh.Drawn++
	return Deal{Pos: sh.Drawn, Card: c, To: n.To, Box: n.Box, Vis: vis}
}
