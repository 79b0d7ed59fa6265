package tournament

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// registration waits for the start, taking registrations and withdrawals
// (update handlers), until the start time or a cancellation.
func (r *run) registration(ctx workflow.Context) error {
	s := r.s
	for {
		left := s.Terms.StartAt.Sub(workflow.Now(ctx))
		if left > 0 {
			ok, err := workflow.AwaitWithTimeout(ctx, left, func() bool { return s.Cancelled || r.needContinue(ctx) })
			if err != nil {
				return err
			}
			if ok && !s.Cancelled {
				return r.continueAsNew(ctx)
			}
		}
		if s.Cancelled {
			return r.cancelBeforeStart(ctx)
		}
		if !workflow.Now(ctx).Before(s.Terms.StartAt) {
			// Let registrations already accepted finish their holds.
			if err := workflow.Await(ctx, func() bool { return r.busy == 0 }); err != nil {
				return err
			}
			s.Phase = Seating
			return nil
		}
	}
}

func (r *run) validateRegister(ctx workflow.Context, in PlayerIn) error {
	return r.checkRegister(ctx, in, r.queued(in))
}

// checkRegister refuses a registration the rules or the state do not
// allow; queued leaves out what the player's update in flight decides.
func (r *run) checkRegister(ctx workflow.Context, in PlayerIn, queued bool) error {
	s := r.s
	if in.Player == "" || in.Partner == "" {
		return reject(apierr.Invalid("NO_PLAYER", "a registration names the player and his partner"))
	}
	if s.Cancelled || s.Phase == Cancelled || s.Phase == Completed || s.Phase == Paying {
		return refuse("REGISTRATION_CLOSED", "the tournament is %s", s.Phase)
	}
	now := workflow.Now(ctx)
	switch s.Phase {
	case Registering:
		if !now.Before(s.Terms.RegistrationClosesAt) {
			// H.4: applications close before the start.
			return refuse("REGISTRATION_CLOSED", "registration closed at %s (GR H.4)", s.Terms.RegistrationClosesAt.Format(time.RFC3339))
		}
	case Running, OnBreak, FinalTable:
		if !s.Terms.LateRegistration || s.Level >= s.Terms.LateLevels || s.H4H {
			return refuse("REGISTRATION_CLOSED", "no late registration (GR H.4)")
		}
	default:
		return refuse("REGISTRATION_CLOSED", "the tournament is %s", s.Phase)
	}
	if queued {
		return nil
	}
	if _, p := s.player(in.Partner, in.Player); p != nil && p.Status != Withdrawn {
		return refuse("ALREADY_REGISTERED", "%s is already on the entrants' list", in.Player)
	}
	if s.Entrants()+r.registering >= s.Terms.MaxEntrants {
		return refuse("TOURNAMENT_FULL", "the tournament is full (%d entrants)", s.Terms.MaxEntrants)
	}
	if s.Phase != Registering && r.freeSeats() <= r.registering {
		return refuse("NO_SEAT", "no free seat for a late registration")
	}
	return nil
}

// freeSeats counts the empty seats at the live tables.
func (r *run) freeSeats() int {
	n := 0
	for _, ti := range r.s.LiveTables() {
		t := r.s.Tables[ti]
		n += len(t.Seats) - t.Count()
	}
	return n
}

