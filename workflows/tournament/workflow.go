// Package tournament is the poker tournament as a Temporal workflow: one
// workflow per tournament, from registration through the seat draw, the
// level clock, breaks, chip races, eliminations, balancing and breaking
// tables, hand-for-hand and the final table to the payouts
// (docs/rules/tournaments.md §3). The rules themselves are plain packages beside it
// (terms, draw, balance, finish, payout, chiprace, schedule); the workflow
// sequences them, and its activities are thin, idempotent calls to the
// wallet, the table service and the RNG. The workflow is deterministic
// (workflowcheck), carries its whole state across continue-as-new, and a
// worker killed at any point resumes without paying twice or losing a
// registration: every money movement has an idempotency key derived from
// the tournament, the player and the purpose.
package tournament

import (
	"fmt"
	"sort"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament/balance"
	"github.com/croupier/croupier/workflows/tournament/chiprace"
	"github.com/croupier/croupier/workflows/tournament/draw"
	"github.com/croupier/croupier/workflows/tournament/finish"
	"github.com/croupier/croupier/workflows/tournament/payout"
	"github.com/croupier/croupier/workflows/tournament/schedule"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Workflow runs one tournament. s is a new tournament (ID, Terms, Phase
// Registering) or the state carried over from a continue-as-new.
func Workflow(ctx workflow.Context, s State) (Result, error) {
	s.Options.defaults()
	s.index()
	if s.Phase == "" {
		s.Phase = Registering
	}
	r := &run{s: &s, wake: workflow.NewBufferedChannel(ctx, 1), locked: map[string]bool{}}
	if err := r.handlers(ctx); err != nil {
		return Result{}, err
	}
	ctx = withActivityOptions(ctx)
	if s.PoolAccount == "" {
		var acc AccountsOut
		if err := workflow.ExecuteActivity(ctx, (*Activities).OpenAccounts, AccountsIn{Tournament: s.ID, Currency: s.Terms.Currency}).Get(ctx, &acc); err != nil {
			return Result{}, err
		}
		s.PoolAccount, s.RevenueAccount = acc.Pool, acc.Revenue
	}
	for {
		var err error
		switch s.Phase {
		case Registering:
			err = r.registration(ctx)
		case Seating:
			err = r.start(ctx)
		case Running, OnBreak, FinalTable:
			err = r.play(ctx)
		case Paying:
			err = r.pay(ctx)
		case Completed, Cancelled:
			// Let update handlers answer before the workflow closes.
			_ = workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) })
			return r.result(), nil
		default:
			return Result{}, fmt.Errorf("unknown phase %q", s.Phase)
		}
		if err != nil {
			return Result{}, err
		}
	}
}

// withActivityOptions sets the activities' timeouts and retries: activities
// retry until they succeed (they are idempotent), except for refusals
// marked non-retryable.
func withActivityOptions(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Minute,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    200 * time.Millisecond,
			BackoffCoefficient: 2,
			MaximumInterval:    10 * time.Second,
		},
	})
}

// run is one workflow run's working memory around the state.
type run struct {
	s    *State
	wake workflow.Channel
	// inflight counts activities whose results the state still needs
	// (moves, table closes); continue-as-new waits for them.
	inflight int
	moves    []*pendingMove
	// busy marks a handler that is changing money or seats.
	busy int
	// locked holds the players (by Player.Key) with an update in flight:
	// one player's registrations, withdrawals, rebuys, add-ons and
	// disqualifications run one at a time, each decided on the state the
	// one before left (issue 11: parallel registrations each took an
	// entry).
	locked map[string]bool
	// registering counts registrations between their checks and their
	// holds: places and seats they may take.
	registering int
}

type pendingMove struct {
	player int
	from   int
	fut    workflow.Future
}

func (r *run) notify() { r.wake.SendAsync(true) }

func (r *run) result() Result {
	s := r.s
	var prizes int64
	for _, p := range s.Players {
		prizes += p.Prize
	}
	return Result{Phase: s.Phase, Entrants: s.Entrants(), Money: s.Money, Refunded: s.Refunded, PrizeTotal: prizes,
		Moves: s.Moves, Breaks: s.Breaks, Runs: s.Runs, MaxHistory: s.MaxHistory, MaxHistoryBytes: s.MaxHistoryBytes}
}

// needContinue reports whether the history is long enough to start afresh.
func (r *run) needContinue(ctx workflow.Context) bool {
	info := workflow.GetInfo(ctx)
	return info.GetContinueAsNewSuggested() || info.GetCurrentHistoryLength() > r.s.Options.HistoryLimit ||
		info.GetCurrentHistorySize() > r.s.Options.HistoryBytes
}

// continueAsNew carries the whole state into a fresh run once nothing is in
// flight and every update handler has answered.
func (r *run) continueAsNew(ctx workflow.Context) error {
	if err := workflow.Await(ctx, func() bool { return r.busy == 0 && workflow.AllHandlersFinished(ctx) }); err != nil {
		return err
	}
	info := workflow.GetInfo(ctx)
	s := *r.s
	s.Runs++
	s.MaxHistory = max(s.MaxHistory, info.GetCurrentHistoryLength())
	s.MaxHistoryBytes = max(s.MaxHistoryBytes, info.GetCurrentHistorySize())
	return workflow.NewContinueAsNewError(ctx, WorkflowName, s)
}

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

