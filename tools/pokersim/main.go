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
//	go run ./tools/pokersim -game stud-royal-bonus  # Royal Bonus, 2,598,960 hands
//	go run ./tools/pokersim -game oasis -rounds 100000000 [-buy]
//	go run ./tools/pokersim -game russian -rounds 100000000 [-buy]
//	go run ./tools/pokersim -game split -rounds 100000000
//
// The main games (gr, ru, cz) are computed exactly under the optimal
// strategy and the package's simple one; -rounds N also simulates the
// simple strategy N rounds and prints how far it lands from the exact
// figure. -paytable replaces the game's paytable (the Ante, the Blind, or
// the side bet's), in ParsePaytable's form. docs/rtp-casino-poker.md
// records the runs.
//
// The stud games (oasis, russian, split) are those of
// shared/rtp/studpoker, with the paytables their engines ship: Oasis and
// Russian poker never buying the dealer's game exactly, and with -rounds
// N simulated; -buy simulates buying it by the numbers instead; Split
// poker is simulated only. stud-royal-bonus is their Royal Bonus, exact,
// on Split poker's placeholder table (Oasis and Russian poker ship none)
// under -reading literal or kings.
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

	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/casinopoker"
	"github.com/croupier/croupier/shared/rtp/studpoker"
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
	buy      bool                  // the stud games: buy the dealer's game by the numbers
	reading  banked.RoyalBonusRule // stud-royal-bonus
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
	case "oasis", "russian", "split":
		err = stud(ctx, cfg, stdout)
	case "stud-royal-bonus":
		err = studRoyalBonus(cfg, stdout)
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
		fmt.Fprintln(stderr, "usage: pokersim -game cz-trips|gr-aa|ru-bonus|gr|ru|cz|oasis|russian|split|stud-royal-bonus [-paytable line=pays,...] [-best-of-seven] [-buy] [-reading literal|kings] [-rounds N] [-seed N]")
		fs.PrintDefaults()
	}
	game := fs.String("game", "gr", "cz-trips, gr-aa, ru-bonus, stud-royal-bonus (side bets); gr, ru, cz, oasis, russian, split (main games)")
	table := fs.String("paytable", "", "replace the game's paytable, e.g. royal_flush=100,...,high_card=1 (every line the bet needs)")
	bestOf7 := fs.Bool("best-of-seven", false, "ru: rank the best five of seven (ru-texas-holdem-casino.md N1 alternative)")
	rounds := fs.Int64("rounds", 0, "main games: also simulate the simple strategy this many rounds")
	seed := fs.Uint64("seed", 1, "seed of the simulation's PCG streams")
	buy := fs.Bool("buy", false, "oasis, russian: simulate buying the dealer's game by the numbers (else never)")
	reading := fs.String("reading", "literal", "stud-royal-bonus: literal or kings (a pair of kings or better)")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	cfg := config{game: *game, bestOf7: *bestOf7, rounds: *rounds, seed: *seed, buy: *buy}
	switch cfg.game {
	case "cz-trips", "gr-aa", "ru-bonus", "gr", "ru", "cz", "oasis", "russian", "split", "stud-royal-bonus":
	default:
		return config{}, fmt.Errorf("-game %q: want cz-trips, gr-aa, ru-bonus, gr, ru, cz, oasis, russian, split or stud-royal-bonus", cfg.game)
	}
	switch *reading {
	case "literal":
		cfg.reading = banked.RoyalBonusLiteral
	case "kings":
		cfg.reading = banked.RoyalBonusPairOfKingsOrBetter
	default:
		return config{}, fmt.Errorf("-reading %q: want literal or kings", *reading)
	}
	if cfg.buy && cfg.game != "oasis" && cfg.game != "russian" {
		return config{}, fmt.Errorf("-buy: oasis or russian only")
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

// stud prices Oasis, Russian or Split poker (studpoker).
func stud(ctx context.Context, cfg config, out io.Writer) error {
	r := map[string]studpoker.Rules{"oasis": studpoker.OasisRules(), "russian": studpoker.RussianRules(), "split": studpoker.SplitRules()}[cfg.game]
	if cfg.paytable != nil {
		p, err := whole(cfg.paytable)
		if err != nil {
			return err
		}
		r.Pays = p
	}
	if err := r.Validate(); err != nil {
		return err
	}
	fmt.Fprintf(out, "game           %s, paytable %s\n", cfg.game, r.Pays)
	var exact *studpoker.Exact
	if r.Game != studpoker.Split {
		e, err := studpoker.ComputeExact(ctx, r)
		if err != nil {
			return err
		}
		exact = &e
		fmt.Fprintf(out, "exact          never buying: every player five against every dealer five (%.1f s)\n", e.Elapsed.Seconds())
		fmt.Fprintf(out, "%-14s RTP %.4f %% per Ante (house edge %.4f %%), %.4f %% per total stake; plays %.4f, stake %.4f Antes; net %d / %d\n",
			"never buy", 100*e.PerAnte(), -100*e.Net(), 100*e.PerStake(), e.Plays, e.Stake(), e.Num, e.Den)
	}
	if cfg.buy {
		r.Buy = studpoker.BuyByNumbers
	}
	if cfg.rounds > 0 {
		s, err := studpoker.Simulate(ctx, r, cfg.rounds, cfg.seed)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "simulated      %s, %d rounds (seed %d): RTP %.4f %% ± %.4f %% per Ante, %.4f %% per total stake; plays %.4f, buys %.4f, stake %.4f Antes; net %d\n",
			r.Buy, s.Rounds, cfg.seed, 100*s.PerAnte(), 100*s.SE, 100*s.PerStake(), s.Plays, s.Buys, s.Stake, s.Sum)
		if exact != nil && !cfg.buy {
			fmt.Fprintf(out, "difference     %+.4f %% = %+.2f SE from the exact %.4f %%\n", 100*(s.Net-exact.Net()), s.Z(exact.Net()), 100*exact.PerAnte())
		}
	}
	return nil
}

