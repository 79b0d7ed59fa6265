package blackjack

import (
	"slices"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// ParseSpot reads a bet's spot, "box:n" for a box of the table, and
// returns n; anything else is BAD_SPOT. Spots are not folded: the spot
// is stored as given, so it must be canonical.
func ParseSpot(r Rules, spot string) (int, error) {
	rest, ok := strings.CutPrefix(spot, "box:")
	n, err := strconv.Atoi(rest)
	if !ok || err != nil || n < 1 || n > r.Boxes || BoxSpot(n) != spot {
		return 0, apierr.Invalid(round.ReasonBadSpot, "spot %q: want box:1 to box:%d", spot, r.Boxes)
	}
	return n, nil
}

// boxOf is the box of a canonical spot, 0 for none.
func boxOf(spot string) int {
	for n := 1; n <= MaxBoxes; n++ {
		if boxSpots[n] == spot {
			return n
		}
	}
	return 0
}

// CheckBet checks one bet on its own: its spot a box of the table
// (BAD_SPOT) and its amount at least the table minimum, which applies to
// each player's bet on a box (cz §4; ru §3.6), and at most the box
// maximum and MaxStake (BET_OUTSIDE_LIMITS). It returns the box.
func CheckBet(r Rules, b round.Bet) (int, error) {
	n, err := ParseSpot(r, b.Spot)
	if err != nil {
		return 0, err
	}
	if b.Amount < r.tableMin() || b.Amount > r.boxMax() {
		return 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: %d is outside %d..%d (cz §4; ru §3.6)", b.ID, b.Amount, r.tableMin(), r.boxMax())
	}
	return n, nil
}

// placement is what a placement does: the new bets, the bets they
// replace (the player's bet on the same box, by index in State.Bets) and
// the behind bets the owner's pushes out (cz §4).
type placement struct {
	fresh    []round.Bet
	replaces []int
	pushed   []int
}

// CheckPlace says what Apply would do with c as a CmdPlace, without
// changing s: the bets it would put in play, nil for a replay, or the
// refusal Apply would return.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	p, err := s.checkPlace(r, c)
	return p.fresh, err
}

// place adds a player's batch, all or none.
func (s *State) place(r Rules, c Command) ([]Event, error) {
	p, err := s.checkPlace(r, c)
	if err != nil || len(p.fresh) == 0 {
		return nil, err // no bets: every one a replay, an acknowledged retry
	}
	var evs []Event
	gone := func(i int, reason string) {
		b := s.Bets[i]
		line := round.Line{BetID: b.ID, Player: b.Player, Spot: lineSpot(boxOf(b.Spot), 1, kindOriginal), Stake: b.Amount, Returned: b.Amount}
		evs = append(evs, Event{Kind: EvCancelled, Player: b.Player, Bets: []round.Bet{b}, Lines: []round.Line{line}, Reason: reason})
		s.Cancelled = append(s.Cancelled, b)
		s.Lines = append(s.Lines, line)
	}
	for _, i := range p.replaces {
		if i >= 0 {
			gone(i, "replaced")
		}
	}
	for _, i := range p.pushed {
		gone(i, "the box owner has priority (cz §4)")
	}
	placed := Event{Kind: EvPlaced, Player: c.Player, Bets: slices.Clone(p.fresh)}
	for j, b := range p.fresh {
		if i := p.replaces[j]; i >= 0 {
			s.Bets[i] = b // the new bet keeps the old one's place among the box's bettors
		} else {
			s.Bets = append(s.Bets, b)
		}
	}
	if len(p.pushed) > 0 {
		kept := s.Bets[:0]
		for i, b := range s.Bets {
			if !slices.Contains(p.pushed, i) {
				kept = append(kept, b)
			}
		}
		clear(s.Bets[len(kept):])
		s.Bets = kept
	}
	return append(evs, placed), nil
}

