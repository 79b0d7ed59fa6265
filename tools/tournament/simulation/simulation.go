// Package simulation runs whole tournaments on the real workflow, a real
// (in-process) Temporal server and a real worker, with the wallet, the
// tables and the RNG in memory and the hands played by bots — the scale
// test for 10,000 entrants, and the worker-restart test. The structure is a
// fast one: short levels, blinds rising about 40% a level.
package simulation

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/croupier/croupier/services/tournament/core"
	"github.com/croupier/croupier/services/tournament/host"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/tools/devtemporal"
	"github.com/croupier/croupier/workflows/tournament"
	"github.com/croupier/croupier/workflows/tournament/terms"
	"github.com/croupier/croupier/workflows/tournament/tournamenttest"
)

// Config is one simulated tournament.
type Config struct {
	Entrants int
	// Level is each level's length (real time).
	Level time.Duration
	// Restarts: stop the worker this many times while the tournament runs,
	// RestartEvery apart, and start a new one after RestartGap.
	Restarts     int
	RestartEvery time.Duration
	RestartGap   time.Duration
	Seed         uint64
	// Paid is the number of paid places.
	Paid int
	// Concurrency of registrations.
	Concurrency int
	Log         *slog.Logger
	Progress    func(tournament.Standings)
	// Timeout bounds the whole run.
	Timeout time.Duration
}

// Report is what a run measured.
type Report struct {
	Entrants      int
	Completed     bool
	Restarts      int
	Registration  time.Duration
	Play          time.Duration
	Wall          time.Duration
	Moves         int
	Breaks        int
	Runs          int
	MaxHistory    int
	MaxHistoryKiB int
	// ServerMaxHistory and ServerMaxHistoryKiB are the same read from the
	// server (every run of the chain described), to check the workflow's
	// own count.
	ServerMaxHistory    int
	ServerMaxHistoryKiB int
	Pool                int64
	Commission          int64
	PayoutTotal         int64
	LedgerOK            bool
	Hands               int
	Problems            []string
}

// Terms returns the simulation's structure for n entrants.
func Terms(n, paid int, level time.Duration, start time.Time) terms.Terms {
	t := terms.Terms{Name: fmt.Sprintf("Sim %d", n), Game: "holdem", Currency: "EUR", Exponent: 2, BuyIn: 10000, FeeAmt: 1000,
		Stack: 10000, Seats: 9, Chips: []int64{25, 100, 500, 1000, 5000, 25000, 100000}, Payout: terms.ByPlace,
		MaxEntrants: n, StartAt: start}
	bb := 50.0
	for i := 0; i < 60; i++ {
		b := int64(bb) / 50 * 50
		if len(t.Levels) > 0 && b < t.Levels[len(t.Levels)-1].BigBlind {
			b = t.Levels[len(t.Levels)-1].BigBlind
		}
		l := terms.Level{SmallBlind: b / 2 / 25 * 25, BigBlind: b, Duration: level}
		if i >= 4 {
			l.Ante = b / 8 / 25 * 25
		}
		if i%6 == 5 {
			l.Break = level / 2
		}
		t.Levels = append(t.Levels, l)
		bb *= 1.4
	}
	// Align with the chip set: once the 25s go (no level needs them), no
	// later level may need them again, and so on up.
	for i := range t.Levels {
		l := &t.Levels[i]
		unit := int64(25)
		switch {
		case l.BigBlind >= 200000:
			unit = 5000
		case l.BigBlind >= 40000:
			unit = 1000
		case l.BigBlind >= 8000:
			unit = 500
		case l.BigBlind >= 800:
			unit = 100
		}
		l.SmallBlind = max(l.SmallBlind/unit*unit, unit)
		l.BigBlind = max(l.BigBlind/unit*unit, 2*unit)
		l.Ante = l.Ante / unit * unit
		if i > 0 {
			p := t.Levels[i-1]
			l.BigBlind = max(l.BigBlind, p.BigBlind)
			l.SmallBlind = max(l.SmallBlind, p.SmallBlind)
		}
	}
	// Pay the top places: shares falling by a tenth each place.
	paid = max(1, min(paid, n))
	bps := make([]int32, paid)
	w := make([]float64, paid)
	sum := 0.0
	for i := range w {
		w[i] = 1 / (1 + 0.35*float64(i))
		sum += w[i]
	}
	left := int32(10000)
	for i := paid - 1; i > 0; i-- {
		bps[i] = max(1, int32(10000*w[i]/sum))
		if i < paid-1 && bps[i] < bps[i+1] {
			bps[i] = bps[i+1]
		}
		left -= bps[i]
	}
	bps[0] = left
	t.PayoutBps = bps
	t.Clock.HandPause = 0
	t.Defaults()
	return t
}

