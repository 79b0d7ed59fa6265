package casinoholdem

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ParseSpot reads a bet's spot, "box:n/ante" or "box:n/aa_bonus" for a
// box of the table, and returns the box and the kind; anything else is
// BAD_SPOT, a Call too, made by deciding (CmdDecide), unless the rules
// allow dark play (Options.MaxDarkBoxes): then "box:n/call" is a dark
// box's Bet, placed with its Ante (ru §3.10). Spots are not folded: the
// spot is stored as given, so it must be canonical.
func ParseSpot(r Rules, spot string) (int, BetKind, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, BetKind, error) {
	if n, k := spotBox(spot); k == BetCall && r.Options.MaxDarkBoxes > 0 && n <= r.Boxes {
		return n, k, nil
	}
	return layout.Placed(spot, r.Boxes)
}

// CheckBet checks one bet on its own: its spot a box's Ante or AA Bonus
// (BAD_SPOT) and its amount within the limit of its kind: the table's for
// the Ante (§1), the AA Bonus's own (§1, glossary) (BET_OUTSIDE_LIMITS).
// It returns the box and the kind.
func CheckBet(r Rules, b round.Bet) (int, BetKind, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, BetKind, error) {
	n, k, err := parseSpot(r, b.Spot)
	if err != nil || k != BetCall {
		return layout.CheckBet(b, r.Boxes, r.limit)
	}
	if lo, hi := r.limit(k); b.Amount < lo || b.Amount > hi {
		return 0, 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: a dark Bet %d is outside %d..%d (2 × the Ante's)", b.ID, b.Amount, lo, hi)
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
	p, err := s.checkPlace(&r, &c)
	return p.Stakes, err
}

// place adds a player's batch, all or none. A player's new bet on a spot
// where he has one replaces it (its refund is reported first, EvCancelled
// "replaced"), so that a client sends the whole amount a spot should
// hold, as the §3 chip clicks add up to.
func (s *State) place(r *Rules, c *Command) ([]Event, error) {
	p, err := s.checkPlace(r, c)
	if err != nil || len(p.Stakes) == 0 {
		return nil, err // no bets: every one a replay, an acknowledged retry
	}
	var evs []Event
	p.Put(&s.Bets, &s.Cancelled, &s.Lines, func(old round.Bet, refund []round.Line) {
		evs = append(evs, Event{Kind: EvCancelled, Player: old.Player, Bets: []round.Bet{old}, Lines: refund, Reason: "replaced"})
	})
	ev := Event{Kind: EvPlaced, Player: c.Player, Bets: p.Stakes}
	reduced := false
	for _, b := range p.Stakes {
		// A dark box's Call is placed, not reserved.
		if n, k := spotBox(b.Spot); k == BetAnte && r.Options.ReserveCall && !layout.Has(c.Player, n, BetCall, s.Bets) {
			ev.Amount += 2 * b.Amount
		}
		if i := slices.IndexFunc(c.Bets, func(o round.Bet) bool { return o.ID == b.ID }); i >= 0 && c.Bets[i].Amount > b.Amount {
			reduced = true
		}
	}
	if reduced {
		ev.Reason = "reduced to the maximum (gr §3)"
	}
	return append(evs, ev), nil
}

// checkPlace is a placement's checks, changing nothing (boxes.Layout's
// Place): each bet on its own (CheckBet), one player a box, the AA Bonus
// with the player's Ante (§3); where the rules count a player's boxes,
// his light and dark boxes as the placement leaves them (checkBoxes). A bet over its limit's maximum is reduced
// to it first, where the rules do so (§3: "the largest possible amount"),
// so that a retry of the same placement is recognised as a replay.
func (s *State) checkPlace(r *Rules, c *Command) (boxes.Placement, error) {
	bets := make([]round.Bet, len(c.Bets))
	for i, b := range c.Bets {
		if b.Spot == "" && c.Box != 0 {
			b.Spot = Spot(c.Box, BetAnte)
		}
		if _, k, err := parseSpot(r, b.Spot); err == nil && r.Options.ReduceToMax {
			if _, hi := r.limit(k); b.Amount > hi {
				b.Amount = hi
			}
		}
		bets[i] = b
	}
	var closed error
	if s.Phase != round.Betting {
		closed = s.wrongPhase("bet")
	}
	p, err := layout.Place(s.Bets, s.Cancelled, c.Player, bets, closed, boxes.Policy[BetKind]{
		Check: func(b *round.Bet) (int, BetKind, error) { return checkBet(r, b) },
	})
	if err == nil && len(p.Stakes) > 0 && r.limitsBoxes() {
		err = r.checkBoxes(c.Player, placed(s.Bets, c.Player, p))
	}
	if err != nil {
		return boxes.Placement{}, err
	}
	return p, nil
}

// hasAnte reports player's Ante on box n, in play or in the batch.
func (s *State) hasAnte(player string, n int, batch []round.Bet) bool {
	return layout.Has(player, n, BetAnte, s.Bets, batch)
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. An Ante takes the box's AA Bonus
// with it, which goes with the Ante (§3), and a dark box's Call.
func (s *State) cancel(r *Rules, c *Command) ([]Event, error) {
	var closed error
	if s.Phase != round.Betting {
		closed = s.wrongPhase("cancel")
	}
	ids := c.BetIDs
	if closed == nil && r.limitsBoxes() {
		var err error
		if ids, err = s.cancelling(r, c.Player, ids); err != nil || len(ids) == 0 {
			return nil, err
		}
	}
	gone, refunds, err := layout.Cancel(&s.Bets, &s.Cancelled, &s.Lines, c.Player, ids, closed, false)
	if err != nil || len(gone) == 0 {
		return nil, err
	}
	return []Event{{Kind: EvCancelled, Player: c.Player, Bets: gone, Lines: refunds}}, nil
}