// cancelBeforeStart releases every hold: stake and fee go back (GR H.5,
// H.6; T10(a)).
func (r *run) cancelBeforeStart(ctx workflow.Context) error {
	s := r.s
	if err := workflow.Await(ctx, func() bool { return r.busy == 0 }); err != nil {
		return err
	}
	var holds []string
	for _, p := range s.Players {
		if p.Status == Registered {
			holds = appendHolds(holds, p)
			s.Refunded.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
			p.Status = Withdrawn
		}
	}
	if len(holds) > 0 {
		if err := workflow.ExecuteActivity(ctx, (*Activities).VoidHolds, HoldsIn{Holds: holds}).Get(ctx, nil); err != nil {
			return err
		}
	}
	s.Phase = Cancelled
	return nil
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

// start posts the holds, draws seats and buttons, creates the tables and
// seats everyone (GR H.9, H.10, H.14; Γ.6).
func (r *run) start(ctx workflow.Context) error {
	s := r.s
	var entrants []int
	for i, p := range s.Players {
		if p.Status == Registered {
			entrants = append(entrants, i)
		}
	}
	if len(entrants) < s.Terms.MinEntrants {
		s.Reason = fmt.Sprintf("%d entrants, fewer than the %d the terms require", len(entrants), s.Terms.MinEntrants)
		s.Cancelled = true
		return r.cancelBeforeStart(ctx)
	}
	var holds []string
	for _, i := range entrants {
		holds = appendHolds(holds, s.Players[i])
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).PostHolds, HoldsIn{Holds: holds}).Get(ctx, nil); err != nil {
		return err
	}
	for _, i := range entrants {
		p := s.Players[i]
		p.Status, p.Chips = Playing, s.Terms.Stack
		s.Money.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
	}
	n := len(entrants)
	var perm []int32
	if err := workflow.ExecuteActivity(ctx, (*Activities).Draw, DrawIn{Key: s.key("seat-draw"), Tournament: s.ID, N: n, K: n}).Get(ctx, &perm); err != nil {
		return err
	}
	places, err := draw.Assign(n, s.Terms.Seats, perm)
	if err != nil {
		return err
	}
	sizes := draw.Sizes(n, s.Terms.Seats)
	buttonSizes := sizes
	if s.Terms.Profile == "cz" {
		// docs/rules/cz-tournaments.md §6.3: one draw at one table applies to all.
		buttonSizes = sizes[:1]
	}
	var cards [][]int32
	if err := workflow.ExecuteActivity(ctx, (*Activities).DrawButtons, ButtonsIn{Key: s.key("button-draw"), Tournament: s.ID, Sizes: buttonSizes}).Get(ctx, &cards); err != nil {
		return err
	}
	common := -1
	if len(buttonSizes) == 1 && len(sizes) > 1 {
		seat, err := draw.HighCard(draw.Spread(sizes[0], s.Terms.Seats), cards[0])
		if err != nil {
			return err
		}
		common = seat
	}
	s.InPlay = append([]int64(nil), s.Terms.Chips...)
	specs := make([]TableSpec, len(sizes))
	for t, k := range sizes {
		tb := &Table{No: t + 1, Seats: make([]int, s.Terms.Seats), Button: -1, SmallBlind: -1, BigBlind: -1}
		for i := range tb.Seats {
			tb.Seats[i] = -1
		}
		s.Tables = append(s.Tables, tb)
		seats := draw.Spread(k, s.Terms.Seats)
		btn := common
		if common < 0 {
			var err error
			if btn, err = draw.HighCard(seats, cards[t]); err != nil {
				return err
			}
		} else {
			btn = nearestSeat(seats, common)
		}
		specs[t] = TableSpec{Key: s.key("table", t+1), Tournament: s.ID, Name: fmt.Sprintf("%s #%d", s.Terms.Name, t+1),
			Game: s.Terms.Game, Betting: s.Terms.Betting, Profile: s.Terms.Profile, Seats: s.Terms.Seats,
			Stakes: r.stakes(0), Clock: s.Terms.Clock, Button: btn}
	}
	var ids []string
	if err := workflow.ExecuteActivity(ctx, (*Activities).CreateTables, specs).Get(ctx, &ids); err != nil {
		return err
	}
	seatIns := make([]SeatIn, 0, n)
	for k, i := range entrants {
		p, pl := s.Players[i], places[k]
		tb := s.Tables[pl.Table]
		tb.ID = ids[pl.Table]
		tb.Seats[pl.Seat] = i
		p.Table, p.Seat = pl.Table, pl.Seat
		seatIns = append(seatIns, SeatIn{Table: tb.ID, Spec: SeatSpec{Key: s.key("seat", i, p.Reg), Seat: pl.Seat,
			Player: p.ID, Partner: p.Partner, Name: p.Name, Chips: p.Chips}})
	}
	for t := range s.Tables {
		s.Tables[t].ID = ids[t]
		// Γ.6 mode 3: each table's dealer drops players × fee.
		s.DropBoxes = append(s.DropBoxes, terms.DropBox(s.Tables[t].Count(), s.Terms.FeeAmt))
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).SeatPlayers, seatIns).Get(ctx, nil); err != nil {
		return err
	}
	s.StartedAt = workflow.Now(ctx)
	s.Phase = Running
	if len(s.Tables) == 1 {
		s.Phase = FinalTable
	}
	return nil
}

