//go:build integration

package load

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/tools/loadgen/rounds"
	"github.com/croupier/croupier/tools/platform"
)

// postgresLedger puts the in-process wallet's ledger in the PostgreSQL CI
// provides (CROUPIER_TEST_POSTGRES_DSN; SQLite without it).
func postgresLedger(cfg *platform.Config) { cfg.PostgresDSN = os.Getenv("CROUPIER_TEST_POSTGRES_DSN") }

// roundsTarget is the harness's table processes as a banked load target.
func (h *harness) roundsTarget(procs ...*tableProc) rounds.Target {
	tg := rounds.Target{URL: procs[0].URL, OperatorToken: h.deps.OperatorToken(), APIKey: h.deps.APIKey, Partner: h.deps.Partner, WalletURL: h.deps.URL}
	for _, p := range procs {
		tg.Replicas = append(tg.Replicas, p.URL)
	}
	return tg
}

// bankedRun is one kind of banked table the tests play.
type bankedRun struct {
	name string
	o    rounds.Options
}

func bankedRuns() []bankedRun {
	base := rounds.Options{Tables: 1, Players: 4, Bets: 3, Batches: 2, Spread: 0.5, Window: 3 * time.Second, Pause: 300 * time.Millisecond}
	with := func(f func(o *rounds.Options)) rounds.Options { o := base; f(&o); return o }
	return []bankedRun{
		{"roulette cz rng", with(func(o *rounds.Options) { o.Game = "roulette" })},
		{"roulette cz dealer", with(func(o *rounds.Options) { o.Game, o.Dealer, o.InvalidSpins = "roulette", true, 0.25 })},
		{"roulette ru dealer", with(func(o *rounds.Options) { o.Game, o.Profile, o.Dealer, o.InvalidSpins = "roulette", "ru", true, 0.25 })},
		{"roulette 0-00 rng", with(func(o *rounds.Options) { o.Game, o.Profile, o.DoubleZero = "roulette", "ru", true })},
		{"money wheel rng", with(func(o *rounds.Options) { o.Game = "wheel" })},
		{"money wheel dealer", with(func(o *rounds.Options) { o.Game, o.Dealer, o.InvalidSpins = "wheel", true, 0.25 })},
		// Blackjack: several players on one box (the first owns it), basic
		// strategy; the dealer table's cards come from loadgen's shoe
		// reader.
		{"blackjack cz rng", with(func(o *rounds.Options) { o.Game, o.PerBox, o.Players, o.Clock = "blackjack", 2, 5, 2*time.Second })},
		{"blackjack ru dealer", with(func(o *rounds.Options) {
			o.Game, o.Profile, o.Dealer, o.PerBox, o.Players, o.Clock = "blackjack", "ru", true, 3, 7, 2*time.Second
		})},
		// The casino poker games: a box each, the simple strategy; a
		// dealer table's deck (one a round) from loadgen's card reader.
		{"casino holdem gr rng", with(func(o *rounds.Options) { o.Game, o.Profile, o.Clock = "casino_holdem", "gr", 2*time.Second })},
		{"casino holdem ru dealer", with(func(o *rounds.Options) {
			o.Game, o.Profile, o.Dealer, o.Clock = "casino_holdem", "ru", true, 2*time.Second
		})},
		{"casino texas holdem cz rng", with(func(o *rounds.Options) { o.Game, o.Profile, o.Clock = "casino_texas_holdem", "cz", 2*time.Second })},
		{"casino texas holdem cz dealer", with(func(o *rounds.Options) {
			o.Game, o.Profile, o.Dealer, o.Clock = "casino_texas_holdem", "cz", true, 2*time.Second
		})},
		{"oasis poker rng", with(func(o *rounds.Options) { o.Game, o.Profile, o.Players, o.Clock = "oasis_poker", "ru", 3, 2*time.Second })},
		{"russian poker dealer", with(func(o *rounds.Options) {
			o.Game, o.Profile, o.Dealer, o.Players, o.Clock = "russian_poker", "ru", true, 3, 2*time.Second
		})},
		{"split poker rng", with(func(o *rounds.Options) { o.Game, o.Profile, o.Players, o.Clock = "split_poker", "ru", 3, 2*time.Second })},
	}
}

