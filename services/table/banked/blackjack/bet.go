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
func ParseSpot(r Rules, spot string) (int, error) { return parseSpot(&r, spot) }

func parseSpot(r *Rules, spot string) (int, error) {
	if n := boxOf(spot); n >= 1 && n <= r.Boxes {
		return n, nil // canonical, the common case: no parsing
	}
	rest, ok := strings.CutPrefix(spot, "box:")
	n, err := strconv.Atoi(rest)
	if !ok || err != nil || n < 1 || n > r.Boxes || BoxSpot(n) != spot {
		return 0, apierr.Invalid(round.ReasonBadSpot, "spot %q: want box:1 to box:%d", spot, r.Boxes)
	}
	return n, nil
}

// boxOf is the box of a canonical spot, "box:1" to "box:7", 0 for
// anything else.
func boxOf(spot string) int {
	if len(spot) != len("box:1") || spot[:4] != "box:" || spot[4] < '1' || spot[4] > '0'+MaxBoxes {
		return 0
	}
	return int(spot[4] - '0')
}

// CheckBet checks one bet on its own: its spot a box of the table
// (BAD_SPOT) and its amount at least the table minimum, which applies to
// each player's bet on a box (cz §4; ru §3.6), and at most the box
// maximum and MaxStake (BET_OUTSIDE_LIMITS). It returns the box.
func CheckBet(r Rules, b round.Bet) (int, error) { return checkBet(&r, &b) }

func checkBet(r *Rules, b *round.Bet) (int, error) {
	n, err := parseSpot(r, b.Spot)
	if err != nil {
		return 0, err
	}
	if b.Amount < r.tableMin() || b.Amount > r.boxMax() {
		return 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: %d is outside %d..%d (cz §4; ru §3.6)", b.ID, b.Amount, r.tableMin(), r.boxMax())
	}
	return n, nil
}

// CheckPlace says what Apply would do with c as a CmdPlace, without
// changing s: the bets it would put in play, nil for a replay, or the
// refusal Apply would return.
func CheckPlace(r Rules, s *State, c Command) ([]round.Bet, error) {
	if _, err := round.CheckRound(CmdPlace, false, c.Round, s.Round); err != nil {
		return nil, err
	}
	fresh, _, _, err := s.checkPlace(&r, &c, nil, nil)
	return slices.Clone(fresh), err
}

// place adds a player's batch, all or none.
func (s *State) place(r *Rules, c *Command, evs []Event) ([]Event, error) {
	var one [1]round.Bet // a one-bet placement's, the common case
	var at [1]int
	fresh, replaces, pushed, err := s.checkPlace(r, c, one[:0], at[:0])
	if err != nil || len(fresh) == 0 {
		return evs, err // no bets: every one a replay, an acknowledged retry
	}
	for _, i := range replaces {
		if i >= 0 {
			evs = s.gone(i, "replaced", evs)
		}
	}
	for _, i := range pushed {
		evs = s.gone(i, "the box owner has priority (cz §4)", evs)
	}
	evs, e := grow(evs, EvPlaced)
	e.Player, e.Bets = c.Player, s.scratch.addBets(fresh...)
	for j := range fresh {
		if i := replaces[j]; i >= 0 {
			s.Bets[i] = fresh[j] // the new bet keeps the old one's place among the box's bettors
		} else {
			s.Bets = addBet(s.Bets, &fresh[j])
		}
	}
	if len(pushed) > 0 {
		kept := s.Bets[:0]
		for i, b := range s.Bets {
			if !slices.Contains(pushed, i) {
				kept = append(kept, b)
			}
		}
		clear(s.Bets[len(kept):])
		s.Bets = kept
	}
	return evs, nil
}

// gone refunds bet i, which a placement replaces or pushes out (reason),
// and moves it to the cancelled bets.
func (s *State) gone(i int, reason string, evs []Event) []Event {
	b := s.Bets[i]
	from := len(s.Lines)
	s.Lines = append(s.Lines, round.Line{BetID: b.ID, Player: b.Player, Spot: lineSpot(boxOf(b.Spot), 1, kindOriginal), Stake: b.Amount, Returned: b.Amount})
	evs, e := grow(evs, EvCancelled)
	e.Player, e.Bets, e.Lines, e.Reason = b.Player, s.scratch.addBets(b), s.linesFrom(from), reason
	s.Cancelled = append(s.Cancelled, b)
	return evs
}

// checkPlace is a placement's checks, changing nothing. It returns what
// the placement does: the new bets; for each, the index in State.Bets of
// the bet it replaces (the player's on the same box), -1 for none; and
// the behind bets the owner's pushes out (cz §4). buf and at are room
// for a one-bet placement's bet and index (nil: none). The results come
// apart, not as a struct: a struct result is stored and copied, and its
// copy stalls on the stores.
func (s *State) checkPlace(r *Rules, c *Command, buf []round.Bet, at []int) (fresh []round.Bet, replaces, pushed []int, err error) {
	fresh, err = s.fresh(c, buf)
	if err != nil || len(fresh) == 0 {
		return nil, nil, nil, err
	}
	if s.Phase != round.Betting {
		return nil, nil, nil, s.wrongPhase("bet")
	}
	replaces = at[:0]
	for j := range fresh {
		b := &fresh[j]
		n, err := checkBet(r, b)
		if err != nil {
			return nil, nil, nil, err
		}
		for k := range j {
			if fresh[k].Spot == b.Spot {
				return nil, nil, nil, apierr.Invalid(round.ReasonBadBet, "two bets of %s on box %d in one placement", c.Player, n)
			}
		}
		old, out, err := s.checkBox(r, n, b)
		if err != nil {
			return nil, nil, nil, err
		}
		replaces = append(replaces, old)
		if len(out) > 0 {
			pushed = append(pushed, out...)
		}
	}
	return fresh, replaces, pushed, nil
}

