package casinotexas

import (
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// next is where the next card goes: the round's card, or a shuffle when
// a card is due and no deck is loaded (§1: a new deck every round).
func (s *State) next(*Rules) Next { return s.Shoe.Due(s.dealTarget()) }

// dealTarget is the card the round waits for, if any (§4): before the
// first decisions a card to each box from the dealer's left and one to
// the dealer, twice (step 2); before the flop's, a burn and three board
// cards (step 4); before the river's, a burn and two more (step 6).
func (s *State) dealTarget() Next {
	if s.Phase != round.Closed || s.Stage != Dealing {
		return Next{}
	}
	switch s.Street {
	case PreFlop:
		return deck.Hole(deck.ByRound, 2, s.Boxes, held, len(s.Dealer))
	case Flop:
		return s.boardTarget(1, 3)
	case River:
		return s.boardTarget(2, 5)
	}
	return Next{}
}

// boardTarget is a burn until there are burns of them, then the board
// until it holds cards.
func (s *State) boardTarget(burns, cards int) Next {
	switch {
	case s.Burns < burns:
		return Next{To: ToBurn}
	case len(s.Board) < cards:
		return Next{To: ToBoard}
	}
	return Next{}
}

// held is box b's number and how many cards it holds, for deck.Hole.
func held(b *Box) (n, cards int) { return b.N, len(b.Cards) }

// shuffle loads a newly shuffled deck: any time the round's cards are not
// out, so that an RNG table may commit to the round's deck before its
// bets (§1: the management may order a reshuffle at any time). The same
// shuffle reported again, before any card, is a replay.
func (s *State) shuffle(*Rules) ([]Event, error) {
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
	d := s.Shoe.Draw(c, n, s.visibility(r, n.To))
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

// visibility is who may see the next card dealt to t: the board face up;
// a box's cards face down, its player's alone (§2: "only the player may
// look at his own cards"); the dealer's first face up (§4 step 2, unless
// DealerFirstCardFaceUp is off), his second face down until the
// showdown; a burn never seen.
func (s *State) visibility(r *Rules, t Target) Visibility {
	switch {
	case t == ToBoard, t == ToDealer && len(s.Dealer) == 0 && r.Options.DealerFirstCardFaceUp:
		return round.Public
	case t == ToBox:
		return round.Private
	}
	return round.Hidden
}

// waiting says what the round waits for instead of a card.
func (s *State) waiting() string {
	if s.Turn.Player != "" {
		return s.Turn.Player + "'s decision"
	}
	return "nothing"
}
