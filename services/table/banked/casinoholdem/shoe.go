package casinoholdem

import (
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// next is where the next card goes: the round's card, or a shuffle when
// a card is due and no deck is loaded (§1: a new deck every round).
func (s *State) next(r *Rules) Next { return s.Shoe.Due(s.dealTarget(r)) }

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
	return deck.Hole(r.Options.DealOrder, 2, s.Boxes, held, len(s.Dealer))
}

// held is box b's number and how many cards it holds, for deck.Hole.
func held(b *Box) (n, cards int) { return b.N, len(b.Cards) }

// shuffle loads a newly shuffled deck: any time the round's cards are not
// out, so that an RNG table may commit to the round's deck before its
// bets. The same shuffle reported again, before any card, is a replay.
func (s *State) shuffle(_ *Rules) ([]Event, error) {
	if ok, err := s.Shoe.Shuffle(s.Phase == round.Closed && len(s.Deals) > 0); !ok {
		return nil, err
	}
	return []Event{{Kind: EvShuffled, Amount: card.NumCards}}, nil
}

// card takes the next card from the deck to where it is due (Next): one
// deck, each card once (§1).
func (s *State) card(r *Rules, c *Command) ([]Event, error) {
	if dealt, err := s.Shoe.Dealt(s.Deals, c.Pos, c.Card); dealt {
		return nil, err
	}
	n := s.Next
	if n.To == 0 {
		if s.Phase != round.Closed {
			return nil, s.wrongPhase("card")
		}
		return nil, apierr.Precondition(ReasonNoCardDue, "no card is due: %s", s.waiting())
	}
	if err := s.Shoe.Check(n, c.Pos, c.Card); err != nil {
		return nil, err
	}
	evs := []Event{s.draw(r, c.Card, n)}
	return s.advance(r, evs), nil
}

// draw takes c from the deck to n, records it with who may see it and
// returns its event.
func (s *State) draw(r *Rules, c card.Card, n Next) Event {
	vis := visibility(r, n.To)
	if n.To == ToBox && s.box(n.Box).Dark {
		vis = Hidden // ru §3.10: no looking at a dark box's cards
	}
	d := s.Shoe.Draw(c, n, vis)
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
// boxes' cards face up as gr §4.2 deals them, or private to the box (ru
// §3.12), a dark box's hidden (draw); the dealer's face down (§4.2) until
// the showdown; a burn never seen.
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
