// Command tournament-e2e runs a tournament end to end against the real
// table, wallet and RNG services and an in-process Temporal server, with
// bots at every seat and the worker restarted while it runs (what `make
// e2e-tournament` runs). Its last line: entrants=<n> completed=<bool>
// restarts=<n> payout_total=<n> ledger_ok=<bool>.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/croupier/croupier/tools/tournament/e2e"
	"github.com/croupier/croupier/workflows/tournament"
)

func main() {
	cfg := e2e.Config{RedisAddr: os.Getenv("CROUPIER_TEST_REDIS_ADDR")}
	if cfg.RedisAddr == "" {
		cfg.RedisAddr = "127.0.0.1:6379"
	}
	flag.IntVar(&cfg.Entrants, "entrants", 200, "entrants")
	flag.IntVar(&cfg.Seats, "seats", 10, "seats per table")
	flag.DurationVar(&cfg.Level, "level", 20*time.Second, "level length")
	flag.IntVar(&cfg.Restarts, "restarts", 3, "worker restarts during play")
	flag.IntVar(&cfg.NoShows, "no-shows", 1, "registered players who never act (dealt in, blinded out: GR H.11)")
	flag.DurationVar(&cfg.RestartEvery, "restart-every", 15*time.Second, "time between worker restarts")
	flag.DurationVar(&cfg.RestartGap, "restart-gap", 2*time.Second, "time the worker stays down")
	flag.DurationVar(&cfg.Timeout, "timeout", 30*time.Minute, "give up after")
	flag.DurationVar(&cfg.Stall, "stall", 3*time.Minute, "give up when the tournament has not moved for this long")
	flag.StringVar(&cfg.DumpDir, "dump", "", "write the workflow history and standings of a failed run here")
	verbose := flag.Bool("v", false, "log progress")
	serviceLog := flag.Bool("service-log", false, "show the table, wallet and RNG services' warnings")
	flag.Parse()
	if *serviceLog {
		cfg.ServiceLog = os.Stderr
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	cfg.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	cfg.Progress = func(st tournament.Standings) {
		fmt.Fprintf(os.Stderr, "%s phase=%s level=%d left=%d tables=%d moves=%d h4h=%t\n", time.Now().Format("15:04:05"), st.Phase, st.Level+1, st.Left, st.Tables, st.Moves, st.HandForHand)
	}
	rep, err := e2e.Run(context.Background(), cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament-e2e:", err)
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(os.Stderr, "problem:", p)
	}
	for _, p := range rep.NoShowProblems {
		fmt.Fprintln(os.Stderr, "no-show:", p)
	}
	fmt.Printf("wall=%s acts=%d pool=%d commission=%d balancing_moves=%d no_shows=%d no_shows_ok=%t\n", rep.Wall.Round(time.Millisecond), rep.Acts, rep.Pool, rep.Commission, rep.Moves, cfg.NoShows, len(rep.NoShowProblems) == 0)
	m := rep.MoveTerms
	fmt.Printf("planned_missed_hands=%d planned_dead_big_blinds=%d clocks_asked=%d\n", m.PlannedMisses, m.PlannedDead, rep.ClocksAsked)
	fmt.Printf("entrants=%d completed=%t restarts=%d payout_total=%d ledger_ok=%t missed_hands=%d dead_big_blinds=%d called_clocks=%d\n",
		rep.Entrants, rep.Completed, rep.Restarts, rep.PayoutTotal, rep.LedgerOK, m.MissedHands, m.DeadBigBlinds, rep.CalledClocks)
	if err != nil || !rep.Completed || !rep.LedgerOK || len(rep.Problems) > 0 || len(rep.NoShowProblems) > 0 {
		os.Exit(1)
	}
}
