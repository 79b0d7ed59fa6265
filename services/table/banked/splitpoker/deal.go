package splitpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// advance moves the round on after a card or a decision until it waits
// for a card or a decision, or ends: the deal done, the boxes decide one
// by one from the dealer's left, a buy's cards and a played box's free
// small hand dealt in its turn (§3.19–3.24); once all have, the dealer
// reveals (§5.5) if a box played; with a game he deals himself his small
// hand and settles (§5.6–5.10), without one the boxes that played stop
// or buy (§6.1), and a bought game brings its card (§6.3) and, a game
// then, his small hand (§6.4, N8).
func (s *State) advance(r *Rules, evs []Event) []Event {
	for {
		switch s.Stage {
		case Dealing:
			if s.dealTarget().To != 0 {
				return evs
			}
			for i := range s.Boxes {
				if b := &s.Boxes[i]; b.Dark {
					b.Big = slices.Clone(b.Cards) // N6: played as dealt
				}
			}
			s.Stage = Deciding
		case Deciding:
			if b := s.undecided(); b != nil || s.dealTarget().To != 0 {
				return s.turn(b, evs)
			}
			s.Turn.Box, s.Turn.Player = 0, ""
			if !slices.ContainsFunc(s.Boxes, func(b Box) bool { return b.Action == Play }) {
				s.end(round.Settled) // every box passed: the dealer's cards stay unseen
				return append(evs, Event{Kind: EvSettled})
			}
			d := s.reveal()
			evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies})
			s.Stage = Buying
			if d.qualifies {
				s.Stage = Finishing
			}
		case Buying:
			if b := s.unchosen(); b != nil {
				return s.turn(b, evs)
			}
			s.Turn.Box, s.Turn.Player = 0, ""
			if !slices.ContainsFunc(s.Boxes, func(b Box) bool { return b.Choice == BuyGame }) {
				s.end(round.Settled) // every box stopped, settled as it did
				return append(evs, Event{Kind: EvSettled})
			}
			// §6.3, N7: the dealer discards his lowest card and draws once.
			i := lowest(s.Dealer)
			s.Replaced = append(s.Replaced, s.Dealer[i])
			s.Dealer = slices.Delete(s.Dealer, i, i+1)
			s.Stage = Drawing
		case Drawing:
			if s.dealTarget().To != 0 {
				return evs
			}
			d := dealerOf(s.Dealer)
			evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies, Reason: "bought"})
			if !d.qualifies {
				return s.showdown(r, evs, d) // §6.5: still no game
			}
			s.Stage = Finishing
		case Finishing:
			if s.dealTarget().To != 0 {
				return evs
			}
			return s.showdown(r, evs, dealerOf(s.Dealer))
		default:
			return evs
		}
	}
}

// turn makes box b's decision the one the round waits for, announcing it
// once for each wait; while a card is due, nothing waits.
func (s *State) turn(b *Box, evs []Event) []Event {
	if b == nil || s.dealTarget().To != 0 {
		s.Turn.Box, s.Turn.Player = 0, ""
		return evs
	}
	if s.Turn.Box != b.N {
		s.Turn.Box, s.Turn.Player = b.N, b.Player
		evs = append(evs, Event{Kind: EvTurn, Player: b.Player, Box: b.N, Seq: s.Turn.Seq})
	}
	return evs
}

// undecided is the box whose decision in its turn the round waits for:
// the first, in deal order, that has neither passed nor played.
func (s *State) undecided() *Box {
	for i := range s.Boxes {
		if s.Boxes[i].Action == 0 {
			return &s.Boxes[i]
		}
	}
	return nil
}

// unchosen is the box whose stop or buy the round waits for: the first
// that played and has not chosen (a dark box too: its player chooses,
// §6.2 "incl. closed boxes").
func (s *State) unchosen() *Box {
	for i := range s.Boxes {
		if b := &s.Boxes[i]; b.Action == Play && b.Choice == 0 {
			return b
		}
	}
	return nil
}

// dealTarget is the card the round waits for, if any: in the deal, five
// to each box and the dealer, one at a time, box 1 first, the dealer
// last (§3.17); in the boxes' turns, in deal order, a buy's two cards
// (§3.21) and a played box's two free small-hand cards (§3.20), each
// box's before the next box decides; on a bought game, the card that
// replaces the dealer's lowest (§6.3); once the dealer has a game, his
// two small-hand cards (§5.5).
func (s *State) dealTarget() Next {
	if s.Phase != round.Closed {
		return Next{}
	}
	switch s.Stage {
	case Dealing:
		return deck.Hole(deck.ByRound, BigCards, s.Boxes, held, len(s.Dealer))
	case Deciding:
		for i := range s.Boxes {
			b := &s.Boxes[i]
			switch {
			case b.Action == 0 && b.Bought && len(b.Cards) < BigCards+BoughtCards:
				return Next{To: ToBox, Box: b.N}
			case b.Action == 0:
				return Next{} // its turn
			case b.Action == Play && len(b.Small) < SmallCards:
				return Next{To: ToBox, Box: b.N}
			}
		}
	case Drawing:
		if len(s.Dealer) < BigCards {
			return Next{To: ToDealer}
		}
	case Finishing:
		if len(s.DealerSmall) < SmallCards {
			return Next{To: ToDealer}
		}
	}
	return Next{}
}

// held is box b's number and how many cards it holds, for deck.Hole.
func held(b *Box) (n, cards int) { return b.N, len(b.Cards) }

// lowest is the index of the dealer's lowest card, the one a bought game
// replaces (§6.3, N7): the lowest rank, and of two of a rank the lower
// suit (the source names none; with no game his ranks differ anyway).
func lowest(hand []card.Card) int {
	at := 0
	for i, c := range hand {
		if c < hand[at] {
			at = i
		}
	}
	return at
}
