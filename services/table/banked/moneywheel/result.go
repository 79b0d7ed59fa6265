package moneywheel

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// result takes the spin once bets are closed: a valid one settles the
// round, a void one (cz-money-wheel.md §4.4) refunds or carries each
// player's bets as he chose. The same spin reported again is a replay.
func (s *State) result(r Rules, spin Spin) ([]Event, error) {
	if s.Phase.Over() && s.Result != nil && s.Result.Spin == spin {
		return nil, nil
	}
	if s.Phase != round.Closed {
		return nil, s.wrongPhase("result")
	}
	if err := CheckSpin(r, spin); err != nil {
		return nil, err
	}
	field := Winner(r, spin)
	out := Outcome{Spin: spin, Verdict: Validate(r, spin), Field: field, Symbol: r.Symbol(field)}
	shown := out // the event's own copy
	s.Result = &out
	evs := []Event{{Kind: EvResult, Outcome: &shown}}
	if out.Verdict == Valid {
		lines := Settle(r, s.Bets, field).Lines
		s.Lines = append(s.Lines, lines...)
		s.Phase = round.Settled
		return append(evs, Event{Kind: EvSettled, Lines: lines}), nil
	}
	ev := Event{Kind: EvVoided, Reason: fmt.Sprintf("the wheel made %d revolutions, fewer than %d (cz-money-wheel.md §4.4)", spin.Revolutions, r.Options.MinRevolutions)}
	for _, b := range s.Bets {
		if s.choice(r, b.Player) == Refund {
			ev.Lines = append(ev.Lines, round.Refund(b))
		} else {
			ev.Bets = append(ev.Bets, b)
		}
	}
	s.Lines = append(s.Lines, ev.Lines...)
	s.Carried = slices.Clone(ev.Bets)
	s.Phase, s.Reason = round.Voided, ev.Reason
	return append(evs, ev), nil
}

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

// void is the operator voiding the round: every bet still in it is
// refunded, whatever its player chose (cz-european-roulette.md §8, which
// the issue applies to every wheel game). After a void spin it refunds
// the carried bets, voiding the game they were kept for.
func (s *State) void(reason string) ([]Event, error) {
	if reason == "" {
		return nil, apierr.Invalid(ReasonNoReason, "a void needs a reason")
	}
	var refund []round.Bet
	switch s.Phase {
	case round.Betting, round.Closed:
		refund = s.Bets
	case round.Voided:
		if len(s.Carried) == 0 {
			return nil, nil
		}
		refund = s.Carried
	default:
		return nil, s.wrongPhase("void")
	}
	ev := Event{Kind: EvVoided, Reason: reason}
	for _, b := range refund {
		ev.Lines = append(ev.Lines, round.Refund(b))
	}
	s.Lines = append(s.Lines, ev.Lines...)
	s.Carried = nil
	s.Phase, s.Reason = round.Voided, reason
	return []Event{ev}, nil
}
