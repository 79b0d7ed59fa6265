package table

import (
	"context"
	"sync"
	"sync/atomic"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
)

// roundDriver drives the round-based banked tables (package house)
// through the core: its clock opens each round (with the RNG's draw at an
// rng table), closes it when the betting window ends, applies an rng
// round's draw, and carries out the money intents at the wallet.
type roundDriver struct{ s *Service }

func (roundDriver) decode(data []byte) (game.Table, error) { return house.Decode(data) }

func (roundDriver) command(data []byte) (game.Command, error) { return house.DecodeCommand(data) }

// confirm: a banked round's result is the RNG's draw or the dealer's
// report, judged by the pure engine; nothing to ask another service.
func (roundDriver) confirm(context.Context, game.Table, game.Command) error { return nil }

func (d roundDriver) job(gt game.Table, id string) (job, bool) {
	t := gt.(*house.Table)
	due, ok := t.NextDue()
	if !ok {
		return job{}, false
	}
	s := d.s
	n := t.Round()
	simple := func(c *house.Command) func(context.Context) error {
		return func(ctx context.Context) error { return s.ignoreStale(s.execRound(ctx, id, c)) }
	}
	j := job{name: "round " + due.Kind.String()}
	switch due.Kind {
	case house.DueIntents:
		ins := t.Runnable(due.At)
		cfg := t.Config
		j.run = func(ctx context.Context) error { return s.runRoundIntents(ctx, id, cfg, ins) }
	case house.DueOpen:
		cfg := t.Config
		j.run = func(ctx context.Context) error { return s.openRound(ctx, id, cfg, n+1) }
	case house.DueClose:
		j.run = simple(&house.Command{Kind: house.CmdClose, Round: n})
	case house.DueResult:
		j.run = simple(&house.Command{Kind: house.CmdResult, Round: n})
	case house.DueFinish:
		j.run = simple(&house.Command{Kind: house.CmdFinishClose})
	case house.DueShuffle:
		cfg, shoe := t.Config, t.ShoeNumber()
		j.run = func(ctx context.Context) error { return s.shuffleShoe(ctx, id, cfg, shoe) }
	case house.DueTimeout:
		c := t.Timeout()
		if c == nil {
			return job{}, false
		}
		j.run = simple(c)
	default:
		return job{}, false
	}
	return j, true
}

// observe counts the rounds ended by verdict and the stakes settled, and
// has the intents a command recorded carried out at once (their due time
// is for other replicas, should this one die first).
func (d roundDriver) observe(ctx context.Context, id string, c game.Command, st game.Step) {
	switch c.(*house.Command).Kind {
	case house.CmdIntentsDone, house.CmdPlace:
		// A placement's stake goes into the escrow at no more bets.
	default:
		if st.Money {
			d.s.payNow(ctx, id)
		}
	}
	events, _ := st.Events.([]house.Event)
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case house.EvResult:
			d.s.m.roundsEnded.Add(ctx, 1, metric.WithAttributes(attribute.String("verdict", e.Verdict.String())))
		case house.EvVoided:
			d.s.m.roundsEnded.Add(ctx, 1, metric.WithAttributes(attribute.String("verdict", "void")))
		case house.EvOpened:
			d.s.m.rounds.Add(ctx, 1)
		}
	}
}

// cadence: a banked table's state grows with its round (2 MB at 2,000
// players with 5 bets each: 14 ms to encode, and a snapshot holds the
// table while it is made), so it is snapshotted when a round opens
// (game.Step.Snapshot: the state is small then) and at the latest every
// 64 times the core's interval (the log keeps every command since the
// last snapshot: commit.go).
func (roundDriver) cadence(def uint64) (uint64, int64) { return 64 * def, 0 }

// execRound commits one command to a banked table, built before the
// table is locked (it depends on nothing the table holds).
func (s *Service) execRound(ctx context.Context, id string, c *house.Command) error {
	return s.execBanked(ctx, id, func(*house.Table) (reply, error) {
		cc := *c
		return reply{cmd: &cc}, nil
	}, nil)
}

// execBanked is execute for a banked table: a table of another game
// refuses the request (FAILED_PRECONDITION WRONG_GAME).
func (s *Service) execBanked(ctx context.Context, id string, build func(t *house.Table) (reply, error), after func(t *house.Table, c *committed) error) error {
	var a func(game.Table, *committed) error
	if after != nil {
		a = func(t game.Table, c *committed) error { return after(t.(*house.Table), c) }
	}
	return s.execute(ctx, id, func(gt game.Table) (reply, error) {
		t, ok := gt.(*house.Table)
		if !ok {
			return reply{}, wrongGame(id, "a banked game", gt)
		}
		return build(t)
	}, a)
}