// register puts a player on the list with his stake and fee held (H.3–H.6).
// A late registration is posted and seated at once. Nothing of the player
// enters the state before his holds are made: a refused registration
// leaves no row, no hold and no account.
func (r *run) register(ctx workflow.Context, in PlayerIn) (RegisterOut, error) {
	s := r.s
	if err := r.validateRegister(ctx, in); err != nil {
		return RegisterOut{}, err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	unlock, err := r.lock(ctx, in)
	if err != nil {
		return RegisterOut{}, err
	}
	defer unlock()
	// The pool and revenue accounts are opened first thing; a registration
	// that comes in before waits for them.
	if err := workflow.Await(ctx, func() bool { return s.PoolAccount != "" }); err != nil {
		return RegisterOut{}, err
	}
	if err := r.checkRegister(ctx, in, false); err != nil {
		return RegisterOut{}, err
	}
	// busy keeps the phase: the start (and a cancellation) waits for this
	// registration.
	late := s.Phase != Registering
	charge := s.Terms.Entry()
	ttl := s.Terms.StartAt.Sub(workflow.Now(ctx)) + time.Hour
	ttl = min(max(ttl, time.Hour), 24*time.Hour)
	s.Charges++
	r.registering++
	var out HoldOut
	err = workflow.ExecuteActivity(ctx, (*Activities).HoldEntry, HoldIn{Key: s.key("charge", s.Charges), Tournament: s.ID,
		Partner: in.Partner, Player: in.Player, Currency: s.Terms.Currency, Pool: s.PoolAccount, Revenue: s.RevenueAccount,
		Charge: charge, TTL: ttl}).Get(ctx, &out)
	r.registering--
	if err != nil {
		return RegisterOut{}, r.refused(ctx, err, "entry", charge)
	}
	ti, seat := -1, -1
	if late {
		if ti, seat = r.freeSeat(-1); ti < 0 {
			// The seat counted for him went while the holds were made (a
			// table broke): the registration is undone whole.
			if err := workflow.ExecuteActivity(ctx, (*Activities).VoidHolds, HoldsIn{Holds: holdsOf(out)}).Get(ctx, nil); err != nil {
				return RegisterOut{}, err
			}
			return RegisterOut{}, refuse("NO_SEAT", "no free seat for a late registration")
		}
	}
	i, p := s.player(in.Partner, in.Player)
	if p == nil {
		i = len(s.Players)
		p = &Player{ID: in.Player, Partner: in.Partner, Table: -1, Seat: -1, Order: i}
		s.Players = append(s.Players, p)
		s.byID[p.Key()] = i
	}
	p.Name, p.Reg = in.Name, p.Reg+1
	p.Account, p.StakeHold, p.FeeHold = out.Account, out.StakeHold, out.FeeHold
	p.Paid = terms.Money{Pool: charge.Stake, Commission: charge.Fee}
	p.Status = Registered
	if !late {
		return RegisterOut{Entrants: s.Entrants()}, nil
	}
	// Late registration: the seat is his before the next yield, then the
	// holds are posted and he is seated.
	s.Tables[ti].Seats[seat] = i
	p.Table, p.Seat = ti, seat
	p.Status, p.Chips = Playing, charge.Chips
	if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: appendHolds(nil, p)}).Get(ctx, nil); err != nil {
		return RegisterOut{}, err
	}
	s.Money.Add(charge)
	err = workflow.ExecuteActivity(ctx, (*Activities).SeatPlayers, []SeatIn{{Table: s.Tables[ti].ID, Spec: SeatSpec{Key: s.key("seat", i, p.Reg),
		Seat: seat, Player: p.ID, Partner: p.Partner, Name: p.Name, Chips: p.Chips, Late: true}}}).Get(ctx, nil)
	return RegisterOut{Entrants: s.Entrants(), Late: true}, err
}

func appendHolds(h []string, p *Player) []string {
	if p.StakeHold != "" {
		h = append(h, p.StakeHold)
	}
	if p.FeeHold != "" {
		h = append(h, p.FeeHold)
	}
	return h
}

