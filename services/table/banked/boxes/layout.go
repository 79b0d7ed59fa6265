// Package boxes is what the casino poker engines share of their boxes:
// the spot of each stake on a box ("box:3/ante"), and a round's bets on
// the boxes as placing and cancelling see them: one player a box (and, where a
// table says so, one box a player), a side bet that goes with the box's
// base bet, a stake placed with the base at its amount and under its id
// (the Czech Blind), a player's new bet on a spot replacing his old, a
// cancel of the base taking its companions along; and the turn the boxes
// decide in. It keeps no state of its own: it works on the bets, lines
// and turn of the engine's State, whose fields the engine names, and
// refuses with the reasons below and package round's.
package boxes

import (
	"fmt"
	"strconv"
	"strings"
)

// Reasons of the refusals only the casino poker games have (apierr
// reasons a partner can switch on); the others are package round's.
const (
	// ReasonBoxTaken: another player has a bet on the box: one player a
	// box.
	ReasonBoxTaken = "BOX_TAKEN"
	// ReasonOneBox: a player's bet on a second box, where a player plays
	// one box.
	ReasonOneBox = "ONE_BOX"
	// ReasonNoAnte: a side bet without the player's base bet (the Ante)
	// on the box.
	ReasonNoAnte = "NO_ANTE"
	// ReasonStaleTurn: a command names a wait other than the current and
	// is not a replay of what was done in it.
	ReasonStaleTurn = "STALE_TURN"
)

// Layout is how a game's stakes sit on its boxes: the spot names,
// "box:n/kind", made once for its boxes and kinds; the kind that makes a
// box its player's (the Ante), the side bet that goes with it (the AA
// Bonus, Trips), and the stake placed with it, if any (the Blind). Every
// other kind (a Call, a Play) is made by deciding, never placed.
type Layout[K ~uint8] struct {
	// Base, Side and With are the kinds above; With is 0 where the game
	// has none.
	Base, Side, With K
	names            []string   // names[k]: kind k's, "" for none
	spots            [][]string // spots[n][k]: "box:n/kind"
}

// NewLayout makes the spot names of boxes 1 to boxes, for the kinds
// named by names (names[k] is kind k's; names[0], no kind, is "").
func NewLayout[K ~uint8](boxes int, names []string, base, side, with K) *Layout[K] {
	l := &Layout[K]{Base: base, Side: side, With: with, names: names, spots: make([][]string, boxes+1)}
	for n := 1; n <= boxes; n++ {
		l.spots[n] = make([]string, len(names))
		for k := 1; k < len(names); k++ {
			l.spots[n][k] = fmt.Sprintf("box:%d/%s", n, names[k])
		}
	}
	return l
}

// Spot is the spot of a stake of kind k on box n: "box:3/ante".
func (l *Layout[K]) Spot(n int, k K) string {
	if n >= 1 && n < len(l.spots) && k >= 1 && int(k) < len(l.names) {
		return l.spots[n][k]
	}
	return fmt.Sprintf("box:%d/kind(%d)", n, k)
}

// Box reads a canonical spot: its box and kind, 0 for anything else.
func (l *Layout[K]) Box(spot string) (int, K) {
	rest, ok := strings.CutPrefix(spot, "box:")
	num, kind, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 || num == "" || num[0] == '0' {
		return 0, 0
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n >= len(l.spots) {
		return 0, 0
	}
	for k := 1; k < len(l.names); k++ {
		if l.names[k] == kind {
			return n, K(k)
		}
	}
	return 0, 0
}
