package casinoholdem

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ParseSpot reads a bet's spot, "box:n/ante" or "box:n/aa_bonus" for a
// box of the table, and returns the box and the kind; anything else is
// BAD_SPOT, a Call too: it is made by deciding (CmdDecide), never placed.
// Spots are not folded: the spot is stored as given, so it must be
// canonical.
func ParseSpot(r Rules, spot string) (int, BetKind, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, BetKind, error) {
	n, k := spotBox(spot)
	if n < 1 || n > r.Boxes || (k != BetAnte && k != BetAABonus) {
		return 0, 0, apierr.Invalid(round.ReasonBadSpot, "spot %q: want box:1/ante or box:1/aa_bonus to box:%d", spot, r.Boxes)
	}
	return n, k, nil
}

// CheckBet checks one bet on its own: its spot a box's Ante or AA Bonus
// (BAD_SPOT) and its amount within the limit of its kind: the table's for
// the Ante (§1), the AA Bonus's own (§1, glossary) (BET_OUTSIDE_LIMITS).
// It returns the box and the kind.
func CheckBet(r Rules, b round.Bet) (int, BetKind, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, BetKind, error) {
	n, k, err := parseSpot(r, b.Spot)
	if err != nil {
		return 0, 0, err
	}
	if lo, hi := r.limit(k); b.Amount < lo || b.Amount > hi {
		return 0, 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: %s %d is outside %d..%d (gr §1)", b.ID, k, b.Amount, lo, hi)
	}
	return n, k, nil
}

// CheckPlace says what Apply would do with c as a CmdPlace, without
// changing s: the bets it would put in play (their amounts reduced to
// the maximum where the rules do so), nil for a replay, or the refusal
// Apply would return. A table checks the player's balance against them
// (and, under ReserveCall, the Call) before it applies the placement.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	fresh, _, _, err := s.checkPlace(&r, &c)
	return fresh, err
}

// place adds a player's batch, all or none. A player's new bet on a spot
// where he has one replaces it (its refund is reported first, EvCancelled
// "replaced"), so that a client sends the whole amount a spot should
// hold, as the §3 chip clicks add up to.
func (s *State) place(r *Rules, c *Command) ([]Event, error) {
	fresh, replaces, reduced, err := s.checkPlace(r, c)
	if err != nil || len(fresh) == 0 {
		return nil, err // no bets: every one a replay, an acknowledged retry
	}
	var evs []Event
	for j, i := range replaces {
		if i < 0 {
			continue
		}
		old := s.Bets[i]
		evs = append(evs, Event{Kind: EvCancelled, Player: old.Player, Bets: []round.Bet{old}, Lines: s.refund(old), Reason: "replaced"})
		s.Cancelled = append(s.Cancelled, old)
		s.Bets[i] = fresh[j] // the new bet keeps the old one's place
	}
	ev := Event{Kind: EvPlaced, Player: c.Player, Bets: fresh}
	for j, b := range fresh {
		if replaces[j] < 0 {
			s.Bets = append(s.Bets, b)
		}
		if _, k := spotBox(b.Spot); k == BetAnte && r.Options.ReserveCall {
			ev.Amount += 2 * b.Amount
		}
	}
	if reduced {
		ev.Reason = "reduced to the maximum (gr §3)"
	}
	return append(evs, ev), nil
}

// refund appends the line that gives bet b back and returns it, as an
// event's.
func (s *State) refund(b round.Bet) []round.Line {
	s.Lines = append(s.Lines, round.Refund(b))
	return s.Lines[len(s.Lines)-1:]
}

