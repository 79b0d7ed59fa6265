package seating

import (
	"time"

	"github.com/croupier/croupier/services/table/poker/profile"
)

// PickUpAfter is how long a player may be away before the dealer picks up
// his chips and frees the seat (gr-regulation-2 G4.8; gr-regulation-1 B.79:
// more than 10 minutes).
const PickUpAfter = 10 * time.Minute

// RejoinWindow is how long after a pick-up the player keeps first place on
// the waiting list (G4.8: back within 20 minutes, first; later, last).
const RejoinWindow = 20 * time.Minute

// PickUp reports whether a player away for away has his chips picked up.
// The caller's clock measures the time: the rules only compare it.
func PickUp(away time.Duration) bool { return away > PickUpAfter }

// RejoinsFirst reports whether a player back since after his pick-up goes
// first on the waiting list (otherwise last).
func RejoinsFirst(since time.Duration) bool { return since <= RejoinWindow }

// ChangeFrom is the first hand a change of game or parameters announced
// before hand announced applies to: three hands later, or the next hand
// when every player agrees (gr-regulation-2 G3.10, INV-21).
func ChangeFrom(announced int, unanimous bool) int {
	if unanimous {
		return announced + 1
	}
	return announced + 3
}

// SameGame reports whether a player may be transferred between tables of
// rules a and b: the same game with the same limits (gr-regulation-1
// B.102).
func SameGame(a, b profile.Rules) bool {
	return a.Game == b.Game && a.Structure == b.Structure && a.Stakes == b.Stakes
}
