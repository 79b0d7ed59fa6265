// Command tournament-sim runs one large simulated tournament (bots, fast
// levels) on the real workflow and an in-process Temporal server, and
// prints what it measured: wall time, the largest workflow history, the
// balancing moves, and whether the ledger reconciles.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"runtime/pprof"
	"time"

	"github.com/croupier/croupier/tools/tournament/simulation"
	"github.com/croupier/croupier/workflows/tournament"
)

func main() {
	var cfg simulation.Config
	flag.IntVar(&cfg.Entrants, "entrants", 10000, "entrants")
	flag.DurationVar(&cfg.Level, "level", 20*time.Second, "level length")
	flag.IntVar(&cfg.Restarts, "restarts", 3, "worker restarts during play")
	flag.DurationVar(&cfg.RestartEvery, "restart-every", 20*time.Second, "time between worker restarts")
	flag.DurationVar(&cfg.RestartGap, "restart-gap", 2*time.Second, "time the worker stays down")
	flag.IntVar(&cfg.Paid, "paid", 100, "paid places")
	flag.Uint64Var(&cfg.Seed, "seed", 1, "seed of the bots and the RNG stand-in")
	flag.DurationVar(&cfg.Timeout, "timeout", 2*time.Hour, "give up after")
	verbose := flag.Bool("v", false, "log progress")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the run here")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "tournament-sim:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "tournament-sim:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	cfg.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	cfg.Progress = func(st tournament.Standings) {
		fmt.Fprintf(os.Stderr, "%s phase=%s level=%d left=%d tables=%d moves=%d runs=%d history=%d\n",
			time.Now().Format("15:04:05"), st.Phase, st.Level+1, st.Left, st.Tables, st.Moves, st.Runs, st.MaxHistory)
	}
	rep, err := simulation.Run(context.Background(), cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament-sim:", err)
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(os.Stderr, "problem:", p)
	}
	fmt.Printf("registration=%s play=%s hands=%d pool=%d commission=%d runs=%d server_max_history_events=%d server_max_history_kib=%d\n", rep.Registration.Round(time.Millisecond), rep.Play.Round(time.Millisecond), rep.Hands, rep.Pool, rep.Commission, rep.Runs, rep.ServerMaxHistory, rep.ServerMaxHistoryKiB)
	fmt.Printf("entrants=%d completed=%t wall=%s max_history_events=%d max_history_kib=%d balancing_moves=%d tables_broken=%d restarts=%d payout_total=%d ledger_ok=%t\n",
		rep.Entrants, rep.Completed, rep.Wall.Round(time.Millisecond), rep.MaxHistory, rep.MaxHistoryKiB, rep.Moves, rep.Breaks, rep.Restarts, rep.PayoutTotal, rep.LedgerOK)
	if err != nil || !rep.Completed || !rep.LedgerOK {
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}
