package casinoholdem

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// next is where the next card goes: the round's card, or a shuffle when
// a card is due and no deck is loaded (§1: a new deck every round).
func (s *State) next(r *Rules) Next {
	n := s.dealTarget(r)
	if n.To != 0 && !s.Shoe.Loaded {
		return Next{To: ToShuffle}
	}
	return n
}

// dealTarget is the card the round waits for, if any: in the deal, the
// boxes' two cards each and the dealer's two in the deal order, a burn
// where the rules burn, the flop (§4.2); once a box has called, a burn
// and the turn and the river (§4.5).
func (s *State) dealTarget(r *Rules) Next {
	if s.Phase != round.Closed {
		return Next{}
	}
	burn := r.Options.BurnCards
	switch s.Stage {
	case Dealing:
		if n := s.holeTarget(r); n.To != 0 {
			return n
		}
		if burn && s.Burns == 0 {
			return Next{To: ToBurn}
		}
		if len(s.Board) < 3 {
			return Next{To: ToBoard}
		}
	case Finishing:
		if burn && s.Burns < 2 {
			return Next{To: ToBurn}
		}
		if len(s.Board) < 5 {
			return Next{To: ToBoard}
		}
	}
	return Next{}
}

// holeTarget is the next of the boxes' and the dealer's two cards: each
// box its two then the dealer his (ByBox, §4.2), or a card to each box
// and one to the dealer, twice (ByRound). Boxes are dealt from the
// dealer's left, box 1 first.
func (s *State) holeTarget(r *Rules) Next {
	if r.Options.DealOrder == ByRound {
		for want := 1; want <= 2; want++ {
			for i := range s.Boxes {
				if len(s.Boxes[i].Cards) < want {
					return Next{To: ToBox, Box: s.Boxes[i].N}
				}
			}
			if len(s.Dealer) < want {
				return Next{To: ToDealer}
			}
		}
		return Next{}
	}
	for i := range s.Boxes {
		if len(s.Boxes[i].Cards) < 2 {
			return Next{To: ToBox, Box: s.Boxes[i].N}
		}
	}
	if len(s.Dealer) < 2 {
		return Next{To: ToDealer}
	}
	return Next{}
}

// shuffle loads a newly shuffled deck: any time the round's cards are not
// out, so that an RNG table may commit to the round's deck before its
// bets. The same shuffle reported again, before any card, is a replay.
func (s *State) shuffle(_ *Rules) ([]Event, error) {
	switch {
	case s.Phase == round.Closed && len(s.Deals) > 0:
		return nil, apierr.Precondition(ReasonBadShuffle, "the round's cards are out: void the round to start again")
	case s.Shoe.Loaded && s.Shoe.Drawn == 0:
		return nil, nil
	}
	s.Shoe = Shoe{Loaded: true}
	return []Event{{Kind: EvShuffled, Amount: card.NumCards}}, nil
}

// card takes the next card from the deck to where it is due (Next).
func (s *State) card(r *Rules, c *Command) ([]Event, error) {
	if c.Pos != 0 && c.Pos <= s.Shoe.Drawn {
		return nil, s.replayed(c)
	}
	n := s.Next
	switch n.To {
	case 0:
		if s.Phase != round.Closed {
			return nil, s.wrongPhase("card")
		}
		return nil, apierr.Precondition(ReasonNoCardDue, "no card is due: %s", s.waiting())
	case ToShuffle:
		return nil, apierr.Precondition(ReasonShuffleDue, "the deck is shuffled before every round (gr §1)")
	}
	switch {
	case c.Pos < 0 || c.Pos > s.Shoe.Drawn+1:
		return nil, apierr.Invalid(ReasonBadPosition, "position %d: the next is %d", c.Pos, s.Shoe.Drawn+1)
	case !c.Card.Valid():
		return nil, apierr.Invalid(ReasonBadCard, "card %d is not a card", c.Card)
	case s.Shoe.Seen.Has(c.Card):
		return nil, apierr.Invalid(ReasonCardNotInShoe, "%s: the deck has given it (one deck, gr §1)", c.Card)
	}
	evs := []Event{s.draw(r, c.Card, n)}
	return s.advance(r, evs), nil
}

// replayed answers a card reported at a position dealt already: the same
// card is a replay (nil), another a conflict.
func (s *State) replayed(c *Command) error {
	for _, d := range s.Deals {
		if d.Pos == c.Pos {
			if d.Card != c.Card {
				return apierr.Conflict(ReasonCardConflict, "position %d was %s, not %s", c.Pos, d.Card, c.Card)
			}
			return nil
		}
	}
	return apierr.Invalid(ReasonBadPosition, "position %d was dealt before this round", c.Pos)
}

// draw takes c from the deck to n, records it with who may see it and
// returns its event.
func (s *State) draw(r *Rules, c card.Card, n Next) Event {
	sh := &s.Shoe
	sh.Seen = sh.Seen.Add(c)
	sh.Drawn++
	d := Deal{Pos: sh.Drawn, Card: c, To: n.To, Box: n.Box, Vis: visibility(r, n.To)}
	s.Deals = append(s.Deals, d)
	switch n.To {
	case ToBurn:
		s.Burns++
	case ToBox:
		b := s.box(n.Box)
		b.Cards = append(b.Cards, c)
	case ToDealer:
		s.Dealer = append(s.Dealer, c)
	case ToBoard:
		s.Board = append(s.Board, c)
	}
	return Event{Kind: EvDealt, Box: n.Box, Deal: d, Vis: d.Vis}
}

// visibility is who may see a card dealt to t: the board is face up; the
// boxes' cards face up as §4.2 deals them, or private to the box; the
// dealer's face down (§4.2) until the showdown; a burn never seen.
func visibility(r *Rules, t Target) Visibility {
	switch t {
	case ToBoard:
		return Public
	case ToBox:
		if r.Options.HoleCardsFaceUp {
			return Public
		}
		return Private
	}
	return Hidden
}

// waiting says what the round waits for instead of a card.
func (s *State) waiting() string {
	if s.Turn.Player != "" {
		return s.Turn.Player + "'s decision"
	}
	return "nothing"
}
