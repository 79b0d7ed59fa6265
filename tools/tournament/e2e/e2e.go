// Package e2e runs a tournament end to end against the real services: an
// in-process Temporal server (temporaltest), the real table service (on
// Redis), wallet (SQLite), RNG and evaluator on the in-process platform
// (tools/platform), the tournament worker talking to them over Connect, and bots that
// play every seat through the table API. The worker is stopped and started
// again several times while the tournament runs; at the end the prize pool,
// the fees and the payouts are reconciled against the ledger.
package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"
	"github.com/redis/go-redis/v9"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"google.golang.org/protobuf/encoding/protojson"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	tournamentapi "github.com/croupier/croupier/services/tournament/api"
	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/boot"
	sharedclient "github.com/croupier/croupier/shared/client"
	"github.com/croupier/croupier/tools/devtemporal"
	"github.com/croupier/croupier/tools/platform"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Config is one end-to-end run.
type Config struct {
	RedisAddr string
	Entrants  int
	// Seats per table (default 10). At 9 the table service can stop
	// dealing: after a hand with a dead small blind and the button in the
	// last seat, it places the next button in seat 9 of 0..8 (seating's
	// small-blind position wraps at its global 10 seats, not the table's)
	// and every later deal fails with BAD_BUTTON.
	Seats    int
	Level    time.Duration
	Restarts int
	// NoShows: this many registered players have no bot and never act
	// (GR H.11; T31). The tables deal them in and take their blinds and
	// antes until they are out: the run checks each went out in a hand he
	// started with chips and got a place of his own.
	NoShows      int
	RestartEvery time.Duration
	RestartGap   time.Duration
	Timeout      time.Duration
	// Stall gives up when the standings have not moved (players left,
	// moves, level, phase) for this long (default 3 min).
	Stall time.Duration
	// DumpDir, if set, receives the workflow's history, the standings and
	// the tables' views when the run fails (and the run's Redis keys are
	// kept).
	DumpDir string
	// ServiceLog receives the platform's logs and the tournament core's
	// (warnings and errors: a failure's detail, which an answer leaves out).
	ServiceLog io.Writer
	Log        *slog.Logger
	Progress   func(tournament.Standings)
}

// Report is what a run found.
type Report struct {
	Entrants    int
	Completed   bool
	Restarts    int
	PayoutTotal int64
	Pool        int64
	Commission  int64
	LedgerOK    bool
	Problems    []string
	Moves       int
	// MoveTerms: the moved players' missed hands and dead big blinds the
	// balancing planned and the tables' hands show applied (T20, T21).
	MoveTerms tournament.MoveTerms
	// CalledClocks: the clocks the floor called on the no-shows' turns, and
	// the hands whose results say a clock was called (H.28(b), T24).
	ClocksAsked, CalledClocks int
	// NoShowProblems lists what went wrong with the no-shows (T31).
	NoShowProblems []string
	Wall           time.Duration
	Acts           int64
}

// Terms is the e2e structure: €100 + €10, 5,000 chips, fast levels, 10%
// of the field paid, tables of the given size.
func Terms(n, seats int, level time.Duration, start time.Time) terms.Terms {
	t := terms.Terms{Name: fmt.Sprintf("E2E %d", n), Game: "holdem", Currency: "EUR", Exponent: 2, BuyIn: 10000, FeeAmt: 1000,
		Stack: 5000, Seats: seats, Chips: []int64{25, 100, 500, 1000, 5000}, Payout: terms.ByPlace, MaxEntrants: n, StartAt: start,
		Clock: terms.Clock{Action: 5 * time.Second, HandPause: 150 * time.Millisecond}}
	for _, b := range []int64{50, 100, 200, 300, 400, 600, 1000, 1500, 2000, 3000, 4000, 6000, 10000, 15000, 20000, 30000, 40000, 60000, 100000} {
		unit := int64(25)
		if b >= 1000 {
			unit = 500
		} else if b >= 200 {
			unit = 100
		}
		t.Levels = append(t.Levels, terms.Level{SmallBlind: max(b/2/unit*unit, unit), BigBlind: b, Duration: level})
	}
	paid := max(1, n/10)
	bps := make([]int32, paid)
	left := int32(10000)
	for i := paid - 1; i > 0; i-- {
		bps[i] = int32(10000 / (paid * 2))
		left -= bps[i]
	}
	bps[0] = left
	t.PayoutBps = bps
	t.Defaults()
	return t
}