// nearestSeat is seat if occupied, else the nearest occupied seat before it.
func nearestSeat(seats []int, seat int) int {
	best := seats[0]
	for _, x := range seats {
		if x <= seat {
			best = x
		}
	}
	return best
}

// stakes are level's forced bets with the smallest chip in play.
func (r *run) stakes(level int) Stakes {
	l := r.s.Terms.Levels[level]
	unit := r.s.Terms.Chips[0]
	if len(r.s.InPlay) > 0 {
		unit = r.s.InPlay[0]
	}
	return Stakes{SmallBlind: l.SmallBlind, BigBlind: l.BigBlind, Ante: l.Ante, BringIn: l.BringIn, Unit: unit}
}

// liveIDs returns the ids of the tables still in play.
func (r *run) liveIDs() []string {
	var out []string
	for _, i := range r.s.LiveTables() {
		out = append(out, r.s.Tables[i].ID)
	}
	return out
}

// play runs the tournament until play stops, it is cancelled, or it must
// continue as new.
func (r *run) play(ctx workflow.Context) error {
	s := r.s
	var (
		poll, idle, clock, rebuyTimer workflow.Future
		cancelClock                   workflow.CancelFunc
		cancelRebuy                   workflow.CancelFunc
		rebuyAt                       time.Time
		pollTables                    []int
	)
	stopClock := func() {
		if cancelClock != nil {
			cancelClock()
		}
		clock, cancelClock = nil, nil
	}
	for {
		if s.Cancelled {
			stopClock()
			return r.cancelRunning(ctx, poll)
		}
		if r.over() {
			stopClock()
			if poll != nil {
				_ = poll.Get(ctx, nil)
			}
			if err := workflow.Await(ctx, func() bool { return r.inflight == 0 && len(r.moves) == 0 }); err != nil {
				return err
			}
			return r.stop(ctx)
		}
		if poll == nil && r.needContinue(ctx) {
			if err := r.drainMoves(ctx); err != nil {
				return err
			}
			stopClock()
			return r.continueAsNew(ctx)
		}
		if !s.Paused {
			if p := schedule.At(s.Terms.Levels, s.played(workflow.Now(ctx))); p.Level != s.Level || p.Break != s.Break {
				stopClock()
				if poll != nil {
					f := poll
					poll = nil
					var out PollOut
					if err := f.Get(ctx, &out); err != nil {
						return err
					}
					r.apply(ctx, pollTables, out)
				}
				if err := r.changeLevel(ctx, p); err != nil {
					return err
				}
				continue
			}
		}
		if s.H4H && poll == nil {
			stopClock()
			if err := r.drainMoves(ctx); err != nil {
				return err
			}
			if err := r.handForHand(ctx); err != nil {
				return err
			}
			continue
		}
		if s.Paused {
			stopClock()
		} else if clock == nil {
			if p := schedule.At(s.Terms.Levels, s.played(workflow.Now(ctx))); p.Left > 0 {
				cctx, cancel := workflow.WithCancel(ctx)
				clock, cancelClock = workflow.NewTimer(cctx, p.Left), cancel
			}
		}
		if poll == nil && idle == nil {
			in := PollIn{Wait: s.Options.PollWait}
			pollTables = s.LiveTables()
			for _, i := range pollTables {
				in.Tables = append(in.Tables, s.Tables[i].ID)
				in.After = append(in.After, s.Tables[i].LastHand)
			}
			poll = workflow.ExecuteActivity(workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
				StartToCloseTimeout: s.Options.PollWait + time.Minute, HeartbeatTimeout: time.Minute,
				RetryPolicy: &temporal.RetryPolicy{InitialInterval: 200 * time.Millisecond, MaximumInterval: 5 * time.Second},
			}), (*Activities).Poll, in)
		}
		if due := r.nextRebuyDeadline(); !due.Equal(rebuyAt) {
			if cancelRebuy != nil {
				cancelRebuy()
			}
			rebuyTimer, cancelRebuy, rebuyAt = nil, nil, due
			if !due.IsZero() {
				cctx, cancel := workflow.WithCancel(ctx)
				rebuyTimer, cancelRebuy = workflow.NewTimer(cctx, max(due.Sub(workflow.Now(ctx)), time.Millisecond)), cancel
			}
		}

		sel := workflow.NewSelector(ctx)
		var failure error
		if poll != nil {
			f := poll
			sel.AddFuture(f, func(workflow.Future) {
				poll = nil
				var out PollOut
				if err := f.Get(ctx, &out); err != nil {
					failure = err
					return
				}
				if !r.apply(ctx, pollTables, out) {
					idle = workflow.NewTimer(ctx, max(s.Options.PollIdle, s.Options.PollEvery))
				} else if s.Options.PollEvery > 0 {
					idle = workflow.NewTimer(ctx, s.Options.PollEvery)
				}
			})
		}
		if idle != nil {
			sel.AddFuture(idle, func(workflow.Future) { idle = nil })
		}
		if clock != nil {
			sel.AddFuture(clock, func(f workflow.Future) {
				clock, cancelClock = nil, nil
			})
		}
		if rebuyTimer != nil {
			sel.AddFuture(rebuyTimer, func(workflow.Future) { rebuyTimer, cancelRebuy, rebuyAt = nil, nil, time.Time{} })
		}
		for _, m := range r.moves {
			m := m
			sel.AddFuture(m.fut, func(f workflow.Future) { failure = r.moveDone(ctx, m) })
		}
		sel.AddReceive(r.wake, func(c workflow.ReceiveChannel, more bool) { c.Receive(ctx, nil) })
		sel.Select(ctx)
		if failure != nil {
			return failure
		}
		if err := r.settle(ctx); err != nil {
			return err
		}
	}
}

