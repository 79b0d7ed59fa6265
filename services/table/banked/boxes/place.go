package boxes

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Owner is the player of box n while bets are open: the player of a bet
// on it among bets, "" for none.
func (l *Layout[K]) Owner(bets []round.Bet, n int) string {
	for _, b := range bets {
		if m, _ := l.Box(b.Spot); m == n {
			return b.Player
		}
	}
	return ""
}

// BoxOf is the box player has a bet on among bets, 0 for none.
func (l *Layout[K]) BoxOf(bets []round.Bet, player string) int {
	for _, b := range bets {
		if b.Player == player {
			n, _ := l.Box(b.Spot)
			return n
		}
	}
	return 0
}

// Has reports player's stake of kind k on box n in any of sets.
func (l *Layout[K]) Has(player string, n int, k K, sets ...[]round.Bet) bool {
	spot := l.Spot(n, k)
	for _, set := range sets {
		if slices.ContainsFunc(set, func(b round.Bet) bool { return b.Spot == spot && b.Player == player }) {
			return true
		}
	}
	return false
}

// Policy is what a table's rules say of a placement besides each bet on
// its own.
type Policy[K ~uint8] struct {
	// Check checks one bet on its own, as the engine's CheckBet does (its
	// spot one a player places, on a box of the table: BAD_SPOT; its
	// amount within its limit: BET_OUTSIDE_LIMITS), and returns its box
	// and kind.
	Check func(*round.Bet) (int, K, error)
	// OneBox: a player bets one box (ONE_BOX for a second).
	OneBox bool
	// SideAlone: the side bet may stand on a box without the player's
	// base; otherwise it goes with it (NO_ANTE).
	SideAlone bool
}

// Placement is a checked placement: the stakes it puts in play, in order
// (a base followed by its With stake), and for each the index in the
// round's bets of the player's stake on the same spot it replaces, -1
// for none. An empty Placement puts nothing in: every bet of the batch
// was a replay.
type Placement struct {
	Stakes   []round.Bet
	Replaces []int
}

// Place checks player's batch against the round's bets, live and
// cancelled, changing nothing. The batch is sorted by round.Book.Fresh
// (BAD_BET, BET_ID_CONFLICT; a bet placed before a replay), so its
// spots must be canonical; closed is the engine's refusal when bets are
// not open (nil while they are), given once the batch holds a new bet.
// Then each new bet: p.Check; one bet of a player a spot (BAD_BET); one
// player a box (BOX_TAKEN); one box a player if p.OneBox (ONE_BOX); the
// side bet with the player's base on the box, in play or in the batch,
// unless p.SideAlone (NO_ANTE). A base brings its With stake, of its
// amount, under its id.
func (l *Layout[K]) Place(live, cancelled []round.Bet, player string, batch []round.Bet, closed error, p Policy[K]) (Placement, error) {
	fresh, err := round.BookOf(player, live, cancelled).Fresh(batch)
	if err != nil || len(fresh) == 0 {
		return Placement{}, err
	}
	if closed != nil {
		return Placement{}, closed
	}
	var out Placement
	mine := l.BoxOf(live, player)
	for j := range fresh {
		b := &fresh[j]
		n, k, err := p.Check(b)
		switch {
		case err != nil:
			return Placement{}, err
		case slices.ContainsFunc(fresh[:j], func(o round.Bet) bool { return o.Spot == b.Spot }):
			return Placement{}, apierr.Invalid(round.ReasonBadBet, "two bets of %s on %s in one placement", player, b.Spot)
		}
		if owner := l.Owner(live, n); owner != "" && owner != player {
			return Placement{}, apierr.Precondition(ReasonBoxTaken, "box %d is %s's: one player a box", n, owner)
		}
		if p.OneBox && mine != 0 && mine != n {
			return Placement{}, apierr.Precondition(ReasonOneBox, "%s plays box %d: one box a player", player, mine)
		}
		mine = n
		if k == l.Side && !p.SideAlone && !l.Has(player, n, l.Base, live, fresh) {
			return Placement{}, apierr.Precondition(ReasonNoAnte, "the %s on box %d goes with the player's %s there", l.names[k], n, l.names[l.Base])
		}
		if l.With != 0 {
			out.Stakes = append(out.Stakes, *b)
			if k == l.Base {
				out.Stakes = append(out.Stakes, round.Bet{ID: b.ID, Player: b.Player, Spot: l.Spot(n, l.With), Amount: b.Amount})
			}
		}
	}
	if l.With == 0 {
		out.Stakes = fresh // the batch's new bets are the stakes: Fresh made them for the placement
	}
	out.Replaces = make([]int, len(out.Stakes))
	for j, b := range out.Stakes {
		out.Replaces[j] = slices.IndexFunc(live, func(o round.Bet) bool { return o.Player == player && o.Spot == b.Spot })
	}
	return out, nil
}

