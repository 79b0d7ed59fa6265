package tournament

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// handlers registers the updates and the standings query. Validators run
// before an update is accepted into history, so a refused request leaves
// no trace and changes nothing.
func (r *run) handlers(ctx workflow.Context) error {
	regs := []struct {
		name     string
		handler  any
		validate any
	}{
		{UpdateRegister, func(ctx workflow.Context, in PlayerIn) (RegisterOut, error) {
			return r.register(withActivityOptions(ctx), in)
		}, r.validateRegister},
		{UpdateUnregister, func(ctx workflow.Context, in PlayerIn) (UnregisterOut, error) {
			return r.unregister(withActivityOptions(ctx), in)
		}, r.validateUnregister},
		{UpdateRebuy, func(ctx workflow.Context, in PlayerIn) (ChipsOut, error) {
			return r.rebuy(withActivityOptions(ctx), in, false)
		}, func(ctx workflow.Context, in PlayerIn) error { return r.validateRebuy(ctx, in, false) }},
		{UpdateAddOn, func(ctx workflow.Context, in PlayerIn) (ChipsOut, error) {
			return r.rebuy(withActivityOptions(ctx), in, true)
		}, func(ctx workflow.Context, in PlayerIn) error { return r.validateRebuy(ctx, in, true) }},
		{UpdatePause, func(ctx workflow.Context, in ReasonIn) error { return r.pause(withActivityOptions(ctx), in) }, r.validatePause},
		{UpdateResume, func(ctx workflow.Context, in ReasonIn) error { return r.resume(withActivityOptions(ctx)) }, r.validateResume},
		{UpdateCancel, func(ctx workflow.Context, in ReasonIn) error { return r.cancel(in) }, r.validateCancel},
		{UpdateDisqualify, func(ctx workflow.Context, in PlayerIn) error { return r.disqualify(withActivityOptions(ctx), in) }, r.validateDisqualify},
	}
	for _, h := range regs {
		if err := workflow.SetUpdateHandlerWithOptions(ctx, h.name, h.handler, workflow.UpdateHandlerOptions{Validator: h.validate}); err != nil {
			return err
		}
	}
	return workflow.SetQueryHandler(ctx, QueryStandings, func() (Standings, error) { return r.standings(ctx), nil })
}

func refuse(reason, format string, args ...any) error {
	return reject(apierr.Precondition(reason, format, args...))
}

// playerKey names a player in the run's locks, as Player.Key does.
func playerKey(in PlayerIn) string { return in.Partner + ":" + in.Player }

// lock waits until no other update of the player is in flight and takes his
// turn; the func returned gives it back. One player's updates so run one
// at a time whatever their idempotency keys, each decided on the state the
// one before left: a double click registers once, a refused attempt never
// undoes an accepted one (issue 11).
func (r *run) lock(ctx workflow.Context, in PlayerIn) (func(), error) {
	k := playerKey(in)
	if err := workflow.Await(ctx, func() bool { return !r.locked[k] }); err != nil {
		return nil, err
	}
	r.locked[k] = true
	return func() { delete(r.locked, k) }, nil
}

// queued reports whether another update of the player is in flight. His
// next one is then accepted on what does not depend on it and decided on
// his turn: a validator cannot wait.
func (r *run) queued(in PlayerIn) bool { return r.locked[playerKey(in)] }

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

func (r *run) validateRebuy(ctx workflow.Context, in PlayerIn, addOn bool) error {
	return r.checkRebuy(in, addOn, r.queued(in))
}

