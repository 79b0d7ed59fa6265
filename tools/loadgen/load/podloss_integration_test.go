//go:build integration

package load

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/tools/platform"
)

// Pod loss: two table-service processes serve the same tables from one
// Redis while bots play through both; one of them is killed with SIGKILL
// at random moments and started again, over and over, for at least 1,000
// hands. Every hand must complete (or be voided with every bet returned),
// the escrow must equal the chips at the table after every hand, and no
// command may be applied twice: every action a bot was told was applied
// is in the hand's record exactly once, and every rake moved once.
func TestPodLoss(t *testing.T) {
	const wantHands = podLossHands
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	h := newHarness(t, ctx)
	a, b := h.table(), h.table()
	procs := []*tableProc{a, b}
	admins := h.admin(a, b)
	o := Options{Tables: 16, Players: 4, Tight: 0.75, Conns: 2, NoRebuy: true, ActionTime: 5 * time.Second, Name: "pl", API: "mixed"}

	// Every action a bot was told was applied (first time or replayed).
	var acksMu sync.Mutex
	acks := map[string]*tablev1.ActRequest{} // "hand/seq"
	var replayed atomic.Int64
	onAct := func(req *tablev1.ActRequest, _ time.Duration, res *tablev1.ActResponse, err error) {
		if err != nil || res == nil {
			return
		}
		if res.GetReplayed() {
			replayed.Add(1)
		}
		acksMu.Lock()
		acks[fmt.Sprintf("%s/%d", req.GetHandId(), req.GetActionSeq())] = req
		acksMu.Unlock()
	}
	// Bots do not buy more chips (the escrow check below wants every
	// buy-in before a table's first hand), so a table ends when one
	// player holds all the chips: a fresh table takes its place, as many
	// times as the hands need (16 tables without rebuys play 900 to 1,800
	// hands between them with these bots' seeds).
	var tables []*Table
	results := map[string]map[uint64]*tablev1.HandResult{}
	var resMu sync.Mutex
	var hands atomic.Int64
	watchCtx, stopWatch := context.WithCancel(ctx)
	var watchers sync.WaitGroup
	botCtx, stopBots := context.WithCancel(ctx)
	var botsWG sync.WaitGroup
	batches := 0
	addTables := func(o Options) {
		t.Helper()
		batches++
		o.Name = fmt.Sprintf("pl%d", batches)
		added, err := Setup(ctx, h.target(a, b), o, nil, onAct)
		if err != nil {
			t.Fatal(err)
		}
		resMu.Lock()
		for _, tb := range added {
			results[tb.ID] = map[uint64]*tablev1.HandResult{}
		}
		resMu.Unlock()
		tables = append(tables, added...)
		for _, tb := range added {
			// Watch the table's hand results, from whichever replica answers.
			watchers.Add(1)
			go func() {
				defer watchers.Done()
				var after uint64
				for watchCtx.Err() == nil {
					_ = anyAdmin(watchCtx, admins, func(c platform.Clients) error {
						res, err := c.Admin.ListHandResults(watchCtx, connect.NewRequest(&tablev1.ListHandResultsRequest{TableId: tb.ID, AfterHandNumber: after}))
						if err != nil {
							return err
						}
						resMu.Lock()
						for _, r := range res.Msg.GetResults() {
							if _, ok := results[tb.ID][r.GetHandNumber()]; !ok {
								results[tb.ID][r.GetHandNumber()] = r
								hands.Add(1)
							}
							after = max(after, r.GetHandNumber())
						}
						resMu.Unlock()
						return nil
					})
					select {
					case <-watchCtx.Done():
					case <-time.After(100 * time.Millisecond):
					}
				}
			}()
			for _, bt := range tb.Bots {
				botsWG.Add(1)
				go func() { defer botsWG.Done(); bt.Run(botCtx) }()
			}
		}
	}
	addTables(o)
	over := map[string]bool{} // tables one player has won

	// The chaos: kill one replica at a random moment, start it again.
	start := time.Now()
	rng := rand.New(rand.NewPCG(uint64(start.UnixNano()), 1))
	// At least minKills kills, however fast the hands go: a short run
	// must still lose a replica more than once mid-play.
	const minKills = 5
	kills := 0
	progress, looked := time.Now(), time.Now()
	for hands.Load() < wantHands || kills < minKills {
		if time.Since(progress) > 15*time.Second {
			progress = time.Now()
			var st struct{ acts, actErrs, streamErrs, failovers int64 }
			for _, tb := range tables {
				for _, bt := range tb.Bots {
					st.acts += bt.Stats.Acts.Load()
					st.actErrs += bt.Stats.ActErrors.Load()
					st.streamErrs += bt.Stats.StreamErrors.Load()
					st.failovers += bt.Stats.Failovers.Load()
				}
			}
			fmt.Printf("pod loss: %s: %d hands at %d tables (%d won outright), %d kills, %d acts, %d act errors, %d stream errors, %d failovers\n",
				time.Since(start).Round(time.Second), hands.Load(), len(tables), len(over), kills, st.acts, st.actErrs, st.streamErrs, st.failovers)
		}
		if ctx.Err() != nil {
			t.Fatalf("only %d hands after %s; replica logs:\n%s\n---\n%s", hands.Load(), time.Since(start), h.logTail(a.n), h.logTail(b.n))
		}
		if time.Since(looked) > 5*time.Second {
			looked = time.Now()
			for _, tb := range tables {
				if !over[tb.ID] && wonOutright(ctx, admins, tb.ID) {
					over[tb.ID] = true
				}
			}
			if live := len(tables) - len(over); live < o.Tables/2 && len(tables) < 8*o.Tables {
				addTables(Options{Tables: o.Tables - live, Players: o.Players, Tight: o.Tight, Conns: o.Conns, NoRebuy: true, ActionTime: o.ActionTime, API: o.API})
			}
		}
		time.Sleep(time.Duration(300+rng.IntN(1500)) * time.Millisecond)
		victim := procs[rng.IntN(2)]
		victim.kill()
		kills++
		time.Sleep(time.Duration(100+rng.IntN(700)) * time.Millisecond)
		victim.start()
	}
	played := time.Since(start)
	fmt.Printf("pod loss: %d hands and %d kills in %s; closing the tables\n", hands.Load(), kills, played.Round(time.Second))

	// Close every table while the bots play on: each finishes its hand,
	// cashes everyone out and closes.
	for _, tb := range tables {
		if err := anyAdmin(ctx, admins, func(c platform.Clients) error {
			_, err := c.Admin.CloseTable(ctx, connect.NewRequest(&tablev1.CloseTableRequest{TableId: tb.ID, Reason: "end of test"}))
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	for _, tb := range tables {
		deadline := time.Now().Add(2 * time.Minute)
		for {
			var status tablev1.TableStatus
			_ = anyAdmin(ctx, admins, func(c platform.Clients) error {
				res, err := c.Table.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: tb.ID}))
				if err == nil {
					status = res.Msg.GetTable().GetSummary().GetStatus()
				}
				return err
			})
			if status == tablev1.TableStatus_TABLE_STATUS_CLOSED {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("table %s did not close (%v)", tb.ID, status)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	stopBots()
	botsWG.Wait()
	time.Sleep(300 * time.Millisecond)
	stopWatch()
	watchers.Wait()
	// Results of the last hands, read once more.
	for _, tb := range tables {
		_ = anyAdmin(ctx, admins, func(c platform.Clients) error {
			res, err := c.Admin.ListHandResults(ctx, connect.NewRequest(&tablev1.ListHandResultsRequest{TableId: tb.ID}))
			if err != nil {
				return err
			}
			for _, r := range res.Msg.GetResults() {
				results[tb.ID][r.GetHandNumber()] = r
			}
			return nil
		})
	}

	total, checked, rakes := 0, 0, 0
	var actions, matched int
	for _, tb := range tables {
		rs := results[tb.ID]
		var last uint64
		for n := range rs {
			last = max(last, n)
		}
		// Every hand 1..last has a result: complete, or a misdeal (every
		// bet returned). A result the watcher missed comes from the record.
		recs := map[uint64]*history.Record{}
		for n := uint64(1); n <= last; n++ {
			rec := h.record(admins, tb.ID, fmt.Sprintf("%s-%d", tb.ID, n))
			recs[n] = rec
			if rec.Result != "complete" && rec.Result != "misdeal" {
				t.Fatalf("hand %s-%d ended %q", tb.ID, n, rec.Result)
			}
			for _, act := range rec.Actions {
				if act.Input.Command != "" {
					continue
				}
				actions++
				if req, ok := acks[fmt.Sprintf("%s/%d", rec.HandID, act.Seq-1)]; ok {
					if kindName(req.GetKind()) != act.Input.Kind.String() || req.GetAmount() != act.Input.Amount {
						t.Fatalf("hand %s seq %d: the bot was told %v %d was applied, the record has %s %d",
							rec.HandID, act.Seq-1, req.GetKind(), req.GetAmount(), act.Input.Kind, act.Input.Amount)
					}
					matched++
				}
			}
			total++
		}
		// The escrow after each hand: its buy-ins less the rake of every hand
		// so far, as the ledger has it, equals the stacks the table counts.
		entries := h.entries(h.escrowAccount(tb.ID))
		var buyIns int64
		rakeOf := map[string]int64{}
		for _, e := range entries {
			switch e.GetKind() {
			case walletv1.TransferKind_TRANSFER_KIND_BUY_IN:
				buyIns += e.GetAmount()
			case walletv1.TransferKind_TRANSFER_KIND_RAKE:
				hid := e.GetMetadata().GetHandId()
				if _, dup := rakeOf[hid]; dup {
					t.Fatalf("the rake of hand %s moved twice", hid)
				}
				rakeOf[hid] = -e.GetAmount()
				rakes++
			}
		}
		escrow := buyIns
		for n := uint64(1); n <= last; n++ {
			hid := fmt.Sprintf("%s-%d", tb.ID, n)
			if rakeOf[hid] != recs[n].Rake {
				t.Fatalf("hand %s: rake %d in the record, %d in the ledger", hid, recs[n].Rake, rakeOf[hid])
			}
			escrow -= rakeOf[hid]
			r, ok := rs[n]
			if !ok {
				continue
			}
			if r.GetTableStacks() != escrow {
				t.Fatalf("after hand %s the table holds %d, the escrow %d", hid, r.GetTableStacks(), escrow)
			}
			checked++
		}
		var cashOuts int64
		for _, e := range entries {
			if e.GetKind() == walletv1.TransferKind_TRANSFER_KIND_CASH_OUT {
				cashOuts -= e.GetAmount()
			}
		}
		if entries[len(entries)-1].GetBalanceAfter() != 0 || buyIns-cashOuts-sumRake(rakeOf) != 0 {
			t.Fatalf("table %s closed with %d in escrow (buy-ins %d, cash-outs %d, rake %d)",
				tb.ID, entries[len(entries)-1].GetBalanceAfter(), buyIns, cashOuts, sumRake(rakeOf))
		}
	}
	// Every action a bot was told was applied is in the records, once: the
	// rest of the records' actions are the clock's.
	if matched != len(acks) {
		t.Fatalf("%d actions acknowledged, %d of them in the records", len(acks), matched)
	}
	if logs := h.logs(); strings.Contains(logs, "escrow does not match") {
		t.Fatalf("a table service saw the escrow differ from the chips:\n%s", logs)
	}
	if total < wantHands || kills < minKills {
		t.Fatalf("%d hands, %d kills", total, kills)
	}
	t.Logf("pod loss: %d hands over %d tables in %s with %d SIGKILLs; %d hands checked against the escrow, %d rake transfers; %d actions acknowledged (%d replayed after a failover), %d actions in the records (%d by the clock)",
		total, len(tables), played.Round(time.Second), kills, checked, rakes, len(acks), replayed.Load(), actions, actions-matched)
}

// wonOutright reports whether one player holds every chip at the table
// between hands: with no rebuys it deals no more.
func wonOutright(ctx context.Context, admins []platform.Clients, table string) bool {
	var won bool
	_ = anyAdmin(ctx, admins, func(c platform.Clients) error {
		res, err := c.Table.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: table}))
		if err != nil {
			return err
		}
		v := res.Msg.GetTable()
		if v.GetHand().GetPhase() == "betting" {
			return nil
		}
		withChips := 0
		for _, s := range v.GetSeats() {
			if s.GetPlayerId() != "" && s.GetStack()+s.GetPendingChips() > 0 {
				withChips++
			}
		}
		won = withChips < 2
		return nil
	})
	return won
}