// Put puts a checked placement into the round's bets: each stake it
// replaces moves to cancelled, its refund appended to lines and reported
// to replaced (for the engine's event), and the new stake takes its
// place; the other new stakes are appended.
func (p Placement) Put(live, cancelled *[]round.Bet, lines *[]round.Line, replaced func(old round.Bet, refund []round.Line)) {
	for j, i := range p.Replaces {
		if i < 0 {
			continue
		}
		old := (*live)[i]
		*lines = append(*lines, round.Refund(old))
		replaced(old, (*lines)[len(*lines)-1:])
		*cancelled = append(*cancelled, old)
		(*live)[i] = p.Stakes[j] // the new stake keeps the old one's place
	}
	for j, b := range p.Stakes {
		if p.Replaces[j] < 0 {
			*live = append(*live, b)
		}
	}
}

// Cancel takes player's bets ids back, all or none, as round.Book.Cancels
// sorts them (BAD_BET, UNKNOWN_BET; an id cancelled before a replay);
// closed is the engine's refusal when bets are not open, given once a bet
// is to be taken back. A base takes along its With stake (its id) and,
// unless sideAlone, the box's side bet. It moves the bets taken back, in
// the order they were in, to cancelled and appends their refunds to
// lines; it returns them and their refunds (a view of lines), none for a
// replay.
func (l *Layout[K]) Cancel(live, cancelled *[]round.Bet, lines *[]round.Line, player string, ids []string, closed error, sideAlone bool) (gone []round.Bet, refunds []round.Line, err error) {
	ids, err = round.BookOf(player, *live, *cancelled).Cancels(ids)
	if err != nil || len(ids) == 0 {
		return nil, nil, err
	}
	if closed != nil {
		return nil, nil, closed
	}
	for _, b := range *live {
		if b.Player != player || !slices.Contains(ids, b.ID) {
			continue
		}
		if n, k := l.Box(b.Spot); k == l.Base && !sideAlone {
			side := l.Spot(n, l.Side)
			if i := slices.IndexFunc(*live, func(o round.Bet) bool { return o.Player == player && o.Spot == side }); i >= 0 && !slices.Contains(ids, (*live)[i].ID) {
				ids = append(ids, (*live)[i].ID)
			}
		}
	}
	isGone := func(b round.Bet) bool { return b.Player == player && slices.Contains(ids, b.ID) }
	from := len(*lines)
	for _, b := range *live {
		if isGone(b) {
			gone = append(gone, b)
			*lines = append(*lines, round.Refund(b))
		}
	}
	*live = slices.DeleteFunc(*live, isGone)
	*cancelled = append(*cancelled, gone...)
	return gone, (*lines)[from:], nil
}

// Placed reads the spot of a bet a player places: the base or the side
// bet on box 1 to boxes; anything else is BAD_SPOT, a stake made by
// deciding or placed with the base too. Spots are not folded: a spot is
// stored as given, so it must be canonical.
func (l *Layout[K]) Placed(spot string, boxes int) (int, K, error) {
	n, k := l.Box(spot)
	if n < 1 || n > boxes || (k != l.Base && k != l.Side) {
		return 0, 0, apierr.Invalid(round.ReasonBadSpot, "spot %q: want box:1/%s or box:1/%s to box:%d", spot, l.names[l.Base], l.names[l.Side], boxes)
	}
	return n, k, nil
}

// CheckBet checks one bet a player places, on its own: its spot
// (Placed) and its amount within the bounds of its kind
// (BET_OUTSIDE_LIMITS). It returns the box and the kind.
func (l *Layout[K]) CheckBet(b *round.Bet, boxes int, bounds func(K) (lo, hi int64)) (int, K, error) {
	n, k, err := l.Placed(b.Spot, boxes)
	if err != nil {
		return 0, 0, err
	}
	if lo, hi := bounds(k); b.Amount < lo || b.Amount > hi {
		return 0, 0, apierr.Invalid(round.ReasonBetOutsideLimits, "bet %s: %s %d is outside %d..%d", b.ID, l.names[k], b.Amount, lo, hi)
	}
	return n, k, nil
}
