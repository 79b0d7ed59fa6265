package casinopoker

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// simRounds: a standard error of about 0.0017 Antes (Casino Hold'em) and
// 0.0035 (Casino Texas Hold'em).
const simRounds = 2_000_000

// simSeed is fixed: the simulations are deterministic and cannot flake.
const simSeed = 20261202

// The pinned exact figures agree with a simulation of the same game that
// shares none of the enumeration's machinery (no showdown counts, no
// classes of suits): within 3.5 standard errors. A neighbouring game
// (the other hand rule; a straight's Blind pushed) simulated the same way
// lies more than 5 standard errors from the figure: the check can fail.
func TestSimulationAgreesWithExactFigures(t *testing.T) {
	numeric(t)
	ctx := context.Background()
	noStraight := CzechCasinoTexas() // a straight's Blind pushes instead of 1:1
	noStraight.Blind[banked.Straight] = 0
	for _, tc := range []struct {
		name         string
		exact, stake float64
		// sim simulates the game, or its neighbour
		sim func(neighbour bool) (SimResult, error)
	}{
		{"gr simple", greekSimpleNet, 1 + 2*greekSimpleCalls, func(neighbour bool) (SimResult, error) {
			r := GreekHoldem()
			if neighbour {
				r = RussianHoldem()
			}
			return SimulateHoldem(ctx, r, SimpleHoldem, simRounds, simSeed)
		}},
		{"ru simple", ruSimpleNet, 1 + 2*greekSimpleCalls, func(neighbour bool) (SimResult, error) {
			r := RussianHoldem()
			if neighbour {
				r = GreekHoldem()
			}
			return SimulateHoldem(ctx, r, SimpleHoldem, simRounds, simSeed+1)
		}},
		{"cz simple", czSimpleNet, czSimpleStake, func(neighbour bool) (SimResult, error) {
			r := CzechCasinoTexas()
			if neighbour {
				r = noStraight
			}
			return SimulateCasinoTexas(ctx, r, SimpleCasinoTexas(), simRounds, simSeed+2)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.sim(false)
			if err != nil {
				t.Fatal(err)
			}
			if z := s.Z(tc.exact); math.Abs(z) > 3.5 {
				t.Errorf("simulated %.5f ± %.5f, exact %.5f: %+.2f SE", s.Net, s.SE, tc.exact, z)
			}
			near(t, "stake", s.Stake, tc.stake, 0.005)
			n, err := tc.sim(true)
			if err != nil {
				t.Fatal(err)
			}
			if z := n.Z(tc.exact); math.Abs(z) < 5 {
				t.Errorf("the neighbour's simulation %.5f ± %.5f lies %+.2f SE from %.5f: the check cannot fail", n.Net, n.SE, z, tc.exact)
			}
		})
	}
}

// The result depends on the seed and the rounds only; under -race this
// checks the workers' sharing.
func TestSimulationIsDeterministic(t *testing.T) {
	ctx := context.Background()
	rounds := int64(3*simChunk + 17) // chunks over both workers, one short
	a, err := SimulateHoldem(ctx, GreekHoldem(), SimpleHoldem, rounds, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := SimulateHoldem(ctx, GreekHoldem(), SimpleHoldem, rounds, 7)
	c, _ := SimulateHoldem(ctx, GreekHoldem(), SimpleHoldem, rounds, 8)
	if a != b || a == c || a.Rounds != rounds {
		t.Errorf("seed 7 twice: %+v, %+v; seed 8: %+v", a, b, c)
	}
	if _, err := SimulateCasinoTexas(ctx, CzechCasinoTexas(), SimpleCasinoTexas(), 0, 1); !errors.Is(err, ErrNoRounds) {
		t.Errorf("no rounds: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := SimulateHoldem(cancelled, GreekHoldem(), SimpleHoldem, rounds, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := SimulateHoldem(ctx, HoldemRules{}, SimpleHoldem, rounds, 1); !errors.Is(err, ErrInvalidPaytable) {
		t.Errorf("no rules: %v", err)
	}
}

// A simulated round deals nine distinct cards.
func TestSimulationDealsDistinctCards(t *testing.T) {
	var bad atomic.Int64
	_, err := simulate(context.Background(), 3*simChunk, 3, func(d *[9]card.Card) (float64, float64) {
		if card.SetOf(d[:]...).Len() != 9 || !d[8].Valid() {
			bad.Add(1)
		}
		return 0, 1
	})
	if err != nil || bad.Load() != 0 {
		t.Errorf("%d rounds with a card twice (%v)", bad.Load(), err)
	}
}
