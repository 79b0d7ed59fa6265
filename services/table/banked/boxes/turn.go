package boxes

import "github.com/croupier/croupier/shared/apierr"

// Turn is what a round waits for from the players: the boxes decide one
// at a time.
type Turn struct {
	// Seq numbers the waits of the round from 1: it moves on at every
	// decision and timeout. A decision or a timeout that names it is for
	// this wait only; one that names none (0) is for the current.
	Seq int `json:"seq"`
	// Box decides now, its Player; 0 and "" when no decision is awaited.
	Box    int    `json:"box,omitempty"`
	Player string `json:"player,omitempty"`
}

// Timeout sorts the decision clock's timeout for the wait seq (0: the
// current): one for a wait that has ended is a replay (true), one for a
// wait not yet begun STALE_TURN. Whether a decision is awaited now is the
// engine's to say.
func (t Turn) Timeout(seq int) (replay bool, err error) {
	switch {
	case seq != 0 && seq < t.Seq:
		return true, nil
	case seq > t.Seq:
		return false, apierr.Precondition(ReasonStaleTurn, "timeout for wait %d: the round is at %d", seq, t.Seq)
	}
	return false, nil
}
