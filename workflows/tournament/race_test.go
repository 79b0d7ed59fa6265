package tournament_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"github.com/croupier/croupier/workflows/tournament"
)

// updateAs sends an update with its own id at mock time at: parallel
// requests for one player with fresh idempotency keys (a double click).
func (h *harness) updateAs(at time.Duration, id, name string, arg any) *outcome {
	o := &outcome{}
	h.env.RegisterDelayedCallback(func() {
		h.env.UpdateWorkflow(name, id, &testsuite.TestUpdateCallback{
			OnAccept:   func() {},
			OnReject:   func(err error) { o.done, o.rejected = true, err },
			OnComplete: func(v any, err error) { o.done, o.value, o.err = true, v, err },
		}, arg)
	}, at)
	return o
}

// parallel sends n copies of one update at the same instant, each with a
// fresh id.
func (h *harness) parallel(at time.Duration, n int, name string, arg any) []*outcome {
	var out []*outcome
	for k := 0; k < n; k++ {
		out = append(out, h.updateAs(at, fmt.Sprintf("%s-%v-%d-%s", name, arg, k, at), name, arg))
	}
	return out
}

// refusal is an outcome's refusal (rejected by the validator or refused by
// the handler), nil if it was accepted and completed.
func (o *outcome) refusal() error {
	if o.rejected != nil {
		return o.rejected
	}
	return o.err
}

// reasonOf is a refusal's reason, "" for none.
func reasonOf(err error) string {
	if ae, ok := tournament.Refusal(err); ok {
		return ae.Reason
	}
	if err != nil {
		return "unexpected: " + err.Error()
	}
	return ""
}

// tally counts outcomes by refusal reason ("" = succeeded); every outcome
// must have been answered.
func tally(t *testing.T, os []*outcome) map[string]int {
	t.Helper()
	out := map[string]int{}
	for i, o := range os {
		if !o.done {
			t.Fatalf("update %d never answered", i)
		}
		out[reasonOf(o.refusal())]++
	}
	return out
}

// ledgerView is what a refusal must leave as it found: the money, the
// entrants and each player's line but his chips (hands go on).
type ledgerView struct {
	Phase    tournament.Phase
	Paused   bool
	Entrants int
	Money    any
	Refunded any
	Rows     map[string]string
	Accounts []string
	Balances map[string]int64
	Held     map[string]int64
	Holds    int
	Sum      int64
}

func (h *harness) view() ledgerView {
	st := h.standings()
	v := ledgerView{Phase: st.Phase, Paused: st.Paused, Entrants: st.Entrants, Money: st.Money, Refunded: st.Refunded,
		Rows: map[string]string{}, Accounts: h.wallet.Accounts(), Balances: map[string]int64{}, Held: map[string]int64{},
		Holds: h.wallet.HoldCount(), Sum: h.wallet.Sum()}
	for _, p := range st.Players {
		v.Rows[p.Partner+":"+p.Player] = fmt.Sprintf("%s rebuys=%d addon=%t place=%d prize=%d", p.Status, p.Rebuys, p.AddOn, p.Place, p.Prize)
	}
	for _, a := range v.Accounts {
		v.Balances[a], v.Held[a] = h.wallet.Balance(a), h.wallet.Held(a)
	}
	return v
}

// row finds a player's line in the standings.
func row(st tournament.Standings, player string) (tournament.Standing, int) {
	var out tournament.Standing
	n := 0
	for _, p := range st.Players {
		if p.Player == player {
			out = p
			n++
		}
	}
	return out, n
}