func (cfg Config) withDefaults() Config {
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = 32
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = time.Hour
	}
	return cfg
}

// Run runs one simulated tournament.
func Run(ctx context.Context, cfg Config) (Report, error) {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	rep := Report{Entrants: cfg.Entrants}
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
	wallet := tournamenttest.NewWallet()
	tables := tournamenttest.NewTables(cfg.Seed)
	acts := &tournament.Activities{Wallet: wallet, Tables: tables, RNG: &tournamenttest.RNG{Seed: cfg.Seed}}
	const queue = "tournament-sim"
	wk, err := host.StartRestarting(c, host.Options{TaskQueue: queue, Activities: acts})
	if err != nil {
		return rep, err
	}
	defer wk.Stop()
	svc := core.New(c, core.Config{TaskQueue: queue})
	for i := 0; i < cfg.Entrants; i++ {
		wallet.Fund("sim", player(i), "EUR", 20000)
	}
	// The start leaves time to register everyone.
	regBudget := time.Duration(cfg.Entrants)*30*time.Millisecond + 5*time.Second
	t0 := time.Now()
	tr := Terms(cfg.Entrants, cfg.Paid, cfg.Level, t0.Add(regBudget))
	st, err := svc.Create(ctx, tr, fmt.Sprintf("sim-%d-%d", cfg.Seed, t0.UnixNano()))
	if err != nil {
		return rep, fmt.Errorf("create: %w", err)
	}
	id := st.ID
	regErr := register(ctx, svc, id, cfg.Entrants, cfg.Concurrency)
	rep.Registration = time.Since(t0)
	if regErr != nil {
		return rep, regErr
	}
	if time.Now().After(tr.StartAt) {
		return rep, fmt.Errorf("registration took %s, past the start", rep.Registration)
	}
	cfg.Log.Info("registered", "entrants", cfg.Entrants, "took", rep.Registration)
	// Restart the worker while play goes on.
	restartCtx, stopRestarts := context.WithCancel(ctx)
	defer stopRestarts()
	restartsDone := make(chan struct{})
	go func() {
		defer close(restartsDone)
		if err := wk.Schedule(restartCtx, tr.StartAt, cfg.Restarts, cfg.RestartEvery, cfg.RestartGap, nil, cfg.Log); err != nil {
			cfg.Log.Error("worker restart", "err", err)
		}
	}()
	run := c.GetWorkflow(ctx, id, "")
	done := make(chan error, 1)
	go func() {
		var res tournament.Result
		done <- run.Get(ctx, &res)
	}()
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
wait:
	for {
		select {
		case err := <-done:
			if err != nil {
				stopRestarts()
				<-restartsDone
				rep.Restarts = wk.Restarts()
				entries, ne := wallet.Kinds(tournament.KindEntry)
				prizes, np := wallet.Kinds(tournament.KindPrize)
				st, _ := svc.Standings(context.Background(), id)
				var want int64
				for _, p := range st.Players {
					want += p.Prize
				}
				return rep, fmt.Errorf("tournament workflow: %w (pool %d; entries %d in %d; prizes %d in %d; standings prizes %d; money %+v)", err,
					wallet.Balance("pool:"+id+":EUR"), entries, ne, prizes, np, want, st.Money)
			}
			break wait
		case <-tick.C:
			if cfg.Progress != nil {
				if st, err := svc.Standings(ctx, id); err == nil {
					cfg.Progress(st)
				}
			}
		}
	}
	stopRestarts()
	<-restartsDone
	rep.Restarts = wk.Restarts()
	rep.Wall = time.Since(t0)
	rep.Play = time.Since(tr.StartAt)
	st, err = svc.Standings(ctx, id)
	if err != nil {
		return rep, err
	}
	rep.Completed = st.Phase == tournament.Completed
	rep.Moves, rep.Breaks, rep.Runs = st.Moves, st.Breaks, st.Runs
	rep.MaxHistory, rep.MaxHistoryKiB = st.MaxHistory, st.MaxHistoryBytes/1024
	rep.Pool, rep.Commission, rep.PayoutTotal = st.Money.Pool, st.Money.Commission, st.PrizeTotal
	rep.Hands = tables.Hands
	rep.LedgerOK, rep.Problems = check(st, wallet, id)
	if n, b, err := serverHistory(ctx, c, id); err == nil {
		rep.ServerMaxHistory, rep.ServerMaxHistoryKiB = n, int(b/1024)
	} else {
		rep.Problems = append(rep.Problems, "history sizes from the server: "+err.Error())
	}
	return rep, nil
}

