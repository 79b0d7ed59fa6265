package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	"github.com/croupier/croupier/tools/platform"
)

// newDrivers makes the bots: one driver per table, acting for whoever is
// to act. The first noShows players get no bot and never act (GR H.11;
// T31): noShow names them.
func newDrivers(st *platform.Stack, op platform.Clients, players []string, noShows int) (*drivers, map[string]bool) {
	bots := &drivers{op: op.Table, admin: op.Admin, players: map[string]tablev1connect.TableServiceClient{}, running: map[string]bool{}}
	noShow := map[string]bool{}
	for i, p := range players {
		if i < noShows {
			noShow[p] = true
			continue
		}
		bots.players[p] = platform.NewClients(st.URL, platform.Bearer(st.PlayerToken(p))).Table
	}
	return bots, noShow
}

// drivers play the tables: one goroutine per table acts for the player to
// act with his own session token (a player acts only for his own seat).
type drivers struct {
	op      tablev1connect.TableServiceClient
	admin   tablev1connect.TableAdminServiceClient
	players map[string]tablev1connect.TableServiceClient
	mu      sync.Mutex
	running map[string]bool
	wg      sync.WaitGroup
	cancel  []context.CancelFunc
	acts    atomic.Int64
	// clocks counts the clocks the floor called on no-shows' turns.
	clocks atomic.Int64
}

func (d *drivers) ensure(ctx context.Context, table string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.running[table] {
		return
	}
	d.running[table] = true
	cctx, cancel := context.WithCancel(ctx)
	d.cancel = append(d.cancel, cancel)
	r := rand.New(rand.NewPCG(uint64(len(d.cancel)), 7))
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		d.drive(cctx, table, r)
	}()
}

func (d *drivers) stop() {
	d.mu.Lock()
	for _, c := range d.cancel {
		c()
	}
	d.mu.Unlock()
	d.wg.Wait()
}

func (d *drivers) drive(ctx context.Context, table string, r *rand.Rand) {
	var called string // hand/seq of the turn the clock was last called on
	for ctx.Err() == nil {
		v, err := d.op.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table}))
		if err != nil {
			sleep(ctx, 50*time.Millisecond)
			continue
		}
		tv := v.Msg.GetTable()
		if tv.GetSummary().GetStatus() == tablev1.TableStatus_TABLE_STATUS_CLOSED {
			return
		}
		h := tv.GetHand()
		if h == nil || h.GetPhase() != "betting" || h.GetToActSeat() < 0 || int(h.GetToActSeat()) >= len(tv.GetSeats()) {
			sleep(ctx, 10*time.Millisecond)
			continue
		}
		pc := d.players[tv.GetSeats()[h.GetToActSeat()].GetPlayerId()]
		// The floor calls the clock (H.28(b)) on every turn of a no-show
		// (his time runs out and his hand is dead) and on one bot's turn in
		// twenty (he acts in time).
		if turn := fmt.Sprint(h.GetHandId(), "/", h.GetActionSeq()); turn != called && (pc == nil || r.IntN(20) == 0) {
			called = turn
			if _, err := d.admin.CallClock(ctx, connect.NewRequest(&tablev1.CallClockRequest{TableId: table, HandId: h.GetHandId(),
				ActionSeq: h.GetActionSeq()})); err == nil {
				d.clocks.Add(1)
			}
		}
		if pc == nil {
			sleep(ctx, 10*time.Millisecond)
			continue
		}
		pv, err := pc.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table}))
		if err != nil {
			continue
		}
		ph := pv.Msg.GetTable().GetHand()
		if ph.GetToActSeat() != pv.Msg.GetTable().GetYourSeat() || len(ph.GetLegalActions()) == 0 {
			continue
		}
		kind, amount := choose(ph.GetLegalActions(), r)
		if _, err := pc.Act(ctx, connect.NewRequest(&tablev1.ActRequest{TableId: table, HandId: ph.GetHandId(), ActionSeq: ph.GetActionSeq(), Kind: kind, Amount: amount})); err == nil {
			d.acts.Add(1)
		}
	}
}

// choose picks a bot's action. Bots limp and check, shove now and then and
// call a big bet rarely, so a field goes out over a few levels as the
// blinds rise rather than in the first hands (a bot calling every all-in
// ends a 200-player tournament within seconds, before any restart).
func choose(legal []*tablev1.LegalAction, r *rand.Rand) (tablev1.ActionKind, int64) {
	by := map[tablev1.ActionKind]*tablev1.LegalAction{}
	for _, l := range legal {
		by[l.GetKind()] = l
	}
	x := r.Float64()
	allIn, canAllIn := by[tablev1.ActionKind_ACTION_KIND_ALL_IN]
	if check, ok := by[tablev1.ActionKind_ACTION_KIND_CHECK]; ok {
		if canAllIn && x < 0.02 {
			return allIn.GetKind(), allIn.GetMaxAmount()
		}
		return check.GetKind(), 0
	}
	if call, ok := by[tablev1.ActionKind_ACTION_KIND_CALL]; ok {
		big := canAllIn && call.GetMinAmount()*4 > allIn.GetMaxAmount()
		if fold, ok := by[tablev1.ActionKind_ACTION_KIND_FOLD]; ok && (big && x < 0.85 || !big && x < 0.3) {
			return fold.GetKind(), 0
		}
		return call.GetKind(), call.GetMinAmount()
	}
	if canAllIn {
		// Facing a bet he cannot call without going all in.
		if fold, ok := by[tablev1.ActionKind_ACTION_KIND_FOLD]; ok && x < 0.8 {
			return fold.GetKind(), 0
		}
		return allIn.GetKind(), allIn.GetMaxAmount()
	}
	return legal[0].GetKind(), legal[0].GetMinAmount()
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