// studRoyalBonus prices the stud games' Royal Bonus.
func studRoyalBonus(cfg config, out io.Writer) error {
	p := studpoker.SplitRoyalBonus()
	if cfg.paytable != nil {
		var err error
		if p, err = whole(cfg.paytable); err != nil {
			return err
		}
	}
	res, err := studpoker.RoyalBonus(p, cfg.reading)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "bet            stud-royal-bonus (reading %v), paytable %s\n", map[banked.RoyalBonusRule]string{banked.RoyalBonusLiteral: "literal", banked.RoyalBonusPairOfKingsOrBetter: "kings"}[cfg.reading], p)
	fmt.Fprintf(out, "hands          %d, every one\n", res.Hands)
	for _, l := range []banked.Line{banked.RoyalFlush, banked.StraightFlush, banked.Quads, banked.FullHouse, banked.Flush,
		banked.Straight, banked.Trips, banked.TwoPair, banked.Pair} {
		fmt.Fprintf(out, "  %-26s %12d\n", l, res.Wins[l])
	}
	fmt.Fprintf(out, "exact RTP      %.6f %% (house edge %.6f %%)\n", 100*res.RTP, 100*(1-res.RTP))
	return nil
}

// whole is a paytable of whole multiples, as the stud games' are.
func whole(p casinopoker.Paytable) (studpoker.Paytable, error) {
	w := studpoker.Paytable{}
	for l, x := range p {
		if x != float64(int64(x)) {
			return nil, fmt.Errorf("-paytable: %s pays %v: the stud games pay whole multiples", l, x)
		}
		w[l] = int64(x)
	}
	return w, nil
}

func or(p, def casinopoker.Paytable) casinopoker.Paytable {
	if p != nil {
		return p
	}
	return def
}
