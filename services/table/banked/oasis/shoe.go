package oasis

import (
	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// next is where the next card goes: the round's card, or a shuffle when
// a card is due and no deck is loaded (§5.1: a new deck every round).
func (s *State) next(_ *Rules) Next { return s.Shoe.Due(s.dealTarget()) }

// dealTarget is the card the round waits for, if any: in the deal, five
// to each box and the dealer, one at a time (§3.16); in a box's turn,
// the new cards of its exchange (§3.21); on a bought game, the card that
// replaces the dealer's highest (§4.17).
func (s *State) dealTarget() Next {
	if s.Phase != round.Closed {
		return Next{}
	}
	switch s.Stage {
	case Dealing:
		return fivecard.Next(s.Boxes, held, len(s.Dealer))
	case Deciding:
		if b := s.undecided(); b != nil && len(b.Cards) < fivecard.Cards {
			return Next{To: ToBox, Box: b.N}
		}
	case Drawing:
		if len(s.Dealer) < fivecard.Cards {
			return Next{To: ToDealer}
		}
	}
	return Next{}
}

// held is box b's number and how many cards it holds, for fivecard.Next.
func held(b *Box) (n, cards int) { return b.N, len(b.Cards) }

// shuffle loads a newly shuffled deck: any time the round's cards are not
// out. The same shuffle reported again, before any card, is a replay.
func (s *State) shuffle(_ *Rules) ([]Event, error) {
	if ok, err := s.Shoe.Shuffle(s.Phase == round.Closed && len(s.Deals) > 0); !ok {
		return nil, err
	}
	return []Event{{Kind: EvShuffled, Amount: card.NumCards}}, nil
}

// card takes the next card from the deck to where it is due (Next): one
// deck, each card once (§1.1).
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
	evs := []Event{s.draw(c.Card, n)}
	return s.advance(r, evs), nil
}

// draw takes c from the deck to n, records it with who may see it and
// returns its event: a box's card private to its player, hidden on a
// dark box (N5); the dealer's
// hidden but his fifth (fivecard.DealerCard), and public once he has
// shown his hand (a bought game's card).
func (s *State) draw(c card.Card, n Next) Event {
	vis := Private
	if b := s.box(n.Box); b != nil && b.Dark {
		vis = Hidden // N5: nobody looks at a dark box's cards
	}
	if n.To == ToDealer {
		vis = fivecard.DealerCard(len(s.Dealer), s.DealerShown)
	}
	d := s.Shoe.Draw(c, n, vis)
	s.Deals = append(s.Deals, d)
	if n.To == ToBox {
		b := s.box(n.Box)
		b.Cards = append(b.Cards, c)
	} else {
		s.Dealer = append(s.Dealer, c)
	}
	return Event{Kind: EvDealt, Box: n.Box, Deal: d, Vis: d.Vis}
}

// waiting says what the round waits for instead of a card.
func (s *State) waiting() string {
	if s.Turn.Player != "" {
		return s.Turn.Player + "'s decision"
	}
	return "nothing"
}