// Issue 11 (critical): six registrations of one player sent at once with
// fresh idempotency keys register him once, whatever his money: with enough
// (exactly or more) one entry is held and the rest are refused
// ALREADY_REGISTERED; with too little, or no account, every one is refused
// INSUFFICIENT_FUNDS, and nothing is left behind: no row, no pending hold,
// no account opened. The tournament then plays to the end with the pool
// exactly the entries.
func TestParallelRegistrationsRegisterOnce(t *testing.T) {
	const n = 6
	cases := []struct {
		name    string
		funds   int64 // 0: no account at all
		entered bool
		// stale: the balance read says enough, so the holds refuse.
		stale bool
	}{
		{"exactly enough", 11000, true, false},
		{"more than enough", 100000, true, false},
		{"enough for the stake, not the fee", 10999, false, false},
		{"too little", 5000, false, false},
		{"no account", 0, false, false},
		{"exactly enough, holds decide", 11000, true, true},
		{"enough for the stake, not the fee, holds decide", 10999, false, true},
		{"too little, holds decide", 5000, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, baseTerms(), 6)
			h.wallet.StaleReads = c.stale
			const who = "racer"
			acct := "player:acme:" + who + ":EUR"
			if c.funds > 0 {
				h.wallet.Fund("acme", who, "EUR", c.funds)
			}
			h.registerAll(time.Minute, 6)
			regs := h.parallel(2*time.Minute, n, tournament.UpdateRegister, tournament.PlayerIn{Partner: "acme", Player: who, Name: "Racer"})
			var st tournament.Standings
			var held, balance int64
			var pending map[string]int64
			var accounts []string
			h.env.RegisterDelayedCallback(func() {
				st, held, balance, pending, accounts = h.standings(), h.wallet.Held(acct), h.wallet.Balance(acct), h.wallet.Pending(acct), h.wallet.Accounts()
			}, 5*time.Minute)
			res := h.run()
			got := tally(t, regs)
			line, rows := row(st, who)
			if c.entered {
				if got[""] != 1 || got["ALREADY_REGISTERED"] != n-1 {
					t.Fatalf("outcomes %v: want one registration and %d ALREADY_REGISTERED", got, n-1)
				}
				if rows != 1 || line.Status != tournament.Registered || st.Entrants != 7 {
					t.Fatalf("standings: %d rows for him (%+v), %d entrants; want one registered row of 7", rows, line, st.Entrants)
				}
				if held != 11000 || balance != c.funds || len(pending) != 2 {
					t.Fatalf("wallet before the start: held %d of %d, pending %v; want one stake and one fee held", held, balance, pending)
				}
				if res.Entrants != 7 || res.Money.Pool != 7*10000 || res.Money.Commission != 7*1000 || res.PrizeTotal != res.Money.Pool {
					t.Fatalf("result %+v", res)
				}
			} else {
				if got[tournament.ReasonInsufficientFunds] != n {
					t.Fatalf("outcomes %v: want %d INSUFFICIENT_FUNDS", got, n)
				}
				for _, o := range regs {
					// The refusal is ours, with no internal account id.
					if msg := o.refusal().Error(); strings.Contains(msg, "player:") || !strings.Contains(msg, "110.00 EUR") {
						t.Fatalf("refusal message %q", msg)
					}
				}
				if rows != 0 || st.Entrants != 6 {
					t.Fatalf("a refused registration left %d rows (%+v), %d entrants", rows, line, st.Entrants)
				}
				if held != 0 || len(pending) != 0 || balance != c.funds {
					t.Fatalf("a refused registration left held %d, pending %v, balance %d", held, pending, balance)
				}
				for _, a := range accounts {
					if a == acct && c.funds == 0 {
						t.Fatal("a refused registration opened a wallet account")
					}
				}
				if res.Entrants != 6 || res.Money.Pool != 6*10000 || res.Money.Commission != 6*1000 {
					t.Fatalf("result %+v", res)
				}
			}
			h.checkLedger(0, res.Money.Commission)
			if h.wallet.Held(acct) != 0 {
				t.Fatalf("%d still held after the end", h.wallet.Held(acct))
			}
		})
	}
}

