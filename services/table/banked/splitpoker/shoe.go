package splitpoker

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// next is where the next card goes: the round's card, or a shuffle when
// a card is due and no deck is loaded (§7.2: a new deck every round).
func (s *State) next(_ *Rules) Next { return s.Shoe.Due(s.dealTarget()) }

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
// returns its event. A light box's cards, its five and a buy's two, are
// its player's (§3.17, §3.21); a dark box's nobody's (N6), and a played
// box's free small hand nobody's, face down and untouched until the end
// (§3.20, §6.1). The dealer's first four are face down, his fifth face up
// (§3.17); once he has revealed, every card he draws is public, a bought
// game's card and his small hand (§5.5, §6.3).
func (s *State) draw(c card.Card, n Next) Event {
	vis := Private
	var b *Box
	if n.To == ToBox {
		b = s.box(n.Box)
		if b.Dark || b.Action == Play {
			vis = Hidden
		}
	} else if len(s.Dealer) < BigCards-1 && !s.DealerShown {
		vis = Hidden
	} else {
		vis = Public
	}
	d := s.Shoe.Draw(c, n, vis)
	s.Deals = append(s.Deals, d)
	switch {
	case b != nil && s.Stage == Deciding && b.Action == Play:
		b.Small = append(b.Small, c)
	case b != nil:
		b.Cards = append(b.Cards, c)
	case s.Stage == Finishing:
		s.DealerSmall = append(s.DealerSmall, c)
	default:
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
