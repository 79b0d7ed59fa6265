package ledger_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// testPostHoldsConcurrent races PostHolds of overlapping batches (each in
// its own random order) against single PostHolds of the same holds, a
// voider on some of them and transfers on the same accounts. Nothing may
// wait forever, every hold ends posted or voided exactly once, the
// balances are what the answers said, and the ledger reconciles; on
// PostgreSQL the server must have seen no deadlock (lock order, not the
// deadlock detector, keeps the writers apart).
func testPostHoldsConcurrent(t *testing.T, e *env) {
	ctx, cancel := context.WithTimeout(e.ctx, 5*time.Minute)
	defer cancel()
	r := newHoldRace(ctx, e)
	r.run()
	// Whatever no racer got to is posted now, in one call.
	rest := make([]int, len(r.holds))
	for i := range rest {
		rest[i] = i
	}
	r.batch(rest)
	if r.failure != nil {
		t.Fatal(r.failure)
	}
	r.check(t)
	t.Logf("%d holds: %d posted by PostHolds, %d by PostHold, %d voided", raceHolds, r.byBatch.Load(), r.bySingle.Load(), r.byVoid.Load())
	e.reconciled()
	if e.s.Dialect() == "postgresql" {
		time.Sleep(2 * time.Second) // backends report their counters within a second of going idle
		var deadlocks int64
		if err := e.s.DB().QueryRowContext(ctx, "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()").Scan(&deadlocks); err != nil {
			t.Fatal(err)
		}
		if deadlocks != 0 {
			t.Errorf("PostgreSQL detected %d deadlocks", deadlocks)
		}
	}
}

// raceHolds is how many holds the racers contend for.
const raceHolds = 360

// holdRace is the state of testPostHoldsConcurrent: the holds, what each
// racer was answered, and the balances the answers add up to.
type holdRace struct {
	ctx       context.Context
	e         *env
	esc, bank ledger.Account
	players   []ledger.Account
	holds     []ledger.Hold
	// amount is what every caller asks of a hold (0 = all): a second post
	// is then a replay, never a refusal.
	amount       []int64
	posts, voids [raceHolds]atomic.Int32
	postedAmount [raceHolds]atomic.Int64
	// Holds each kind of racer won.
	byBatch, bySingle, byVoid atomic.Int32

	mu      sync.Mutex
	want    map[int64]int64 // balances the answers add up to
	failure error
}

func newHoldRace(ctx context.Context, e *env) *holdRace {
	r := &holdRace{ctx: ctx, e: e, want: map[int64]int64{}}
	r.esc = e.open(ledger.KindRoundEscrow, "wheel1", "", "EUR")
	r.bank = e.open(ledger.KindHouseBank, "", "", "EUR")
	for i := range 24 {
		r.players = append(r.players, e.player(fmt.Sprintf("p%d", i), 1_000_000))
	}
	for _, a := range r.accounts() {
		r.want[a.ID] = e.acct(a.ID).Balance
	}
	r.holds, r.amount = make([]ledger.Hold, raceHolds), make([]int64, raceHolds)
	for i := range r.holds {
		r.holds[i] = e.roundHold(r.players[i%len(r.players)], r.esc, int64(10+i), time.Hour)
		if i%5 == 0 {
			r.amount[i] = int64(1 + i)
		}
	}
	return r
}

func (r *holdRace) accounts() []ledger.Account {
	return append([]ledger.Account{r.esc, r.bank}, r.players...)
}

// voidable: every sixth hold is the voider's too.
func (r *holdRace) voidable(i int) bool { return i%6 == 0 }

func (r *holdRace) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failure == nil {
		r.failure = err
	}
}

// answered records one post's answer for hold i; won counts the post.
func (r *holdRace) answered(i int, h ledger.Hold, replayed bool, err error, won *atomic.Int32) {
	switch {
	case err != nil && r.voidable(i) && apierr.Reason(err) == ledger.ReasonHoldNotPending:
	case err != nil:
		r.fail(fmt.Errorf("post of hold %d: %w", i, err))
	case !replayed:
		r.posts[i].Add(1)
		r.postedAmount[i].Store(h.PostedAmount)
		won.Add(1)
	}
}

// batch posts the holds idx, in that order, in one PostHolds call.
func (r *holdRace) batch(idx []int) {
	req := make([]ledger.HoldPost, len(idx))
	for k, i := range idx {
		req[k] = ledger.HoldPost{HoldID: r.holds[i].ID, Amount: r.amount[i]}
	}
	out, err := r.e.l.PostHolds(r.ctx, r.e.in, req)
	if err != nil {
		r.fail(fmt.Errorf("PostHolds: %w", err))
		return
	}
	for k, o := range out {
		r.answered(idx[k], o.Hold, o.Replayed, o.Err, &r.byBatch)
	}
}

