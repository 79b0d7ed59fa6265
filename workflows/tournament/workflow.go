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
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
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

// liveIDs returns the ids of the tables still in play.
func (r *run) liveIDs() []string {
	var out []string
	for _, i := range r.s.LiveTables() {
		out = append(out, r.s.Tables[i].ID)
	}
	return out
}
