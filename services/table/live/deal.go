package live

import (
	"slices"
	"time"

	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/apierr"
)

// planNext is the next hand's plan under the rules it will be dealt with.
func (t *Table) planNext() (seating.Plan, seating.Table, error) {
	tmp := t.Seating
	if t.Next != nil && t.HandNo+1 >= t.NextFrom {
		tmp.Rules = tmp.Rules.WithStakes(*t.Next)
	}
	p, err := tmp.Plan()
	return p, tmp, err
}

// CanDeal reports whether the next hand may be dealt now.
func (t *Table) CanDeal() bool {
	if t.InHand() || t.Status != Open || t.Held || len(t.Intents) > 0 {
		return false
	}
	_, _, err := t.planNext()
	return err == nil
}

func (a *applier) deal() error {
	t, c := a.t, a.c
	if t.InHand() {
		return apierr.Precondition("HAND_IN_PROGRESS", "hand %s is in progress", t.Hand.ID)
	}
	switch {
	case t.Status != Open:
		return apierr.Precondition("NOT_OPEN", "the table is %s", t.Status)
	case t.Held:
		return apierr.Precondition("DEAL_HELD", "the deal is held (hand-for-hand)")
	case len(t.Intents) > 0:
		return apierr.Precondition("INTENTS_PENDING", "%d money movements are pending", len(t.Intents))
	}
	plan, tmp, err := t.planNext()
	if err != nil {
		return err
	}
	n := t.HandNo + 1
	id := HandID(t.Config.ID, n)
	setup := plan.Setup(id, c.Shoe)
	setup.Number, setup.Table, setup.At, setup.Commitment = n, t.Config.ID, time.UnixMilli(c.At).UTC(), c.Commitment
	setup.Serial, setup.TableName = c.Serial, t.Config.Name
	h := &Hand{ID: id, Number: n, Rules: tmp.Rules, Plan: plan, Setup: setup, Outcome: c.Outcome}
	ev, used, err := h.start(c.Ranks)
	if err != nil {
		return err
	}
	if len(used) > 0 {
		c.Ranks, h.StartRanks = used, slices.Clone(used)
	}
	if t.Seating.Rules.Stakes != tmp.Rules.Stakes {
		t.Seating.Rules = tmp.Rules
		t.Next, t.NextFrom = nil, 0
	}
	t.HandNo, t.Hand = n, h
	seats := make([]SeatView, 0, len(plan.Players))
	for _, p := range plan.Players {
		seats = append(seats, SeatView{Seat: p.Seat, Status: SeatPlaying, Player: p.Player, Name: p.Name, Stack: p.Stack, InHand: true})
	}
	stakes := h.Rules.Stakes
	a.emit(Event{Kind: EvHandStarted, Hand: id, Number: n, Button: plan.Button, Commitment: c.Commitment,
		Outcome: c.Outcome, Seats: seats, Stakes: &stakes})
	a.engineEvents(ev, false)
	a.afterHand()
	return a.muckDead()
}