// run starts every racer and waits for them.
func (r *holdRace) run() {
	var wg sync.WaitGroup
	for w := range 6 { // overlapping windows, shuffled
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(w), 1))
			for range 12 {
				// Paced, so the single posts and the voider win some holds.
				time.Sleep(time.Duration(5+rnd.IntN(10)) * time.Millisecond)
				start, size := rnd.IntN(raceHolds), 10+rnd.IntN(90)
				idx := make([]int, 0, size)
				for k := range size {
					idx = append(idx, (start+k)%raceHolds)
				}
				rnd.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
				r.batch(idx)
			}
		})
	}
	for w := range 4 { // single posts of the same holds
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(w), 2))
			for range 60 {
				i := rnd.IntN(raceHolds)
				h, _, replayed, err := r.e.l.PostHold(r.ctx, r.e.in, r.holds[i].ID, r.amount[i])
				r.answered(i, h, replayed, err, &r.bySingle)
			}
		})
	}
	wg.Go(r.voider)
	for w := range 4 {
		wg.Go(func() { r.transfers(w) })
	}
	wg.Wait()
}

func (r *holdRace) voider() {
	for _, i := range rand.New(rand.NewPCG(3, 3)).Perm(raceHolds) {
		if !r.voidable(i) {
			continue
		}
		_, replayed, err := r.e.l.VoidHold(r.ctx, r.e.in, r.holds[i].ID)
		switch {
		case err == nil && !replayed:
			r.voids[i].Add(1)
			r.byVoid.Add(1)
		case err != nil && apierr.Reason(err) != ledger.ReasonHoldNotPending:
			r.fail(fmt.Errorf("void of hold %d: %w", i, err))
		}
	}
}

// transfers moves money on the racers' accounts: stakes into the escrow,
// payouts from it and from the bank.
func (r *holdRace) transfers(w int) {
	rnd := rand.New(rand.NewPCG(uint64(w), 4))
	for k := range 80 {
		p := r.players[rnd.IntN(len(r.players))]
		g := ledger.Leg{Debit: p.ID, Credit: r.esc.ID, Amount: int64(1 + rnd.IntN(50)), Currency: "EUR", Kind: ledger.TransferStake,
			Meta: ledger.Metadata{TableID: "wheel1", RoundID: "r1"}}
		switch k % 3 {
		case 1:
			g.Debit, g.Credit, g.Kind = r.esc.ID, p.ID, ledger.TransferPayout
		case 2:
			g.Debit, g.Credit, g.Kind = r.bank.ID, p.ID, ledger.TransferPayout
		}
		if _, err := r.e.l.Transfer(r.ctx, r.e.in, fmt.Sprintf("tr-%d-%d", w, k), g); err != nil {
			if apierr.Reason(err) != ledger.ReasonInsufficientFunds {
				r.fail(fmt.Errorf("transfer: %w", err))
			}
			continue
		}
		r.mu.Lock()
		r.want[g.Debit] -= g.Amount
		r.want[g.Credit] += g.Amount
		r.mu.Unlock()
	}
}

// check compares the answers with the holds, balances and transfers stored.
func (r *holdRace) check(t *testing.T) {
	for i, h := range r.holds {
		p, v := r.posts[i].Load(), r.voids[i].Load()
		if p+v != 1 {
			t.Fatalf("hold %d: posted %d times, voided %d times", i, p, v)
		}
		got, err := r.e.l.Hold(r.ctx, r.e.in, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := postAmount(h, r.amount[i])
		switch {
		case v == 1 && got.State != ledger.HoldVoided:
			t.Fatalf("hold %d voided, stored %+v", i, got)
		case p == 1 && (got.State != ledger.HoldPosted || got.PostedAmount != want || r.postedAmount[i].Load() != want):
			t.Fatalf("hold %d posted %d, stored %+v", i, r.postedAmount[i].Load(), got)
		case p == 1:
			r.want[h.Debit] -= want
			r.want[h.Credit] += want
		}
	}
	for _, a := range r.accounts() {
		if got := r.e.acct(a.ID); got.Balance != r.want[a.ID] || got.Held != 0 {
			t.Errorf("account %d (%s %s): balance %d held %d, want %d held 0", a.ID, a.Kind, a.OwnerID, got.Balance, got.Held, r.want[a.ID])
		}
	}
	// One transfer per posted hold, from the database's side.
	var dup int
	if err := r.e.s.DB().QueryRowContext(r.ctx, `SELECT COUNT(*) FROM (SELECT hold_id FROM transfers WHERE hold_id <> 0
		GROUP BY hold_id HAVING COUNT(*) > 1) d`).Scan(&dup); err != nil || dup != 0 {
		t.Fatalf("%d holds with more than one transfer (%v)", dup, err)
	}
}

// postAmount is what a post of amount (0 = all) moves from h.
func postAmount(h ledger.Hold, amount int64) int64 {
	if amount == 0 {
		return h.Amount
	}
	return amount
}
