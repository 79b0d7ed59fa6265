package tabletest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/alicebob/miniredis/v2"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/gen/croupier/rng/v1/rngv1connect"
	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/seating"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/tools/platform"
)

// unit is the table core over an in-process Redis (miniredis) with the
// RNG, evaluator and wallet in process: the core's behaviour without the
// real Redis (the integration suite runs the same paths on it).
type unit struct {
	t   *testing.T
	ctx context.Context
	st  *platform.Stack
	mr  *miniredis.Miniredis
}

func newUnit(t *testing.T, opts table.Options) *unit {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	mr := miniredis.RunT(t)
	if opts.EscrowCheckEvery == 0 {
		opts.EscrowCheckEvery = -1
	}
	st, err := platform.Start(ctx, platform.Config{RedisAddr: mr.Addr(), Prefix: "u:", Table: opts})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(st.Close)
	return &unit{t: t, ctx: ctx, st: st, mr: mr}
}

// replica is a second table core on the same Redis and services.
func (u *unit) replica() *table.Service {
	u.t.Helper()
	hc := client.NewHTTPClient()
	opts := append(u.st.Runtime.ClientOptions(), client.NoGzip())
	core, err := table.New(table.Deps{Store: u.st.Store,
		RNG:       rngv1connect.NewRngServiceClient(hc, u.st.URL, opts...),
		Evaluator: evaluatorv1connect.NewEvaluatorServiceClient(hc, u.st.URL, opts...),
		Wallet:    walletv1connect.NewWalletServiceClient(hc, u.st.URL, opts...)}, table.Options{EscrowCheckEvery: -1})
	if err != nil {
		u.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(u.ctx)
	u.t.Cleanup(cancel)
	go core.Run(ctx)
	return core
}

func (u *unit) cashTable(core *table.Service, pause time.Duration) string {
	u.t.Helper()
	sum, err := core.CreateTable(u.ctx, table.TableSpec{Name: "t", Game: profile.Holdem, Structure: betting.NoLimit,
		Stakes:   profile.Stakes{Currency: "EUR", Exponent: 2, SmallBlind: 50, BigBlind: 100},
		MinBuyIn: 2000, MaxBuyIn: 20000, MaxSeats: 6, Clock: live.Clock{Action: 30 * time.Second, Pause: pause}})
	if err != nil {
		u.t.Fatal(err)
	}
	return sum.ID
}

func (u *unit) fund(player string) table.Caller {
	u.t.Helper()
	w := platform.NewClients(u.st.URL, platform.Bearer(u.st.OperatorToken())).Wallet
	if _, err := platform.Fund(u.ctx, w, u.st.Partner, player, "EUR", 1_000_000); err != nil {
		u.t.Fatal(err)
	}
	return table.Caller{Player: player, Partner: u.st.Partner}
}

// hand waits for a hand in progress and returns it.
func (u *unit) hand(core *table.Service, id string) (handID string, seq int, toAct string) {
	u.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var ok bool
		_ = core.Table(u.ctx, id, func(t *live.Table) {
			if t.InHand() {
				st := t.Hand.State()
				handID, seq, toAct, ok = t.Hand.ID, st.Seq, st.Seats[st.ToAct()].Player, true
			}
		})
		if ok {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	u.t.Fatal("no hand in progress")
	return
}

// Two replicas acting on one table: every command lands once, in order,
// whichever replica takes it; each replica's cached table catches up.
func TestTwoReplicasShareATable(t *testing.T) {
	u := newUnit(t, table.Options{})
	a, b := u.st.Core, u.replica()
	id := u.cashTable(a, time.Minute)
	alice, bob := u.fund("alice"), u.fund("bob")
	if _, err := a.TakeSeat(u.ctx, id, alice, 0, 10_000, "EUR", "k", "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := b.TakeSeat(u.ctx, id, bob, 1, 10_000, "EUR", "k", "", false); err != nil {
		t.Fatal(err)
	}
	handID, _, _ := u.hand(a, id)
	players := map[string]table.Caller{"partner-1:alice": alice, "partner-1:bob": bob}
	// Alternate replicas on every action; each acts on a cached table that
	// is one command behind.
	replicas := []*table.Service{a, b}
	for i := 0; ; i++ {
		var seq int
		var who string
		var over bool
		var legal []betting.Legal
		_ = replicas[i%2].Table(u.ctx, id, func(t *live.Table) {
			if !t.InHand() || t.Hand.ID != handID {
				over = true
				return
			}
			st := t.Hand.State()
			seq, who = st.Seq, st.Seats[st.ToAct()].Player
			legal = st.Legal(st.ToAct(), nil)
		})
		if over {
			break
		}
		l := legal[0]
		for _, x := range legal {
			if x.Kind == betting.Check || x.Kind == betting.Call {
				l = x
			}
		}
		res, err := replicas[(i+1)%2].Act(u.ctx, id, players[who], handID, seq, l.Kind, l.Min)
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		// The same action again on the other replica: replayed, not applied.
		again, err := replicas[i%2].Act(u.ctx, id, players[who], handID, seq, l.Kind, l.Min)
		if err != nil || !again.Replayed || again.Kind != res.Kind {
			t.Fatalf("retry on the other replica: %+v %v", again, err)
		}
	}
	var va, vb uint64
	_ = a.Table(u.ctx, id, func(t *live.Table) { va = t.Version })
	_ = b.Table(u.ctx, id, func(t *live.Table) { vb = t.Version })
	if va != vb || va == 0 {
		t.Fatalf("replicas disagree: version %d and %d", va, vb)
	}
	h, err := a.FinishedHand(u.ctx, id, handID)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range h.Inputs {
		if in.Action.Command == 0 && in.TimedOut {
			t.Fatalf("input %d timed out", i)
		}
	}
}

// Commits racing from many goroutines on two replicas: none is lost, none
// applied twice (the table's version counts them).
func TestConcurrentCommandsApplyOnce(t *testing.T) {
	u := newUnit(t, table.Options{})
	a, b := u.st.Core, u.replica()
	id := u.cashTable(a, time.Minute)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			core := []*table.Service{a, b}[i%2]
			for j := range 4 {
				hold := i*10+j%2 == 0
				if err := core.SetDealHold(u.ctx, id, hold); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var v uint64
	_ = b.Table(u.ctx, id, func(t *live.Table) { v = t.Version })
	if v != 64 {
		t.Fatalf("64 commands committed, the table is at version %d", v)
	}
}

// The clock: an action not taken in time is taken by the clock (a fold or
// a check), on whichever replica claims the deadline first, once.
func TestClockActsForTheSeatToAct(t *testing.T) {
	u := newUnit(t, table.Options{ClockInterval: 20 * time.Millisecond, Lease: 200 * time.Millisecond})
	a := u.st.Core
	u.replica()
	id := u.cashTable(a, time.Minute)
	if err := a.UpdateClock(u.ctx, id, live.Clock{Action: 5 * time.Second, Pause: time.Minute}); err != nil {
		t.Fatal(err)
	}
	alice, bob := u.fund("alice"), u.fund("bob")
	if _, err := a.TakeSeat(u.ctx, id, alice, 0, 10_000, "EUR", "k", "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := a.TakeSeat(u.ctx, id, bob, 1, 10_000, "EUR", "k", "", false); err != nil {
		t.Fatal(err)
	}
	handID, seq, _ := u.hand(a, id)
	deadline := time.Now().Add(15 * time.Second)
	for {
		var moved bool
		var timedOut int
		_ = a.Table(u.ctx, id, func(t *live.Table) {
			if t.Hand.ID == handID && (t.Hand.Finished || t.Hand.State().Seq > seq) {
				moved = true
				for _, in := range t.Hand.Inputs {
					if in.TimedOut {
						timedOut++
					}
				}
			}
		})
		if moved {
			if timedOut != 1 {
				t.Fatalf("%d timed-out inputs", timedOut)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the clock did not act")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The tournament controls issue 7 needs: seat players with chips, set the
// next level's blinds, hold the deal, read results, remove a player with
// his chips.
func TestTournamentControls(t *testing.T) {
	u := newUnit(t, table.Options{})
	a := u.st.Core
	sum, err := a.CreateTable(u.ctx, table.TableSpec{Name: "T1 table 1", Game: profile.Holdem, Structure: betting.NoLimit,
		Stakes: profile.Stakes{SmallBlind: 50, BigBlind: 100}, MaxSeats: 9, Tournament: "T1",
		Clock: live.Clock{Action: 30 * time.Second}, Key: "T1/1"})
	if err != nil {
		t.Fatal(err)
	}
	id := sum.ID
	again, err := a.CreateTable(u.ctx, table.TableSpec{Name: "T1 table 1", Game: profile.Holdem, Structure: betting.NoLimit,
		Stakes: profile.Stakes{SmallBlind: 50, BigBlind: 100}, MaxSeats: 9, Tournament: "T1",
		Clock: live.Clock{Action: 30 * time.Second}, Key: "T1/1"})
	if err != nil || again.ID != id {
		t.Fatalf("retried create: %v %v", again.ID, err)
	}
	if err := a.SetDealHold(u.ctx, id, true); err != nil {
		t.Fatal(err)
	}
	for i, p := range []string{"p1", "p2", "p3"} {
		seat, replayed, err := a.SeatPlayer(u.ctx, id, i, p, "partner-1", p, 10_000, table.Arrival{Entry: seating.Exempt}, "seat-"+p)
		if err != nil || seat != i || replayed {
			t.Fatalf("seat %s: %d %v %v", p, seat, replayed, err)
		}
	}
	if _, replayed, err := a.SeatPlayer(u.ctx, id, 0, "p1", "partner-1", "p1", 10_000, table.Arrival{Entry: seating.Exempt}, "seat-p1"); err != nil || !replayed {
		t.Fatalf("retried seat: %v %v", replayed, err)
	}
	if _, err := a.TakeSeat(u.ctx, id, u.fund("cash"), 4, 5000, "CHP", "k", "", false); apierr.Reason(err) != "TOURNAMENT_TABLE" {
		t.Fatalf("a cash buy-in at a tournament table: %v", err)
	}
	time.Sleep(100 * time.Millisecond)
	var dealt bool
	_ = a.Table(u.ctx, id, func(t *live.Table) { dealt = t.Hand != nil })
	if dealt {
		t.Fatal("dealt while the deal was held (hand-for-hand)")
	}
	if err := a.SetStakes(u.ctx, id, profile.Stakes{SmallBlind: 100, BigBlind: 200, Ante: 25}); err != nil {
		t.Fatal(err)
	}
	if err := a.SetDealHold(u.ctx, id, false); err != nil {
		t.Fatal(err)
	}
	handID, _, _ := u.hand(a, id)
	var bb, ante int64
	_ = a.Table(u.ctx, id, func(t *live.Table) { bb, ante = t.Hand.Rules.Stakes.BigBlind, t.Hand.Rules.Stakes.Ante })
	if bb != 200 || ante != 25 {
		t.Fatalf("the level change did not apply to the next hand: BB %d ante %d (GR H.23)", bb, ante)
	}
	// p3 is moved while dealt in: deferred to the hand's end.
	rm, err := a.RemovePlayer(u.ctx, id, "p3", "partner-1", "move-1")
	if err != nil || !rm.Deferred {
		t.Fatalf("remove during the hand: %+v %v", rm, err)
	}
	if err := a.SetDealHold(u.ctx, id, true); err != nil {
		t.Fatal(err)
	}
	if err := a.Misdeal(u.ctx, id, handID, "test"); err != nil {
		t.Fatal(err)
	}
	rm, err = a.RemovePlayer(u.ctx, id, "p3", "partner-1", "move-1")
	if err != nil || rm.Deferred || !rm.Replayed || rm.Chips != 10_000 {
		t.Fatalf("after the misdeal the move is done with his chips back: %+v %v", rm, err)
	}
	rs, last, err := a.HandResults(u.ctx, id, 0, 10)
	if err != nil || len(rs) != 1 || last != 1 || rs[0].Result != "misdeal" || rs[0].Stacks != 20_000 {
		t.Fatalf("results %+v last %d: %v", rs, last, err)
	}
}

// A misdeal returns every bet; a refused command changes nothing.
func TestAdminCommandsAndRefusals(t *testing.T) {
	u := newUnit(t, table.Options{})
	a := u.st.Core
	id := u.cashTable(a, time.Minute)
	alice, bob := u.fund("alice"), u.fund("bob")
	_, _ = a.TakeSeat(u.ctx, id, alice, 0, 10_000, "EUR", "k", "", false)
	_, _ = a.TakeSeat(u.ctx, id, bob, 1, 10_000, "EUR", "k", "", false)
	handID, seq, who := u.hand(a, id)
	caller := alice
	if who == "partner-1:bob" {
		caller = bob
	}
	if _, err := a.Act(u.ctx, id, caller, handID, seq, betting.Raise, 150); apierr.Code(err) != connect.CodeInvalidArgument {
		t.Fatalf("raise below the minimum: %v", err)
	}
	if err := a.Misdeal(u.ctx, id, "wrong", "x"); apierr.Reason(err) != "WRONG_HAND" {
		t.Fatalf("misdeal of another hand: %v", err)
	}
	if err := a.PauseTable(u.ctx, id, "break"); err != nil {
		t.Fatal(err)
	}
	if err := a.Misdeal(u.ctx, id, handID, "exposed card"); err != nil {
		t.Fatal(err)
	}
	var stacks [2]int64
	_ = a.Table(u.ctx, id, func(t *live.Table) { stacks = [2]int64{t.Seating.Seats[0].Stack, t.Seating.Seats[1].Stack} })
	if stacks != [2]int64{10_000, 10_000} {
		t.Fatalf("after a misdeal the stacks are %v", stacks)
	}
	if _, err := a.Act(u.ctx, id, caller, handID, seq, betting.Call, 0); apierr.Code(err) != connect.CodeFailedPrecondition {
		t.Fatalf("acting in a voided hand: %v", err)
	}
	res, err := a.StandUp(u.ctx, id, alice, "bye")
	if err != nil || res.CashedOut != 10_000 || res.Deferred {
		t.Fatalf("stand up: %+v %v", res, err)
	}
	if err := a.CloseTable(u.ctx, id, "done"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		var status live.Status
		_ = a.Table(u.ctx, id, func(t *live.Table) { status = t.Status })
		if status == live.Closed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table is %s", status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := a.TakeSeat(u.ctx, id, alice, 0, 10_000, "EUR", "k2", "", false); err == nil {
		t.Fatal("seated at a closed table")
	}
}

// anyTable takes a subscription's snapshot of a table of any game.
func anyTable(game.Table) error { return nil }

// Streams: a subscriber resumes after the last event it saw and misses
// nothing; one resuming from a point the table no longer holds gets a
// snapshot.
func TestSubscribeResumes(t *testing.T) {
	u := newUnit(t, table.Options{})
	a := u.st.Core
	id := u.cashTable(a, time.Minute)
	sub, err := a.Subscribe(u.ctx, id, "", game.Viewer{Internal: true}, anyTable)
	if err != nil || !sub.Snapshot {
		t.Fatalf("first subscription: %v", err)
	}
	for i := range 6 {
		_ = a.SetDealHold(u.ctx, id, i%2 == 0)
	}
	var seen []string
	for len(seen) < 6 {
		b := <-sub.C()
		for i := b.From; i < b.N; i++ {
			seen = append(seen, table.EventID(b.Version, i))
		}
	}
	sub.Close()
	again, err := a.Subscribe(u.ctx, id, seen[2], game.Viewer{Internal: true}, anyTable)
	if err != nil || again.Snapshot {
		t.Fatalf("resume: %v snapshot %v", err, again != nil && again.Snapshot)
	}
	b := <-again.C()
	if table.EventID(b.Version, b.From) != seen[3] {
		t.Fatalf("resumed at %s, want %s", table.EventID(b.Version, b.From), seen[3])
	}
	again.Close()
	if _, err := a.Subscribe(u.ctx, id, "bad id", game.Viewer{Internal: true}, anyTable); apierr.Code(err) != connect.CodeInvalidArgument {
		t.Fatalf("bad event id: %v", err)
	}
	future, err := a.Subscribe(u.ctx, id, "99999", game.Viewer{Internal: true}, anyTable)
	if err != nil || !future.Snapshot {
		t.Fatalf("an id the table never had: %v", err)
	}
	future.Close()
	if _, err := a.Subscribe(u.ctx, "tnone", "", game.Viewer{Internal: true}, anyTable); apierr.Code(err) != connect.CodeNotFound {
		t.Fatalf("no such table: %v", err)
	}
	var ce *connect.Error
	_ = errors.As(err, &ce)
	_ = tablev1.TableStatus_TABLE_STATUS_OPEN
}