// Run runs the end-to-end tournament.
func Run(ctx context.Context, cfg Config) (Report, error) {
	rep := Report{Entrants: cfg.Entrants}
	if cfg.Seats == 0 {
		cfg.Seats = 10
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	t0 := time.Now()
	prefix := fmt.Sprintf("e2e-tournament-%d:", t0.UnixNano())
	// The run's Redis keys go once the stack has stopped, unless a failed
	// run is kept for reading.
	defer func() {
		if rep.Completed && rep.LedgerOK || cfg.DumpDir == "" {
			if err := dropKeys(cfg.RedisAddr, prefix); err != nil {
				cfg.Log.Warn("e2e redis cleanup", "prefix", prefix, "err", err)
			}
		}
	}()
	st, err := platform.Start(ctx, platform.Config{RedisAddr: cfg.RedisAddr, Prefix: prefix, Log: cfg.ServiceLog})
	if err != nil {
		return rep, fmt.Errorf("table stack: %w", err)
	}
	defer st.Close()
	// The tournament service's runtime: the stack's token keys, so its
	// service tokens are accepted there.
	rt, err := boot.Start(ctx, "croupier-tournament", boot.Common{Addr: "127.0.0.1:0", LogLevel: "warn", Keys: st.Keys, ShutdownTimeout: time.Second}, io.Discard, func(string) string { return "" })
	if err != nil {
		return rep, err
	}
	srv, err := devtemporal.Start(cfg.Log)
	if err != nil {
		return rep, err
	}
	defer srv.Close()
	c, err := srv.Client(client.Options{DataConverter: host.DataConverter()})
	if err != nil {
		return rep, err
	}
	defer c.Close()
	const queue = "tournament-e2e"
	svcCfg := tournamentapi.Deps{TaskQueue: queue, TableURL: st.URL, WalletURL: st.URL, RNGURL: st.URL}
	acts := tournamentapi.Activities(sharedclient.NewHTTPClient(), svcCfg, rt.ClientOptions())
	wk, err := host.StartRestarting(c, host.Options{TaskQueue: queue, Activities: acts})
	if err != nil {
		return rep, err
	}
	defer wk.Stop()
	var coreLog *slog.Logger
	if cfg.ServiceLog != nil {
		coreLog = slog.New(slog.NewTextHandler(cfg.ServiceLog, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	svc := core.New(c, core.Config{TaskQueue: queue, Workflow: tournament.Options{PollWait: 2 * time.Second}, Log: coreLog})

	op := platform.NewClients(st.URL, platform.Bearer(st.OperatorToken()))
	players := make([]string, cfg.Entrants)
	accounts := make([]string, cfg.Entrants)
	for i := range players {
		players[i] = fmt.Sprintf("e2e-p%03d", i)
		if accounts[i], err = platform.Fund(ctx, op.Wallet, st.Partner, players[i], "EUR", 50000); err != nil {
			return rep, err
		}
	}
	// The registration window must hold every registration however slow
	// the machine (under -race on a loaded CI machine 24 took over 13 s,
	// against a window of 7.4 s): the run waits for the start anyway.
	tr := Terms(cfg.Entrants, cfg.Seats, cfg.Level, time.Now().Add(20*time.Second+time.Duration(cfg.Entrants)*250*time.Millisecond))
	created, err := svc.Create(ctx, tr, fmt.Sprintf("e2e-%d", t0.UnixNano()))
	if err != nil {
		return rep, fmt.Errorf("create: %w", err)
	}
	id := created.ID
	if err := registerAll(ctx, svc, id, st.Partner, players); err != nil {
		return rep, err
	}
	if time.Now().After(tr.StartAt) {
		return rep, errors.New("registration ran past the start")
	}
	bots, noShow := newDrivers(st, op, players, cfg.NoShows)
	// Restarts while play goes on.
	restartsDone := make(chan struct{})
	go func() {
		defer close(restartsDone)
		_ = wk.Schedule(ctx, tr.StartAt, cfg.Restarts, cfg.RestartEvery, cfg.RestartGap, func() bool {
			done, _ := finished(ctx, svc, id)
			return done
		}, cfg.Log)
	}()
	result := make(chan error, 1)
	go func() {
		var res tournament.Result
		result <- c.GetWorkflow(ctx, id, "").Get(ctx, &res)
	}()
	werr := watch(ctx, cfg, svc, id, bots, result)
	cancelBots := bots.stop
	cancelBots()
	<-restartsDone
	rep.Restarts = wk.Restarts()
	rep.Wall = time.Since(t0)
	rep.Acts = bots.acts.Load()
	if werr != nil {
		if cfg.DumpDir != "" {
			dump(c, svc, op, id, cfg.DumpDir, cfg.Log)
		}
		return rep, fmt.Errorf("tournament workflow: %w", werr)
	}
	final, err := svc.Standings(ctx, id)
	if err != nil {
		return rep, err
	}
	rep.Problems = reconcile(ctx, op, final, accounts)
	rep.LedgerOK = len(rep.Problems) == 0
	rep.take(final, int(bots.clocks.Load()))
	rep.NoShowProblems = checkNoShows(final, noShow)
	return rep, nil
}

// take reads the final standings into the report and checks what the
// tables applied against what was asked of them: the moved players' terms
// against the moves' plan, the called clocks against the floor's calls.
func (rep *Report) take(final tournament.Standings, clocksAsked int) {
	rep.Completed = final.Phase == tournament.Completed
	rep.PayoutTotal, rep.Pool, rep.Commission, rep.Moves = final.PrizeTotal, final.Money.Pool, final.Money.Commission, final.Moves
	rep.MoveTerms = final.MoveTerms
	rep.ClocksAsked, rep.CalledClocks = clocksAsked, final.CalledClocks
	if m := final.MoveTerms; m.MissedHands > m.PlannedMisses || m.DeadBigBlinds > m.PlannedDead {
		rep.Problems = append(rep.Problems, fmt.Sprintf("the tables applied %d missed hands and %d dead big blinds; the moves planned %d and %d",
			m.MissedHands, m.DeadBigBlinds, m.PlannedMisses, m.PlannedDead))
	}
	if rep.CalledClocks > rep.ClocksAsked {
		rep.Problems = append(rep.Problems, fmt.Sprintf("the hands show %d called clocks; the floor called %d", rep.CalledClocks, rep.ClocksAsked))
	}
}

// registerAll registers the players, 16 at a time, as the partners'
// back-ends would: an answer that says retry (TOURNAMENT_BUSY) is retried
// with the same idempotency key.
func registerAll(ctx context.Context, svc *core.Service, id, partner string, players []string) error {
	var wg sync.WaitGroup
	var next atomic.Int64
	var regErr atomic.Value
	for k := 0; k < 16; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(players); i = int(next.Add(1) - 1) {
				in := tournament.PlayerIn{Partner: partner, Player: players[i], Name: players[i]}
				_, err := svc.Register(ctx, id, in, "e2e")
				for try := 1; try < 5 && apierr.Code(err) == connect.CodeUnavailable; try++ {
					time.Sleep(time.Duration(try) * 200 * time.Millisecond)
					_, err = svc.Register(ctx, id, in, "e2e")
				}
				if err != nil {
					regErr.Store(fmt.Errorf("register %s: %w", players[i], err))
				}
			}
		}()
	}
	wg.Wait()
	if e, ok := regErr.Load().(error); ok {
		return e
	}
	return nil
}

// watch follows the standings until the workflow's result arrives (its
// error) or the tournament stops moving for cfg.Stall, starting a bot
// driver for every table that has players.
func watch(ctx context.Context, cfg Config, svc *core.Service, id string, bots *drivers, result <-chan error) error {
	tick := time.NewTicker(300 * time.Millisecond)
	defer tick.Stop()
	last := time.Now()
	if cfg.Stall == 0 {
		cfg.Stall = 3 * time.Minute
	}
	var progress string
	moved := time.Now()
	for {
		select {
		case err := <-result:
			return err
		case <-tick.C:
			s, err := svc.Standings(ctx, id)
			if err != nil {
				continue
			}
			// A tournament that stops moving is a failure to report, not
			// to wait out until the timeout.
			if k := fmt.Sprint(s.Phase, s.Left, s.Moves, s.Level, s.Breaks, s.Runs, len(s.Busts)); k != progress {
				progress, moved = k, time.Now()
			} else if time.Since(moved) > cfg.Stall {
				return fmt.Errorf("stalled for %s at phase %s, level %d, %d left, %d moves", cfg.Stall, s.Phase, s.Level+1, s.Left, s.Moves)
			}
			for _, p := range s.Players {
				if p.Table != "" && (p.Status == tournament.Playing || p.Status == tournament.Busted) {
					bots.ensure(ctx, p.Table)
				}
			}
			if cfg.Progress != nil && time.Since(last) > 5*time.Second {
				cfg.Progress(s)
				last = time.Now()
			}
		}
	}
}

// checkNoShows: every player who never acted went out of the tournament
// in a hand he started with chips (dealt in, his forced bets taken, GR
// H.11), with a place of his own and not the win.
func checkNoShows(st tournament.Standings, noShow map[string]bool) []string {
	var problems []string
	out := map[string]tournament.Bust{}
	for _, b := range st.Busts {
		out[b.Player] = b
	}
	for _, p := range st.Players {
		if !noShow[p.Player] {
			continue
		}
		b, ok := out[p.Player]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("no-show %s never went out (place %d, status %s)", p.Player, p.Place, p.Status))
		case b.Start <= 0 || p.Place <= 1:
			problems = append(problems, fmt.Sprintf("no-show %s out with %d chips at place %d", p.Player, b.Start, p.Place))
		}
	}
	return problems
}