// fresh is the placement's new bets as round.Book.Fresh sorts them, each
// with its spot ("box:n" from the command's Box where the bet names
// none). A one-bet placement with an id new to its player, the common
// case, is one Book would return as it is: it is appended to buf without
// the Book's copies.
func (s *State) fresh(c *Command, buf []round.Bet) ([]round.Bet, error) {
	if len(c.Bets) == 1 && c.Player != "" {
		buf = addBet(buf, &c.Bets[0]) // made in place (grow)
		b := &buf[len(buf)-1]
		if b.Spot == "" && c.Box != 0 {
			b.Spot = BoxSpot(c.Box)
		}
		mine := b.Player == "" // the command's player's, or someone else's: Book's to refuse
		if mine {
			b.Player = c.Player
		} else {
			mine = b.Player == c.Player
		}
		if mine && b.ID != "" && !s.hasBetID(c.Player, b.ID) {
			return buf, nil
		}
	}
	bets := make([]round.Bet, len(c.Bets))
	for i, b := range c.Bets {
		if b.Spot == "" && c.Box != 0 {
			b.Spot = BoxSpot(c.Box)
		}
		bets[i] = b
	}
	return round.BookOf(c.Player, s.Bets, s.Cancelled).Fresh(bets)
}

// hasBetID reports a bet of player's with the id, in play or cancelled.
func (s *State) hasBetID(player, id string) bool {
	return hasBet(s.Bets, player, id) || hasBet(s.Cancelled, player, id)
}

func hasBet(bets []round.Bet, player, id string) bool {
	for i := range bets {
		if b := &bets[i]; same(b.Player, player) && b.ID == id {
			return true
		}
	}
	return false
}

// same is a == b with the lengths and the last bytes compared first,
// where names and ids that differ mostly differ ("p1", "p2"): that much
// is done inline, the rest of the comparison is a call.
func same(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || a[len(a)-1] == b[len(b)-1]) && a == b
}

// checkBox checks bet b of its player on box n against the box's bettors
// and maximum. It returns the index of the player's bet on the box it
// replaces (-1 for none) and the behind bets the owner's bet pushes out
// (cz §4: "the box owner has priority and the other players must reduce
// their bets"), latest first.
func (s *State) checkBox(r *Rules, n int, b *round.Bet) (old int, pushed []int, err error) {
	old = -1
	bettors, sum := 0, b.Amount // the box's bettors before, its bets after
	for i := range s.Bets {
		o := &s.Bets[i]
		if boxOf(o.Spot) != n { // b.Spot is box n's, canonical; so is every bet's in play
			continue
		}
		bettors++
		if same(o.Player, b.Player) {
			old = i // a player has one bet on a box
		} else {
			sum += o.Amount
		}
	}
	if old < 0 && bettors >= r.MaxBettors {
		return -1, nil, apierr.Precondition(ReasonBoxFull, "box %d has %d bettors (cz §2; ru §2.4)", n, r.MaxBettors)
	}
	if sum <= r.boxMax() {
		return old, nil, nil
	}
	return s.pushOut(r, n, b, old, sum)
}

// pushOut is checkBox for a bet that takes box n over its maximum, sum:
// the owner's pushes out the bets placed last where the rules give him
// priority (cz §4); anyone else's is refused (ru §3.8, T19).
func (s *State) pushOut(r *Rules, n int, b *round.Bet, old int, sum int64) (int, []int, error) {
	first := slices.IndexFunc(s.Bets, func(o round.Bet) bool { return boxOf(o.Spot) == n })
	if !r.Options.OwnerPriority || old < 0 || first != old || b.Amount > r.boxMax() {
		return -1, nil, apierr.Precondition(ReasonBoxOverMaximum, "box %d would hold %d, over the maximum %d (cz §4; ru §3.8)", n, sum, r.boxMax())
	}
	var pushed []int
	for k := len(s.Bets) - 1; k > old && sum > r.boxMax(); k-- {
		if boxOf(s.Bets[k].Spot) == n {
			sum -= s.Bets[k].Amount
			pushed = append(pushed, k)
		}
	}
	return old, pushed, nil
}

// cancel takes a player's bets back while bets are open, all or none; a
// bet already cancelled is a replay. The box's next bettor becomes its
// owner when the owner's bet goes.
func (s *State) cancel(_ *Rules, c *Command, evs []Event) ([]Event, error) {
	ids, err := round.BookOf(c.Player, s.Bets, s.Cancelled).Cancels(c.BetIDs)
	if err != nil || len(ids) == 0 {
		return evs, err
	}
	if s.Phase != round.Betting {
		return evs, s.wrongPhase("cancel")
	}
	gone := func(b round.Bet) bool { return b.Player == c.Player && slices.Contains(ids, b.ID) }
	bets, lines := len(s.scratch.bets), len(s.Lines)
	for _, b := range s.Bets {
		if gone(b) {
			s.scratch.addBets(b)
			s.Lines = append(s.Lines, round.Line{BetID: b.ID, Player: b.Player, Spot: lineSpot(boxOf(b.Spot), 1, kindOriginal), Stake: b.Amount, Returned: b.Amount})
		}
	}
	ev := Event{Kind: EvCancelled, Player: c.Player, Bets: s.scratch.betsFrom(bets), Lines: s.linesFrom(lines)}
	s.Bets = slices.DeleteFunc(s.Bets, gone)
	s.Cancelled = append(s.Cancelled, ev.Bets...)
	return append(evs, ev), nil
}