// peekBanked runs f on the banked table id as this replica caches it
// (check: current as of now, a round trip to Redis).
func (s *Service) peekBanked(ctx context.Context, id string, check bool, f func(t *house.Table) error) error {
	rt := s.runtime(id)
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if err := s.current(ctx, rt, check); err != nil {
		return err
	}
	t, ok := rt.t.(*house.Table)
	if !ok {
		return wrongGame(id, "a banked game", rt.t)
	}
	return f(t)
}

// readBanked runs f on the banked table id, current as of now.
func (s *Service) readBanked(ctx context.Context, id string, f func(t *house.Table) error) error {
	return s.read(ctx, id, func(gt game.Table, _ *runtime) error {
		t, ok := gt.(*house.Table)
		if !ok {
			return wrongGame(id, "a banked game", gt)
		}
		return f(t)
	})
}

// openRound opens round n. At an rng table the RNG draws its result
// first: the draw's idempotency key is the round's id, so a replica
// retrying the opening (another died half-way) gets the same draw and
// nobody can shop for a result by retrying; the draw goes into the table
// sealed, and only its commitment is published.
func (s *Service) openRound(ctx context.Context, id string, cfg house.Config, n int64) error {
	c := &house.Command{Kind: house.CmdOpen, Round: n}
	if cfg.Source == house.ResultRNG && !cfg.CardGame() {
		rid := house.RoundID(id, n)
		res, err := s.deps.RNG.Spin(ctx, connect.NewRequest(&rngv1.SpinRequest{
			Wheel:          wheelOf(cfg),
			Context:        &commonv1.Context{TableId: id, RoundId: rid},
			IdempotencyKey: rid,
		}))
		if err != nil {
			return apierr.Unavailable("RNG_UNAVAILABLE", "draw for %s: %v", rid, err)
		}
		o := res.Msg.GetOutcome()
		c.Draw = &house.Draw{Outcome: o.GetId(), Commitment: o.GetCommitment(), Pocket: int(o.GetPocketIndex()), Label: o.GetPocketLabel()}
		if cfg.Game == house.GameMoneyWheel && cfg.Wheel != nil {
			// The RNG draws a field uniformly over the 30 (cz-money-wheel.md
			// §7) in its placeholder order; the table's own order says what
			// is written there.
			c.Draw.Label = cfg.Wheel.Symbol(c.Draw.Pocket)
		}
	}
	return s.ignoreStale(s.execBanked(ctx, id, func(t *house.Table) (reply, error) {
		if t.Round() >= n {
			return reply{done: true}, nil // opened by another replica
		}
		return reply{cmd: c}, nil
	}, nil))
}

// wheelOf is the RNG wheel a table draws on.
func wheelOf(cfg house.Config) rngv1.Wheel {
	switch {
	case cfg.Game == house.GameMoneyWheel:
		return rngv1.Wheel_WHEEL_MONEY
	case cfg.Roulette != nil && cfg.Roulette.Wheel == roulette.DoubleZero:
		return rngv1.Wheel_WHEEL_AMERICAN
	}
	return rngv1.Wheel_WHEEL_EUROPEAN
}

// payNow has this replica carry out a banked table's pending intents now
// (the table locked: it only starts the work). One run per table at a
// time; a request while one runs makes it go round once more.
func (s *Service) payNow(ctx context.Context, id string) {
	v, _ := s.paying.LoadOrStore(id, new(atomic.Int32))
	n := v.(*atomic.Int32)
	if n.Add(1) > 1 {
		return // the run going on goes round again
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx := context.WithoutCancel(ctx)
		for {
			var ins []house.Intent
			var cfg house.Config
			err := s.readBanked(ctx, id, func(t *house.Table) error {
				// Recorded just now, they are due for other replicas only
				// after the grace.
				ins, cfg = t.Runnable(s.now().Add(house.IntentGrace).UnixMilli()), t.Config
				return nil
			})
			if err == nil && len(ins) > 0 {
				err = s.runRoundIntents(ctx, id, cfg, ins)
			}
			if err != nil {
				s.log.Warn("banked table intents", "table", id, "err", err)
			}
			if n.Add(-1) == 0 {
				return
			}
			n.Store(1)
		}
	}()
}

// roundIntentWorkers bounds the wallet calls one table's intents run at
// once: a round's end with thousands of players settles them in parallel.
const roundIntentWorkers = 4