// drainMoves waits for every balancing move in flight.
func (r *run) drainMoves(ctx workflow.Context) error {
	for len(r.moves) > 0 {
		m := r.moves[0]
		_ = m.fut.Get(ctx, nil)
		if err := r.moveDone(ctx, m); err != nil {
			return err
		}
	}
	return workflow.Await(ctx, func() bool { return r.inflight == 0 })
}

// over reports whether play stops: one player left, or W under a shared
// payout (GR H.32, H.12; cz: the last player with all the chips).
func (r *run) over() bool {
	s := r.s
	if s.Phase != Running && s.Phase != OnBreak && s.Phase != FinalTable {
		return false
	}
	for _, p := range s.Players {
		if p.Status == Busted {
			return false
		}
	}
	return s.Left() <= s.Terms.StopAt()
}

// nextRebuyDeadline is the earliest deadline of a busted player.
func (r *run) nextRebuyDeadline() time.Time {
	var due time.Time
	for _, p := range r.s.Players {
		// A player whose rebuy is in flight is decided by it.
		if p.Status == Busted && !r.locked[p.Key()] && (due.IsZero() || p.RebuyBy.Before(due)) {
			due = p.RebuyBy
		}
	}
	return due
}

// handResult is one finished hand at one table.
type handResult struct {
	table int
	hand  Hand
}

// apply takes a poll's hands into the state, in the order they ended, and
// reports whether there were any.
func (r *run) apply(ctx workflow.Context, tables []int, out PollOut) bool {
	var all []handResult
	for k, hs := range out.Hands {
		for _, h := range hs {
			all = append(all, handResult{table: tables[k], hand: h})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if !a.hand.EndedAt.Equal(b.hand.EndedAt) {
			return a.hand.EndedAt.Before(b.hand.EndedAt)
		}
		if a.table != b.table {
			return a.table < b.table
		}
		return a.hand.Number < b.hand.Number
	})
	for _, hr := range all {
		busts := r.takeHand(ctx, hr.table, hr.hand)
		r.eliminate(ctx, busts, 0)
	}
	for k, seated := range out.Seated {
		if seated != nil {
			r.reconcile(ctx, tables[k], seated)
		}
	}
	return len(all) > 0
}

// reconcile eliminates the players the model still seats at a table whose
// missed hands took them out: they are no longer seated there. Their
// starting stacks for the hand are unknown; their last known stacks stand in
// (docs/rules/tournaments.md §17 ranks by them).
func (r *run) reconcile(ctx workflow.Context, ti int, seated []string) {
	s := r.s
	here := map[string]bool{}
	for _, k := range seated {
		here[k] = true
	}
	var busts []bust
	for _, pi := range s.Tables[ti].Seats {
		if pi < 0 {
			continue
		}
		p := s.Players[pi]
		if p.Status != Playing || p.Moving || here[p.Key()] || here[":"+p.ID] {
			continue
		}
		busts = append(busts, bust{player: pi, table: ti, start: p.Chips})
	}
	r.eliminate(ctx, busts, 0)
}

// bust is a player out of chips in a hand.
type bust struct {
	player int
	table  int
	start  int64
}

// takeHand updates the table and its players from one hand and returns the
// players who are out (not those who may still rebuy).
func (r *run) takeHand(ctx workflow.Context, ti int, h Hand) []bust {
	s := r.s
	t := s.Tables[ti]
	if h.Number <= t.LastHand {
		return nil // seen before (a retried poll)
	}
	t.LastHand = h.Number
	t.Button, t.SmallBlind, t.BigBlind = h.Button, h.SmallBlind, h.BigBlind
	var out []bust
	for _, hp := range h.Players {
		i, p := s.player(hp.Partner, hp.Player)
		if p == nil || !p.In() {
			continue
		}
		p.Chips = hp.End
		if !hp.Eliminated && hp.End > 0 {
			continue
		}
		p.Chips = 0
		p.BustTable, p.BustStart = ti, hp.Start
		if s.Terms.RebuyEligible(s.Level, 0, p.Rebuys) && !p.Moving {
			// Inside the period he may still announce a rebuy, but may
			// not sit out hands deciding (H.16(b)); his seat is kept for
			// him meanwhile.
			p.Status = Busted
			p.RebuyBy = workflow.Now(ctx).Add(s.Terms.RebuyDecision)
			continue
		}
		r.unseat(i)
		out = append(out, bust{player: i, table: ti, start: hp.Start})
	}
	return out
}

