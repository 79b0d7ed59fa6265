package live

import (
	"github.com/croupier/croupier/shared/apierr"
)

func (a *applier) close() error {
	t, c := a.t, a.c
	if t.Status == Closing {
		return apierr.Precondition("ALREADY_CLOSING", "the table is closing")
	}
	t.Status, t.Reason = Closing, c.Reason
	t.Waiting = nil
	for i := range t.Seats {
		t.Seats[i].Offer, t.Seats[i].OfferUntil = "", 0
	}
	a.emitTable(c.Reason)
	if !t.InHand() {
		a.closeSeats()
	}
	return nil
}

func (a *applier) closeSeats() {
	t := a.t
	for i := range t.Seats {
		if t.Seating.Seats[i].Occupied() {
			a.leave(i, "", "left")
		}
	}
}

func (a *applier) setStakes() error {
	t, c := a.t, a.c
	if c.Stakes == nil {
		return apierr.Invalid("NO_STAKES", "set stakes needs stakes")
	}
	st := *c.Stakes
	st.Currency, st.Exponent = t.Rules().Stakes.Currency, t.Rules().Stakes.Exponent
	if err := t.Rules().WithStakes(st).Validate(); err != nil {
		return apierr.Invalid("BAD_STAKES", "%v", err)
	}
	t.Next = &st
	// A tournament level applies from the next hand (GR H.23); a cash
	// game's parameters change only with three hands' notice
	// (gr-regulation-2 G3.10, "Parameter change" vector).
	t.NextFrom = t.HandNo + 1
	if t.Config.Cash() {
		t.NextFrom = t.HandNo + 4
	}
	a.emitTable("")
	return nil
}
