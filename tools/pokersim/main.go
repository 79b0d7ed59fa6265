// Command pokersim computes the return to player of the house-banked
// casino poker games of shared/rtp/casinopoker exactly, and checks it by
// Monte Carlo simulation:
//
//	go run ./tools/pokersim -game cz-trips       # Trips, 133,784,560 hands
//	go run ./tools/pokersim -game gr-aa          # AA Bonus, 2,598,960 hands
//	go run ./tools/pokersim -game ru-bonus       # Bonus, 2,598,960 hands
//	go run ./tools/pokersim -game gr             # Casino Hold'em, exact
//	go run ./tools/pokersim -game ru -rounds 100000000
//	go run ./tools/pokersim -game cz -rounds 100000000 -seed 2
//
// The main games (gr, ru, cz) are computed exactly under the optimal
// strategy and the package's simple one; -rounds N also simulates the
// simple strategy N rounds and prints how far it lands from the exact
// figure. -paytable replaces the game's paytable (the Ante, the Blind, or
// the side bet's), in ParsePaytable's form. docs/rtp-casino-poker.md
// records the runs.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/croupier/croupier/shared/rtp/casinopoker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "pokersim:", err)
		}
		stop()
		os.Exit(2)
	}
}

// config is what the command line asks for.
type config struct {
	game     string
	paytable casinopoker.Paytable // nil: the spec's
	bestOf7  bool
	rounds   int64
	seed     uint64
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parse(args, stderr)
	if err != nil {
		return err
	}
	start := time.Now()
	switch cfg.game {
	case "cz-trips", "gr-aa", "ru-bonus":
		err = sideBet(cfg, stdout)
	case "gr", "ru":
		err = holdem(ctx, cfg, stdout)
	case "cz":
		err = casinoTexas(ctx, cfg, stdout)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wall time      %.1f s on %d CPUs\n", time.Since(start).Seconds(), runtime.GOMAXPROCS(0))
	return nil
}

func parse(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("pokersim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pokersim -game cz-trips|gr-aa|ru-bonus|gr|ru|cz [-paytable line=pays,...] [-best-of-seven] [-rounds N] [-seed N]")
		fs.PrintDefaults()
	}
	game := fs.String("game", "gr", "cz-trips, gr-aa, ru-bonus (side bets); gr, ru, cz (main games)")
	table := fs.String("paytable", "", "replace the game's paytable, e.g. royal_flush=100,...,high_card=1 (every line the bet needs)")
	bestOf7 := fs.Bool("best-of-seven", false, "ru: rank the best five of seven (ru-texas-holdem-casino.md N1 alternative)")
	rounds := fs.Int64("rounds", 0, "main games: also simulate the simple strategy this many rounds")
	seed := fs.Uint64("seed", 1, "seed of the simulation's PCG streams")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	cfg := config{game: *game, bestOf7: *bestOf7, rounds: *rounds, seed: *seed}
	switch cfg.game {
	case "cz-trips", "gr-aa", "ru-bonus", "gr", "ru", "cz":
	default:
		return config{}, fmt.Errorf("-game %q: want cz-trips, gr-aa, ru-bonus, gr, ru or cz", cfg.game)
	}
	if *table != "" {
		p, err := casinopoker.ParsePaytable(*table)
		if err != nil {
			return config{}, err
		}
		cfg.paytable = p
	}
	if cfg.rounds < 0 {
		return config{}, fmt.Errorf("-rounds %d: want 0 or more", cfg.rounds)
	}
	return cfg, nil
}

func sideBet(cfg config, out io.Writer) error {
	var res casinopoker.SideBet
	var err error
	switch cfg.game {
	case "cz-trips":
		res, err = casinopoker.Trips(or(cfg.paytable, casinopoker.CzechTrips()))
	case "gr-aa":
		res, err = casinopoker.AABonus(or(cfg.paytable, casinopoker.GreekAABonus()))
	case "ru-bonus":
		res, err = casinopoker.HoldemBonus(or(cfg.paytable, casinopoker.RussianBonus()))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "bet            %s, paytable %s\n", cfg.game, res.Paytable)
	fmt.Fprintf(out, "hands          %d, every one\n", res.Hands)
	for _, l := range []string{"royal_flush", "straight_flush", "quads", "full_house", "flush", "straight", "trips",
		"flush_or_better", "pair_of_aces_to_straight", "pair_of_aces_or_better"} {
		for line, n := range res.Wins {
			if string(line) == l {
				fmt.Fprintf(out, "  %-26s %12d\n", l, n)
			}
		}
	}
	fmt.Fprintf(out, "exact RTP      %.6f %% (house edge %.6f %%)\n", 100*res.RTP, 100*(1-res.RTP))
	return nil
}