// unseat frees a player's seat in the model.
func (r *run) unseat(i int) {
	p := r.s.Players[i]
	if p.Table >= 0 && p.Table < len(r.s.Tables) {
		t := r.s.Tables[p.Table]
		if p.Seat >= 0 && p.Seat < len(t.Seats) && t.Seats[p.Seat] == i {
			t.Seats[p.Seat] = -1
		}
	}
	p.Table, p.Seat = -1, -1
}

// eliminate gives places to players out in one event: one hand at one
// table, or one hand-for-hand round across tables (GR H.30, H.31).
func (r *run) eliminate(ctx workflow.Context, busts []bust, round int) {
	if len(busts) == 0 {
		return
	}
	s := r.s
	fb := make([]finish.Bust, len(busts))
	for k, b := range busts {
		fb[k] = finish.Bust{Player: fmt.Sprint(b.player), Table: fmt.Sprint(b.table), Start: b.start}
	}
	places := finish.Places(s.Left(), fb)
	e := Elimination{At: workflow.Now(ctx), Round: round}
	for k, b := range busts {
		p := s.Players[b.player]
		p.Status, p.Place, p.Chips = Out, places[k], 0
		r.unseat(b.player)
		e.Players = append(e.Players, b.player)
		e.Places = append(e.Places, places[k])
		e.Starts = append(e.Starts, b.start)
		e.Tables = append(e.Tables, b.table)
	}
	s.Eliminations = append(s.Eliminations, e)
}

// settle runs after every event: busted players whose time to rebuy ran
// out are eliminated, tables are broken and balanced, hand-for-hand starts.
func (r *run) settle(ctx workflow.Context) error {
	s := r.s
	now := workflow.Now(ctx)
	// Busted players past their deadline, grouped by the hand they busted
	// in (same table, same deadline).
	var groups [][]bust
	seen := map[string]int{}
	for i, p := range s.Players {
		if p.Status != Busted || r.locked[p.Key()] || (p.RebuyBy.After(now) && s.Terms.RebuyOpen(s.Level)) {
			continue
		}
		k := fmt.Sprintf("%d/%d", p.BustTable, p.RebuyBy.UnixNano())
		g, ok := seen[k]
		if !ok {
			g = len(groups)
			seen[k] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], bust{player: i, table: p.BustTable, start: p.BustStart})
	}
	for _, g := range groups {
		r.eliminate(ctx, g, 0)
	}
	if r.over() || s.Cancelled {
		return nil
	}
	if len(r.moves) == 0 {
		if err := r.closeEmpty(ctx); err != nil {
			return err
		}
	}
	if !s.H4H {
		if err := r.rebalance(ctx); err != nil {
			return err
		}
	}
	live := len(s.LiveTables())
	left := s.Left()
	if !s.H4H && balance.HandForHand(left, s.Terms.PaidPlaces(), live) {
		s.H4H = true
	}
	if live == 1 && s.Phase == Running {
		s.Phase = FinalTable
	}
	return nil
}

// rebalance plans moves over the model and starts them (GR H.29).
func (r *run) rebalance(ctx workflow.Context) error {
	s := r.s
	var bts []*balance.Table
	var idx []int
	busy := map[string]bool{}
	for _, p := range s.Players {
		if p.Moving || p.Status == Busted {
			busy[p.Key()] = true
		}
	}
	for _, ti := range s.LiveTables() {
		t := s.Tables[ti]
		bt := &balance.Table{No: t.No, Seats: len(t.Seats), Occupied: make([]string, len(t.Seats)),
			Button: t.Button, SmallBlind: t.SmallBlind, BigBlind: t.BigBlind, Busy: busy}
		for seat, pi := range t.Seats {
			if pi >= 0 {
				bt.Occupied[seat] = s.Players[pi].Key()
			}
		}
		bts = append(bts, bt)
		idx = append(idx, ti)
	}
	if len(bts) < 2 {
		return nil
	}
	var order []int
	if k := balance.Breaking(bts); k > 1 {
		// Tables break: their players are reseated by random draw (§15.3).
		var perm []int32
		if err := workflow.ExecuteActivity(ctx, (*Activities).Draw, DrawIn{Key: s.key("break-draw", bts[len(bts)-1].No, s.Breaks, s.Moves, k), Tournament: s.ID, N: k, K: k}).Get(ctx, &perm); err != nil {
			return err
		}
		for _, v := range perm {
			order = append(order, int(v))
		}
	}
	moves := balance.Plan(bts, s.Raced100, order)
	byNo := map[int]int{}
	for k, bt := range bts {
		byNo[bt.No] = idx[k]
	}
	bb := s.Terms.Levels[s.Level].BigBlind
	for _, m := range moves {
		from, to := byNo[m.From], byNo[m.To]
		i := s.byID[m.Player]
		p := s.Players[i]
		s.Tables[from].Seats[m.FromSeat] = -1
		s.Tables[to].Seats[m.Seat] = i
		p.Table, p.Seat, p.Moving = to, m.Seat, true
		s.Moves++
		in := MoveIn{Key: s.key("move", s.Moves), From: s.Tables[from].ID, To: s.Tables[to].ID, Partner: p.Partner,
			Player: p.ID, Name: p.Name, Seat: m.Seat, MissHand: m.MissHand, DeadMoney: balance.DeadMoney(m, bb)}
		fut := workflow.ExecuteActivity(ctx, (*Activities).MovePlayer, in)
		r.moves = append(r.moves, &pendingMove{player: i, from: from, fut: fut})
	}
	return nil
}

