package live

import (
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/poker/hand"
)

// Viewer is who an event or a view is for (game.Viewer). Hidden
// information is decided here and nowhere else: a player sees the
// face-down cards dealt to him in a hand he plays, everyone sees face-up
// cards (the board, stud up-cards) and the hands shown at the showdown,
// and nobody sees anything else — not a mucked hand, a folded hand, a burn
// or the undealt shoe. Operators and services see the same public
// information in streams and views; the complete record is theirs through
// the hand history once a hand is over.
type Viewer = game.Viewer

// PlayerKey is a player's key at a table (game.PlayerKey).
func PlayerKey(partner, player string) string { return game.PlayerKey(partner, player) }

// SplitKey splits a player key into partner and player ids (game.SplitKey).
func SplitKey(key string) (partner, player string) { return game.SplitKey(key) }

// For returns the event as v may see it.
func (e Event) For(v Viewer) Event {
	if e.Kind != EvHand || e.Engine.Cards.N == 0 {
		return e
	}
	ev := &e.Engine
	switch {
	case ev.Kind == hand.EvShown:
		// Shown at the showdown: public.
	case ev.Kind == hand.EvDealt && ev.Seat == hand.ToBoard:
		// Board cards are face up.
	case ev.Kind == hand.EvDealt && ev.Seat >= 0:
		// A seat's cards: the face-down ones are his alone — judged by the
		// player dealt in, not by whoever sits in the seat now.
		if v.Player == "" || v.Player != e.Player {
			hideDown(&ev.Cards, ev.Up)
		}
	default:
		// No other event may carry cards; hide any that do.
		hideDown(&ev.Cards, 0)
	}
	return e
}

func hideDown(cs *hand.Cards, up uint8) {
	for i := 0; i < int(cs.N); i++ {
		if up&(1<<i) == 0 {
			cs.C[i] = hand.Hidden
		}
	}
}

// viewerSeat is the seat v played in hand h, or -1.
func viewerSeat(h *Hand, v Viewer) int {
	if h == nil || v.Player == "" {
		return -1
	}
	for _, p := range h.Setup.Players {
		if p.Player == v.Player {
			return p.Seat
		}
	}
	return -1
}

// seatCards returns seat's cards in hand h as v may see them: his own, the
// face-up ones, and a hand shown at the showdown.
func seatCards(h *Hand, seat int, v Viewer) (hand.Cards, uint8) {
	if h == nil || h.state == nil {
		return hand.Cards{}, 0
	}
	st := &h.state.Seats[seat]
	if !st.In {
		return hand.Cards{}, 0
	}
	cs := st.Cards
	if viewerSeat(h, v) != seat && !st.Shown {
		hideDown(&cs, st.Up)
	}
	return cs, st.Up
}

// SeatViews returns every seat as v may see it, with the cards of the hand
// in progress (or of the last hand, until the next deal) that v may see.
func (t *Table) SeatViews(v Viewer) []SeatView {
	out := make([]SeatView, t.Config.Rules.MaxSeats)
	for i := range out {
		sv := t.seatView(i)
		if h := t.Hand; h != nil && h.state != nil && h.state.Seats[i].In && h.state.Seats[i].Player == t.Seating.Seats[i].Player {
			sv.Cards, sv.Up = seatCards(h, i, v)
		}
		out[i] = sv
	}
	return out
}