// Issue 11: a withdrawal sent while the player's registration is being
// made waits for it and withdraws him (stake and fee back, GR H.6); two
// withdrawals at once refund once; registering again afterwards holds one
// fresh entry. The holds and balance are exact at every step.
func TestWithdrawalRacingRegistration(t *testing.T) {
	h := newHarness(t, baseTerms(), 6)
	const who = "racer"
	acct := "player:acme:" + who + ":EUR"
	h.wallet.Fund("acme", who, "EUR", 30000)
	h.registerAll(time.Minute, 6)
	in := tournament.PlayerIn{Partner: "acme", Player: who}
	reg := h.updateAs(2*time.Minute, "reg-1", tournament.UpdateRegister, in)
	un := h.updateAs(2*time.Minute, "un-1", tournament.UpdateUnregister, in)
	var afterUn tournament.Standings
	var heldUn int64
	h.env.RegisterDelayedCallback(func() { afterUn, heldUn = h.standings(), h.wallet.Held(acct) }, 3*time.Minute)
	reg2 := h.updateAs(4*time.Minute, "reg-2", tournament.UpdateRegister, in)
	uns := h.parallel(5*time.Minute, 3, tournament.UpdateUnregister, in)
	regs := h.parallel(6*time.Minute, 3, tournament.UpdateRegister, in)
	var final tournament.Standings
	var heldEnd int64
	h.env.RegisterDelayedCallback(func() { final, heldEnd = h.standings(), h.wallet.Held(acct) }, 7*time.Minute)
	res := h.run()
	if reg.refusal() != nil || un.refusal() != nil {
		t.Fatalf("register %v, withdraw %v: the withdrawal waits for the registration, then withdraws", reg.refusal(), un.refusal())
	}
	if r := un.value.(tournament.UnregisterOut).Refunded; r != 11000 {
		t.Fatalf("refunded %d", r)
	}
	if line, _ := row(afterUn, who); line.Status != tournament.Withdrawn || heldUn != 0 {
		t.Fatalf("after the withdrawal: %+v, held %d", line, heldUn)
	}
	if reg2.refusal() != nil {
		t.Fatalf("registering again: %v", reg2.refusal())
	}
	if got := tally(t, uns); got[""] != 1 || got["NOT_REGISTERED"] != 2 {
		t.Fatalf("three withdrawals at once: %v", got)
	}
	if got := tally(t, regs); got[""] != 1 || got["ALREADY_REGISTERED"] != 2 {
		t.Fatalf("three registrations at once: %v", got)
	}
	if line, n := row(final, who); n != 1 || line.Status != tournament.Registered || heldEnd != 11000 || final.Entrants != 7 {
		t.Fatalf("at the end of registration: %d rows %+v, held %d, %d entrants", n, line, heldEnd, final.Entrants)
	}
	// Two withdrawals refunded, each once.
	if res.Money.Pool != 7*10000 || res.Refunded.Pool != 2*10000 || res.Refunded.Commission != 2*1000 {
		t.Fatalf("result %+v", res)
	}
	h.checkLedger(0, 7*1000)
}