// moveDone takes a finished move into the state and closes a table left
// empty.
func (r *run) moveDone(ctx workflow.Context, m *pendingMove) error {
	for k, x := range r.moves {
		if x == m {
			r.moves = append(r.moves[:k], r.moves[k+1:]...)
			break
		}
	}
	var out MoveOut
	if err := m.fut.Get(ctx, &out); err != nil {
		return err
	}
	s := r.s
	p := s.Players[m.player]
	p.Moving = false
	if !out.Busted && p.In() {
		p.Chips = out.Chips
	}
	if out.Busted && p.In() {
		// He was gone from his old table when the move took him off: out
		// in the hand he was leaving. That hand's result places him with
		// whoever else went out in it (H.30); read it now, before his old
		// table may close. If the table no longer keeps it, he is out on
		// his last known stack (as reconcile does).
		if err := r.readTables(ctx, []int{m.from}); err != nil {
			return err
		}
		if p.In() {
			r.unseat(m.player)
			r.eliminate(ctx, []bust{{player: m.player, table: m.from, start: p.Chips}}, 0)
		}
	}
	return r.closeEmpty(ctx)
}

// readTables takes in the hands the given tables have finished since the
// model last read them, without waiting for more.
func (r *run) readTables(ctx workflow.Context, tables []int) error {
	s := r.s
	in := PollIn{}
	for _, ti := range tables {
		in.Tables = append(in.Tables, s.Tables[ti].ID)
		in.After = append(in.After, s.Tables[ti].LastHand)
	}
	var out PollOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).Poll, in).Get(ctx, &out); err != nil {
		return err
	}
	r.apply(ctx, tables, out)
	return nil
}

// closeEmpty closes tables nobody sits at and nobody is leaving.
func (r *run) closeEmpty(ctx workflow.Context) error {
	s := r.s
	leaving := map[int]bool{}
	for _, m := range r.moves {
		leaving[m.from] = true
	}
	var empty []int
	live := s.LiveTables()
	for _, ti := range live {
		if s.Tables[ti].Count() == 0 && !leaving[ti] && len(live)-len(empty) > 1 {
			empty = append(empty, ti)
		}
	}
	if len(empty) == 0 {
		return nil
	}
	// The last hands there are read first: a player who left in the hand
	// he went out in is placed by it, not left standing at the table he
	// was on his way to.
	if err := r.readTables(ctx, empty); err != nil {
		return err
	}
	var ids []string
	for _, ti := range empty {
		t := s.Tables[ti]
		t.Closed = true
		s.Breaks++
		ids = append(ids, t.ID)
	}
	return workflow.ExecuteActivity(ctx, (*Activities).CloseTables, TablesIn{Tables: ids, Reason: "table broken"}).Get(ctx, nil)
}

// changeLevel moves the clock to p: a break starts or ends, or a new level
// begins (its stakes apply from each table's next hand, H.23), with a chip
// race when the new level no longer needs the smallest chip (H.18).
//
// The live tables are read afresh before each step: a race first waits for
// the moves in flight, and one of them may break a table.
func (r *run) changeLevel(ctx workflow.Context, p schedule.Point) error {
	s := r.s
	if p.Break && !s.Break {
		s.Break, s.Phase = true, OnBreak
		return workflow.ExecuteActivity(ctx, (*Activities).PauseTables, TablesIn{Tables: r.liveIDs(), Reason: "break"}).Get(ctx, nil)
	}
	if p.Level != s.Level {
		s.Level = p.Level
		var amounts []int64
		for _, l := range s.Terms.Levels[s.Level:] {
			amounts = append(amounts, l.SmallBlind, l.BigBlind, l.Ante, l.BringIn)
		}
		for {
			low, high, ok := chiprace.Needed(s.InPlay, amounts...)
			if !ok {
				break
			}
			if err := r.race(ctx, low, high); err != nil {
				return err
			}
		}
		if err := workflow.ExecuteActivity(ctx, (*Activities).SetStakes, TablesIn{Tables: r.liveIDs(), Stakes: r.stakes(s.Level)}).Get(ctx, nil); err != nil {
			return err
		}
	}
	if !p.Break && s.Break {
		s.Break = false
		s.Phase = Running
		if len(s.LiveTables()) == 1 {
			s.Phase = FinalTable
		}
		if !s.Paused {
			return workflow.ExecuteActivity(ctx, (*Activities).ResumeTables, TablesIn{Tables: r.liveIDs()}).Get(ctx, nil)
		}
	}
	return nil
}

