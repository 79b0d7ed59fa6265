package splitpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ParseSpot reads a bet's spot, "box:n/ante" or "box:n/royal_bonus" for
// a box of the table, and returns the box and the kind; where the rules
// allow dark play, "box:n/bet" too, a dark box's Bet placed with its
// Ante (N6). Anything else is BAD_SPOT: the Bet is made by playing, the
// fees by buying. Spots are not folded: the spot is stored as given, so
// it must be canonical.
func ParseSpot(r Rules, spot string) (int, BetKind, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, BetKind, error) {
	if n, k := spotBox(spot); k == BetBet && r.Options.MaxDarkBoxes > 0 && n <= r.Boxes {
		return n, k, nil
	}
	return layout.Placed(spot, r.Boxes)
}

// CheckBet checks one bet on its own: its spot (BAD_SPOT) and its amount
// within the limit of its kind: the table's for the Ante (§3.6–3.7), the
// Royal Bonus's own (§3.11–3.12), twice the Ante's for a dark Bet
// (BET_OUTSIDE_LIMITS). It returns the box and the kind.
func CheckBet(r Rules, b round.Bet) (int, BetKind, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, BetKind, error) {
	n, k, err := parseSpot(r, b.Spot)
	if err != nil || k != BetBet {
		return layout.CheckBet(b, r.Boxes, r.limit)
	}
	if lo, hi := r.limit(k); b.Amount < lo || b.Amount > hi {
		return 0, 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: a dark Bet %d is outside %d..%d (2 × the Ante's)", b.ID, b.Amount, lo, hi)
	}
	return n, k, nil
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

// checkPlace is a placement's checks, changing nothing (boxes.Layout's
// Place): each bet on its own (CheckBet), one player a box, the Royal
// Bonus with the player's Ante (§3.10); then the player's boxes as the
// placement leaves them (checkBoxes: one light, §2.4; dark ones as the
// rules allow, §2.5).
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
	p, err := layout.Place(s.Bets, s.Cancelled, c.Player, bets, closed, boxes.Policy[BetKind]{
		Check: func(b *round.Bet) (int, BetKind, error) { return checkBet(r, b) },
	})
	if err == nil && len(p.Stakes) > 0 {
		err = r.checkBoxes(c.Player, placed(s.Bets, c.Player, p))
	}
	if err != nil {
		return boxes.Placement{}, err
	}
	return p, nil
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. An Ante takes the box's Royal Bonus
// and a dark box's Bet with it.
func (s *State) cancel(r *Rules, c *Command) ([]Event, error) {
	var closed error
	if s.Phase != round.Betting {
		closed = s.wrongPhase("cancel")
	}
	ids := c.BetIDs
	if closed == nil {
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

// checkBoxes checks player's bets in play as a placement or a cancel
// would leave them: a dark Bet with his Ante on the box (NO_ANTE), of
// exactly 2 × Ante (BAD_AMOUNT, §3.20); one light box (§2.4) and at most
// MaxDarkBoxes dark ones (§2.5).
func (r *Rules) checkBoxes(player string, bets []round.Bet) error {
	var ante, bet [MaxBoxes + 1]int64
	for _, b := range bets {
		if b.Player != player {
			continue
		}
		switch n, k := spotBox(b.Spot); k {
		case BetAnte:
			ante[n] = b.Amount
		case BetBet:
			bet[n] = b.Amount
		}
	}
	light, dark := 0, 0
	for n := 1; n <= MaxBoxes; n++ {
		switch {
		case bet[n] > 0 && ante[n] == 0:
			return apierr.Precondition(ReasonNoAnte, "the dark Bet on box %d goes with the player's Ante there (N6)", n)
		case bet[n] > 0 && bet[n] != 2*ante[n]:
			return apierr.Invalid(ReasonBadAmount, "the dark Bet on box %d is exactly 2 × Ante, %d (§3.20)", n, 2*ante[n])
		case bet[n] > 0:
			dark++
		case ante[n] > 0:
			light++
		}
	}
	if light > 1 {
		return apierr.Precondition(ReasonLightBoxes, "%s plays one box in the light (§2.4)", player)
	}
	if dark > r.Options.MaxDarkBoxes {
		return apierr.Precondition(ReasonDarkBoxes, "%s plays at most %d boxes dark (§2.5)", player, r.Options.MaxDarkBoxes)
	}
	return nil
}

// placed is player's bets in play once placement p is put (boxes'
// Placement.Put, without changing the round's bets).
func placed(live []round.Bet, player string, p boxes.Placement) []round.Bet {
	var out []round.Bet
	for i, b := range live {
		if b.Player != player {
			continue
		}
		if j := slices.Index(p.Replaces, i); j >= 0 {
			b = p.Stakes[j]
		}
		out = append(out, b)
	}
	for j, b := range p.Stakes {
		if p.Replaces[j] < 0 {
			out = append(out, b)
		}
	}
	return out
}

// cancelling is player's cancel of ids, open bets: the bets to take back
// (none for a replay, as round.Book sorts them: BAD_BET, UNKNOWN_BET), an
// Ante taking its dark Bet along as it takes its Royal Bonus; what is
// left must keep the rules' counts (checkBoxes: a dark Bet taken back
// alone makes its box light).
func (s *State) cancelling(r *Rules, player string, ids []string) ([]string, error) {
	drop, err := round.BookOf(player, s.Bets, s.Cancelled).Cancels(ids)
	if err != nil || len(drop) == 0 {
		return nil, err
	}
	for _, b := range s.Bets {
		if n, k := spotBox(b.Spot); b.Player == player && k == BetAnte && slices.Contains(drop, b.ID) {
			spot := Spot(n, BetBet)
			if i := slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == player && o.Spot == spot }); i >= 0 && !slices.Contains(drop, s.Bets[i].ID) {
				drop = append(drop, s.Bets[i].ID)
			}
		}
	}
	left := slices.DeleteFunc(slices.Clone(s.Bets), func(b round.Bet) bool { return b.Player == player && slices.Contains(drop, b.ID) })
	if err := r.checkBoxes(player, left); err != nil {
		return nil, err
	}
	return drop, nil
}
