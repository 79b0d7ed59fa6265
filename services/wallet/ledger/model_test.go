package ledger_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// The concurrent model test (issue 5, "Must show"): random transfers,
// batches and holds from many goroutines against the real store, a tenth of
// them retried with the same idempotency key (half of those concurrently),
// some deliberately overdrawing, with a clock that moves so holds expire
// under a running sweeper. The model records only what the ledger reported
// as applied; afterwards the database must agree with it exactly.

const modelWorkers = 32

// modelOp is one idempotent request and what became of it.
type modelOp struct {
	key  string
	kind ledger.OpKind
	legs []ledger.Leg
	ttl  time.Duration

	mu       sync.Mutex
	applied  int // attempts answered "applied" (not replayed)
	replayed int
	ids      []int64 // transfer ids (or the hold id) of the first success
	hold     int64
	// hold outcome seen by the caller
	posted   int64
	voided   bool
	postOK   int
	voidOK   int
	mismatch string
}

func (o *modelOp) record(r ledger.Result) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var ids []int64
	for _, t := range r.Transfers {
		ids = append(ids, t.ID)
	}
	if r.Hold != nil {
		ids = append(ids, r.Hold.ID)
		o.hold = r.Hold.ID
	}
	if r.Replayed {
		o.replayed++
	} else {
		o.applied++
	}
	if o.ids == nil {
		o.ids = ids
	} else if fmt.Sprint(o.ids) != fmt.Sprint(ids) {
		o.mismatch = fmt.Sprintf("attempts returned %v and %v", o.ids, ids)
	}
}

type modelWorld struct {
	l      *ledger.Ledger
	clock  *dbtest.Clock
	in     ledger.Caller
	player []ledger.Account
	escrow []ledger.Account
	rev    ledger.Account
	bank   ledger.Account
	cage   ledger.Account
	hands  atomic.Int64
}

// randomLeg picks a movement the platform makes, sometimes overdrawing.
func (w *modelWorld) randomLeg(r *rand.Rand) ledger.Leg {
	p := w.player[r.IntN(len(w.player))]
	tb := r.IntN(len(w.escrow))
	e := w.escrow[tb]
	table := e.OwnerID
	amount := int64(1 + r.IntN(400))
	if r.IntN(20) == 0 {
		amount = 1 + r.Int64N(100_000) // most of these overdraw
	}
	switch r.IntN(5) {
	case 0:
		return ledger.Leg{Debit: p.ID, Credit: e.ID, Amount: amount, Currency: "EUR", Kind: ledger.TransferBuyIn, Meta: ledger.Metadata{TableID: table}}
	case 1:
		return ledger.Leg{Debit: e.ID, Credit: p.ID, Amount: amount, Currency: "EUR", Kind: ledger.TransferCashOut, Meta: ledger.Metadata{TableID: table}}
	case 2:
		hand := fmt.Sprintf("h%d", w.hands.Add(1))
		return ledger.Leg{Debit: e.ID, Credit: w.rev.ID, Amount: 1 + amount/20, Currency: "EUR", Kind: ledger.TransferRake, Meta: ledger.Metadata{TableID: table, HandID: hand}}
	case 3:
		return ledger.Leg{Debit: w.bank.ID, Credit: p.ID, Amount: amount, Currency: "EUR", Kind: ledger.TransferPayout, Meta: ledger.Metadata{TableID: "bj", RoundID: "r"}}
	default:
		q := w.player[r.IntN(len(w.player))]
		if q.ID == p.ID {
			return ledger.Leg{Debit: p.ID, Credit: w.bank.ID, Amount: amount, Currency: "EUR", Kind: ledger.TransferStake, Meta: ledger.Metadata{TableID: "bj", RoundID: "r"}}
		}
		return ledger.Leg{Debit: p.ID, Credit: q.ID, Amount: amount, Currency: "EUR", Kind: ledger.TransferAdjustment}
	}
}

// send runs op once and records the answer. Only rejections the model
// expects are tolerated; anything else fails the test.
func (w *modelWorld) send(ctx context.Context, op *modelOp) error {
	var r ledger.Result
	var err error
	switch op.kind {
	case ledger.OpTransfer:
		r, err = w.l.Transfer(ctx, w.in, op.key, op.legs[0])
	case ledger.OpBatch:
		r, err = w.l.Batch(ctx, w.in, op.key, op.legs)
	case ledger.OpHold:
		r, err = w.l.CreateHold(ctx, w.in, op.key, op.legs[0], op.ttl)
	}
	if err != nil {
		if apierr.Reason(err) == ledger.ReasonInsufficientFunds {
			return nil
		}
		return fmt.Errorf("%s: %w", op.key, err)
	}
	op.record(r)
	return nil
}

