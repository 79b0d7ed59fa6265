package view

import (
	"slices"

	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/hand"
)

// SeenPositions returns the shoe positions (0 = the top card) of the cards
// v saw in the finished hand h, in increasing order: the same cards the
// rules let his stream show (live.Event.For) — the board, face-up cards,
// the hands shown at the showdown and, for the player dealt into a seat,
// that seat's own cards. Burns, discards, folded and mucked hands and the
// stub are never among them: the fairness proof opens these positions and
// no other (issue 11). Internal viewers see the whole shoe elsewhere; here
// they are treated as observers.
func SeenPositions(h *live.Hand, v live.Viewer) []int32 {
	st := h.State()
	if st == nil {
		return nil
	}
	mine := -1
	if v.Player != "" {
		for _, p := range h.Setup.Players {
			if p.Player == v.Player {
				mine = p.Seat
			}
		}
	}
	// Replay where each dealt card came from: the engine deals from the
	// front of the shoe, and a stud shortage puts the burns back under the
	// stub in burn order (hand.State.shortage), which order follows.
	order := make([]int32, len(h.Setup.Shoe))
	for i := range order {
		order[i] = int32(i)
	}
	next := 0
	var burns, seen []int32
	for _, d := range st.Deals {
		if d.Seat == hand.Recycled {
			order = append(slices.Clone(order[next:]), burns...)
			next, burns = 0, nil
			continue
		}
		if next >= len(order) {
			break // cannot happen for a hand the engine dealt
		}
		pos := order[next]
		next++
		switch {
		case d.Seat == hand.ToBurn:
			burns = append(burns, pos)
		case d.Seat == hand.ToBoard:
			seen = append(seen, pos)
		case d.Seat >= 0 && (d.Up || d.Seat == mine || st.Seats[d.Seat].Shown):
			seen = append(seen, pos)
		}
	}
	slices.Sort(seen)
	return seen
}