func holdsOf(h HoldOut) []string {
	var out []string
	for _, id := range []string{h.StakeHold, h.FeeHold} {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

// refused answers a charge the wallet refused with the wallet's reason in
// the workflow's own words: the wallet's message names internal account
// ids, which stay in the log. Any other failure is returned as it is.
func (r *run) refused(ctx workflow.Context, err error, what string, c terms.EntryCharge) error {
	ae, ok := Refusal(err)
	if !ok {
		return err
	}
	workflow.GetLogger(ctx).Info("charge refused", "charge", what, "reason", ae.Reason, "error", err)
	if ae.Reason == ReasonInsufficientFunds {
		return refuse(ReasonInsufficientFunds, "not enough available funds for the %s (%s)", what, r.amount(c.Stake+c.Fee))
	}
	return refuse(ae.Reason, "the wallet refused the %s (%s)", what, ae.Reason)
}

// amount writes minor units in the tournament's currency: 11000 EUR with
// exponent 2 is "110.00 EUR".
func (r *run) amount(v int64) string {
	cur, e := r.s.Terms.Currency, r.s.Terms.Exponent
	if e <= 0 || e > 18 {
		return fmt.Sprintf("%d %s", v, cur)
	}
	unit := int64(1)
	for range e {
		unit *= 10
	}
	return fmt.Sprintf("%d.%0*d %s", v/unit, e, v%unit, cur)
}

// freeSeat finds a free seat: at table prefer if it has one, else at the
// shortest live table.
func (r *run) freeSeat(prefer int) (int, int) {
	s := r.s
	if prefer >= 0 && !s.Tables[prefer].Closed {
		for seat, pi := range s.Tables[prefer].Seats {
			if pi < 0 {
				return prefer, seat
			}
		}
	}
	best, bestSeat := -1, -1
	for _, ti := range s.LiveTables() {
		t := s.Tables[ti]
		if best >= 0 && t.Count() >= s.Tables[best].Count() {
			continue
		}
		for seat, pi := range t.Seats {
			if pi < 0 {
				best, bestSeat = ti, seat
				break
			}
		}
	}
	return best, bestSeat
}

func (r *run) validateUnregister(ctx workflow.Context, in PlayerIn) error {
	return r.checkUnregister(in, r.queued(in))
}

func (r *run) checkUnregister(in PlayerIn, queued bool) error {
	s := r.s
	_, p := s.player(in.Partner, in.Player)
	notOnList := !queued && (p == nil || p.Status == Withdrawn)
	if notOnList || (!queued && s.Phase == Registering && p.Status != Registered) {
		return reject(apierr.NotFound("NOT_REGISTERED", "%s is not on the entrants' list", in.Player))
	}
	if s.Phase != Registering {
		// H.6: the refund is for an entrant who withdraws before taking part.
		// Once dealt in, he is in until his chips are gone (H.11: an absent
		// player's blinds are posted): the message says what he can do.
		return refuse("TOURNAMENT_STARTED", "the tournament is %s: withdrawing (and its refund) ends when it starts; "+
			"a player leaves a running tournament when he loses his chips: he may sit out (TableService.SitOut; he is still dealt in "+
			"and his blinds are posted), and an operator may disqualify him (DisqualifyPlayer; nothing is refunded)", s.Phase)
	}
	return nil
}

// unregister takes a player off the list before the start: stake and fee
// back unless the terms say otherwise (H.6; T10(b)). One sent while his
// registration is being made waits for it and then withdraws him.
func (r *run) unregister(ctx workflow.Context, in PlayerIn) (UnregisterOut, error) {
	s := r.s
	if err := r.validateUnregister(ctx, in); err != nil {
		return UnregisterOut{}, err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	unlock, err := r.lock(ctx, in)
	if err != nil {
		return UnregisterOut{}, err
	}
	defer unlock()
	if err := r.checkUnregister(in, false); err != nil {
		return UnregisterOut{}, err
	}
	_, p := s.player(in.Partner, in.Player)
	p.Status = Withdrawn
	holds := appendHolds(nil, p)
	if s.Terms.Withdrawal == terms.RefundNone {
		// The terms keep the money: the holds are posted.
		if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: holds}).Get(ctx, nil); err != nil {
			return UnregisterOut{}, err
		}
		s.Money.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
		return UnregisterOut{}, nil
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).VoidHolds, HoldsIn{Holds: holds}).Get(ctx, nil); err != nil {
		return UnregisterOut{}, err
	}
	s.Refunded.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
	out := UnregisterOut{Refunded: p.Paid.Pool + p.Paid.Commission}
	p.Paid = terms.Money{}
	return out, nil
}
