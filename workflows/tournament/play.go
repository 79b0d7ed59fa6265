package tournament

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/balance"
	"github.com/croupier/croupier/workflows/tournament/schedule"
)

// play runs the tournament until play stops, it is cancelled, or it must
// continue as new.
func (r *run) play(ctx workflow.Context) error {
	s := r.s
	l := &playLoop{}
	for {
		if s.Cancelled {
			l.stopClock()
			return r.cancelRunning(ctx, l.poll)
		}
		if r.over() {
			l.stopClock()
			if l.poll != nil {
				_ = l.poll.Get(ctx, nil)
			}
			if err := workflow.Await(ctx, func() bool { return r.inflight == 0 && len(r.moves) == 0 }); err != nil {
				return err
			}
			return r.stop(ctx)
		}
		if l.poll == nil && r.needContinue(ctx) {
			if err := r.drainMoves(ctx); err != nil {
				return err
			}
			l.stopClock()
			return r.continueAsNew(ctx)
		}
		if !s.Paused {
			if p := schedule.At(s.Terms.Levels, s.played(workflow.Now(ctx))); p.Level != s.Level || p.Break != s.Break {
				l.stopClock()
				if err := r.finishPoll(ctx, l); err != nil {
					return err
				}
				if err := r.changeLevel(ctx, p); err != nil {
					return err
				}
				continue
			}
		}
		if s.H4H && l.poll == nil {
			l.stopClock()
			if err := r.drainMoves(ctx); err != nil {
				return err
			}
			if err := r.handForHand(ctx); err != nil {
				return err
			}
			continue
		}
		if s.Paused {
			l.stopClock()
		} else if l.clock == nil {
			r.startClock(ctx, l)
		}
		if l.poll == nil && l.idle == nil {
			r.startPoll(ctx, l)
		}
		r.armRebuyTimer(ctx, l)
		if err := r.awaitEvent(ctx, l); err != nil {
			return err
		}
		if err := r.settle(ctx); err != nil {
			return err
		}
	}
}

// playLoop is what play keeps from one turn to the next: the poll in
// flight and the tables it reads, the pause before the next poll, the
// level clock and the timer of the next rebuy deadline.
type playLoop struct {
	poll, idle, clock, rebuyTimer workflow.Future
	cancelClock                   workflow.CancelFunc
	cancelRebuy                   workflow.CancelFunc
	rebuyAt                       time.Time
	pollTables                    []int
}

// stopClock cancels the level clock's timer.
func (l *playLoop) stopClock() {
	if l.cancelClock != nil {
		l.cancelClock()
	}
	l.clock, l.cancelClock = nil, nil
}

// finishPoll waits for the poll in flight, if any, and takes its hands in.
func (r *run) finishPoll(ctx workflow.Context, l *playLoop) error {
	if l.poll == nil {
		return nil
	}
	f := l.poll
	l.poll = nil
	var out PollOut
	if err := f.Get(ctx, &out); err != nil {
		return err
	}
	r.apply(ctx, l.pollTables, out)
	return nil
}

// startClock starts a timer for the end of the current level or break.
func (r *run) startClock(ctx workflow.Context, l *playLoop) {
	s := r.s
	if p := schedule.At(s.Terms.Levels, s.played(workflow.Now(ctx))); p.Left > 0 {
		cctx, cancel := workflow.WithCancel(ctx)
		l.clock, l.cancelClock = workflow.NewTimer(cctx, p.Left), cancel
	}
}

// startPoll asks the live tables for the hands they finish next.
func (r *run) startPoll(ctx workflow.Context, l *playLoop) {
	s := r.s
	in := PollIn{Wait: s.Options.PollWait}
	l.pollTables = s.LiveTables()
	for _, i := range l.pollTables {
		in.Tables = append(in.Tables, s.Tables[i].ID)
		in.After = append(in.After, s.Tables[i].LastHand)
	}
	l.poll = workflow.ExecuteActivity(workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: s.Options.PollWait + time.Minute, HeartbeatTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: 200 * time.Millisecond, MaximumInterval: 5 * time.Second},
	}), (*Activities).Poll, in)
}

// armRebuyTimer sets the rebuy timer to the earliest deadline of a busted
// player, when it has changed.
func (r *run) armRebuyTimer(ctx workflow.Context, l *playLoop) {
	if due := r.nextRebuyDeadline(); !due.Equal(l.rebuyAt) {
		if l.cancelRebuy != nil {
			l.cancelRebuy()
		}
		l.rebuyTimer, l.cancelRebuy, l.rebuyAt = nil, nil, due
		if !due.IsZero() {
			cctx, cancel := workflow.WithCancel(ctx)
			l.rebuyTimer, l.cancelRebuy = workflow.NewTimer(cctx, max(due.Sub(workflow.Now(ctx)), time.Millisecond)), cancel
		}
	}
}

// awaitEvent waits for the next thing play reacts to: the poll's hands,
// the end of the pause between polls, the level clock, a rebuy deadline, a
// balancing move landing or an update's wake-up.
func (r *run) awaitEvent(ctx workflow.Context, l *playLoop) error {
	s := r.s
	sel := workflow.NewSelector(ctx)
	var failure error
	if l.poll != nil {
		f := l.poll
		sel.AddFuture(f, func(workflow.Future) {
			l.poll = nil
			var out PollOut
			if err := f.Get(ctx, &out); err != nil {
				failure = err
				return
			}
			if !r.apply(ctx, l.pollTables, out) {
				l.idle = workflow.NewTimer(ctx, max(s.Options.PollIdle, s.Options.PollEvery))
			} else if s.Options.PollEvery > 0 {
				l.idle = workflow.NewTimer(ctx, s.Options.PollEvery)
			}
		})
	}
	if l.idle != nil {
		sel.AddFuture(l.idle, func(workflow.Future) { l.idle = nil })
	}
	if l.clock != nil {
		sel.AddFuture(l.clock, func(f workflow.Future) {
			l.clock, l.cancelClock = nil, nil
		})
	}
	if l.rebuyTimer != nil {
		sel.AddFuture(l.rebuyTimer, func(workflow.Future) { l.rebuyTimer, l.cancelRebuy, l.rebuyAt = nil, nil, time.Time{} })
	}
	for _, m := range r.moves {
		m := m
		sel.AddFuture(m.fut, func(f workflow.Future) { failure = r.moveDone(ctx, m) })
	}
	sel.AddReceive(r.wake, func(c workflow.ReceiveChannel, more bool) { c.Receive(ctx, nil) })
	sel.Select(ctx)
	return failure
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