func (r *run) checkRebuy(in PlayerIn, addOn, queued bool) error {
	s := r.s
	if s.Cancelled || s.Phase == Paying || s.Phase == Completed {
		if _, p := s.player(in.Partner, in.Player); !queued && (p == nil || !p.In()) {
			return reject(apierr.NotFound("NOT_PLAYING", "%s is not in the tournament", in.Player))
		}
		return refuse("TOURNAMENT_OVER", "the tournament is %s", s.Phase)
	}
	if queued {
		return nil
	}
	_, p := s.player(in.Partner, in.Player)
	if p == nil || !p.In() {
		return reject(apierr.NotFound("NOT_PLAYING", "%s is not in the tournament", in.Player))
	}
	if p.Moving {
		return reject(apierr.Aborted("PLAYER_MOVING", "%s is being moved to another table; try again", in.Player))
	}
	if addOn {
		if !s.Terms.AddOnEligible(s.Level, s.Break, p.AddOn) {
			// H.16(a)(2): at the end of the rebuy period, once.
			return refuse("ADD_ON_CLOSED", "no add-on now (GR H.16(a)(2))")
		}
		if p.Status == Busted {
			return refuse("ADD_ON_CLOSED", "a busted player rebuys first")
		}
		return nil
	}
	if !s.Terms.RebuyEligible(s.Level, p.Chips, p.Rebuys) {
		// H.16(a)(1): inside the period, with half the starting stack or less.
		return refuse("REBUY_NOT_ALLOWED", "no rebuy: level %d, stack %d of %d, %d rebuys (GR H.16(a)(1))", s.Level+1, p.Chips, s.Terms.Stack, p.Rebuys)
	}
	return nil
}

// rebuy charges a rebuy or the add-on and adds its chips. An announced
// rebuy is binding (H.16(b); T7): once its money is held it is posted and
// there is no way to take it back. Stake and fee are held together and
// posted together, so a player short of the fee pays no stake; two rebuys
// sent at once are decided one after the other, the second on the stack
// the first left.
func (r *run) rebuy(ctx workflow.Context, in PlayerIn, addOn bool) (ChipsOut, error) {
	s := r.s
	if err := r.validateRebuy(ctx, in, addOn); err != nil {
		return ChipsOut{}, err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	unlock, err := r.lock(ctx, in)
	if err != nil {
		return ChipsOut{}, err
	}
	defer unlock()
	if err := r.checkRebuy(in, addOn, false); err != nil {
		return ChipsOut{}, err
	}
	i, p := s.player(in.Partner, in.Player)
	charge, what, n := s.Terms.Rebuy(), "rebuy", p.Rebuys+1
	if addOn {
		charge, what, n = s.Terms.AddOn(), "add-on", 1
	}
	if workflow.GetVersion(ctx, "rebuy-held", workflow.DefaultVersion, 1) == workflow.DefaultVersion {
		// A history from before rebuys were held replays as it ran: two
		// transfers.
		if err := r.rebuyMoved(ctx, i, p, what, n, addOn, charge); err != nil {
			return ChipsOut{}, err
		}
	} else {
		s.Charges++
		var out HoldOut
		err = workflow.ExecuteActivity(ctx, (*Activities).HoldEntry, HoldIn{Key: s.key("charge", s.Charges), Tournament: s.ID,
			Partner: p.Partner, Player: p.ID, Currency: s.Terms.Currency, Pool: s.PoolAccount, Revenue: s.RevenueAccount,
			Charge: charge, TTL: time.Hour, Note: what}).Get(ctx, &out)
		if err != nil {
			return ChipsOut{}, r.refused(ctx, err, what, charge)
		}
		if addOn {
			p.AddOn = true
		} else {
			p.Rebuys++
		}
		if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: holdsOf(out)}).Get(ctx, nil); err != nil {
			return ChipsOut{}, err
		}
	}
	s.Money.Add(charge)
	p.Paid.Pool += charge.Stake
	p.Paid.Commission += charge.Fee
	if p.Status == Busted {
		// Back in with the new bank in the seat kept for him.
		ti, seat := p.Table, p.Seat
		p.Status, p.Chips, p.RebuyBy = Playing, charge.Chips, time.Time{}
		err := workflow.ExecuteActivity(ctx, (*Activities).SeatPlayers, []SeatIn{{Table: s.Tables[ti].ID, Spec: SeatSpec{
			Key: s.key("reseat", i, n), Seat: seat, Player: p.ID, Partner: p.Partner, Name: p.Name, Chips: charge.Chips, Moved: true}}}).Get(ctx, nil)
		return ChipsOut{Chips: charge.Chips}, err
	}
	p.Chips += charge.Chips
	err = workflow.ExecuteActivity(ctx, (*Activities).AddChips, AddChipsIn{Key: s.key(what, i, n, "chips"), Table: s.Tables[p.Table].ID,
		Partner: p.Partner, Player: p.ID, Chips: charge.Chips}).Get(ctx, nil)
	return ChipsOut{Chips: charge.Chips}, err
}