// settle posts or voids a created hold, sometimes twice at once.
func (w *modelWorld) settle(ctx context.Context, r *rand.Rand, op *modelOp) error {
	op.mu.Lock()
	id := op.hold
	op.mu.Unlock()
	if id == 0 {
		return nil
	}
	choice := r.IntN(10)
	amount := int64(0)
	if choice < 3 {
		amount = 1 + r.Int64N(op.legs[0].Amount)
	}
	do := func() error {
		switch {
		case choice == 9:
			return nil // left to expire
		case choice >= 7:
			_, replayed, err := w.l.VoidHold(ctx, w.in, id)
			if err == nil {
				op.mu.Lock()
				if !replayed {
					op.voidOK++
					op.voided = true
				}
				op.mu.Unlock()
				return nil
			}
			if apierr.Code(err) == connect.CodeFailedPrecondition {
				return nil // expired and swept meanwhile
			}
			return err
		default:
			h, _, replayed, err := w.l.PostHold(ctx, w.in, id, amount)
			if err == nil {
				op.mu.Lock()
				if !replayed {
					op.postOK++
					op.posted = h.PostedAmount
				}
				op.mu.Unlock()
				return nil
			}
			if apierr.Code(err) == connect.CodeFailedPrecondition {
				return nil // expired (or swept) before the post
			}
			return err
		}
	}
	if r.IntN(10) == 0 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range 2 {
			wg.Go(func() { errs[i] = do() })
		}
		wg.Wait()
		if errs[0] != nil {
			return errs[0]
		}
		return errs[1]
	}
	return do()
}