// Bots play rounds of every banked game through the public API, in rng
// and in dealer mode (blackjack with several players on one box), on the
// real Redis with the ledger in PostgreSQL;
// then every table closes and the wallet is reconciled to the unit with
// the rounds' records.
func TestBankedRoundsThroughTheAPI(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	h := newHarness(t, ctx, postgresLedger)
	a := h.table()
	tg := h.roundsTarget(a)
	for _, run := range bankedRuns() {
		t.Run(run.name, func(t *testing.T) {
			o := run.o
			o.Rounds, o.Name = bankedRounds, strings.ReplaceAll(run.name, " ", "-")
			obs := rounds.NewObserver()
			tables, err := rounds.Setup(ctx, tg, o, obs)
			if err != nil {
				t.Fatal(err)
			}
			res := rounds.Play(ctx, tg, o, tables, obs)
			if res.Rounds < int64(o.Rounds) || res.Errors != 0 || res.Placements == 0 {
				t.Fatalf("%+v", res)
			}
			for _, tb := range tables {
				h.closeBanked(ctx, h.admin(a), tb.ID)
				h.checkBankedLedger(ctx, h.admin(a), tb, obs)
			}
			t.Logf("%s: %d rounds, %d placements, bet ack p99 %.1f ms, result to last settlement %.0f ms", run.name, res.Rounds, res.Placements, res.AckP99, res.SettleMax)
		})
	}
}

// Pod loss at roulette and blackjack tables: two table-service processes
// serve rng and dealer roulette tables and an rng and a dealer blackjack
// table (two players a box, basic strategy, the dealer's shoe reader)
// while bots play through both; one of them is killed with SIGKILL at
// random moments, at least five times. Every round
// ends settled or voided, once; every bet a bot was told was placed is in
// its round's record; no stake or payout moves twice (the ledger's
// transfers of each round equal its record's lines); the escrow is zero
// once the tables close.
func TestBankedPodLoss(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	h := newHarness(t, ctx, postgresLedger)
	a, b := h.table(), h.table()
	procs := []*tableProc{a, b}
	admins := h.admin(a, b)
	tg := h.roundsTarget(a, b)
	obs := rounds.NewObserver()
	var tables []*rounds.Table
	var opts []rounds.Options
	var groups [][]*rounds.Table
	for _, dealer := range []bool{false, true} {
		for _, o := range []rounds.Options{
			{Game: "roulette", Dealer: dealer, InvalidSpins: 0.1, Tables: 2, Players: 5, Bets: 3, Batches: 2, Spread: 0.5,
				Window: 3 * time.Second, Pause: 200 * time.Millisecond, Name: fmt.Sprintf("pl%v", dealer)},
			{Game: "blackjack", Dealer: dealer, Tables: 1, Players: 4, PerBox: 2, Clock: 2 * time.Second,
				Window: 3 * time.Second, Pause: 200 * time.Millisecond, Name: fmt.Sprintf("bj%v", dealer)},
		} {
			ts, err := rounds.Setup(ctx, tg, o, obs)
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, ts...)
			groups = append(groups, ts)
			opts = append(opts, o)
		}
	}
	playCtx, stopPlay := context.WithCancel(ctx)
	done := make(chan struct{}, len(opts))
	for i, o := range opts {
		o.Duration = time.Hour
		ts := groups[i]
		go func() { rounds.Play(playCtx, tg, o, ts, obs); done <- struct{}{} }()
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
	const minKills, minRounds, minEach = 5, bankedPodLossRounds, 3
	kills := 0
	start := time.Now()
	each := func() bool { // every table, blackjack's too, played minEach rounds
		for _, tb := range tables {
			if obs.EndedOn(tb.ID) < minEach {
				return false
			}
		}
		return true
	}
	for kills < minKills || obs.Ended() < minRounds || !each() {
		if ctx.Err() != nil {
			t.Fatalf("only %d rounds and %d kills after %s; %s", obs.Ended(), kills, time.Since(start), h.behind(groups, opts, obs, minEach))
		}
		time.Sleep(time.Duration(500+rng.IntN(2500)) * time.Millisecond)
		victim := procs[rng.IntN(2)]
		victim.kill()
		kills++
		time.Sleep(time.Duration(100+rng.IntN(900)) * time.Millisecond)
		victim.start()
	}
	played := time.Since(start)
	stopPlay()
	for range opts {
		<-done
	}
	for _, tb := range tables {
		h.closeBanked(ctx, admins, tb.ID)
	}
	for _, tb := range tables {
		h.checkBankedLedger(ctx, admins, tb, obs)
	}
	if logs := h.logs(); strings.Contains(logs, "escrow does not match") {
		t.Fatalf("a table service saw the escrow differ from the table's book:\n%s", logs)
	}
	var per []string
	for _, tb := range tables {
		per = append(per, fmt.Sprint(obs.EndedOn(tb.ID)))
	}
	t.Logf("banked pod loss: %d rounds over %d tables (%s: rng roulette ×2, rng blackjack, dealer roulette ×2, dealer blackjack) in %s with %d SIGKILLs; %d bets acknowledged",
		obs.Ended(), len(tables), strings.Join(per, "/"), played.Round(time.Second), kills, len(obs.Acked()))
}

