package fivecard

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Sharing is how the stud games' boxes take their players (Oasis §2.5,
// Russian §2.5): up to Bettors players a box, the first the box's owner,
// who decides for it; each bet within its own limit, and the box's Base
// stakes (the Antes) together at most Most (the table's maximum; 0 is
// none).
type Sharing[K ~uint8] struct {
	Bettors int
	Base    K
	Most    int64
}

// Place is boxes.Layout.Place for boxes shared as sh says: player's
// batch checked against his own bets as Layout.Place checks them (one
// player a box aside), then against the others' on the boxes it touches:
// more players on a box than sh.Bettors is BOX_TAKEN, Base stakes over
// sh.Most BET_OUTSIDE_LIMITS. It returns the placement, its Replaces
// indices into live, and the round's bets as the placement would leave
// them (a new slice), for the engine's own checks.
func Place[K ~uint8](l *boxes.Layout[K], live, cancelled []round.Bet, player string, batch []round.Bet, closed error,
	p boxes.Policy[K], sh Sharing[K]) (boxes.Placement, []round.Bet, error) {
	var mine []int
	var own []round.Bet
	for i, b := range live {
		if b.Player == player {
			mine, own = append(mine, i), append(own, b)
		}
	}
	pl, err := l.Place(own, cancelled, player, batch, closed, p)
	if err != nil || len(pl.Stakes) == 0 {
		return pl, nil, err
	}
	after := slices.Clone(live)
	for j, i := range pl.Replaces {
		if i >= 0 {
			pl.Replaces[j] = mine[i]
			after[mine[i]] = pl.Stakes[j]
		} else {
			after = append(after, pl.Stakes[j])
		}
	}
	for _, st := range pl.Stakes {
		n, _ := l.Box(st.Spot)
		var players []string
		var total int64
		for _, b := range after {
			if m, k := l.Box(b.Spot); m == n {
				if !slices.Contains(players, b.Player) {
					players = append(players, b.Player)
				}
				if k == sh.Base {
					total += b.Amount
				}
			}
		}
		if len(players) > sh.Bettors {
			return boxes.Placement{}, nil, apierr.Precondition(boxes.ReasonBoxTaken, "box %d is %v's: %d players a box (§2.5)", n, players[:sh.Bettors], sh.Bettors)
		}
		if sh.Most > 0 && total > sh.Most {
			return boxes.Placement{}, nil, apierr.Invalid(round.ReasonBetOutsideLimits, "box %d: its Antes together %d, over the table's maximum %d (§2.5)", n, total, sh.Most)
		}
	}
	return pl, after, nil
}

// Seat reports box n open to player among the round's bets: his already,
// or with room for another player.
func (sh Sharing[K]) Seat(l *boxes.Layout[K], bets []round.Bet, n int, player string) bool {
	var players []string
	for _, b := range bets {
		if m, _ := l.Box(b.Spot); m == n && !slices.Contains(players, b.Player) {
			players = append(players, b.Player)
		}
	}
	return slices.Contains(players, player) || len(players) < sh.Bettors
}

// Room bounds player's Base stake on box n, lo to hi by its limit: hi
// less the other players' Base stakes there where sh.Most is set.
func (sh Sharing[K]) Room(l *boxes.Layout[K], bets []round.Bet, n int, player string, lo, hi int64) (int64, int64) {
	if sh.Most == 0 {
		return lo, hi
	}
	for _, b := range bets {
		if m, k := l.Box(b.Spot); m == n && k == sh.Base && b.Player != player {
			hi -= b.Amount
		}
	}
	return lo, hi
}
