// Command loadgen plays poker bots (or, with -game roulette|wheel|blackjack,
// wheel or blackjack bots: package rounds) against the table service through its public API
// and reports throughput and latency. With no flags it brings
// the services up in this process (table service on the real Redis at
// 127.0.0.1:6379, RNG, evaluator, wallet on SQLite), opens tables, seats
// bots (random and tight players) and plays for 30 seconds; with -addr it
// targets a running stack (make run) instead. Its last line is
//
//	actions/s=<n> p99_ms=<n> hands=<n> errors=<n>
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/croupier/croupier/tools/loadgen/load"
	"github.com/croupier/croupier/tools/loadgen/rounds"
	"github.com/croupier/croupier/tools/platform"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// As cmd/table runs the table service (see its gcPercent): the
		// services run in this process.
		debug.SetGCPercent(400)
	}
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "", "base URL of a running stack (http://127.0.0.1:8080); empty runs the services in this process")
	redisAddr := fs.String("redis", envOr("CROUPIER_TEST_REDIS_ADDR", "127.0.0.1:6379"), "Redis for the in-process table service")
	pgDSN := fs.String("postgres", "", "PostgreSQL DSN for the in-process wallet's ledger (empty: SQLite)")
	opToken := fs.String("operator-token", os.Getenv("CROUPIER_OPERATOR_TOKEN"), "operator token of the running stack (with -addr)")
	apiKey := fs.String("api-key", os.Getenv("CROUPIER_API_KEY"), "partner API key of the running stack (with -addr)")
	partner := fs.String("partner", "dev-partner", "partner id of the API key (with -addr)")
	var o load.Options
	fs.DurationVar(&o.Duration, "duration", 30*time.Second, "how long the bots play")
	fs.IntVar(&o.Tables, "tables", 12, "tables to open: each has one action in flight at a time (12 keep two cores busy without queueing every action behind dozens of others)")
	fs.IntVar(&o.Players, "players", 3, "bots per table")
	fs.Float64Var(&o.Tight, "tight", 0.5, "share of bots playing the tight strategy (the rest play randomly)")
	fs.IntVar(&o.Conns, "conns", 8, "HTTP/2 connections the bots share")
	fs.StringVar(&o.Game, "game", "holdem", "holdem, omaha, seven-card-stud, five-card-stud, or a banked game: "+strings.Join(rounds.Games(), ", ")+" (wheel: the money wheel)")
	bankedOptions := bankedFlags(fs)
	fs.DurationVar(&o.ThinkTime, "think", 0, "how long a bot thinks before acting, on average (0: it acts at once)")
	fs.StringVar(&o.API, "api", "play", "how the bots play: play (a Play stream per bot: events down, commands up), unary (Subscribe and an Act call per action) or mixed (half the tables each way)")
	protocol := fs.String("protocol", "connect", "what the bots speak: connect (the Connect protocol over HTTP/2), grpc (gRPC over HTTP/2) or http1 (the Connect protocol over HTTP/1.1, a connection per stream)")
	quiet := fs.Bool("q", false, "print only the result line")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measured run (after set-up) to this file")
	memProfile := fs.String("memprofile", "", "write an allocation profile of the run to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	banked := slices.Contains(rounds.Games(), o.Game)
	ro, err := bankedOptions(o)
	if err != nil {
		return err
	}
	switch o.API {
	case "play", "unary", "mixed":
	default:
		return fmt.Errorf("-api %q: want play, unary or mixed", o.API)
	}
	switch *protocol {
	case "connect":
		o.Connect = true
	case "grpc":
	case "http1":
		o.HTTP1 = true
	default:
		return fmt.Errorf("-protocol %q: want connect, grpc or http1", *protocol)
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	o.Log = stderr
	if *quiet {
		o.Log = io.Discard
	}
	target := load.Target{URL: *addr, OperatorToken: *opToken, APIKey: *apiKey, Partner: *partner}
	// commitTrips reads the in-process table store's commit batching.
	commitTrips := func() (uint64, uint64) { return 0, 0 }
	if *addr == "" {
		b := make([]byte, 6)
		_, _ = rand.Read(b)
		prefix := "loadgen:" + hex.EncodeToString(b) + ":"
		st, err := platform.Start(ctx, platform.Config{RedisAddr: *redisAddr, Prefix: prefix, PostgresDSN: *pgDSN})
		if err != nil {
			return fmt.Errorf("in-process services: %w", err)
		}
		defer func() {
			st.Close()
			load.CleanRedis(*redisAddr, prefix)
		}()
		commitTrips = st.Store.CommitTrips
		target = load.Target{URL: st.URL, OperatorToken: st.OperatorToken(), APIKey: st.APIKey, Partner: st.Partner}
		fmt.Fprintf(o.Log, "services in-process at %s (Redis %s, prefix %s)\n", st.URL, *redisAddr, prefix)
	} else if *opToken == "" || *apiKey == "" {
		return errors.New("-addr needs -operator-token and -api-key (make run prints them)")
	}
	fmt.Fprintf(o.Log, "GOMAXPROCS=%d load=%s\n", runtime.GOMAXPROCS(0), load.Average())
	if banked {
		ro.Log = o.Log
		return runBanked(ctx, rounds.Target{URL: target.URL, OperatorToken: target.OperatorToken, APIKey: target.APIKey, Partner: target.Partner}, ro, *cpuProfile, stdout)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		o.CPUProfile = f
	}
	if *memProfile != "" {
		// Every allocation of the run, not a sample of one in 512 KiB.
		runtime.MemProfileRate = 64 << 10
		defer func() {
			f, err := os.Create(*memProfile)
			if err != nil {
				fmt.Fprintln(stderr, "loadgen: memprofile:", err)
				return
			}
			defer f.Close()
			_ = pprof.Lookup("allocs").WriteTo(f, 0)
		}()
	}
	before := readCosts(*redisAddr, commitTrips)
	res, err := load.Run(ctx, target, o)
	if err != nil {
		return err
	}
	if *addr == "" && res.Acts > 0 {
		readCosts(*redisAddr, commitTrips).report(o.Log, before, res)
	}
	fmt.Fprintf(o.Log, "tables=%d bots=%d acts=%d replayed=%d failovers=%d stream_errors=%d act_errors=%d p50_ms=%.2f p90_ms=%.2f p999_ms=%.2f max_ms=%.2f load=%s\n",
		res.Tables, res.Bots, res.Acts, res.Replayed, res.Failovers, res.StreamErrors, res.ActErrors, res.P50, res.P90, res.P999, res.Max, load.Average())
	fmt.Fprintf(stdout, "actions/s=%.0f p99_ms=%.2f hands=%d errors=%d\n", res.ActionsPerSecond, res.P99, res.Hands, res.Errors)
	return nil
}

// costs are counters read before and after a run with the services in
// this process, for the run's cost per action.
type costs struct {
	redisCPU       time.Duration
	redisCommands  int64
	commits, trips uint64
}

func readCosts(redisAddr string, commitTrips func() (uint64, uint64)) costs {
	c := costs{redisCPU: load.RedisCPU(redisAddr), redisCommands: load.RedisCommands(redisAddr)}
	c.commits, c.trips = commitTrips()
	return c
}

// report writes the cost per action of res from c, read after the run,
// and before, read before it.
func (c costs) report(w io.Writer, before costs, res load.Result) {
	rcpu, rcmd := c.redisCPU-before.redisCPU, c.redisCommands-before.redisCommands
	n := float64(res.Acts)
	fmt.Fprintf(w, "cpu: process %.1fs + redis %.1fs over %.1fs = %.0f µs per action (2 idle cores: ~%.0f actions/s)\n",
		res.CPU.Seconds(), rcpu.Seconds(), res.Elapsed.Seconds(), float64((res.CPU+rcpu).Microseconds())/n,
		2e6/(float64((res.CPU+rcpu).Microseconds())/n))
	// Counts that, unlike CPU time, do not grow when other processes
	// load the machine (the Redis commands include other clients').
	k := res.Counts
	fmt.Fprintf(w, "per action: %.0f allocations, %.1f KiB allocated, %.2f write and %.2f read system calls, %.2f Redis commands\n",
		float64(k.Mallocs)/n, float64(k.AllocBytes)/n/1024, float64(k.Writes)/n, float64(k.Reads)/n, float64(rcmd)/n)
	if trips := c.trips - before.trips; trips > 0 {
		commits := c.commits - before.commits
		fmt.Fprintf(w, "commits: %d in %d Redis round trips (%.2f a trip)\n", commits, trips, float64(commits)/float64(trips))
	}
}

// bankedFlags defines the banked games' flags on fs and returns what
// reads them, with the common ones (tables, players, duration) from o.
func bankedFlags(fs *flag.FlagSet) func(o load.Options) (rounds.Options, error) {
	var ro rounds.Options
	fs.IntVar(&ro.Bets, "bets", 5, "banked games: bets each player places a round")
	fs.IntVar(&ro.Batches, "batches", 1, "banked games: PlaceBets calls those bets are split into")
	fs.Float64Var(&ro.Spread, "spread", 0.6, "banked games: share of the betting window the placements are spread over")
	fs.DurationVar(&ro.Window, "window", 15*time.Second, "banked games: betting window")
	fs.DurationVar(&ro.Pause, "pause", 3*time.Second, "banked games: pause between rounds")
	source := fs.String("source", "rng", "banked games: where results come from: rng, or dealer (a dealer console of loadgen's reports each spin)")
	fs.StringVar(&ro.Profile, "profile", "cz", "banked games: rule profile (cz, ru)")
	fs.BoolVar(&ro.DoubleZero, "double-zero", false, "roulette: the 0/00 wheel")
	fs.IntVar(&ro.Warm, "warm", 1, "banked games: the first rounds left out of the latencies (every stream connects in the first)")
	fs.IntVar(&ro.PerBox, "per-box", 1, "blackjack: players betting on one box (the first owns it, the others bet behind)")
	fs.BoolVar(&ro.CloseWhenAllBet, "close-when-all-bet", false, "rng tables close their betting once every bot has bet")
	fs.DurationVar(&ro.Clock, "clock", 0, "blackjack: the decision clock (0: the table's default, 15s)")
	return func(o load.Options) (rounds.Options, error) {
		if *source != "rng" && *source != "dealer" {
			return ro, fmt.Errorf("-source %q: want rng or dealer", *source)
		}
		ro.Game, ro.Dealer = o.Game, *source == "dealer"
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		ro.Tables, ro.Players, ro.Duration = o.Tables, o.Players, o.Duration
		if !set["tables"] {
			ro.Tables = 1
		}
		if !set["players"] {
			ro.Players = 200
			if o.Game == "blackjack" {
				ro.Players = 7 * ro.PerBox
			} else if ro.CardGame() {
				ro.Players = 4 // a box each: the stud games have four
			}
		}
		return ro, nil
	}
}

// runBanked plays a banked game and prints its measurements; the last
// line is placements/s=<n> ack_p99_ms=<n> settle_max_ms=<n> rounds=<n> errors=<n>.
func runBanked(ctx context.Context, tg rounds.Target, o rounds.Options, cpuProfile string, stdout io.Writer) error {
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	res, err := rounds.Run(ctx, tg, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.Log, "tables=%d bots=%d placements=%d replayed=%d place_errors=%d stream_errors=%d failovers=%d rounds=%d "+
		"ack_p50_ms=%.2f ack_max_ms=%.2f settle_p50_ms=%.1f paid_p50_ms=%.1f paid_max_ms=%.1f load=%s\n",
		res.Tables, res.Bots, res.Placements, res.Replayed, res.PlaceErrors, res.StreamErrors, res.Failovers, res.Rounds,
		res.AckP50, res.AckMax, res.SettleP50, res.PaidP50, res.PaidMax, load.Average())
	fmt.Fprintf(stdout, "placements/s=%.0f ack_p99_ms=%.2f settle_max_ms=%.1f rounds=%d errors=%d\n",
		float64(res.Placements)/res.Elapsed.Seconds(), res.AckP99, res.SettleMax, res.Rounds, res.Errors)
	return nil
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
