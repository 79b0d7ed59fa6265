package table

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// reply is what a command's builder decided: a command to commit, or an
// answer without one (a replayed request).
type reply struct {
	cmd *live.Command
	// done: answer without committing.
	done bool
}

// committed is a committed command with the table after it.
type committed struct {
	cmd     *live.Command
	events  []live.Event
	version uint64
}

const maxAttempts = 20

// exec builds a command from the current table, applies it, and commits
// it. build runs with the table locked; it returns a command, or done to
// answer without one (a command that would change nothing, as
// live.Table.Unchanged says, is answered so too). after runs with the
// table still locked once the command is committed (or, with done,
// instead of it).
func (s *Service) exec(ctx context.Context, id string, build func(t *live.Table) (reply, error), after func(t *live.Table, c *committed) error) error {
	start := s.now()
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, false); err != nil {
		return err
	}
	verified := false
	for attempt := 0; attempt < maxAttempts; attempt++ {
		r, err := build(rt.t)
		if err == nil && !r.done && rt.t.Unchanged(r.cmd) {
			// The command changes nothing (pausing a paused table): there is
			// nothing to commit, and it is answered like a replay, from the
			// current table.
			r.done = true
		}
		if err == nil && r.done {
			if !verified {
				// A replay answer must come from the current table.
				if err := s.current(ctx, rt, true); err != nil {
					return err
				}
				verified = true
				continue
			}
			if after != nil {
				return after(rt.t, nil)
			}
			return nil
		}
		if err != nil {
			if !verified && apierr.Code(err) != connect.CodeInvalidArgument {
				// Refused against a cached table: make sure it is current.
				if cerr := s.current(ctx, rt, true); cerr != nil {
					return cerr
				}
				verified = true
				continue
			}
			return err
		}
		c := r.cmd
		c.At = s.now().UnixMilli()
		res, err := s.commit(ctx, rt, c)
		if errors.Is(err, errRetry) {
			verified = true
			continue
		}
		if err != nil {
			if !verified && isRejection(err) {
				if cerr := s.current(ctx, rt, true); cerr != nil {
					return cerr
				}
				verified = true
				continue
			}
			return err
		}
		s.m.commandLatency.Record(ctx, float64(s.now().Sub(start).Microseconds())/1000, s.m.kind(c.Kind))
		if after != nil {
			return after(rt.t, res)
		}
		return nil
	}
	return apierr.Aborted("CONTENDED", "table %s changed too often to commit; try again", id)
}

func isRejection(err error) bool {
	switch apierr.Code(err) {
	case connect.CodeFailedPrecondition, connect.CodeNotFound:
		return true
	}
	return false
}

var errRetry = errors.New("retry")

// commit applies c to the cached table and commits it (rt.mu held). A
// rejection leaves the table as it was; a lost race reloads it and asks
// for a retry (errRetry).
func (s *Service) commit(ctx context.Context, rt *runtime, c *live.Command) (*committed, error) {
	t := rt.t
	prev, hadDue := t.NextDue()
	prevVersion := t.Version
	intents := len(t.Intents)
	var handBefore string
	finishedBefore := false
	if t.Hand != nil {
		handBefore, finishedBefore = t.Hand.ID, t.Hand.Finished
	}
	given := c.Ranks != nil
	events, err := t.Apply(c)
	if err != nil {
		if apierr.Code(err) == connect.CodeInternal {
			rt.t = nil
		}
		return nil, err
	}
	if !given && c.Ranks != nil {
		// The command reached a showdown: the evaluator service ranks the
		// same hands; the commit goes ahead only if it agrees.
		if err := s.confirmRanks(ctx, t, c); err != nil {
			rt.t = nil
			return nil, err
		}
	}
	enc, err := live.MarshalCommand(c)
	if err != nil {
		rt.t = nil
		return nil, apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
	}
	sc := store.Commit{Table: rt.id, Version: prevVersion, Head: rt.logID, Command: enc}
	since := t.Version - rt.snapVersion
	if since >= s.opts.SnapshotEvery || (c.Kind == live.CmdDeal && since >= max(s.opts.SnapshotEvery/4, 1)) || t.Status == live.Closed {
		if sc.Snapshot, err = t.MarshalSnapshot(); err != nil {
			rt.t = nil
			return nil, apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
		}
	}
	if h := t.Hand; h != nil && h.Finished && (h.ID != handBefore || !finishedBefore) {
		if sc.Hand, err = encodeHand(h); err != nil {
			rt.t = nil
			return nil, apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
		}
		sc.HandID = h.ID
	}
	now := s.now().UnixMilli()
	due, hasDue := t.NextDue()
	runNow := false
	if hasDue {
		d := store.Deadline{Table: rt.id, Version: t.Version, Due: due.At, Score: due.At}
		if due.At <= now+5 {
			// Due at once: this replica does it, holding the entry as a lease
			// another replica takes over if this one dies.
			d.Score = now + s.opts.Lease.Milliseconds()
			runNow = true
		}
		sc.Deadline = &d
	}
	if hadDue {
		sc.Supersedes = &store.Deadline{Table: rt.id, Version: prevVersion, Due: prev.At}
	}
	res, err := s.deps.Store.Commit(ctx, sc)
	if err != nil {
		rt.t = nil
		if errors.Is(err, store.ErrRewound) {
			// The command was built on a history Redis no longer holds: it
			// is not applied on the stored one either.
			if lerr := s.load(ctx, rt); lerr != nil {
				return nil, lerr
			}
			// load compared the stored table with what it knew, and what
			// it knew was this command's predecessor.
			return nil, s.rewound(ctx, rt, prevVersion, rt.t.Version <= prevVersion)
		}
		if errors.Is(err, store.ErrConflict) {
			s.m.conflicts.Add(ctx, 1)
			if lerr := s.load(ctx, rt); lerr != nil {
				return nil, lerr
			}
			return nil, errRetry
		}
		if errors.Is(err, store.ErrNotFound) {
			return nil, apierr.NotFound("TABLE_NOT_FOUND", "no table %q", rt.id)
		}
		return nil, unavailable(err)
	}
	rt.logID = res.LogID
	rt.remember()
	if hasDue {
		rt.dueFrom, rt.dueVersion = trace.SpanContextFromContext(ctx), t.Version
	}
	if sc.HandID != "" {
		// The hand is over (played out, misdealt or voided): its shoe is no
		// longer live, and the RNG may open it for the fairness proofs.
		s.closeOutcome(ctx, t.Hand.Outcome)
	}
	if sc.Snapshot != nil {
		rt.snapVersion = t.Version
	}
	if len(t.Intents) != intents {
		rt.moneyVersion = t.Version
	}
	if hadDue && !res.Superseded {
		s.removeDeadline(*sc.Supersedes)
	}
	s.m.commands.Add(ctx, 1, s.m.kind(c.Kind))
	s.observeCommit(ctx, t, c, events)
	rt.hub.publish(t.Version, events, t)
	if lobbyChanged(events) {
		s.touchLobby(rt.id)
	}
	if runNow {
		s.kick(rt.id)
	}
	return &committed{cmd: c, events: events, version: t.Version}, nil
}

func lobbyChanged(events []live.Event) bool {
	for _, e := range events {
		switch e.Kind {
		case live.EvSeat, live.EvTable:
			return true
		case live.EvHandEnded:
			return true
		}
	}
	return false
}