// behind says, for a pod-loss run that timed out, how many rounds each
// table ended and, for a table below want, the table services' last log
// lines that name it: which table held the run up, and where it stopped.
func (h *harness) behind(groups [][]*rounds.Table, opts []rounds.Options, obs *rounds.Observer, want int64) string {
	var out []string
	var lines []string
	logs := strings.Split(h.logs(), "\n")
	for i, ts := range groups {
		for _, tb := range ts {
			n := obs.EndedOn(tb.ID)
			out = append(out, fmt.Sprintf("%s %s: %d", opts[i].Name, tb.ID, n))
			if n >= want {
				continue
			}
			var mine []string
			for _, l := range logs {
				if strings.Contains(l, tb.ID) {
					mine = append(mine, l)
				}
			}
			lines = append(lines, mine[max(0, len(mine)-30):]...)
		}
	}
	return "rounds ended per table: " + strings.Join(out, ", ") + "\nlast log lines of the tables behind:\n" + strings.Join(lines, "\n")
}

// closeBanked closes a banked table and waits until it is closed: its
// last round played out and every settlement paid. A dealer table's round
// left waiting for a spin (its dealer stopped) is voided by the operator.
func (h *harness) closeBanked(ctx context.Context, admins []platform.Clients, id string) {
	h.t.Helper()
	if err := anyAdmin(ctx, admins, func(c platform.Clients) error {
		_, err := c.BankedAdmin.CloseBankedTable(ctx, connect.NewRequest(&tablev1.CloseBankedTableRequest{TableId: id, Reason: "end of test"}))
		return err
	}); err != nil {
		h.t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var v *tablev1.BankedTableView
		_ = anyAdmin(ctx, admins, func(c platform.Clients) error {
			res, err := c.Banked.GetBankedTable(ctx, connect.NewRequest(&tablev1.GetBankedTableRequest{TableId: id}))
			if err == nil {
				v = res.Msg.GetTable()
			}
			return err
		})
		if v.GetSummary().GetStatus() == tablev1.TableStatus_TABLE_STATUS_CLOSED {
			return
		}
		if v.GetPhase() == tablev1.RoundPhase_ROUND_PHASE_CLOSED && v.GetSummary().GetSource() == tablev1.ResultSource_RESULT_SOURCE_DEALER {
			_ = anyAdmin(ctx, admins, func(c platform.Clients) error {
				_, err := c.BankedAdmin.VoidRound(ctx, connect.NewRequest(&tablev1.VoidRoundRequest{TableId: id, Reason: "the studio closed"}))
				return err
			})
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("table %s did not close: %v", id, v)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// roundRecords reads every round's record of a table, as an operator.
func (h *harness) roundRecords(ctx context.Context, admins []platform.Clients, id string, last int64) map[int64]*tablev1.RoundRecord {
	h.t.Helper()
	out := map[int64]*tablev1.RoundRecord{}
	for n := int64(1); n <= last; n++ {
		err := anyAdmin(ctx, admins, func(c platform.Clients) error {
			res, err := c.Banked.GetRound(ctx, connect.NewRequest(&tablev1.GetRoundRequest{TableId: id, RoundId: fmt.Sprintf("%s-r%d", id, n)}))
			if err == nil {
				out[n] = res.Msg.GetRound()
			}
			return err
		})
		if err != nil {
			h.t.Fatalf("round %d of %s: %v", n, id, err)
		}
	}
	return out
}

// checkBankedLedger checks a closed banked table against the ledger: every
// round 1..last ended settled or voided with a record; every bet a bot
// was told was placed is in its round's record; for every round, what
// the ledger moved out of the escrow to the players, to the house and
// from the house bank equals its record's lines (so nothing moved twice);
// the stakes posted into the escrow equal what left it, and it ends at 0;
// every player's balance is his deposit plus his lines' net.
func (h *harness) checkBankedLedger(ctx context.Context, admins []platform.Clients, tb *rounds.Table, obs *rounds.Observer) {
	h.t.Helper()
	var last int64
	_ = anyAdmin(ctx, admins, func(c platform.Clients) error {
		res, err := c.Banked.GetBankedTable(ctx, connect.NewRequest(&tablev1.GetBankedTableRequest{TableId: tb.ID}))
		if err == nil {
			last = res.Msg.GetTable().GetRound()
		}
		return err
	})
	recs := h.roundRecords(ctx, admins, tb.ID, last)
	type sums struct{ returned, lost, won int64 }
	want := map[int64]*sums{}
	net := map[string]int64{}
	placed := map[string]bool{}
	for n, r := range recs {
		if r.GetPhase() != tablev1.RoundPhase_ROUND_PHASE_SETTLED && r.GetPhase() != tablev1.RoundPhase_ROUND_PHASE_VOIDED {
			h.t.Fatalf("round %d of %s ended %v", n, tb.ID, r.GetPhase())
		}
		s := &sums{}
		want[n] = s
		for _, l := range r.GetLines() {
			s.returned += l.GetLine().GetReturned()
			s.lost += l.GetLine().GetLost()
			s.won += l.GetLine().GetWon()
			net[l.GetPlayerId()] += l.GetLine().GetWon() - l.GetLine().GetLost()
		}
		for _, b := range r.GetBets() {
			placed[fmt.Sprintf("%s/%d/%s/%s", tb.ID, n, b.GetPlayerId(), b.GetBet().GetBetId())] = true
		}
	}
	for k := range obs.Acked() {
		if strings.HasPrefix(k, tb.ID+"/") && !placed[k] {
			h.t.Fatalf("bet %s was acknowledged but is in no round's record", k)
		}
	}
	got := map[int64]*sums{}
	at := func(roundID string) *sums {
		var n int64
		_, _ = fmt.Sscanf(strings.TrimPrefix(roundID, tb.ID+"-r"), "%d", &n)
		if got[n] == nil {
			got[n] = &sums{}
		}
		return got[n]
	}
	escrow := h.bankedAccount(ctx, walletv1.AccountKind_ACCOUNT_KIND_ROUND_ESCROW, tb.ID)
	revenue := h.bankedAccount(ctx, walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, "")
	var posted, out int64
	entries := h.entries(escrow)
	for _, e := range entries {
		switch {
		case e.GetAmount() > 0:
			posted += e.GetAmount()
		case e.GetCounterpartyAccountId() == revenue:
			at(e.GetMetadata().GetRoundId()).lost -= e.GetAmount()
			out -= e.GetAmount()
		default:
			at(e.GetMetadata().GetRoundId()).returned -= e.GetAmount()
			out -= e.GetAmount()
		}
	}
	for _, e := range h.entries(h.bankedAccount(ctx, walletv1.AccountKind_ACCOUNT_KIND_HOUSE_BANK, "")) {
		if e.GetMetadata().GetTableId() == tb.ID && e.GetAmount() < 0 {
			at(e.GetMetadata().GetRoundId()).won -= e.GetAmount()
		}
	}
	wheel := false
	if r := recs[last]; r != nil {
		wheel = r.GetGame() == tablev1.BankedGame_BANKED_GAME_MONEY_WHEEL
	}
	for n := int64(1); n <= last; n++ {
		w, g := want[n], got[n]
		if g == nil {
			g = &sums{}
		}
		if wheel && n == last && w.lost == g.lost && w.won == g.won && g.returned >= w.returned {
			// A money wheel's bets carried from a void last spin are
			// refunded when the table closes, after the round's record
			// was written: only the returned stakes may exceed it.
			continue
		}
		if *w != *g {
			h.t.Fatalf("round %d of %s: the record's lines return %d, lose %d, win %d; the ledger moved %d, %d, %d",
				n, tb.ID, w.returned, w.lost, w.won, g.returned, g.lost, g.won)
		}
	}
	if len(entries) > 0 && (posted != out || entries[len(entries)-1].GetBalanceAfter() != 0) {
		h.t.Fatalf("table %s: %d posted into the escrow, %d out of it, %d left", tb.ID, posted, out, entries[len(entries)-1].GetBalanceAfter())
	}
	for _, p := range tb.Players {
		bal, err := platform.Balance(ctx, h.op.Wallet, p.Account)
		if err != nil {
			h.t.Fatal(err)
		}
		if bal != 1_000_000_000+net[p.ID] {
			h.t.Fatalf("%s's balance %d, want the deposit plus the lines' net %d", p.ID, bal, net[p.ID])
		}
	}
	res, err := h.op.Wallet.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{}))
	if err != nil || !res.Msg.GetOk() {
		h.t.Fatalf("the ledger does not reconcile: %v %v", res, err)
	}
}

// bankedAccount finds a wallet account by kind and owner (EUR).
func (h *harness) bankedAccount(ctx context.Context, kind walletv1.AccountKind, owner string) string {
	h.t.Helper()
	res, err := h.op.Wallet.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{OwnerId: owner, Kind: kind, Currency: "EUR"}))
	if err != nil || len(res.Msg.GetAccounts()) == 0 {
		h.t.Fatalf("account %v of %q: %v %v", kind, owner, res, err)
	}
	return res.Msg.GetAccounts()[0].GetId()
}