// race colours up one chip value at every table between hands (H.18),
// once the moves in flight have landed (they may close tables).
func (r *run) race(ctx workflow.Context, low, high int64) error {
	s := r.s
	if err := r.drainMoves(ctx); err != nil {
		return err
	}
	live := r.liveIDs()
	var idle IdleOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).WaitIdle, TablesIn{Tables: live}).Get(ctx, &idle); err != nil {
		return err
	}
	// Take in the hands finished before the hold, so the race sees the
	// players really seated.
	if err := r.catchUp(ctx, idle.LastHand); err != nil {
		return err
	}
	partners := map[string]string{}
	for _, p := range s.Players {
		if p.In() {
			partners[p.ID] = p.Partner
		}
	}
	var out RaceOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).ChipRace, RaceIn{Key: s.key("race", low), Tournament: s.ID, Tables: live, Low: low, High: high, Partners: partners}).Get(ctx, &out); err != nil {
		return err
	}
	for _, p := range s.Players {
		for _, m := range out.Stacks {
			if chips, ok := m[p.Key()]; ok && p.In() {
				p.Chips = chips
			}
		}
	}
	s.InPlay = s.InPlay[1:]
	hasHundred := false
	for _, c := range s.Terms.Chips {
		hasHundred = hasHundred || c == 100
	}
	if low == 100 || !hasHundred {
		// H.29(a): the 100-point race-off switches the tolerance to one;
		// without 100-point chips, the first race does (§24 note 4).
		s.Raced100 = true
	}
	if s.H4H {
		return nil
	}
	return workflow.ExecuteActivity(ctx, (*Activities).HoldTables, TablesIn{Tables: live, Hold: false}).Get(ctx, nil)
}

// catchUp reads every live table's hands up to the given numbers.
func (r *run) catchUp(ctx workflow.Context, until []uint64) error {
	s := r.s
	tables := s.LiveTables()
	in := PollIn{Wait: time.Minute, Until: until}
	for _, i := range tables {
		in.Tables = append(in.Tables, s.Tables[i].ID)
		in.After = append(in.After, s.Tables[i].LastHand)
	}
	var out PollOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).Poll, in).Get(ctx, &out); err != nil {
		return err
	}
	r.apply(ctx, tables, out)
	return nil
}

// handForHand plays one synchronised round (GR H.12): every table held
// until all have finished their hand, then each deals exactly one, and the
// busts of that round are one event, tied across tables (H.31).
func (r *run) handForHand(ctx workflow.Context) error {
	s := r.s
	live := r.liveIDs()
	var idle IdleOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).WaitIdle, TablesIn{Tables: live}).Get(ctx, &idle); err != nil {
		return err
	}
	if err := r.catchUp(ctx, idle.LastHand); err != nil {
		return err
	}
	if err := r.settle(ctx); err != nil {
		return err
	}
	if r.over() || s.Cancelled || balance.HandForHandOver(s.Left(), s.Terms.PaidPlaces(), len(s.LiveTables())) {
		s.H4H = false
		return workflow.ExecuteActivity(ctx, (*Activities).HoldTables, TablesIn{Tables: r.liveIDs(), Hold: false}).Get(ctx, nil)
	}
	// Tables may be balanced between rounds: the moves happen at once
	// since every table is idle.
	s.H4H = false
	if err := r.rebalance(ctx); err != nil {
		return err
	}
	s.H4H = true
	if err := r.drainMoves(ctx); err != nil {
		return err
	}
	if err := r.closeEmpty(ctx); err != nil {
		return err
	}
	tables := s.LiveTables()
	live = r.liveIDs()
	if len(tables) < 2 {
		s.H4H = false
		return workflow.ExecuteActivity(ctx, (*Activities).HoldTables, TablesIn{Tables: live, Hold: false}).Get(ctx, nil)
	}
	if s.Paused || s.Break {
		_, err := workflow.AwaitWithTimeout(ctx, time.Minute, func() bool { return !s.Paused && !s.Break || s.Cancelled })
		return err
	}
	s.H4HRound++
	var dealt []uint64
	if err := workflow.ExecuteActivity(ctx, (*Activities).DealRound, TablesIn{Tables: live}).Get(ctx, &dealt); err != nil {
		return err
	}
	in := PollIn{Wait: time.Hour, Until: dealt}
	for _, i := range tables {
		in.Tables = append(in.Tables, s.Tables[i].ID)
		in.After = append(in.After, s.Tables[i].LastHand)
	}
	var out PollOut
	if err := workflow.ExecuteActivity(workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Hour, HeartbeatTimeout: time.Minute,
	}), (*Activities).Poll, in).Get(ctx, &out); err != nil {
		return err
	}
	var busts []bust
	for k, hs := range out.Hands {
		for _, h := range hs {
			busts = append(busts, r.takeHand(ctx, tables[k], h)...)
		}
	}
	r.eliminate(ctx, busts, s.H4HRound)
	if s.Options.PollEvery > 0 {
		return workflow.Sleep(ctx, s.Options.PollEvery)
	}
	return nil
}

