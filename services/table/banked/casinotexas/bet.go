package casinotexas

import (
	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
)

// ParseSpot reads a bet's spot, "box:n/ante" or "box:n/trips" for a box
// of the table, and returns the box and the kind; anything else is
// BAD_SPOT: the Blind too, which comes with its Ante, and the Play, which
// is made by deciding (CmdDecide), never placed. Spots are not folded:
// the spot is stored as given, so it must be canonical.
func ParseSpot(r Rules, spot string) (int, BetKind, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, BetKind, error) { return layout.Placed(spot, r.Boxes) }

// CheckBet checks one bet on its own: its spot a box's Ante or Trips
// (BAD_SPOT) and its amount within the limit of its kind (§1, §3)
// (BET_OUTSIDE_LIMITS). It returns the box and the kind.
func CheckBet(r Rules, b round.Bet) (int, BetKind, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, BetKind, error) {
	return layout.CheckBet(b, r.Boxes, r.limit)
}

// CheckPlace says what Apply would do with c as a CmdPlace, without
// changing s: the stakes it would put in play (each Ante followed by its
// Blind), nil for a replay, or the refusal Apply would return. A table
// checks the player's balance against them before it applies the
// placement.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	p, err := s.checkPlace(&r, &c)
	return p.Stakes, err
}

// place adds a player's batch, all or none, each Ante with its Blind of
// the same amount under its id (§3: "must equal the Ante"). A player's
// new bet on a spot where he has one replaces it (its refund is reported
// first, EvCancelled "replaced"), so that a client sends the whole amount
// a spot should hold.
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

// checkPlace is a placement's checks, changing nothing (boxes.Layout's
// Place): each bet on its own (CheckBet), one player a box, one box a
// player unless SeveralBoxes (§2, §9 note 2), Trips with the player's
// Ante unless TripsAlone (§9 note 3); each Ante brings its Blind.
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
	return layout.Place(s.Bets, s.Cancelled, c.Player, bets, closed, boxes.Policy[BetKind]{
		Check:     func(b *round.Bet) (int, BetKind, error) { return checkBet(r, b) },
		OneBox:    !r.Options.SeveralBoxes,
		SideAlone: r.Options.TripsAlone,
	})
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. An Ante takes its Blind with it (the
// same id) and, unless Trips may stand alone, the box's Trips.
func (s *State) cancel(r *Rules, c *Command) ([]Event, error) {
	var closed error
	if s.Phase != round.Betting {
		closed = s.wrongPhase("cancel")
	}
	gone, refunds, err := layout.Cancel(&s.Bets, &s.Cancelled, &s.Lines, c.Player, c.BetIDs, closed, r.Options.TripsAlone)
	if err != nil || len(gone) == 0 {
		return nil, err
	}
	return []Event{{Kind: EvCancelled, Player: c.Player, Bets: gone, Lines: refunds}}, nil
}
