package rtp

import (
	"context"
	"testing"

	"github.com/croupier/croupier/shared/rtp/casinopoker"
	"github.com/croupier/croupier/shared/rtp/studpoker"
)

// The precomputed figures (figures.go) are the calculators' own: each is
// recomputed here, the short ones in every run, the long ones with
// CROUPIER_RTP_EXACT=1 (make rtp-agreement).

// figureTolerance: the exact sums are of whole eighths; the last digits
// move with the order of floating-point additions only.
const figureTolerance = 1e-9

// Casino Hold'em (gr-casino-holdem.md; ru-texas-holdem-casino.md's
// default), by ComputeHoldem: 10 to 35 s of two cores each.
func TestHoldemFiguresAreComputeHoldems(t *testing.T) {
	slow(t)
	for _, r := range []casinopoker.HoldemRules{casinopoker.GreekHoldem(), casinopoker.RussianHoldem()} {
		res, err := casinopoker.ComputeHoldem(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		k := holdemKey(r)
		t.Logf("%s: optimal net %.12f calls %.12f stake %.12f; simple net %.12f calls %.12f stake %.12f (%.1f s)", k,
			res.Optimal.Net, res.Optimal.CallRate, res.Optimal.Stake, res.Simple.Net, res.Simple.CallRate, res.Simple.Stake, res.Elapsed.Seconds())
		f := holdemFigures[k]
		near(t, k+" optimal net", f.optimal.net, res.Optimal.Net, figureTolerance)
		near(t, k+" optimal stake", f.optimal.stake, res.Optimal.Stake, figureTolerance)
		near(t, k+" simple net", f.simple.net, res.Simple.Net, figureTolerance)
		near(t, k+" simple stake", f.simple.stake, res.Simple.Stake, figureTolerance)
	}
}

// Casino Texas Hold'em (cz-casino-texas-holdem.md), by ComputeCasinoTexas
// with the simple strategy: one and a half to six minutes.
func TestTexasFiguresAreComputeCasinoTexass(t *testing.T) {
	slow(t)
	r := casinopoker.CzechCasinoTexas()
	res, err := casinopoker.ComputeCasinoTexas(context.Background(), r, casinopoker.SimpleCasinoTexas())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cz: optimal net %.12f stake %.12f; simple net %.12f stake %.12f (%.1f s)",
		res.Optimal.Net, res.Optimal.Stake, res.Strategy.Net, res.Strategy.Stake, res.Elapsed.Seconds())
	f := texasFigures[r.Blind.String()]
	near(t, "optimal net", f.optimal.net, res.Optimal.Net, figureTolerance)
	near(t, "optimal stake", f.optimal.stake, res.Optimal.Stake, figureTolerance)
	near(t, "simple net", f.simple.net, res.Strategy.Net, figureTolerance)
	near(t, "simple stake", f.simple.stake, res.Strategy.Stake, figureTolerance)
}

// Oasis and Russian poker never buying, exactly (ComputeExact: about 3 s
// of one core and 0.2 GB each).
func TestStudNeverBuyFiguresAreComputeExacts(t *testing.T) {
	numeric(t)
	for _, g := range []studpoker.Game{studpoker.Oasis, studpoker.Russian} {
		r := studpoker.Rules{Game: g, Pays: studpoker.PlaceholderBet(), Buy: studpoker.NeverBuy}
		e, err := studpoker.ComputeExact(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s never buying: net %d / %d, plays %.12f, stake %.12f", g, e.Num, e.Den, e.Plays, e.Stake())
		f := studFigures[studKey(g, r.Pays)].never
		if f.num != e.Num || f.den != e.Den {
			t.Errorf("%s never buying: net %d / %d, computed %d / %d", g, f.num, f.den, e.Num, e.Den)
		}
		near(t, g.String()+" never buying: net", f.net, e.Net(), 1e-15)
		near(t, g.String()+" never buying: stake", f.stake, e.Stake(), figureTolerance)
	}
}

// The stud games' simulations, 10^8 rounds each as seeded: the same sum
// of nets to the Ante (a minute or two of two cores each).
func TestStudSimulatedFiguresAreSimulates(t *testing.T) {
	slow(t)
	for _, c := range []struct {
		r    studpoker.Rules
		seed uint64
	}{
		{studpoker.Rules{Game: studpoker.Oasis, Pays: studpoker.PlaceholderBet(), Buy: studpoker.BuyByNumbers}, oasisSeed},
		{studpoker.Rules{Game: studpoker.Russian, Pays: studpoker.PlaceholderBet(), Buy: studpoker.BuyByNumbers}, russianSeed},
		{studpoker.Rules{Game: studpoker.Split, Pays: studpoker.SplitPays()}, splitSeed},
	} {
		s, err := studpoker.Simulate(context.Background(), c.r, studRounds, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s (%s), %d rounds seed %d: sum %d net %.12f ± %.12f, stake %.12f; per Ante %.6f %%, per total stake %.6f %%",
			c.r.Game, c.r.Buy, s.Rounds, c.seed, s.Sum, s.Net, s.SE, s.Stake, 100*s.PerAnte(), 100*s.PerStake())
		f := studFigures[studKey(c.r.Game, c.r.Pays)].buy
		if f.sum != s.Sum || f.rounds != s.Rounds {
			t.Errorf("%s: sum %d over %d rounds, simulated %d over %d", c.r.Game, f.sum, f.rounds, s.Sum, s.Rounds)
		}
		near(t, c.r.Game.String()+" SE", f.se, s.SE, 1e-12)
		near(t, c.r.Game.String()+" stake", f.stake, s.Stake, 1e-12)
	}
}