// Issue 11 with T5–T7 (GR H.16): rebuys sent at once for one busted player
// buy one (the next is decided on the stack the first gave him, more than
// half the starting stack); a player with money for the rebuy's stake but
// not its fee pays nothing, stake included; at the break that ends the
// period a rebuy and two add-ons at once buy one rebuy and one add-on. At
// every step the pool holds exactly the standings' pool and the house
// exactly their commission. (Hands go on between the steps: the stacks are
// checked to the nearest rebuy.)
func TestParallelRebuysAndAddOns(t *testing.T) {
	tr := baseTerms()
	tr.RebuyLevels, tr.RebuyPrice, tr.RebuyFee, tr.AddOnPrice, tr.AddOnFee = 2, 10000, 1000, 10000, 1000
	tr.RebuyDecision = 3 * time.Minute
	h := newHarness(t, tr, 10)
	h.tables.AllIn = 0
	h.wallet.Fund("acme", "short", "EUR", 11000+10000) // the entry, and a rebuy's stake but not its fee
	h.registerAll(time.Minute, 10)
	short := h.updateAs(2*time.Minute, "reg-short", tournament.UpdateRegister, tournament.PlayerIn{Partner: "acme", Player: "short"})
	force := func(at time.Duration, who ...string) {
		h.env.RegisterDelayedCallback(func() {
			st := h.standings()
			for _, w := range who {
				if p, _ := row(st, w); p.Table != "" {
					h.tables.Force(p.Table, "acme:"+w)
				}
			}
		}, at)
	}
	force(time.Hour+30*time.Second, pid(1), "short")
	rebuys := h.parallel(time.Hour+2*time.Minute, 4, tournament.UpdateRebuy, tournament.PlayerIn{Partner: "acme", Player: pid(1)})
	shortRebuy := h.parallel(time.Hour+2*time.Minute, 2, tournament.UpdateRebuy, tournament.PlayerIn{Partner: "acme", Player: "short"})
	type check struct {
		st                 tournament.Standings
		pool, house, held  int64
		shortBal, shortHld int64
	}
	snap := func(at time.Duration) *check {
		c := &check{}
		h.env.RegisterDelayedCallback(func() {
			c.st = h.standings()
			c.pool, c.house = h.wallet.Balance("pool:t1:EUR"), h.wallet.Balance("house:EUR")
			c.held = h.wallet.Held("player:acme:" + pid(1) + ":EUR")
			c.shortBal, c.shortHld = h.wallet.Balance("player:acme:short:EUR"), h.wallet.Held("player:acme:short:EUR")
		}, at)
		return c
	}
	afterRebuys := snap(time.Hour + 3*time.Minute)
	// p002 busts just before the break after level 2 (1h10m–1h15m) and
	// buys a rebuy and the add-on there, each sent twice at once.
	force(time.Hour+8*time.Minute, pid(2))
	p2 := tournament.PlayerIn{Partner: "acme", Player: pid(2)}
	both := append(h.parallel(time.Hour+10*time.Minute+30*time.Second, 2, tournament.UpdateRebuy, p2),
		h.parallel(time.Hour+10*time.Minute+30*time.Second, 2, tournament.UpdateAddOn, p2)...)
	afterBreak := snap(time.Hour + 12*time.Minute)
	h.env.RegisterDelayedCallback(func() { h.tables.AllIn = 0.3 }, time.Hour+20*time.Minute)
	res := h.run()
	if short.refusal() != nil {
		t.Fatal(short.refusal())
	}
	if got := tally(t, rebuys); got[""] != 1 || got["REBUY_NOT_ALLOWED"] != 3 {
		t.Fatalf("four rebuys at once: %v; want one bought, three REBUY_NOT_ALLOWED (T5)", got)
	}
	if got := tally(t, shortRebuy); got[tournament.ReasonInsufficientFunds] != 2 {
		t.Fatalf("rebuys without the fee: %v", got)
	}
	c := afterRebuys
	if p, _ := row(c.st, pid(1)); p.Rebuys != 1 || p.Status != tournament.Playing || p.Chips < 5000 || p.Chips > 15000 {
		t.Fatalf("after the rebuys: %+v", p)
	}
	// The stake was affordable, the fee not: nothing moved, nothing held.
	if c.shortBal != 10000 || c.shortHld != 0 {
		t.Fatalf("short of the fee: balance %d held %d; want 10000 and nothing held", c.shortBal, c.shortHld)
	}
	if c.pool != c.st.Money.Pool || c.house != c.st.Money.Commission || c.st.Money.Pool != 12*10000 || c.held != 0 {
		t.Fatalf("after the rebuys: pool %d house %d, standings %+v, held %d", c.pool, c.house, c.st.Money, c.held)
	}
	got := tally(t, both)
	c = afterBreak
	p, _ := row(c.st, pid(2))
	if p.Rebuys != 1 || !p.AddOn || p.Chips < 15000 || p.Chips > 25000 {
		t.Fatalf("at the break: %+v (outcomes %v); want one rebuy and one add-on, 20,000 chips", p, got)
	}
	if got[""] != 2 {
		t.Fatalf("rebuy and add-on at the break: %v; want both bought once", got)
	}
	if c.pool != c.st.Money.Pool || c.house != c.st.Money.Commission || c.st.Money.Pool != 14*10000 || c.st.Money.Commission != 11*1000+3*1000 {
		t.Fatalf("at the break: pool %d house %d, standings %+v", c.pool, c.house, c.st.Money)
	}
	if res.PrizeTotal != res.Money.Pool || res.Money.Pool != 14*10000 {
		t.Fatalf("result %+v", res)
	}
	h.checkLedger(0, res.Money.Commission)
}