// register registers n players, conc at a time, each retried up to 20
// times (a worker restart may drop an answer): the first error left.
func register(ctx context.Context, svc *core.Service, id string, n, conc int) error {
	var next atomic.Int64
	var regErr atomic.Value
	var wg sync.WaitGroup
	for k := 0; k < conc; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				p := tournament.PlayerIn{Partner: "sim", Player: player(i)}
				var err, first error
				for try := 0; try < 20; try++ {
					if _, err = svc.Register(ctx, id, p, "reg"); err == nil {
						break
					}
					if try > 0 && apierr.Reason(err) == "ALREADY_REGISTERED" {
						// An earlier try was taken in; its answer was lost.
						err = nil
						break
					}
					if first == nil {
						first = err
					}
					time.Sleep(100 * time.Millisecond)
				}
				if err != nil {
					regErr.Store(fmt.Errorf("register %s: %w (first try: %v)", p.Player, err, first))
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

// serverHistory walks the chain of runs from the latest back to the first
// and returns the largest history, in events and bytes, the server holds.
func serverHistory(ctx context.Context, c client.Client, id string) (events int, size int64, err error) {
	for run := ""; ; {
		d, err := c.DescribeWorkflowExecution(ctx, id, run)
		if err != nil {
			return 0, 0, err
		}
		info := d.GetWorkflowExecutionInfo()
		events, size = max(events, int(info.GetHistoryLength())), max(size, info.GetHistorySizeBytes())
		it := c.GetWorkflowHistory(ctx, id, info.GetExecution().GetRunId(), false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
		if !it.HasNext() {
			return events, size, nil
		}
		first, err := it.Next()
		if err != nil {
			return 0, 0, err
		}
		prev := first.GetWorkflowExecutionStartedEventAttributes().GetContinuedExecutionRunId()
		if prev == "" {
			return events, size, nil
		}
		run = prev
	}
}

func player(i int) string { return fmt.Sprintf("p%05d", i) }

// check reconciles the ledger: it balances, the pool is paid out to the
// unit, the house holds exactly the fees, every prize was paid once and
// matches the standings.
func check(st tournament.Standings, w *tournamenttest.Wallet, id string) (bool, []string) {
	var problems []string
	if s := w.Sum(); s != 0 {
		problems = append(problems, fmt.Sprintf("ledger sums to %d", s))
	}
	if b := w.Balance("pool:" + id + ":EUR"); b != 0 {
		problems = append(problems, fmt.Sprintf("prize pool holds %d after the payouts", b))
	}
	if b := w.Balance("house:EUR"); b != st.Money.Commission {
		problems = append(problems, fmt.Sprintf("house revenue %d, fees %d", b, st.Money.Commission))
	}
	paid, n := w.Kinds(tournament.KindPrize)
	winners := 0
	for _, p := range st.Players {
		if p.Prize > 0 {
			winners++
		}
	}
	if paid != st.Money.Pool || paid != st.PrizeTotal || n != winners {
		problems = append(problems, fmt.Sprintf("prizes paid %d in %d transfers; pool %d, standings %d to %d players", paid, n, st.Money.Pool, st.PrizeTotal, winners))
	}
	keys := w.Keys()
	for i := 1; i < len(keys); i++ {
		if keys[i] == keys[i-1] {
			problems = append(problems, "key applied twice: "+keys[i])
		}
	}
	return len(problems) == 0, problems
}
