package live

import (
	"slices"

	"github.com/croupier/croupier/shared/apierr"
)

func (a *applier) joinWait() error {
	t, c := a.t, a.c
	if !t.Config.Cash() {
		return apierr.Precondition("TOURNAMENT_TABLE", "a tournament table has no waiting list")
	}
	if c.Who == "" {
		return apierr.Invalid("NO_PLAYER", "only a player may wait for a seat")
	}
	if t.SeatOf(c.Who) >= 0 {
		return apierr.Precondition("ALREADY_SEATED", "the player sits at this table")
	}
	if slices.ContainsFunc(t.Waiting, func(w Waiter) bool { return w.Who == c.Who }) {
		return apierr.Precondition("ALREADY_WAITING", "the player is on the waiting list")
	}
	for i := 0; i < t.Config.Rules.MaxSeats; i++ {
		if t.free(i, c.Who) {
			return apierr.Precondition("SEAT_AVAILABLE", "seat %d is free: take it", i)
		}
	}
	w := Waiter{Who: c.Who, At: c.At}
	// Back within 20 minutes of a pick-up: first on the list; later: last
	// (gr-regulation-2 G4.8, INV-22; "Absence timing" vectors).
	first := false
	for _, p := range t.Pickups {
		if p.Who == c.Who && c.At-p.At <= RejoinWindow.Milliseconds() {
			first = true
		}
	}
	if first {
		t.Waiting = slices.Insert(t.Waiting, 0, w)
	} else {
		t.Waiting = append(t.Waiting, w)
	}
	a.prunePickups()
	return nil
}

func (a *applier) leaveWait() error {
	if !a.dropWaiter(a.c.Who) {
		return apierr.Precondition("NOT_WAITING", "the player is not on the waiting list")
	}
	return nil
}

func (a *applier) dropWaiter(who string) bool {
	n := len(a.t.Waiting)
	a.t.Waiting = slices.DeleteFunc(a.t.Waiting, func(w Waiter) bool { return w.Who == who })
	return len(a.t.Waiting) < n
}

// WaitingPosition is who's place on the waiting list (1-based), 0 if none.
func (t *Table) WaitingPosition(who string) int {
	for i, w := range t.Waiting {
		if w.Who == who {
			return i + 1
		}
	}
	return 0
}

func (a *applier) prunePickups() {
	at := a.c.At
	a.t.Pickups = slices.DeleteFunc(a.t.Pickups, func(p Pickup) bool { return at-p.At > RejoinWindow.Milliseconds() })
}

// offerFreeSeats offers each free seat to the first player waiting
// (seated players' own seat changes are not offered here: G7.2 is left to
// the front-end's ChangeSeat, which this service does not offer yet).
func (a *applier) offerFreeSeats() {
	t := a.t
	if t.Status != Open && t.Status != Paused {
		return
	}
	for i := 0; i < t.Config.Rules.MaxSeats && len(t.Waiting) > 0; i++ {
		x := &t.Seats[i]
		if t.Seating.Seats[i].Occupied() || x.Reserved != "" || x.Offer != "" {
			continue
		}
		w := t.Waiting[0]
		t.Waiting = t.Waiting[1:]
		x.Offer, x.OfferUntil = w.Who, a.c.At+OfferTime.Milliseconds()
		a.emit(Event{Kind: EvSeat, Seat: i, Change: "seat_offered", Player: w.Who, Seats: []SeatView{t.seatView(i)}})
	}
}

func (a *applier) expireOffer() error {
	t, c := a.t, a.c
	if c.Seat < 0 || c.Seat >= MaxSeats {
		return apierr.Invalid("BAD_SEAT", "seat %d", c.Seat)
	}
	x := &t.Seats[c.Seat]
	if x.Offer == "" || c.At < x.OfferUntil {
		return apierr.Precondition("NO_OFFER_DUE", "no seat offer expires at seat %d", c.Seat)
	}
	x.Offer, x.OfferUntil = "", 0
	a.emitSeat(c.Seat, "offer_expired")
	a.offerFreeSeats()
	return nil
}
