package tournament

import (
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament/balance"
)

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