// runRoundIntents carries out money intents at the wallet, in parallel,
// and records every answer in one command. Each call is idempotent (the
// hold's id, the settlement batch's key), so any replica may run an
// intent any number of times; a post whose hold lapsed is reported
// failed, and the table takes its bets out of play. The settles of one
// batch (house.Intent.Batch) go as one atomic wallet batch.
func (s *Service) runRoundIntents(ctx context.Context, id string, cfg house.Config, ins []house.Intent) error {
	if err := s.wallet(); err != nil {
		return err
	}
	var calls [][]house.Intent
	batch := map[string]int{}
	posts := -1
	for _, in := range ins {
		if in.Kind == house.IntentPost {
			// Posts go to the wallet together (PostHolds: one transaction
			// on the escrow's account for all of them).
			if posts < 0 || len(calls[posts]) == postBatch {
				posts = len(calls)
				calls = append(calls, nil)
			}
			calls[posts] = append(calls[posts], in)
			continue
		}
		if in.Batch == "" {
			calls = append(calls, []house.Intent{in})
			continue
		}
		i, ok := batch[in.Batch]
		if !ok {
			i = len(calls)
			batch[in.Batch] = i
			calls = append(calls, nil)
		}
		calls[i] = append(calls[i], in)
	}
	var mu sync.Mutex
	var done []string
	failed := map[string]string{}
	var firstErr error
	sem := make(chan struct{}, roundIntentWorkers)
	var wg sync.WaitGroup
	for _, call := range calls {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			fails, err := s.runRoundCall(ctx, id, cfg, call)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			for _, in := range call {
				switch why, answered := fails[in.ID]; {
				case !answered:
					done = append(done, in.ID)
				case why != "":
					failed[in.ID] = why
				}
			}
			s.m.intents.Add(ctx, int64(len(call)), metric.WithAttributes(attribute.String("kind", call[0].Kind.String())))
		}()
	}
	wg.Wait()
	if len(done) > 0 || len(failed) > 0 {
		c := &house.Command{Kind: house.CmdIntentsDone, Done: done}
		if len(failed) > 0 {
			c.Failed = failed
		}
		if err := s.ignoreStale(s.execRound(ctx, id, c)); err != nil {
			return err
		}
	}
	return firstErr
}

// postBatch is the most holds one PostHolds call posts.
const postBatch = 250

// runRoundCall carries out one wallet call: the posts of placements' holds
// into the round escrow (PostHolds), or the settlements of a batch of
// players (one of them alone) as one atomic batch of transfers: for each,
// his stakes returned from the escrow, his stakes lost from the escrow to
// the house's revenue, his winnings from the house bank. It returns the
// intents not carried out: with the wallet's reason for a post that can
// never be made, or "" for one to try again later.
func (s *Service) runRoundCall(ctx context.Context, id string, cfg house.Config, call []house.Intent) (map[string]string, error) {
	w := s.deps.Wallet
	first := call[0]
	if first.Kind == house.IntentPost {
		req := &walletv1.PostHoldsRequest{}
		for _, in := range call {
			req.Holds = append(req.Holds, &walletv1.HoldPost{HoldId: in.Hold})
		}
		res, err := w.PostHolds(ctx, connect.NewRequest(req))
		if err != nil {
			return nil, walletErr("post stakes", err)
		}
		fails := map[string]string{}
		for i, r := range res.Msg.GetResults() {
			switch why := r.GetError().GetReason(); why {
			case "":
			case "HOLD_EXPIRED", "HOLD_NOT_PENDING", "HOLD_NOT_FOUND":
				fails[call[i].ID] = why
			default:
				fails[call[i].ID] = "" // not now: tried again
				s.log.Warn("post a stake", "table", id, "hold", call[i].Hold, "reason", why, "err", r.GetError().GetMessage())
			}
		}
		return fails, nil
	}
	meta := &walletv1.Metadata{TableId: id, RoundId: house.RoundID(id, first.Round)}
	money := func(n int64) *commonv1.Money { return &commonv1.Money{Amount: n, Currency: cfg.Currency} }
	var legs []*walletv1.TransferSpec
	var won int64
	for _, in := range call {
		if in.Returned > 0 {
			legs = append(legs, &walletv1.TransferSpec{DebitAccountId: cfg.Escrow, CreditAccountId: in.Account, Amount: money(in.Returned),
				Kind: walletv1.TransferKind_TRANSFER_KIND_PAYOUT, Metadata: meta})
		}
		if in.Lost > 0 {
			legs = append(legs, &walletv1.TransferSpec{DebitAccountId: cfg.Escrow, CreditAccountId: cfg.Revenue, Amount: money(in.Lost),
				Kind: walletv1.TransferKind_TRANSFER_KIND_STAKE, Metadata: meta})
		}
		if in.Won > 0 {
			legs = append(legs, &walletv1.TransferSpec{DebitAccountId: cfg.Bank, CreditAccountId: in.Account, Amount: money(in.Won),
				Kind: walletv1.TransferKind_TRANSFER_KIND_PAYOUT, Metadata: meta})
		}
		won += in.Won
	}
	if len(legs) == 0 {
		return nil, nil
	}
	key := first.ID
	if first.Batch != "" {
		key = first.Batch
	}
	if _, err := w.TransferBatch(ctx, connect.NewRequest(&walletv1.TransferBatchRequest{IdempotencyKey: key, Transfers: legs})); err != nil {
		return nil, walletErr("settle round", err)
	}
	s.m.payouts.Add(ctx, won)
	return nil, nil
}
