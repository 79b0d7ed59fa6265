package tournament

import (
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

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
	p.Why = in.Reason
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
