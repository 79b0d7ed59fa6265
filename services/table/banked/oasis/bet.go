package oasis

import (
	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ParseSpot reads a bet's spot, "box:n/ante" or "box:n/royal_bonus" for
// a box of the table, and returns the box and the kind; anything else is
// BAD_SPOT, a Bet or a fee too: they are made by deciding, never placed.
func ParseSpot(r Rules, spot string) (int, BetKind, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, BetKind, error) { return layout.Placed(spot, r.Boxes) }

// CheckBet checks one bet on its own: its spot a box's Ante or Royal
// Bonus (BAD_SPOT), a Royal Bonus only where the table has its paytable
// (NO_ROYAL_BONUS), and its amount within the limit of its kind
// (BET_OUTSIDE_LIMITS). It returns the box and the kind.
func CheckBet(r Rules, b round.Bet) (int, BetKind, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, BetKind, error) {
	n, k, err := layout.CheckBet(b, r.Boxes, r.limit)
	if err == nil && k == BetRoyalBonus && !r.Paytables.OffersRoyalBonus() {
		return 0, 0, apierr.Precondition(ReasonNoRoyalBonus, "the table has no Royal Bonus paytable (§4.15 is the operator's)")
	}
	return n, k, err
}

// CheckPlace says what Apply would do with c as a CmdPlace, without
// changing s: the bets it would put in play, nil for a replay, or the
// refusal Apply would return.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	p, err := s.checkPlace(&r, &c)
	return p.Stakes, err
}

// place adds a player's batch, all or none. A player's new bet on a spot
// where he has one replaces it (its refund is reported first, EvCancelled
// "replaced").
func (s *State) place(r *Rules, c *Command) ([]Event, error) {
	p, err := s.checkPlace(r, c)
	if err != nil || len(p.Stakes) == 0 {
		return nil, err // no bets: every one a replay, an acknowledged retry
	}
	var evs []Event
	p.Put(&s.Bets, &s.Cancelled, &s.Lines, func(old round.Bet, refund []round.Line) {
		evs = append(evs, Event{Kind: EvCancelled, Player: old.Player, Bets: []round.Bet{old}, Lines: refund, Reason: "replaced"})
	})
	return append(evs, Event{Kind: EvPlaced, Player: c.Player, Bets: p.Stakes}), nil
}

// checkPlace is a placement's checks, changing nothing (fivecard.Place,
// on boxes.Layout's): each bet on its own (CheckBet), the Royal Bonus with
// the player's Ante (§3.10), up to Rules.Bettors players a box, their
// Antes together within the table's maximum (§2.5); with dark boxes, a
// Bet with its Ante at 2 × Ante, on every bettor's of a dark box
// (dark.go).
func (s *State) checkPlace(r *Rules, c *Command) (boxes.Placement, error) {
	bets := make([]round.Bet, len(c.Bets))
	for i, b := range c.Bets {
		if b.Spot == "" && c.Box != 0 {
			b.Spot = Spot(c.Box, BetAnte)
		}
		bets[i] = b
	}
	var closed error
	if s.Phase != round.Betting {
		closed = s.wrongPhase("bet")
	}
	p, after, err := fivecard.Place(layout, s.Bets, s.Cancelled, c.Player, bets, closed, boxes.Policy[BetKind]{
		Check: func(b *round.Bet) (int, BetKind, error) {
			if n, k, dark, err := r.checkDark(b); dark {
				return n, k, err
			}
			return checkBet(r, b)
		},
	}, r.sharing())
	if err == nil && r.Options.DarkBoxes && len(p.Stakes) > 0 {
		err = checkDarkPairs(p, after)
	}
	if err != nil {
		return boxes.Placement{}, err
	}
	return p, nil
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. An Ante takes the box's Royal Bonus
// and its dark Bet with it.
func (s *State) cancel(_ *Rules, c *Command) ([]Event, error) {
	var closed error
	if s.Phase != round.Betting {
		closed = s.wrongPhase("cancel")
	}
	ids := s.withDark(c.Player, c.BetIDs)
	if closed == nil {
		if err := s.checkDarkCancel(c.Player, ids); err != nil {
			return nil, err
		}
	}
	gone, refunds, err := layout.Cancel(&s.Bets, &s.Cancelled, &s.Lines, c.Player, ids, closed, false)
	if err != nil || len(gone) == 0 {
		return nil, err
	}
	return []Event{{Kind: EvCancelled, Player: c.Player, Bets: gone, Lines: refunds}}, nil
}
