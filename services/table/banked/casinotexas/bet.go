package casinotexas

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ParseSpot reads a bet's spot, "box:n/ante" or "box:n/trips" for a box
// of the table, and returns the box and the kind; anything else is
// BAD_SPOT: the Blind too, which comes with its Ante, and the Play, which
// is made by deciding (CmdDecide), never placed. Spots are not folded:
// the spot is stored as given, so it must be canonical.
func ParseSpot(r Rules, spot string) (int, BetKind, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, BetKind, error) {
	n, k := spotBox(spot)
	if n < 1 || n > r.Boxes || (k != BetAnte && k != BetTrips) {
		return 0, 0, apierr.Invalid(round.ReasonBadSpot, "spot %q: want box:1/ante or box:1/trips to box:%d (the Blind comes with the Ante)", spot, r.Boxes)
	}
	return n, k, nil
}

// CheckBet checks one bet on its own: its spot a box's Ante or Trips
// (BAD_SPOT) and its amount within the limit of its kind (§1, §3)
// (BET_OUTSIDE_LIMITS). It returns the box and the kind.
func CheckBet(r Rules, b round.Bet) (int, BetKind, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, BetKind, error) {
	n, k, err := parseSpot(r, b.Spot)
	if err != nil {
		return 0, 0, err
	}
	if lo, hi := r.limit(k); b.Amount < lo || b.Amount > hi {
		return 0, 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: %s %d is outside %d..%d (cz §1)", b.ID, k, b.Amount, lo, hi)
	}
	return n, k, nil
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
	fresh, _, err := s.checkPlace(&r, &c)
	return fresh, err
}

// place adds a player's batch, all or none, each Ante with its Blind of
// the same amount under its id (§3: "must equal the Ante"). A player's
// new bet on a spot where he has one replaces it (its refund is reported
// first, EvCancelled "replaced"), so that a client sends the whole amount
// a spot should hold.
func (s *State) place(r *Rules, c *Command) ([]Event, error) {
	fresh, replaces, err := s.checkPlace(r, c)
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
	for j, b := range fresh {
		if replaces[j] < 0 {
			s.Bets = append(s.Bets, b)
		}
	}
	return append(evs, Event{Kind: EvPlaced, Player: c.Player, Bets: fresh}), nil
}

// refund appends the line that gives bet b back and returns it, as an
// event's.
func (s *State) refund(b round.Bet) []round.Line {
	s.Lines = append(s.Lines, round.Refund(b))
	return s.Lines[len(s.Lines)-1:]
}

// checkPlace is a placement's checks, changing nothing. It returns the
// stakes to put in play, each Ante followed by its Blind, and for each
// the index in State.Bets of the player's stake on the same spot it
// replaces, -1 for none.
func (s *State) checkPlace(r *Rules, c *Command) (stakes []round.Bet, replaces []int, err error) {
	bets := make([]round.Bet, len(c.Bets))
	for i, b := range c.Bets {
		if b.Spot == "" && c.Box != 0 {
			b.Spot = Spot(c.Box, BetAnte)
		}
		bets[i] = b
	}
	fresh, err := round.BookOf(c.Player, s.Bets, s.Cancelled).Fresh(bets)
	if err != nil || len(fresh) == 0 {
		return nil, nil, err
	}
	if s.Phase != round.Betting {
		return nil, nil, s.wrongPhase("bet")
	}
	mine := s.boxOf(c.Player)
	for j := range fresh {
		b := &fresh[j]
		n, k, err := checkBet(r, b)
		if err != nil {
			return nil, nil, err
		}
		if slices.ContainsFunc(fresh[:j], func(o round.Bet) bool { return o.Spot == b.Spot }) {
			return nil, nil, apierr.Invalid(round.ReasonBadBet, "two bets of %s on %s in one placement", c.Player, b.Spot)
		}
		if owner := s.Owner(n); owner != "" && owner != c.Player {
			return nil, nil, apierr.Precondition(ReasonBoxTaken, "box %d is %s's: one player a box", n, owner)
		}
		if !r.Options.SeveralBoxes && mine != 0 && mine != n {
			return nil, nil, apierr.Precondition(ReasonOneBox, "%s plays box %d: one box a player (cz §2; blind boxes are not offered, §9 note 2)", c.Player, mine)
		}
		mine = n
		if k == BetTrips && !r.Options.TripsAlone && !s.hasAnte(c.Player, n, fresh) {
			return nil, nil, apierr.Precondition(ReasonNoAnte, "Trips on box %d goes with an Ante there (cz §9 note 3)", n)
		}
		stakes = append(stakes, *b)
		if k == BetAnte {
			stakes = append(stakes, round.Bet{ID: b.ID, Player: b.Player, Spot: Spot(n, BetBlind), Amount: b.Amount})
		}
	}
	for _, b := range stakes {
		replaces = append(replaces, slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == c.Player && o.Spot == b.Spot }))
	}
	return stakes, replaces, nil
}

// boxOf is the box player has a bet on, 0 for none.
func (s *State) boxOf(player string) int {
	for _, b := range s.Bets {
		if b.Player == player {
			n, _ := spotBox(b.Spot)
			return n
		}
	}
	return 0
}

// hasAnte reports player's Ante on box n, in play or in the batch.
func (s *State) hasAnte(player string, n int, batch []round.Bet) bool {
	ante := Spot(n, BetAnte)
	mine := func(b round.Bet) bool { return b.Spot == ante && b.Player == player }
	return slices.ContainsFunc(s.Bets, mine) || slices.ContainsFunc(batch, mine)
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. An Ante takes its Blind with it (the
// same id) and, unless Trips may stand alone, the box's Trips.
func (s *State) cancel(r *Rules, c *Command) ([]Event, error) {
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
		if n, k := spotBox(b.Spot); k == BetAnte && !r.Options.TripsAlone {
			trips := Spot(n, BetTrips)
			if i := slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == c.Player && o.Spot == trips }); i >= 0 && !slices.Contains(ids, s.Bets[i].ID) {
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
