// Command bjsim checks the exact blackjack return to player of
// shared/rtp/blackjack by Monte Carlo simulation: it plays rounds of a
// profile's rules (docs/rules/cz-blackjack.md, ru-blackjack.md), with any
// option changed, by the basic strategy the package derives, every round
// off a freshly shuffled shoe, on every CPU, and prints the simulated RTP
// with its standard error beside the exact figure.
//
//	go run ./tools/bjsim -profile cz -rounds 100000000 -seed 1
//	go run ./tools/bjsim -profile ru -surrender any
//
// The options default to the profile's; a flag given changes one. The
// result depends on the rules, -rounds and -seed only. docs/rtp-blackjack.md
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
	"strings"
	"syscall"
	"time"

	"github.com/croupier/croupier/shared/rtp/blackjack"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "bjsim:", err)
		}
		stop()
		os.Exit(2)
	}
}

// config is what the command line asks for.
type config struct {
	profile string
	rules   blackjack.Rules
	rounds  int64
	seed    uint64
	upCards bool
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parse(args, stderr)
	if err != nil {
		return err
	}
	exact, err := blackjack.Cached(cfg.rules)
	if err != nil {
		return err
	}
	start := time.Now()
	s, err := blackjack.Simulate(ctx, cfg.rules, cfg.rounds, cfg.seed)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "rules          %s: %s\n", cfg.profile, describe(cfg.rules))
	fmt.Fprintf(stdout, "rounds         %d (seed %d, a fresh shoe every round)\n", s.Rounds, cfg.seed)
	fmt.Fprintf(stdout, "simulated RTP  %.5f %% ± %.5f %% (1 SE)\n", 100*s.RTP, 100*s.SE)
	fmt.Fprintf(stdout, "exact RTP      %.5f %% (house edge %.5f %%)\n", 100*exact.RTP, 100*exact.HouseEdge)
	fmt.Fprintf(stdout, "difference     %+.5f %% = %+.2f SE\n", 100*(s.RTP-exact.RTP), s.Z(exact.RTP))
	fmt.Fprintf(stdout, "rate           %.2f M rounds/s (%.1f s on %d goroutines)\n",
		float64(s.Rounds)/elapsed.Seconds()/1e6, elapsed.Seconds(), runtime.GOMAXPROCS(0))
	if cfg.upCards {
		fmt.Fprintf(stdout, "up  %10s  %10s  %10s  %6s\n", "rounds", "simulated", "exact", "z")
		for i, u := range s.UpCards {
			e := exact.UpCards[i].EV
			fmt.Fprintf(stdout, "%-3s %10d  %+10.5f  %+10.5f  %+6.2f\n", upName(i), u.Rounds, u.EV, e, (u.EV-e)/u.SE)
		}
	}
	return nil
}

// parse reads the flags: a profile, then the options it changes.
func parse(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("bjsim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: bjsim -profile cz|ru [option flags] [-rounds N] [-seed N] [-upcards]")
		fmt.Fprintln(stderr, "The option flags change the profile's rules only when given; their defaults shown are not used otherwise.")
		fs.PrintDefaults()
	}
	profile := fs.String("profile", "cz", "rules profile: cz (docs/rules/cz-blackjack.md) or ru (docs/rules/ru-blackjack.md)")
	rounds := fs.Int64("rounds", 100_000_000, "rounds to simulate")
	seed := fs.Uint64("seed", 1, "seed of the simulation's PCG streams")
	upCards := fs.Bool("upcards", false, "print the figures by dealer up card too")
	// option flags: only those given change the profile's rules
	decks := fs.Int("decks", 0, "decks in the shoe, 1..8")
	h17 := fs.Bool("h17", false, "the dealer hits soft 17")
	loseAll := fs.Bool("lose-all", true, "a dealer blackjack takes double and split stakes too (false: original bet only, cz §10.1)")
	bjPays := fs.Float64("bj-pays", 1.5, "blackjack payout per unit")
	das := fs.Bool("das", true, "double after split")
	byRank := fs.Bool("split-by-rank", false, "split only equal ranks (ru N2)")
	maxHands := fs.Int("max-hands", 4, "hands a pair may be split into, 1..4")
	resplitAces := fs.Bool("resplit-aces", false, "a split ace may split again (cz §10.4)")
	surrender := fs.String("surrender", "", "none, not-ace or any (any: ru §3.31 manager's exception)")
	bonus := fs.Bool("777", false, "the 7-7-7 bonus (cz §6.6)")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	cfg := config{profile: *profile, rounds: *rounds, seed: *seed, upCards: *upCards}
	switch *profile {
	case "cz":
		cfg.rules = blackjack.CZ()
	case "ru":
		cfg.rules = blackjack.RU()
	default:
		return config{}, fmt.Errorf("-profile %q: want cz or ru", *profile)
	}
	var err error
	r := &cfg.rules
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "decks":
			r.Decks = *decks
		case "h17":
			r.DealerHitsSoft17 = *h17
		case "lose-all":
			r.LoseAllToBlackjack = *loseAll
		case "bj-pays":
			r.BlackjackPays = *bjPays
		case "das":
			r.DoubleAfterSplit = *das
		case "split-by-rank":
			r.SplitByRank = *byRank
		case "max-hands":
			r.MaxHands = *maxHands
		case "resplit-aces":
			r.ResplitAces = *resplitAces
		case "surrender":
			r.Surrender, err = surrenderRule(*surrender)
		case "777":
			r.Bonus777 = *bonus
		}
	})
	if err != nil {
		return config{}, err
	}
	if err := r.Validate(); err != nil {
		return config{}, err
	}
	if cfg.rounds < 1 {
		return config{}, fmt.Errorf("-rounds %d: want at least 1", cfg.rounds)
	}
	return cfg, nil
}

func surrenderRule(s string) (blackjack.SurrenderRule, error) {
	for _, r := range []blackjack.SurrenderRule{blackjack.NoSurrender, blackjack.SurrenderNotAce, blackjack.SurrenderAny} {
		if r.String() == s {
			return r, nil
		}
	}
	return 0, fmt.Errorf("-surrender %q: want none, not-ace or any", s)
}

// describe spells the rules out on one line.
func describe(r blackjack.Rules) string {
	parts := []string{fmt.Sprintf("%d decks", r.Decks), pick(r.DealerHitsSoft17, "H17", "S17")}
	parts = append(parts,
		pick(r.LoseAllToBlackjack, "dealer blackjack takes all", "original bet only"),
		fmt.Sprintf("blackjack pays %g", r.BlackjackPays),
		pick(r.DoubleAfterSplit, "DAS", "no DAS"),
		pick(r.SplitByRank, "split by rank", "split by value"),
		fmt.Sprintf("%d hands", r.MaxHands),
		pick(r.ResplitAces, "resplit aces", "no resplit aces"),
		"surrender "+r.Surrender.String(),
		pick(r.Bonus777, "7-7-7 bonus", "no 7-7-7"),
	)
	return strings.Join(parts, ", ")
}

func pick(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func upName(i int) string {
	switch i {
	case 8:
		return "T"
	case 9:
		return "A"
	}
	return fmt.Sprint(i + 2)
}
