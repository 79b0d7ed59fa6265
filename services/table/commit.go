package table

import (
	"context"
	"encoding/json"
	"errors"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/store"
	"github.com/croupier/croupier/shared/apierr"
)

// reply is what a command's builder decided: a command to commit, or an
// answer without one (a replayed request).
type reply struct {
	cmd game.Command
	// done: answer without committing.
	done bool
}

// committed is a committed command with what it did and the table's
// version after it.
type committed struct {
	cmd     game.Command
	step    game.Step
	version uint64
}

const maxAttempts = 20

// execute builds a command from the current table, applies it, and
// commits it, for a table of any game. build runs with the table locked;
// it returns a command, or done to answer without one (a command that
// would change nothing, as game.Table.Same says, is answered so too).
// after runs with the table still locked once the command is committed
// (or, with done, instead of it).
func (s *Service) execute(ctx context.Context, id string, build func(t game.Table) (reply, error), after func(t game.Table, c *committed) error) error {
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
		if err == nil && !r.done && rt.t.Same(r.cmd) {
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
		c.Stamp(s.now().UnixMilli())
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
		s.m.commandLatency.Record(ctx, float64(s.now().Sub(start).Microseconds())/1000, s.m.kind(c.Op()))
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
func (s *Service) commit(ctx context.Context, rt *runtime, c game.Command) (*committed, error) {
	t := rt.t
	prevDue, hadDue := t.Due()
	prevVersion := t.Revision()
	st, err := t.Step(c)
	if err != nil {
		if apierr.Code(err) == connect.CodeInternal {
			rt.t = nil
		}
		return nil, err
	}
	if t.Revision() == prevVersion {
		// The command turned out to change nothing (a placement whose bets
		// another request placed first): nothing to store.
		return &committed{cmd: c, step: st, version: prevVersion}, nil
	}
	if err := rt.drv.confirm(ctx, t, c); err != nil {
		rt.t = nil
		return nil, err
	}
	sc := store.Commit{Table: rt.id, Version: prevVersion, Head: rt.logID}
	if err := s.encodeCommit(rt, c, st, &sc); err != nil {
		rt.t = nil
		return nil, err
	}
	now := s.now().UnixMilli()
	due, hasDue := t.Due()
	runNow := false
	if hasDue {
		d := store.Deadline{Table: rt.id, Version: t.Revision(), Due: due, Score: due}
		if due <= now+5 {
			// Due at once: this replica does it, holding the entry as a lease
			// another replica takes over if this one dies.
			d.Score = now + s.opts.Lease.Milliseconds()
			runNow = true
		}
		sc.Deadline = &d
	}
	if hadDue {
		sc.Supersedes = &store.Deadline{Table: rt.id, Version: prevVersion, Due: prevDue}
	}
	res, err := s.deps.Store.Commit(ctx, sc)
	if err != nil {
		return nil, s.commitFailed(ctx, rt, prevVersion, err)
	}
	rt.logID = res.LogID
	rt.remember()
	if hasDue {
		rt.dueFrom, rt.dueVersion = trace.SpanContextFromContext(ctx), t.Revision()
	}
	if st.Outcome != "" {
		// The hand or round is over: its RNG outcome is no longer live, and
		// the RNG may open it for the fairness proofs.
		s.closeOutcome(ctx, st.Outcome)
	}
	if sc.Snapshot != nil {
		rt.snapVersion = t.Revision()
	}
	if st.Money {
		rt.moneyVersion = t.Revision()
	}
	if hadDue && !res.Superseded {
		s.removeDeadline(*sc.Supersedes)
	}
	s.m.commands.Add(ctx, 1, s.m.kind(c.Op()))
	rt.drv.observe(ctx, rt.id, c, st)
	rt.hub.publish(t.Revision(), st)
	if st.Lobby {
		s.touchLobby(rt.id)
	}
	if runNow {
		s.kick(rt.id)
	}
	return &committed{cmd: c, step: st, version: t.Revision()}, nil
}

// encodeCommit fills in what a commit stores: the command, a snapshot
// when one is due (every SnapshotEvery commands, at a quarter of that
// after a deal or a round's opening, and a closed table's last), and the
// record of a hand or round the command finished.
func (s *Service) encodeCommit(rt *runtime, c game.Command, st game.Step, sc *store.Commit) error {
	var err error
	if a, ok := c.(interface{ AppendJSON([]byte) ([]byte, error) }); ok {
		// A poker table's command writes itself, with encoding/json's bytes.
		sc.Command, err = a.AppendJSON(nil)
	} else {
		sc.Command, err = json.Marshal(c)
	}
	if err != nil {
		return apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
	}
	t := rt.t
	every, logLen := rt.drv.cadence(s.opts.SnapshotEvery)
	since := t.Revision() - rt.snapVersion
	if logLen > 0 || since > uint64(s.deps.Store.LogLength()/2) {
		// The log keeps every command since the last snapshot (a load
		// replays them) and a margin for subscribers resuming.
		sc.LogLength = max(logLen, s.deps.Store.LogLength()) + int64(since)
	}
	if since >= every || (st.Snapshot && since >= max(s.opts.SnapshotEvery/4, 1)) || t.Closed() {
		if sc.Snapshot, err = t.Encode(); err != nil {
			return apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
		}
	}
	if st.Record != nil {
		if sc.Hand, err = json.Marshal(st.Record.Value); err != nil {
			return apierr.New(connect.CodeInternal, "ENCODE", "%v", err)
		}
		sc.HandID = st.Record.ID
	}
	return nil
}

// commitFailed handles a commit the store refused (rt.mu held; the cached
// table, already changed, is dropped): a rewound table is reported and
// frozen, a lost race reloads it for a retry.
func (s *Service) commitFailed(ctx context.Context, rt *runtime, prevVersion uint64, err error) error {
	rt.t = nil
	if errors.Is(err, store.ErrRewound) {
		// The command was built on a history Redis no longer holds: it
		// is not applied on the stored one either.
		if lerr := s.load(ctx, rt); lerr != nil {
			return lerr
		}
		// load compared the stored table with what it knew, and what
		// it knew was this command's predecessor.
		return s.rewound(ctx, rt, prevVersion, rt.t.Revision() <= prevVersion)
	}
	if errors.Is(err, store.ErrConflict) {
		s.m.conflicts.Add(ctx, 1)
		if lerr := s.load(ctx, rt); lerr != nil {
			return lerr
		}
		return errRetry
	}
	if errors.Is(err, store.ErrNotFound) {
		return apierr.NotFound("TABLE_NOT_FOUND", "no table %q", rt.id)
	}
	return unavailable(err)
}
