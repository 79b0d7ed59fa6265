package table

import (
	"context"
	"encoding/json"
	"fmt"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/hand"
)

// pokerDriver drives poker tables (package live) through the core.
type pokerDriver struct{ s *Service }

func (pokerDriver) decode(data []byte) (game.Table, error) { return live.UnmarshalSnapshot(data) }

func (pokerDriver) command(data []byte) (game.Command, error) { return live.UnmarshalCommand(data) }

// confirm: a command that reached a showdown got its ranks from the
// engine (a command built here never carries any); the evaluator service
// ranks the same hands and the commit goes ahead only if it agrees.
func (d pokerDriver) confirm(ctx context.Context, t game.Table, gc game.Command) error {
	c := gc.(*live.Command)
	if c.Ranks == nil {
		return nil
	}
	return d.s.confirmRanks(ctx, t.(*live.Table), c)
}

// job is the poker table's earliest due work: a money intent, a timeout,
// the next deal, an absent player's pickup, a seat offer's expiry.
func (d pokerDriver) job(gt game.Table, id string) (job, bool) {
	t := gt.(*live.Table)
	due, ok := t.NextDue()
	if !ok {
		return job{}, false
	}
	s := d.s
	run := func(c *live.Command) func(context.Context) error {
		return func(ctx context.Context) error {
			return s.ignoreStale(s.exec(ctx, id, func(*live.Table) (reply, error) { return reply{cmd: c}, nil }, nil))
		}
	}
	j := job{name: due.Kind.String()}
	switch due.Kind {
	case live.DueIntent:
		in, _ := t.Intent(due.Intent)
		j.run = func(ctx context.Context) error { return s.runIntent(ctx, id, in) }
	case live.DueTimeout:
		j.run = run(&live.Command{Kind: live.CmdTimeout, Hand: t.Hand.ID, Seq: t.Hand.State().Seq})
	case live.DueDeal:
		next := t.HandNo + 1
		hid := live.HandID(t.Config.ID, next)
		j.run = func(ctx context.Context) error { return s.deal(ctx, id, hid, next) }
	case live.DuePickup:
		j.run = run(&live.Command{Kind: live.CmdPickUp, Seat: due.Seat})
	case live.DueOffer:
		j.run = run(&live.Command{Kind: live.CmdExpireOffer, Seat: due.Seat})
	default:
		return job{}, false
	}
	return j, true
}

// observe counts timeouts, hands ended by result and the pots awarded.
func (d pokerDriver) observe(ctx context.Context, _ string, gc game.Command, st game.Step) {
	m := d.s.m
	if gc.(*live.Command).Kind == live.CmdTimeout {
		m.timeouts.Add(ctx, 1)
	}
	events, _ := st.Events.([]live.Event)
	for i := range events {
		e := &events[i]
		switch {
		case e.Kind == live.EvHandEnded:
			m.handsEnded.Add(ctx, 1, metric.WithAttributes(attribute.String("result", e.Result)))
		case e.Kind == live.EvHand && e.Engine.Kind == hand.EvWon:
			m.pots.Record(ctx, e.Engine.Amount)
		}
	}
}

// cadence: poker tables keep the core's snapshot interval and the
// store's log.
func (pokerDriver) cadence(def uint64) (uint64, int64) { return def, 0 }

// exec is execute for a poker table: a table of another game refuses the
// request (FAILED_PRECONDITION WRONG_GAME).
func (s *Service) exec(ctx context.Context, id string, build func(t *live.Table) (reply, error), after func(t *live.Table, c *committed) error) error {
	var a func(game.Table, *committed) error
	if after != nil {
		a = func(t game.Table, c *committed) error { return after(t.(*live.Table), c) }
	}
	return s.execute(ctx, id, func(gt game.Table) (reply, error) {
		t, ok := gt.(*live.Table)
		if !ok {
			return reply{}, wrongGame(id, "poker", gt)
		}
		return build(t)
	}, a)
}

// view runs f on the poker table id, current as of now.
func (s *Service) view(ctx context.Context, id string, f func(t *live.Table, rt *runtime) error) error {
	return s.read(ctx, id, func(gt game.Table, rt *runtime) error {
		t, ok := gt.(*live.Table)
		if !ok {
			return wrongGame(id, "poker", gt)
		}
		return f(t, rt)
	})
}

// config returns the poker table's configuration as cached, without
// asking Redis for the version (a round trip per money intent): for its
// wallet accounts and currency, set when the table is created and never
// changed (its clock may be newer in Redis).
func (s *Service) config(ctx context.Context, id string) (live.Config, error) {
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, false); err != nil {
		return live.Config{}, err
	}
	t, ok := rt.t.(*live.Table)
	if !ok {
		return live.Config{}, wrongGame(id, "poker", rt.t)
	}
	return t.Config, nil
}

// Table returns a copy-free read of a poker table for tests and tools: f
// runs with the table current and locked.
func (s *Service) Table(ctx context.Context, id string, f func(t *live.Table)) error {
	return s.view(ctx, id, func(t *live.Table, _ *runtime) error { f(t); return nil })
}

// loadHand reads a kept hand and replays it.
func (s *Service) loadHand(ctx context.Context, table, handID string) (*live.Hand, error) {
	b, err := s.deps.Store.Hand(ctx, table, handID)
	if err != nil {
		return nil, err
	}
	var r live.HandRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("hand %s: %w", handID, err)
	}
	if err := r.Hand.Rebuild(); err != nil {
		return nil, err
	}
	return r.Hand, nil
}
