package moneywheel

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// choose records a player's choice for a void spin (cz-money-wheel.md
// §4.4 (a) carry or (b) refund). Made while the round runs, it decides
// if the spin is void; made after a void spin, a refund gives back the
// bets he carried, and a carry can no longer bring back refunded ones.
func (s *State) choose(r Rules, c Command) ([]Event, error) {
	if c.Player == "" {
		return nil, apierr.Invalid(ReasonBadChoice, "a choice names its player")
	}
	if c.Choice != Carry && c.Choice != Refund {
		return nil, apierr.Invalid(ReasonBadChoice, "choice %d is not carry or refund", c.Choice)
	}
	switch s.Phase {
	case round.Betting, round.Closed:
	case round.Voided:
		return s.chooseAfterVoid(r, c)
	default:
		return nil, s.wrongPhase("choose")
	}
	if old, ok := s.Choices[c.Player]; ok && old == c.Choice {
		return nil, nil
	}
	s.setChoice(c.Player, c.Choice)
	return []Event{{Kind: EvChosen, Player: c.Player, Choice: c.Choice}}, nil
}

// chooseAfterVoid is a choice made once the spin was void.
func (s *State) chooseAfterVoid(r Rules, c Command) ([]Event, error) {
	mine := func(b round.Bet) bool { return b.Player == c.Player }
	carried := slices.ContainsFunc(s.Carried, mine)
	if c.Choice == Carry {
		if !carried && slices.ContainsFunc(s.Bets, mine) {
			return nil, apierr.Precondition(ReasonAlreadyRefunded, "%s's bets of round %d were refunded", c.Player, s.Round)
		}
		if s.choice(r, c.Player) == Carry {
			return nil, nil
		}
		s.setChoice(c.Player, Carry)
		return []Event{{Kind: EvChosen, Player: c.Player, Choice: Carry}}, nil
	}
	if !carried {
		if old, ok := s.Choices[c.Player]; ok && old == Refund {
			return nil, nil
		}
		s.setChoice(c.Player, Refund)
		return []Event{{Kind: EvChosen, Player: c.Player, Choice: Refund}}, nil
	}
	ev := Event{Kind: EvRefunded, Player: c.Player, Choice: Refund}
	for _, b := range s.Carried {
		if mine(b) {
			ev.Bets = append(ev.Bets, b)
			ev.Lines = append(ev.Lines, round.Refund(b))
		}
	}
	s.Carried = slices.DeleteFunc(s.Carried, mine)
	s.Lines = append(s.Lines, ev.Lines...)
	s.setChoice(c.Player, Refund)
	return []Event{ev}, nil
}

func (s *State) setChoice(player string, c VoidChoice) {
	if s.Choices == nil {
		s.Choices = map[string]VoidChoice{}
	}
	s.Choices[player] = c
}

// choice is player's choice for a void spin.
func (s *State) choice(r Rules, player string) VoidChoice {
	if c, ok := s.Choices[player]; ok {
		return c
	}
	return r.Options.Void
}