// A refused request changes nothing (issue 11): each update refused by the
// rules leaves the standings, the ledger, the holds and the accounts as they
// were, and the refusal for funds is not logged as an activity error.
func TestRefusalChangesNothing(t *testing.T) {
	tr := baseTerms()
	tr.RebuyLevels, tr.RebuyPrice, tr.AddOnPrice = 2, 10000, 10000
	in := func(p string) tournament.PlayerIn { return tournament.PlayerIn{Partner: "acme", Player: p} }
	cases := []struct {
		name   string
		at     time.Duration
		update string
		arg    any
		reason string
	}{
		{"register without funds", 2 * time.Minute, tournament.UpdateRegister, in("broke"), tournament.ReasonInsufficientFunds},
		{"register without an account", 2 * time.Minute, tournament.UpdateRegister, in("nobody"), tournament.ReasonInsufficientFunds},
		{"register twice", 2 * time.Minute, tournament.UpdateRegister, in(pid(0)), "ALREADY_REGISTERED"},
		{"register, no player", 2 * time.Minute, tournament.UpdateRegister, tournament.PlayerIn{Partner: "acme"}, "NO_PLAYER"},
		{"register after the start", time.Hour + 2*time.Minute, tournament.UpdateRegister, in(pid(9)), "REGISTRATION_CLOSED"},
		{"withdraw the unregistered", 2 * time.Minute, tournament.UpdateUnregister, in("stranger"), "NOT_REGISTERED"},
		{"withdraw after the start", time.Hour + 2*time.Minute, tournament.UpdateUnregister, in(pid(0)), "TOURNAMENT_STARTED"},
		{"withdraw a stranger after the start", time.Hour + 2*time.Minute, tournament.UpdateUnregister, in("stranger"), "NOT_REGISTERED"},
		{"rebuy before the start", 2 * time.Minute, tournament.UpdateRebuy, in(pid(0)), "NOT_PLAYING"},
		{"rebuy with a full stack (T5)", time.Hour + 2*time.Minute, tournament.UpdateRebuy, in(pid(0)), "REBUY_NOT_ALLOWED"},
		{"add-on before the window", time.Hour + 2*time.Minute, tournament.UpdateAddOn, in(pid(0)), "ADD_ON_CLOSED"},
		{"pause before the start", 2 * time.Minute, tournament.UpdatePause, tournament.ReasonIn{Reason: "x"}, "NOT_RUNNING"},
		{"resume unpaused", time.Hour + 2*time.Minute, tournament.UpdateResume, tournament.ReasonIn{}, "NOT_PAUSED"},
		{"disqualify a stranger", time.Hour + 2*time.Minute, tournament.UpdateDisqualify, in("stranger"), "NOT_PLAYING"},
		{"disqualify a stranger before the start", 2 * time.Minute, tournament.UpdateDisqualify, in("stranger"), "NOT_PLAYING"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, tr, 9)
			var logs bytes.Buffer
			suite := &testsuite.WorkflowTestSuite{}
			suite.SetLogger(tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))))
			h.env = suite.NewTestWorkflowEnvironment()
			h.env.SetStartTime(t0)
			h.env.RegisterWorkflowWithOptions(tournament.Workflow, workflow.RegisterOptions{Name: tournament.WorkflowName})
			h.env.RegisterActivity(&tournament.Activities{Wallet: h.wallet, Tables: h.tables, RNG: h.rng})
			h.env.SetTestTimeout(2 * time.Minute)
			h.tables.AllIn = 0
			h.wallet.Fund("acme", "broke", "EUR", 10999)
			h.registerAll(time.Minute, 8)
			var before, after ledgerView
			h.env.RegisterDelayedCallback(func() { before = h.view() }, c.at-time.Second)
			o := h.updateAs(c.at, "refused", c.update, c.arg)
			h.env.RegisterDelayedCallback(func() { after = h.view() }, c.at+time.Second)
			h.env.RegisterDelayedCallback(func() { h.tables.AllIn = 0.3 }, time.Hour+20*time.Minute)
			h.run()
			if r := reasonOf(o.refusal()); r != c.reason {
				t.Fatalf("answer %q (%v), want %s", r, o.refusal(), c.reason)
			}
			// Issue 12: a player refused a withdrawal mid-play is told how
			// he leaves instead.
			if ae, _ := tournament.Refusal(o.refusal()); c.reason == "TOURNAMENT_STARTED" &&
				(ae.Code != connect.CodeFailedPrecondition || !strings.Contains(ae.Message, "sit out (TableService.SitOut") || !strings.Contains(ae.Message, "DisqualifyPlayer")) {
				t.Errorf("refusal %v: want FAILED_PRECONDITION saying how a player leaves a running tournament", ae)
			}
			if !reflect.DeepEqual(before, after) {
				t.Fatalf("the refusal changed the state:\nbefore %+v\nafter  %+v", before, after)
			}
			if strings.Contains(logs.String(), "Activity error") {
				t.Fatalf("an expected refusal was logged as an activity error:\n%s", logs.String())
			}
		})
	}
}