// runModel drives ops operations against l and checks the outcome.
func runModel(t *testing.T, e *env, ops int) {
	ctx := context.Background()
	w := &modelWorld{l: e.l, clock: e.clock, in: e.in, cage: e.cage}
	for i := range 48 {
		w.player = append(w.player, e.player(fmt.Sprintf("mp%d", i), 20_000))
	}
	for i := range 6 {
		esc := e.open(ledger.KindTableEscrow, fmt.Sprintf("mt%d", i), "", "EUR")
		e.move(w.player[i], esc, 5_000, ledger.TransferBuyIn, ledger.Metadata{TableID: esc.OwnerID})
		w.escrow = append(w.escrow, esc)
	}
	w.rev = e.open(ledger.KindHouseRevenue, "", "", "EUR")
	w.bank = e.open(ledger.KindHouseBank, "", "", "EUR")
	all := append(append([]ledger.Account{w.cage, w.rev, w.bank}, w.player...), w.escrow...)
	start := map[int64]int64{}
	for _, a := range all {
		start[a.ID] = e.acct(a.ID).Balance
	}

	// The clock moves a second every few milliseconds and the sweeper runs
	// beside the workers, so some holds expire while others are posted.
	stop := make(chan struct{})
	var bg sync.WaitGroup
	bg.Go(func() {
		tk := time.NewTicker(5 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				e.clock.Advance(time.Second)
			}
		}
	})
	var sweepErr atomic.Value
	bg.Go(func() {
		tk := time.NewTicker(20 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				if _, err := w.l.ExpireHolds(ctx, w.in, 0); err != nil {
					sweepErr.Store(err)
				}
			}
		}
	})

	var (
		mu      sync.Mutex
		allOps  []*modelOp
		failure error
		next    atomic.Int64
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if failure == nil {
			failure = err
		}
	}
	began := time.Now()
	var wg sync.WaitGroup
	for wk := range modelWorkers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(wk), 0x5eed))
			for {
				n := next.Add(1)
				if n > int64(ops) {
					return
				}
				op := &modelOp{key: fmt.Sprintf("m-%d", n)}
				switch x := r.IntN(100); {
				case x < 65:
					op.kind, op.legs = ledger.OpTransfer, []ledger.Leg{w.randomLeg(r)}
				case x < 80:
					op.kind = ledger.OpBatch
					for range 2 + r.IntN(3) {
						op.legs = append(op.legs, w.randomLeg(r))
					}
				default:
					op.kind, op.legs = ledger.OpHold, []ledger.Leg{w.randomLeg(r)}
					op.ttl = time.Duration(1+r.IntN(30)) * time.Second
				}
				mu.Lock()
				allOps = append(allOps, op)
				mu.Unlock()
				switch x := r.IntN(20); {
				case x == 0: // retried concurrently
					var pair sync.WaitGroup
					for range 2 {
						pair.Go(func() {
							if err := w.send(ctx, op); err != nil {
								fail(err)
							}
						})
					}
					pair.Wait()
				case x == 1: // retried after the answer
					for range 2 {
						if err := w.send(ctx, op); err != nil {
							fail(err)
						}
					}
				default:
					if err := w.send(ctx, op); err != nil {
						fail(err)
					}
				}
				if op.kind == ledger.OpHold {
					if err := w.settle(ctx, r, op); err != nil {
						fail(err)
					}
				}
				if failure != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	bg.Wait()
	elapsed := time.Since(began)
	if failure != nil {
		t.Fatal(failure)
	}
	if v := sweepErr.Load(); v != nil {
		t.Fatalf("sweeper: %v", v)
	}
	// Release whatever is still pending.
	e.clock.Advance(time.Hour)
	for {
		n, err := w.l.ExpireHolds(ctx, w.in, 0)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}

	// The model: apply every operation the ledger reported as applied.
	want := start
	var applied, rejected, replays, holds, batches int
	for _, op := range allOps {
		if op.mismatch != "" {
			t.Fatalf("%s: %s", op.key, op.mismatch)
		}
		if op.applied > 1 || op.postOK > 1 || op.voidOK > 1 || (op.postOK+op.voidOK) > 1 {
			t.Fatalf("%s applied more than once: %+v", op.key, op)
		}
		replays += op.replayed
		if op.applied == 0 {
			if op.replayed > 0 {
				t.Fatalf("%s replayed an operation that was never applied", op.key)
			}
			rejected++
			continue
		}
		applied++
		switch op.kind {
		case ledger.OpHold:
			holds++
			if op.postOK == 1 {
				want[op.legs[0].Debit] -= op.posted
				want[op.legs[0].Credit] += op.posted
			}
		case ledger.OpBatch:
			batches++
			fallthrough
		default:
			for _, g := range op.legs {
				want[g.Debit] -= g.Amount
				want[g.Credit] += g.Amount
			}
		}
	}
	t.Logf("%d operations (%d applied: %d holds, %d batches; %d rejected for funds; %d replays) from %d goroutines in %s (%.0f ops/s)",
		len(allOps), applied, holds, batches, rejected, replays, modelWorkers, elapsed.Round(time.Millisecond), float64(len(allOps))/elapsed.Seconds())
	if rejected == 0 || replays == 0 || holds == 0 || batches == 0 {
		t.Fatalf("the mix did not exercise every path: rejected=%d replays=%d holds=%d batches=%d", rejected, replays, holds, batches)
	}
	for _, a := range all {
		got := e.acct(a.ID)
		if got.Balance != want[a.ID] || got.Held != 0 {
			t.Errorf("account %d (%s %s): balance %d held %d, model %d held 0", a.ID, a.Kind, a.OwnerID, got.Balance, got.Held, want[a.ID])
		}
		if !got.Kind.MayGoNegative() && got.Balance < 0 {
			t.Errorf("account %d (%s) is negative: %d", a.ID, a.Kind, got.Balance)
		}
	}

	// Exactly once, from the database's side: every applied operation has
	// one row and its transfers; no rejected one left anything.
	db := e.s.DB()
	rows, err := db.QueryContext(ctx, `SELECT o.idem_key, COUNT(t.id) FROM operations o LEFT JOIN transfers t ON t.operation_id = o.id
		WHERE o.idem_key LIKE 'm-%' GROUP BY o.idem_key`)
	if err != nil {
		t.Fatal(err)
	}
	inDB := map[string]int{}
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			t.Fatal(err)
		}
		inDB[k] = n
	}
	rows.Close()
	for _, op := range allOps {
		n, ok := inDB[op.key]
		wantN := len(op.legs)
		if op.kind == ledger.OpHold {
			wantN = op.postOK
		}
		switch {
		case op.applied == 0 && ok:
			t.Errorf("%s was rejected but left an operation row", op.key)
		case op.applied == 1 && (!ok || n != wantN):
			t.Errorf("%s: %d transfers in the database, want %d", op.key, n, wantN)
		}
		if op.kind == ledger.OpHold && op.applied == 1 {
			h, err := w.l.Hold(ctx, w.in, op.hold)
			if err != nil {
				t.Fatal(err)
			}
			wantState := ledger.HoldExpired
			if op.postOK == 1 {
				wantState = ledger.HoldPosted
			} else if op.voidOK == 1 {
				wantState = ledger.HoldVoided
			}
			if h.State != wantState || (wantState == ledger.HoldPosted && h.PostedAmount != op.posted) {
				t.Errorf("hold %d: %+v, model state %v posted %d", h.ID, h, wantState, op.posted)
			}
		}
	}
	var entries, transfers int
	if err := db.QueryRowContext(ctx, "SELECT (SELECT COUNT(*) FROM entries), (SELECT COUNT(*) FROM transfers)").Scan(&entries, &transfers); err != nil {
		t.Fatal(err)
	}
	if entries != 2*transfers {
		t.Errorf("%d entries for %d transfers", entries, transfers)
	}
	e.reconciled()
	if e.s.Dialect() == "postgresql" {
		// Lock order, not the deadlock detector, keeps the workers apart:
		// the server must not have seen a single deadlock. (Backends report
		// their counters within a second of going idle.)
		time.Sleep(2 * time.Second)
		var deadlocks int64
		if err := db.QueryRowContext(ctx, "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()").Scan(&deadlocks); err != nil {
			t.Fatal(err)
		}
		if deadlocks != 0 {
			t.Errorf("PostgreSQL detected %d deadlocks", deadlocks)
		}
	}
}

func TestConcurrentModelOnSQLite(t *testing.T) {
	runModel(t, newEnv(t, openSQLite), sqliteModelOps)
}