func finished(ctx context.Context, svc *core.Service, id string) (bool, error) {
	s, err := svc.Standings(ctx, id)
	if err != nil {
		return false, err
	}
	return s.Phase == tournament.Completed || s.Phase == tournament.Paying, nil
}

// dump writes what a failed run leaves behind into dir: the workflow's
// history (every run of the chain, newest first, one event a line, JSON),
// its standings, and the table service's view of each table it seats
// players at or moves them between.
func dump(c client.Client, svc *core.Service, op platform.Clients, id, dir string, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Error("dump", "err", err)
		return
	}
	var tables []string
	if st, err := svc.Standings(ctx, id); err == nil {
		if b, err := json.MarshalIndent(st, "", "  "); err == nil {
			_ = os.WriteFile(filepath.Join(dir, "standings.json"), b, 0o644)
		}
		for _, p := range st.Players {
			tables = append(tables, p.Table)
		}
	}
	// The activities still running, with their attempts and last failure:
	// what a stalled workflow waits for.
	if d, err := c.DescribeWorkflowExecution(ctx, id, ""); err == nil {
		b, _ := protojson.MarshalOptions{Multiline: true}.Marshal(d)
		_ = os.WriteFile(filepath.Join(dir, "describe.json"), b, 0o644)
	}
	// A table a move leaves is seated by nobody in the standings: the
	// moves in the history name it.
	tables = append(tables, dumpHistory(ctx, c, id, filepath.Join(dir, "history.jsonl"), log)...)
	seen := map[string]bool{}
	for _, t := range tables {
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		if v, err := op.Table.GetTable(ctx, connect.NewRequest(&tablev1.GetTableRequest{TableId: t})); err == nil {
			b, _ := protojson.MarshalOptions{Multiline: true}.Marshal(v.Msg)
			_ = os.WriteFile(filepath.Join(dir, "table-"+t+".json"), b, 0o644)
		}
	}
	log.Warn("dumped the failed run", "dir", dir)
}