// rebuyMoved charges a rebuy as workflows started before rebuys were held
// did (kept for their replay only): a stake and a fee transfer.
func (r *run) rebuyMoved(ctx workflow.Context, i int, p *Player, what string, n int, addOn bool, charge terms.EntryCharge) error {
	s := r.s
	if addOn {
		p.AddOn = true
	} else {
		p.Rebuys++
	}
	items := []MoneyItem{
		{Key: s.key(what, i, n, "stake"), Transfer: Transfer{From: p.Account, To: s.PoolAccount, Amount: charge.Stake, Currency: s.Terms.Currency, Kind: KindEntry, Tournament: s.ID, Note: what}},
		{Key: s.key(what, i, n, "fee"), Transfer: Transfer{From: p.Account, To: s.RevenueAccount, Amount: charge.Fee, Currency: s.Terms.Currency, Kind: KindFee, Tournament: s.ID, Note: what}},
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).Move, MoneyIn{Items: items}).Get(ctx, nil); err != nil {
		if addOn {
			p.AddOn = false
		} else {
			p.Rebuys--
		}
		return r.refused(ctx, err, what, charge)
	}
	return nil
}

func (r *run) validatePause(ctx workflow.Context, in ReasonIn) error {
	s := r.s
	if s.Phase != Running && s.Phase != OnBreak && s.Phase != FinalTable {
		return refuse("NOT_RUNNING", "the tournament is %s", s.Phase)
	}
	if s.Paused {
		return refuse("ALREADY_PAUSED", "the tournament is paused")
	}
	return nil
}

// pause stops the clock and the tables (the current hands play out).
func (r *run) pause(ctx workflow.Context, in ReasonIn) error {
	s := r.s
	if err := r.validatePause(ctx, in); err != nil {
		return err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	s.Paused, s.PausedAt, s.Reason = true, workflow.Now(ctx), in.Reason
	return workflow.ExecuteActivity(ctx, (*Activities).PauseTables, TablesIn{Tables: r.liveIDs(), Reason: "paused: " + in.Reason}).Get(ctx, nil)
}

func (r *run) validateResume(ctx workflow.Context, in ReasonIn) error {
	if !r.s.Paused {
		return refuse("NOT_PAUSED", "the tournament is not paused")
	}
	return nil
}

// resume restarts the clock where it stopped and, unless on a break, the
// tables.
func (r *run) resume(ctx workflow.Context) error {
	s := r.s
	if !s.Paused {
		return refuse("NOT_PAUSED", "the tournament is not paused")
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	s.PausedFor += workflow.Now(ctx).Sub(s.PausedAt)
	s.Paused, s.PausedAt, s.Reason = false, time.Time{}, ""
	if s.Break {
		return nil
	}
	return workflow.ExecuteActivity(ctx, (*Activities).ResumeTables, TablesIn{Tables: r.liveIDs()}).Get(ctx, nil)
}

func (r *run) validateCancel(ctx workflow.Context, in ReasonIn) error {
	s := r.s
	if s.Cancelled || s.Phase == Cancelled || s.Phase == Completed || s.Phase == Paying {
		return refuse("CANNOT_CANCEL", "the tournament is %s", s.Phase)
	}
	return nil
}

// cancel marks the tournament cancelled; the main loop refunds.
func (r *run) cancel(in ReasonIn) error {
	if r.s.Cancelled {
		return nil
	}
	r.s.Cancelled, r.s.Reason = true, in.Reason
	r.notify()
	return nil
}

func (r *run) validateDisqualify(ctx workflow.Context, in PlayerIn) error {
	return r.checkDisqualify(in, r.queued(in))
}

func (r *run) checkDisqualify(in PlayerIn, queued bool) error {
	if queued {
		return nil
	}
	_, p := r.s.player(in.Partner, in.Player)
	if p == nil || (!p.In() && p.Status != Registered) {
		return reject(apierr.NotFound("NOT_PLAYING", "%s is not in the tournament", in.Player))
	}
	if p.Moving {
		return reject(apierr.Aborted("PLAYER_MOVING", "%s is being moved; try again", in.Player))
	}
	return nil
}

// disqualify removes a player for an infraction: his stake stays in the
// pool and his fee with the casino (H.5, H.6; T10(c)); his chips leave play
// (docs/rules/tournaments.md §6.2 DEFAULT).
func (r *run) disqualify(ctx workflow.Context, in PlayerIn) error {
	s := r.s
	if err := r.validateDisqualify(ctx, in); err != nil {
		return err
	}
	r.busy++
	defer func() { r.busy--; r.notify() }()
	unlock, err := r.lock(ctx, in)
	if err != nil {
		return err
	}
	defer unlock()
	if err := r.checkDisqualify(in, false); err != nil {
		return err
	}
	i, p := s.player(in.Partner, in.Player)
	if p.Status == Registered {
		// Before the start the money is still held: post it (forfeited).
		p.Status = Disqualified
		if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: appendHolds(nil, p)}).Get(ctx, nil); err != nil {
			return err
		}
		s.Money.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
		return nil
	}
	ti := p.Table
	p.Status = Disqualified
	r.unseat(i)
	if ti < 0 {
		return nil
	}
	return workflow.ExecuteActivity(ctx, (*Activities).RemovePlayer, RemoveIn{Key: s.key("dq", i), Table: s.Tables[ti].ID, Partner: p.Partner, Player: p.ID}).Get(ctx, nil)
}