// finish applies the end of the hand to the table: stacks, blinds and
// button (seating), chips added during the hand, the rake intent, players
// leaving, busted and timed-out players, and the hand's result.
func (a *applier) finish() {
	t, c := a.t, a.c
	h := t.Hand
	s := h.state
	h.Finished, h.EndedAt, h.Deadline, h.BankFrom = true, c.At, 0, 0
	res := HandResult{Hand: h.ID, Number: h.Number, EndedAt: c.At, Result: s.Phase.String(), Rake: s.Rake}
	dealt := [seating.MaxSeats]bool{}
	for _, p := range h.Setup.Players {
		dealt[p.Seat] = true
		res.Players = append(res.Players, PlayerResult{Seat: p.Seat, Who: p.Player, Start: p.Stack, End: s.Stack(p.Seat), Dead: deadPosted(s, p.Seat),
			ClockCalled: slices.Contains(h.Clocks, p.Seat)})
	}
	for i := range t.Seating.Seats {
		if why := t.Seating.Why(i); !dealt[i] && why != seating.NotOut {
			res.Out = append(res.Out, DealtOut{Seat: i, Who: t.Seating.Seats[i].Player, Reason: why})
		}
	}
	t.Seating.Finish(h.Plan, s)
	for i := range t.Seats {
		if x := &t.Seats[i]; x.TopUp > 0 {
			t.Seating.Seats[i].Stack += x.TopUp
			x.TopUp = 0
		}
		if x := &t.Seats[i]; dealt[i] && x.Penalty > 0 && s.Phase != hand.Misdeal {
			x.Penalty--
		}
	}
	if t.Config.Cash() && s.Rake > 0 {
		// The rake leaves the escrow under the hand id as idempotency key.
		t.Intents = append(t.Intents, Intent{ID: h.ID, Kind: IntentRake, Seat: -1, Amount: s.Rake, Hand: h.ID, Due: c.At})
	}
	t.LastEnd = c.At
	var ended []SeatView
	for i := range t.Seats {
		ss := &t.Seating.Seats[i]
		x := &t.Seats[i]
		if !ss.Occupied() {
			continue
		}
		switch {
		case x.Leave:
			change := "left"
			if !t.Config.Cash() {
				change = "moved"
			}
			a.leave(i, x.LeaveKey, change)
		case !t.Config.Cash() && ss.Stack == 0:
			// Out of chips at a tournament table: eliminated (GR H.29).
			for k := range res.Players {
				if res.Players[k].Seat == i {
					res.Players[k].Eliminated, res.Players[k].Bank, res.Players[k].Shot, res.Players[k].Ext = true, x.Bank, x.Shot, x.Ext
				}
			}
			a.leave(i, "", "eliminated")
		case t.Config.Cash() && ss.Stack == 0 && !ss.SittingOut:
			t.Seating.SitOut(i)
			x.AwaySince = c.At
			a.emitSeat(i, "sat_out")
		case t.Config.Cash() && x.Timeouts >= t.Config.Clock.timeoutsToSitOut() && !ss.SittingOut:
			t.Seating.SitOut(i)
			x.AwaySince = c.At
			a.emitSeat(i, "sat_out")
		}
	}
	for i := 0; i < t.Config.Rules.MaxSeats; i++ {
		ended = append(ended, t.seatView(i))
		res.Stacks += t.Seating.Seats[i].Stack
	}
	for _, in := range t.Intents {
		if in.Kind == IntentCashOut {
			// Players who left with this hand: their chips are still in the
			// escrow until the cash-out moves them.
			res.Stacks += in.Amount
		}
	}
	a.emit(Event{Kind: EvHandEnded, Hand: h.ID, Number: h.Number, Result: res.Result, Rake: s.Rake, Reason: s.Reason, Seats: ended})
	t.Results = append(t.Results, res)
	if len(t.Results) > MaxResults {
		t.Results = append(t.Results[:0], t.Results[len(t.Results)-MaxResults:]...)
	}
	if t.Status == Closing {
		a.closeSeats()
	}
	a.offerFreeSeats()
}

// HandResult is a finished hand's outcome for the tournament service.
type HandResult struct {
	Hand    string         `json:"hand"`
	Number  uint64         `json:"number"`
	EndedAt int64          `json:"ended_at"`
	Result  string         `json:"result"`
	Rake    int64          `json:"rake,omitempty"`
	Players []PlayerResult `json:"players"`
	// Out is every seated player the hand was not dealt to, and why.
	Out []DealtOut `json:"out,omitempty"`
	// Stacks is every chip at the table after the hand (cash-outs of
	// players who left with it included), the rake excluded.
	Stacks int64 `json:"stacks"`
}

// PlayerResult is one player's part of a hand result.
type PlayerResult struct {
	Seat       int    `json:"seat"`
	Who        string `json:"who"`
	Start      int64  `json:"start"`
	End        int64  `json:"end"`
	Eliminated bool   `json:"eliminated,omitempty"`
	// Dead is what his dead blinds put in the pot (B.37; H.35).
	Dead int64 `json:"dead,omitempty"`
	// ClockCalled: the clock was called on him in the hand (H.28(b)).
	ClockCalled bool `json:"clock_called,omitempty"`
	// Bank (ms) and Shot are an eliminated player's time bank left and
	// shot clock, which a rebuy brings back (T25, T26).
	Bank int64 `json:"bank,omitempty"`
	Shot bool  `json:"shot,omitempty"`
	Ext  int   `json:"ext,omitempty"`
}

// DealtOut is a seated player a hand was not dealt to.
type DealtOut struct {
	Seat   int              `json:"seat"`
	Who    string           `json:"who"`
	Reason seating.DealtOut `json:"reason"`
}

// deadPosted sums the dead blinds seat posted in the hand.
func deadPosted(s *hand.State, seat int) int64 {
	var n int64
	for _, p := range s.Posted {
		if p.Seat == seat && (p.Kind == hand.DeadBig || p.Kind == hand.DeadSmall) {
			n += p.Amount
		}
	}
	return n
}