// dumpHistory writes the workflow's history to path and returns the
// tables its player moves named.
func dumpHistory(ctx context.Context, c client.Client, id, path string, log *slog.Logger) []string {
	f, err := os.Create(path)
	if err != nil {
		log.Error("dump", "err", err)
		return nil
	}
	defer f.Close()
	var tables []string
	for run := ""; ; {
		it := c.GetWorkflowHistory(ctx, id, run, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
		prev := ""
		for it.HasNext() {
			e, err := it.Next()
			if err != nil {
				log.Error("dump history", "err", err)
				return tables
			}
			if a := e.GetWorkflowExecutionStartedEventAttributes(); a != nil {
				prev = a.GetContinuedExecutionRunId()
			}
			if a := e.GetActivityTaskScheduledEventAttributes(); a != nil && a.GetActivityType().GetName() == "MovePlayer" {
				for _, p := range a.GetInput().GetPayloads() {
					var in tournament.MoveIn
					if json.Unmarshal(p.GetData(), &in) == nil {
						tables = append(tables, in.From, in.To)
					}
				}
			}
			b, _ := protojson.Marshal(e)
			f.Write(append(b, '\n'))
		}
		if prev == "" {
			return tables
		}
		run = prev
	}
}

// dropKeys deletes every Redis key under prefix.
func dropKeys(addr, prefix string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	defer rdb.Close()
	it := rdb.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	var batch []string
	for it.Next(ctx) {
		if batch = append(batch, it.Val()); len(batch) == 500 {
			if err := rdb.Unlink(ctx, batch...).Err(); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if err := it.Err(); err != nil {
		return err
	}
	if len(batch) > 0 {
		return rdb.Unlink(ctx, batch...).Err()
	}
	return nil
}

// reconcile checks the ledger: balanced, the pool paid out to the unit in
// one prize per winner, the house holding exactly the fees, the players'
// money changed by exactly what they won less what they paid.
func reconcile(ctx context.Context, op platform.Clients, st tournament.Standings, accounts []string) []string {
	var problems []string
	rec, err := op.Wallet.Reconcile(ctx, connect.NewRequest(&walletv1.ReconcileRequest{}))
	if err != nil || !rec.Msg.GetOk() {
		problems = append(problems, fmt.Sprintf("wallet reconcile: %v %v", err, rec.Msg))
	}
	pool, err := op.Wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_PRIZE_POOL, OwnerId: st.ID, Currency: "EUR"}))
	if err != nil {
		return append(problems, "pool account: "+err.Error())
	}
	if b := pool.Msg.GetAccount().GetBalance(); b != 0 {
		problems = append(problems, fmt.Sprintf("pool holds %d after the payouts", b))
	}
	var entries, prizes int64
	var nPrizes int
	token := ""
	for {
		res, err := op.Wallet.ListEntries(ctx, connect.NewRequest(&walletv1.ListEntriesRequest{AccountId: pool.Msg.GetAccount().GetId(), PageSize: 1000, PageToken: token}))
		if err != nil {
			return append(problems, "pool statement: "+err.Error())
		}
		for _, e := range res.Msg.GetEntries() {
			switch e.GetKind() {
			case walletv1.TransferKind_TRANSFER_KIND_TOURNAMENT_ENTRY:
				entries += e.GetAmount()
			case walletv1.TransferKind_TRANSFER_KIND_PRIZE:
				prizes -= e.GetAmount()
				nPrizes++
			default:
				problems = append(problems, fmt.Sprintf("unexpected pool entry %v", e))
			}
		}
		if token = res.Msg.GetNextPageToken(); token == "" {
			break
		}
	}
	winners := 0
	for _, p := range st.Players {
		if p.Prize > 0 {
			winners++
		}
	}
	if entries != st.Money.Pool || prizes != st.Money.Pool || prizes != st.PrizeTotal || nPrizes != winners {
		problems = append(problems, fmt.Sprintf("pool: stakes in %d, prizes out %d in %d transfers; standings pool %d, prizes %d to %d", entries, prizes, nPrizes, st.Money.Pool, st.PrizeTotal, winners))
	}
	var players int64
	for _, a := range accounts {
		res, err := op.Wallet.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: a}))
		if err != nil {
			return append(problems, "player account: "+err.Error())
		}
		players += res.Msg.GetAccount().GetBalance() - 50000
	}
	if players != -st.Money.Commission {
		problems = append(problems, fmt.Sprintf("players' money moved by %d, want -%d (the fees)", players, st.Money.Commission))
	}
	return problems
}