func sumRake(m map[string]int64) int64 {
	var s int64
	for _, v := range m {
		s += v
	}
	return s
}

// record reads a hand's complete record as an operator.
func (h *harness) record(admins []platform.Clients, table, hand string) *history.Record {
	h.t.Helper()
	var rec history.Record
	err := anyAdmin(h.ctx, admins, func(c platform.Clients) error {
		res, err := c.Table.GetHandHistory(h.ctx, connect.NewRequest(&tablev1.GetHandHistoryRequest{TableId: table, HandId: hand}))
		if err != nil {
			return err
		}
		return json.Unmarshal([]byte(res.Msg.GetText()), &rec)
	})
	if err != nil {
		h.t.Fatalf("record of %s: %v", hand, err)
	}
	return &rec
}

// kindName is the engine's name of an API action kind.
func kindName(k tablev1.ActionKind) string {
	switch k {
	case tablev1.ActionKind_ACTION_KIND_FOLD:
		return "fold"
	case tablev1.ActionKind_ACTION_KIND_CHECK:
		return "check"
	case tablev1.ActionKind_ACTION_KIND_CALL:
		return "call"
	case tablev1.ActionKind_ACTION_KIND_BET:
		return "bet"
	case tablev1.ActionKind_ACTION_KIND_RAISE:
		return "raise"
	case tablev1.ActionKind_ACTION_KIND_ALL_IN:
		return "allin"
	case tablev1.ActionKind_ACTION_KIND_BRING_IN:
		return "bringin"
	case tablev1.ActionKind_ACTION_KIND_COMPLETE:
		return "complete"
	}
	return "?"
}
