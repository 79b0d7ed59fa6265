package roulette

import (
	"fmt"
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Apply applies one command to the round. It mutates s and returns what
// happened; a refused command returns an *apierr.Error (wrapped) with a
// stable reason and leaves s exactly as it was. A retried place or cancel
// that already took effect, or a second close, changes nothing and returns
// no events.
func Apply(r Rules, s *State, c Command) ([]Event, error) {
	switch c.Kind {
	case CmdPlace:
		return s.place(r, c)
	case CmdCancel:
		return s.cancel(c)
	case CmdClose:
		return s.close()
	case CmdResult:
		return s.result(r, c)
	case CmdVoid:
		return s.void(c)
	}
	return nil, apierr.Invalid(ReasonBadCommand, "command %v", c.Kind)
}

// open refuses a change to the bets unless betting is open.
func (s *State) open() error {
	switch {
	case s.Phase.Over():
		return apierr.Precondition(ReasonRoundOver, "the round is %v", s.Phase)
	case s.Phase != round.Betting:
		// ru §3.25, T18: a bet after "no more bets" does not play and is
		// returned: refused, it never was in play.
		return apierr.Precondition(ReasonBettingClosed, "no more bets")
	}
	return nil
}

// place puts a batch of one player's bets in play, all or nothing.
func (s *State) place(r Rules, c Command) ([]Event, error) {
	if c.Player == "" {
		return nil, apierr.Invalid(ReasonBadBet, "a placement names its player")
	}
	var fresh []round.Bet
	var spots []Spot
	for _, b := range c.Bets {
		if b.Player == "" {
			b.Player = c.Player
		}
		if b.Player != c.Player {
			return nil, apierr.Invalid(ReasonBadBet, "bet %s is for %s, not %s", b.ID, b.Player, c.Player)
		}
		sp, err := CheckBet(r, b)
		if err != nil {
			return nil, err
		}
		b.Spot = sp.Name
		if i := slices.IndexFunc(fresh, func(f round.Bet) bool { return f.ID == b.ID }); i >= 0 {
			if fresh[i] != b {
				return nil, apierr.Conflict(ReasonBetConflict, "bet id %s twice in the batch", b.ID)
			}
			continue
		}
		fresh = append(fresh, b)
		spots = append(spots, sp)
	}
	fresh, spots, err := s.unplaced(fresh, spots)
	if err != nil || len(fresh) == 0 {
		return nil, err
	}
	if err := s.open(); err != nil {
		return nil, err
	}
	if err := s.checkSpots(r, c.Player, fresh, spots); err != nil {
		return nil, err
	}
	s.Bets = append(s.Bets, fresh...)
	return []Event{{Kind: EvPlaced, Player: c.Player, Bets: slices.Clone(fresh)}}, nil
}

// unplaced drops the bets already in the round with the same content
// (a retried placement) and refuses an id used for anything else.
func (s *State) unplaced(bets []round.Bet, spots []Spot) ([]round.Bet, []Spot, error) {
	var outB []round.Bet
	var outS []Spot
	for i, b := range bets {
		same := func(x round.Bet) bool { return x.ID == b.ID }
		if j := slices.IndexFunc(s.Bets, same); j >= 0 {
			if s.Bets[j] != b {
				return nil, nil, apierr.Conflict(ReasonBetConflict, "bet id %s is already placed as %s %d", b.ID, s.Bets[j].Spot, s.Bets[j].Amount)
			}
			continue
		}
		if slices.ContainsFunc(s.Cancelled, same) {
			return nil, nil, apierr.Conflict(ReasonBetConflict, "bet id %s was cancelled in this round", b.ID)
		}
		outB, outS = append(outB, b), append(outS, spots[i])
	}
	return outB, outS, nil
}

// checkSpots keeps each of the player's spots within the spot maximum:
// chips stacked on one spot are one bet (ru §3.5–3.6). Track pieces count
// too unless the track cap settles their excess (ru §4.4).
func (s *State) checkSpots(r Rules, player string, bets []round.Bet, spots []Spot) error {
	total := map[string]int64{}
	kinds := map[string]Kind{}
	addBet := func(b round.Bet, sp Spot) {
		if !sp.Kind.Announced() {
			total[sp.Name] += b.Amount
			kinds[sp.Name] = sp.Kind
			return
		}
		if r.Options.TrackCap {
			return
		}
		units := sp.Units(r)
		for _, p := range sp.Pieces(r) {
			total[p.Name] += b.Amount / units * p.Chips
			kinds[p.Name] = p.Kind
		}
	}
	for i, b := range bets {
		addBet(b, spots[i])
	}
	for _, b := range s.Bets {
		if b.Player != player {
			continue
		}
		if sp, err := ParseSpot(r, b.Spot); err == nil {
			addBet(b, sp)
		}
	}
	for name, amt := range total {
		if max := r.Limits.SpotMax(kinds[name]); max > 0 && amt > max {
			return apierr.Invalid(ReasonOutsideLimits, "%s would hold %d of %s's, over the spot maximum %d", name, amt, player, max)
		}
	}
	return nil
}

// cancel takes back bets of the player while betting is open.
func (s *State) cancel(c Command) ([]Event, error) {
	var gone []string
	for _, id := range c.BetIDs {
		mine := func(b round.Bet) bool { return b.ID == id && b.Player == c.Player }
		switch {
		case slices.Contains(gone, id):
		case slices.ContainsFunc(s.Bets, mine):
			gone = append(gone, id)
		case slices.ContainsFunc(s.Cancelled, mine):
			// Cancelled already: a retried cancel.
		default:
			return nil, apierr.NotFound(ReasonUnknownBet, "no bet %s of %s in the round", id, c.Player)
		}
	}
	if len(gone) == 0 {
		return nil, nil
	}
	if err := s.open(); err != nil {
		return nil, err
	}
	var out []round.Bet
	s.Bets = slices.DeleteFunc(s.Bets, func(b round.Bet) bool {
		if b.Player == c.Player && slices.Contains(gone, b.ID) {
			out = append(out, b)
			return true
		}
		return false
	})
	s.Cancelled = append(s.Cancelled, out...)
	return []Event{{Kind: EvCancelled, Player: c.Player, Bets: slices.Clone(out)}}, nil
}

// close is "no more bets"; closing a closed round changes nothing.
func (s *State) close() ([]Event, error) {
	switch {
	case s.Phase == round.Closed:
		return nil, nil
	case s.Phase != round.Betting:
		return nil, apierr.Precondition(ReasonRoundOver, "the round is %v", s.Phase)
	}
	s.Phase = round.Closed
	return []Event{{Kind: EvClosed}}, nil
}

// result judges a spin and settles, voids or re-opens the round.
func (s *State) result(r Rules, c Command) ([]Event, error) {
	switch {
	case s.Phase.Over():
		return nil, apierr.Precondition(ReasonRoundOver, "the round is %v", s.Phase)
	case s.Phase != round.Closed:
		// The result comes strictly after "no more bets" (ru N4).
		return nil, apierr.Precondition(ReasonNotClosed, "no result before no more bets")
	case c.Spin == nil:
		return nil, apierr.Invalid(ReasonBadSpin, "no spin")
	}
	sp := c.Spin.clone()
	if err := sp.check(); err != nil {
		return nil, err
	}
	v := Validate(r, s.last(), sp)
	won, err := sp.number(r.Wheel)
	switch {
	case err == nil:
		sp.Label = won.String()
	case v.Outcome == Valid:
		return nil, err
	}
	s.Spins = append(s.Spins, sp)
	shown := sp.clone()
	ev := Event{Spin: &shown, Verdict: &v}
	switch v.Outcome {
	case Respin:
		// ru §3.22: "no game", spin again; bets stay and may be changed.
		s.Phase = round.Betting
		ev.Kind = EvNoSpin
	case Void:
		s.refund(fmt.Sprintf("invalid spin: %s", faultList(v.Faults)))
		ev.Kind, ev.Lines, ev.Reason = EvVoided, slices.Clone(s.Lines), s.Reason
	default:
		res := sp.clone()
		s.Result, s.Won = &res, won
		s.Lines = Settle(r, s.Bets, won).Lines
		s.Phase = round.Settled
		ev.Kind, ev.Lines = EvSettled, slices.Clone(s.Lines)
	}
	return []Event{ev}, nil
}

// void is the operator voiding the round (cz §8).
func (s *State) void(c Command) ([]Event, error) {
	if s.Phase.Over() {
		return nil, apierr.Precondition(ReasonRoundOver, "the round is %v", s.Phase)
	}
	reason := c.Reason
	if reason == "" {
		reason = "voided by the operator"
	}
	s.refund(reason)
	return []Event{{Kind: EvVoided, Lines: slices.Clone(s.Lines), Reason: s.Reason}}, nil
}

// refund voids the round: every bet in play goes back whole.
func (s *State) refund(reason string) {
	s.Lines = make([]round.Line, 0, len(s.Bets))
	for _, b := range s.Bets {
		s.Lines = append(s.Lines, round.Refund(b))
	}
	s.Phase, s.Reason = round.Voided, reason
}

func faultList(fs []Fault) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.String()
	}
	return strings.Join(names, ", ")
}