// Issue 11: operator updates racing themselves. Two pauses at once pause
// once (the other ALREADY_PAUSED); two resumes at once resume once; two
// cancellations mid-play cancel once and refund every entry exactly once
// (T10(a); GR H.5, H.6).
func TestOperatorUpdatesRacingThemselves(t *testing.T) {
	h := newHarness(t, baseTerms(), 9)
	h.tables.AllIn = 0
	h.registerAll(time.Minute, 9)
	pauses := h.parallel(time.Hour+2*time.Minute, 2, tournament.UpdatePause, tournament.ReasonIn{Reason: "floor"})
	var paused bool
	h.env.RegisterDelayedCallback(func() { paused = h.standings().Paused }, time.Hour+3*time.Minute)
	resumes := h.parallel(time.Hour+4*time.Minute, 2, tournament.UpdateResume, tournament.ReasonIn{})
	cancels := h.parallel(time.Hour+5*time.Minute, 2, tournament.UpdateCancel, tournament.ReasonIn{Reason: "storm"})
	res := h.run()
	if got := tally(t, pauses); got[""] != 1 || got["ALREADY_PAUSED"] != 1 || !paused {
		t.Fatalf("two pauses: %v, paused %t", got, paused)
	}
	if got := tally(t, resumes); got[""] != 1 || got["NOT_PAUSED"] != 1 {
		t.Fatalf("two resumes: %v", got)
	}
	if got := tally(t, cancels); got[""] != 1 || got["CANNOT_CANCEL"] != 1 {
		t.Fatalf("two cancellations: %v", got)
	}
	if res.Phase != tournament.Cancelled || res.Refunded.Pool != 9*10000 || res.Refunded.Commission != 9*1000 {
		t.Fatalf("result %+v", res)
	}
	for i := 0; i < 9; i++ {
		if b := h.wallet.Balance("player:acme:" + pid(i) + ":EUR"); b != 100000 {
			t.Fatalf("%s balance %d after the refunds", pid(i), b)
		}
	}
	h.checkLedger(0, 0)
}