// stop ends play: tables stop dealing, the winners are ranked by chips
// (H.32), and the prizes are computed.
func (r *run) stop(ctx workflow.Context) error {
	s := r.s
	live := r.liveIDs()
	if err := workflow.ExecuteActivity(ctx, (*Activities).PauseTables, TablesIn{Tables: live, Reason: "play over"}).Get(ctx, nil); err != nil {
		return err
	}
	var idle IdleOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).WaitIdle, TablesIn{Tables: live}).Get(ctx, &idle); err != nil {
		return err
	}
	if err := r.catchUp(ctx, idle.LastHand); err != nil {
		return err
	}
	var st StacksOut
	if err := workflow.ExecuteActivity(ctx, (*Activities).ReadStacks, TablesIn{Tables: live}).Get(ctx, &st); err != nil {
		return err
	}
	var stacks []finish.Stack
	var in []*Player
	for _, p := range s.Players {
		if p.In() {
			p.Chips, _ = ChipsOf(st.Chips, p.Partner, p.ID)
			stacks = append(stacks, finish.Stack{Player: p.Key(), Chips: p.Chips})
			in = append(in, p)
		}
	}
	for k, place := range finish.Winners(stacks) {
		in[k].Place = place
	}
	var fs []payout.Finisher
	for i, p := range s.Players {
		if p.Place > 0 && (p.In() || p.Status == Out) {
			fs = append(fs, payout.Finisher{ID: fmt.Sprint(i), Place: p.Place, Chips: p.Chips, Order: p.Order})
		}
	}
	var prizes []payout.Prize
	switch s.Terms.Payout {
	case terms.ByPlace:
		var err error
		if prizes, err = payout.ByPlace(s.Money.Pool, s.Terms.PayoutBps, fs); err != nil {
			return err
		}
	case terms.Equal, terms.ByChips:
		var ws []payout.Finisher
		for _, f := range fs {
			if f.Place <= s.Terms.Winners {
				ws = append(ws, f)
			}
		}
		if s.Terms.Payout == terms.Equal {
			prizes = payout.Equal(s.Money.Pool, ws)
		} else {
			prizes = payout.ByChips(s.Money.Pool, ws)
		}
	}
	for _, pz := range prizes {
		var i int
		fmt.Sscan(pz.ID, &i)
		s.Players[i].Prize = pz.Amount
	}
	for _, p := range s.Players {
		if p.In() {
			p.Status = Out
		}
	}
	s.Phase = Paying
	return nil
}

// pay pays every prize through the wallet, each under its own key, and
// closes the tables.
func (r *run) pay(ctx workflow.Context) error {
	s := r.s
	var items []MoneyItem
	for i, p := range s.Players {
		if p.Prize > 0 {
			items = append(items, MoneyItem{Key: s.key("prize", i), Transfer: Transfer{From: s.PoolAccount, To: p.Account,
				Amount: p.Prize, Currency: s.Terms.Currency, Kind: KindPrize, Tournament: s.ID, Note: fmt.Sprintf("place %d", p.Place)}})
		}
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).Move, MoneyIn{Items: items}).Get(ctx, nil); err != nil {
		return err
	}
	if live := r.liveIDs(); len(live) > 0 {
		if err := workflow.ExecuteActivity(ctx, (*Activities).CloseTables, TablesIn{Tables: live, Reason: "tournament over"}).Get(ctx, nil); err != nil {
			return err
		}
		for _, ti := range s.LiveTables() {
			s.Tables[ti].Closed = true
		}
	}
	s.Phase = Completed
	return nil
}

// cancelRunning stops the tables and gives every player back what he paid,
// stakes from the pool and fees from the house (GR H.5, H.6; T10(a)). A
// disqualified player's money stays where it is (T10(c)).
func (r *run) cancelRunning(ctx workflow.Context, poll workflow.Future) error {
	s := r.s
	if poll != nil {
		_ = poll.Get(ctx, nil)
	}
	if err := r.drainMoves(ctx); err != nil {
		return err
	}
	if err := workflow.Await(ctx, func() bool { return r.busy == 0 }); err != nil {
		return err
	}
	if live := r.liveIDs(); len(live) > 0 {
		if err := workflow.ExecuteActivity(ctx, (*Activities).CloseTables, TablesIn{Tables: live, Reason: "tournament cancelled"}).Get(ctx, nil); err != nil {
			return err
		}
		for _, ti := range s.LiveTables() {
			s.Tables[ti].Closed = true
		}
	}
	var items []MoneyItem
	for i, p := range s.Players {
		if p.Status == Disqualified || p.Status == Withdrawn || p.Status == Registered {
			continue
		}
		items = append(items,
			MoneyItem{Key: s.key("refund", i, "stake"), Transfer: Transfer{From: s.PoolAccount, To: p.Account, Amount: p.Paid.Pool, Currency: s.Terms.Currency, Kind: KindRefund, Tournament: s.ID, Note: "tournament cancelled"}},
			MoneyItem{Key: s.key("refund", i, "fee"), Transfer: Transfer{From: s.RevenueAccount, To: p.Account, Amount: p.Paid.Commission, Currency: s.Terms.Currency, Kind: KindRefund, Tournament: s.ID, Note: "tournament cancelled"}})
		s.Refunded.Add(terms.EntryCharge{Stake: p.Paid.Pool, Fee: p.Paid.Commission})
		p.Status = Withdrawn
	}
	if err := workflow.ExecuteActivity(ctx, (*Activities).Move, MoneyIn{Items: items}).Get(ctx, nil); err != nil {
		return err
	}
	s.Phase = Cancelled
	return nil
}

// errRefused wraps a refusal for update validators.
func errRefused(e *apierr.Error) error { return reject(e) }