// standings answers the standings query.
func (r *run) standings(ctx workflow.Context) Standings {
	s := r.s
	st := Standings{ID: s.ID, Name: s.Terms.Name, Terms: s.Terms, Phase: s.Phase, Paused: s.Paused, Level: s.Level, Break: s.Break,
		Entrants: s.Entrants(), Left: s.Left(), Money: s.Money, Refunded: s.Refunded, Tables: len(s.LiveTables()),
		HandForHand: s.H4H, Moves: s.Moves, Breaks: s.Breaks, Runs: s.Runs, MaxHistory: s.MaxHistory,
		MaxHistoryBytes: s.MaxHistoryBytes, Reason: s.Reason, At: workflow.Now(ctx)}
	info := workflow.GetInfo(ctx)
	st.MaxHistory = max(st.MaxHistory, info.GetCurrentHistoryLength())
	st.MaxHistoryBytes = max(st.MaxHistoryBytes, info.GetCurrentHistorySize())
	if s.Cancelled && s.Phase != Cancelled {
		st.Reason = "cancelling: " + s.Reason
	}
	for _, p := range s.Players {
		st.PrizeTotal += p.Prize
		if p.Status == "" {
			// A pending registration carried in a state from before
			// registrations entered it only once held.
			continue
		}
		line := Standing{Partner: p.Partner, Player: p.ID, Name: p.Name, Status: p.Status, Place: p.Place, Chips: p.Chips,
			Seat: p.Seat, Prize: p.Prize, Rebuys: p.Rebuys, AddOn: p.AddOn}
		if p.Table >= 0 && p.Table < len(s.Tables) {
			line.Table = s.Tables[p.Table].ID
		}
		st.Players = append(st.Players, line)
	}
	st.DropBoxes = s.DropBoxes
	for _, e := range s.Eliminations {
		for k, i := range e.Players {
			p := s.Players[i]
			st.Busts = append(st.Busts, Bust{Partner: p.Partner, Player: p.ID, Place: e.Places[k], Start: e.Starts[k],
				Table: s.Tables[e.Tables[k]].No, Round: e.Round, At: e.At})
		}
	}
	return st
}