func holdem(ctx context.Context, cfg config, out io.Writer) error {
	r := casinopoker.GreekHoldem()
	if cfg.game == "ru" {
		r = casinopoker.RussianHoldem()
		if cfg.bestOf7 {
			r.Eval = casinopoker.BestOfSeven
		}
	}
	r.Ante = or(cfg.paytable, r.Ante)
	res, err := casinopoker.ComputeHoldem(ctx, r)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "game           %s: %s, dealer qualifies with %v, Ante paytable %s\n", cfg.game, r.Eval, r.Qualifier, r.Ante)
	fmt.Fprintf(out, "exact          every (hole, flop) up to the suits, every turn, river and dealer holding (%.1f s)\n", res.Elapsed.Seconds())
	printReturn(out, "optimal", res.Optimal)
	printReturn(out, "simple", res.Simple)
	printReturn(out, "always call", res.AlwaysCall)
	if cfg.game == "gr" {
		aa := casinopoker.GreekAABonus()
		for _, s := range []struct {
			name string
			s    casinopoker.HoldemStrategy
		}{{"optimal", res.OptimalCall}, {"simple", casinopoker.SimpleHoldem}} {
			x, err := res.AABonus(aa, s.s)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "AA Bonus RTP   %.4f %% under the %s strategy (a fold forfeits it)\n", 100*x, s.name)
		}
		forced := casinopoker.CallingAABonusWins(res.OptimalCall)
		printReturn(out, "optimal, calling every AA Bonus win", res.Play(forced))
		x, err := res.AABonus(aa, forced)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "AA Bonus RTP   %.4f %% calling every AA Bonus win\n", 100*x)
	}
	if cfg.rounds > 0 {
		s, err := casinopoker.SimulateHoldem(ctx, r, casinopoker.SimpleHoldem, cfg.rounds, cfg.seed)
		if err != nil {
			return err
		}
		printSim(out, s, res.Simple, cfg.seed)
	}
	return nil
}

func casinoTexas(ctx context.Context, cfg config, out io.Writer) error {
	r := casinopoker.CzechCasinoTexas()
	r.Blind = or(cfg.paytable, r.Blind)
	res, err := casinopoker.ComputeCasinoTexas(ctx, r, casinopoker.SimpleCasinoTexas())
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "game           cz: best five of seven, dealer qualifies with %v, Blind paytable %s\n", r.Qualifier, r.Blind)
	fmt.Fprintf(out, "exact          every hole, flop, turn and river up to the suits, every dealer holding; the dealer's up card unused (%.1f s)\n", res.Elapsed.Seconds())
	for _, x := range []struct {
		name string
		t    casinopoker.TexasReturn
	}{{"optimal", res.Optimal}, {"simple", res.Strategy}} {
		printReturn(out, x.name, x.t.Return)
		fmt.Fprintf(out, "  plays        4× %.4f, 2× %.4f, 1× %.4f, folds %.4f\n", x.t.Preflop, x.t.Flop, x.t.River, x.t.Fold)
	}
	fmt.Fprintf(out, "optimal 4×     %d of the 169 starting hands\n", len(res.PreflopChart))
	if cfg.rounds > 0 {
		s, err := casinopoker.SimulateCasinoTexas(ctx, r, casinopoker.SimpleCasinoTexas(), cfg.rounds, cfg.seed)
		if err != nil {
			return err
		}
		printSim(out, s, res.Strategy.Return, cfg.seed)
	}
	return nil
}

func printReturn(out io.Writer, name string, r casinopoker.Return) {
	fmt.Fprintf(out, "%-14s RTP %.4f %% per Ante (house edge %.4f %%), %.4f %% per total stake; plays %.4f, stake %.4f Antes\n",
		name, 100*r.PerAnte, -100*r.Net, 100*r.PerStake, r.CallRate, r.Stake)
}

func printSim(out io.Writer, s casinopoker.SimResult, exact casinopoker.Return, seed uint64) {
	fmt.Fprintf(out, "simulated      simple strategy, %d rounds (seed %d): RTP %.4f %% ± %.4f %% per Ante, %.4f %% per total stake\n",
		s.Rounds, seed, 100*s.PerAnte(), 100*s.SE, 100*s.PerStake())
	fmt.Fprintf(out, "difference     %+.4f %% = %+.2f SE from the exact %.4f %%\n", 100*(s.Net-exact.Net), s.Z(exact.Net), 100*exact.PerAnte)
}

func or(p, def casinopoker.Paytable) casinopoker.Paytable {
	if p != nil {
		return p
	}
	return def
}