// checkPlace is a placement's checks, changing nothing. p.replaces holds,
// for each fresh bet, the index of the bet it replaces or -1; the events
// list those >= 0.
func (s *State) checkPlace(r Rules, c Command) (placement, error) {
	bets := make([]round.Bet, len(c.Bets))
	for i, b := range c.Bets {
		if b.Spot == "" && c.Box != 0 {
			b.Spot = BoxSpot(c.Box)
		}
		bets[i] = b
	}
	fresh, err := round.BookOf(c.Player, s.Bets, s.Cancelled).Fresh(bets)
	if err != nil || len(fresh) == 0 {
		return placement{}, err
	}
	if s.Phase != round.Betting {
		return placement{}, s.wrongPhase("bet")
	}
	p := placement{fresh: fresh, replaces: make([]int, len(fresh))}
	for j, b := range fresh {
		n, err := CheckBet(r, b)
		if err != nil {
			return placement{}, err
		}
		if slices.ContainsFunc(fresh[:j], func(o round.Bet) bool { return o.Spot == b.Spot }) {
			return placement{}, apierr.Invalid(round.ReasonBadBet, "two bets of %s on box %d in one placement", c.Player, n)
		}
		p.replaces[j] = slices.IndexFunc(s.Bets, func(o round.Bet) bool { return o.Player == c.Player && o.Spot == b.Spot })
		pushed, err := s.checkBox(r, n, b, p.replaces[j])
		if err != nil {
			return placement{}, err
		}
		p.pushed = append(p.pushed, pushed...)
	}
	return p, nil
}

// checkBox checks bet b on box n against the box's bettors and maximum,
// old being the index of the player's bet it replaces (-1 for none). It
// returns the behind bets the owner's bet pushes out (cz §4: "the box
// owner has priority and the other players must reduce their bets"),
// latest first.
func (s *State) checkBox(r Rules, n int, b round.Bet, old int) ([]int, error) {
	var on []int // the box's bets after the placement, in order
	var sum int64
	for i, o := range s.Bets {
		if o.Spot != b.Spot {
			continue
		}
		on = append(on, i)
		if i != old {
			sum += o.Amount
		}
	}
	if old < 0 {
		on = append(on, -1)
		if len(on) > r.MaxBettors {
			return nil, apierr.Precondition(ReasonBoxFull, "box %d has %d bettors (cz §2; ru §2.4)", n, r.MaxBettors)
		}
	}
	sum += b.Amount
	if sum <= r.boxMax() {
		return nil, nil
	}
	owner := on[0] == old
	if !r.Options.OwnerPriority || !owner || b.Amount > r.boxMax() {
		return nil, apierr.Precondition(ReasonBoxOverMaximum, "box %d would hold %d, over the maximum %d (cz §4; ru §3.8)", n, sum, r.boxMax())
	}
	var pushed []int
	for k := len(on) - 1; k > 0 && sum > r.boxMax(); k-- {
		sum -= s.Bets[on[k]].Amount
		pushed = append(pushed, on[k])
	}
	return pushed, nil
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. The box's next bettor becomes its
// owner when the owner's bet goes.
func (s *State) cancel(_ Rules, c Command) ([]Event, error) {
	ids, err := round.BookOf(c.Player, s.Bets, s.Cancelled).Cancels(c.BetIDs)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	if s.Phase != round.Betting {
		return nil, s.wrongPhase("cancel")
	}
	gone := func(b round.Bet) bool { return b.Player == c.Player && slices.Contains(ids, b.ID) }
	ev := Event{Kind: EvCancelled, Player: c.Player}
	for _, b := range s.Bets {
		if gone(b) {
			ev.Bets = append(ev.Bets, b)
			ev.Lines = append(ev.Lines, round.Line{BetID: b.ID, Player: b.Player, Spot: lineSpot(boxOf(b.Spot), 1, kindOriginal), Stake: b.Amount, Returned: b.Amount})
		}
	}
	s.Bets = slices.DeleteFunc(s.Bets, gone)
	s.Cancelled = append(s.Cancelled, ev.Bets...)
	s.Lines = append(s.Lines, ev.Lines...)
	return []Event{ev}, nil
}
