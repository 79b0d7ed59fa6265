package live

import "github.com/croupier/croupier/services/table/poker/hand"

// DueKind is the work a table's clock owes.
type DueKind uint8

// Kinds of due work.
const (
	DueNone DueKind = iota
	// DueIntent: a money intent waits for the wallet.
	DueIntent
	// DueTimeout: the seat to act ran out of time.
	DueTimeout
	// DueDeal: the next hand is to be dealt.
	DueDeal
	// DuePickup: an absent player's chips are to be picked up.
	DuePickup
	// DueOffer: a seat offer expires.
	DueOffer
)

var dueNames = [...]string{"none", "intent", "timeout", "deal", "pickup", "offer"}

func (k DueKind) String() string {
	if int(k) < len(dueNames) {
		return dueNames[k]
	}
	return "due?"
}

// Due is the earliest work the table's clock owes: when (Unix ms), what,
// and the seat or intent it concerns. ok is false when nothing is due
// until a command changes the table.
type Due struct {
	At     int64
	Kind   DueKind
	Seat   int
	Intent string
}

// NextDue returns the table's earliest due work.
func (t *Table) NextDue() (Due, bool) {
	best := Due{Kind: DueNone}
	found := false
	// Called two or three times per command: the candidates are compared
	// as they come rather than collected.
	t.eachDue(func(d Due) {
		if !found || d.At < best.At {
			best, found = d, true
		}
	})
	return best, found
}

// eachDue calls f with each piece of work the table owes, in no order.
func (t *Table) eachDue(f func(Due)) {
	if t.Status == Closed || t.FrozenFor != "" {
		// A frozen table owes nothing until an operator resumes it.
		return
	}
	for _, in := range t.Intents {
		f(Due{At: in.Due, Kind: DueIntent, Seat: in.Seat, Intent: in.ID})
	}
	if h := t.Hand; t.InHand() {
		if s := h.state; s.Phase == hand.Betting && s.ToAct() >= 0 && h.Deadline > 0 {
			f(Due{At: h.Deadline, Kind: DueTimeout, Seat: s.ToAct()})
		}
	} else if t.CanDeal() {
		at := t.LastEnd + t.Config.Clock.Pause.Milliseconds()
		if t.LastEnd == 0 {
			at = 0
		}
		f(Due{At: at, Kind: DueDeal, Seat: -1})
	}
	for i := range t.Seats {
		x := &t.Seats[i]
		if t.Config.Cash() && x.AwaySince > 0 && t.Seating.Seats[i].Occupied() && !t.dealtIn(i) {
			// More than 10 minutes: one millisecond after.
			f(Due{At: x.AwaySince + AbsencePickup.Milliseconds() + 1, Kind: DuePickup, Seat: i})
		}
		if x.Offer != "" {
			f(Due{At: x.OfferUntil, Kind: DueOffer, Seat: i})
		}
	}
}