// checkPlace is a placement's checks, changing nothing. It returns the
// new bets; for each, the index in State.Bets of the player's bet on the
// same spot it replaces, -1 for none; and whether an amount was reduced
// to its maximum.
func (s *State) checkPlace(r *Rules, c *Command) (fresh []round.Bet, replaces []int, reduced bool, err error) {
	bets := make([]round.Bet, len(c.Bets))
	for i, b := range c.Bets {
		if b.Spot == "" && c.Box != 0 {
			b.Spot = Spot(c.Box, BetAnte)
		}
		// §3: a bet over the limit is reduced to the largest possible
		// amount. It is reduced before the book sorts the batch, so that a
		// retry of the same placement is recognised as a replay.
		if _, k, err := parseSpot(r, b.Spot); err == nil && r.Options.ReduceToMax {
			if _, hi := r.limit(k); b.Amount > hi {
				b.Amount = hi
			}
		}
		bets[i] = b
	}
	fresh, err = round.BookOf(c.Player, s.Bets, s.Cancelled).Fresh(bets)
	if err != nil || len(fresh) == 0 {
		return nil, nil, false, err
	}
	if s.Phase != round.Betting {
		return nil, nil, false, s.wrongPhase("bet")
	}
	for j := range fresh {
		b := &fresh[j]
		n, k, err := checkBet(r, b)
		if err != nil {
			return nil, nil, false, err
		}
		if i := slices.IndexFunc(c.Bets, func(o round.Bet) bool { return o.ID == b.ID }); i >= 0 && c.Bets[i].Amount > b.Amount {
			reduced = true
		}
		if slices.ContainsFunc(fresh[:j], func(o round.Bet) bool { return o.Spot == b.Spot }) {
			return nil, nil, false, apierr.Invalid(round.ReasonBadBet, "two bets of %s on %s in one placement", c.Player, b.Spot)
		}
		if owner := s.Owner(n); owner != "" && owner != c.Player {
			return nil, nil, false, apierr.Precondition(ReasonBoxTaken, "box %d is %s's: one player a box", n, owner)
		}
		if k == BetAABonus && !s.hasAnte(c.Player, n, fresh) {
			return nil, nil, false, apierr.Precondition(ReasonNoAnte, "an AA Bonus on box %d goes with an Ante there (gr §3)", n)
		}
		replaces = append(replaces, slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == c.Player && o.Spot == b.Spot }))
	}
	return fresh, replaces, reduced, nil
}

// hasAnte reports player's Ante on box n, in play or in the batch.
func (s *State) hasAnte(player string, n int, batch []round.Bet) bool {
	ante := Spot(n, BetAnte)
	mine := func(b round.Bet) bool { return b.Spot == ante && b.Player == player }
	return slices.ContainsFunc(s.Bets, mine) || slices.ContainsFunc(batch, mine)
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. An Ante takes the box's AA Bonus
// with it, which goes with the Ante (§3).
func (s *State) cancel(_ *Rules, c *Command) ([]Event, error) {
	ids, err := round.BookOf(c.Player, s.Bets, s.Cancelled).Cancels(c.BetIDs)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("cancel")
	}
	for _, b := range s.Bets {
		if b.Player != c.Player || !slices.Contains(ids, b.ID) {
			continue
		}
		if n, k := spotBox(b.Spot); k == BetAnte {
			bonus := Spot(n, BetAABonus)
			if i := slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == c.Player && o.Spot == bonus }); i >= 0 && !slices.Contains(ids, s.Bets[i].ID) {
				ids = append(ids, s.Bets[i].ID)
			}
		}
	}
	gone := func(b round.Bet) bool { return b.Player == c.Player && slices.Contains(ids, b.ID) }
	ev := Event{Kind: EvCancelled, Player: c.Player}
	from := len(s.Lines)
	for _, b := range s.Bets {
		if gone(b) {
			ev.Bets = append(ev.Bets, b)
			s.Lines = append(s.Lines, round.Refund(b))
		}
	}
	ev.Lines = s.Lines[from:]
	s.Bets = slices.DeleteFunc(s.Bets, gone)
	s.Cancelled = append(s.Cancelled, ev.Bets...)
	return []Event{ev}, nil
}
