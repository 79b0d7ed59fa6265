package casinopoker

import (
	"context"
	"math"
	"os"
	"sync"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// numeric marks a test that only computes (an enumeration of millions of
// hands). Under -race it is skipped; `make test` runs shared/rtp again
// without -race (make banked-full), where it runs in full. The tests of
// what the workers share (the tables, the simulations' chunks) run small
// under -race too.
func numeric(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("numeric only: runs without -race in make test (make banked-full)")
	}
}

// exactEnv switches on the exact main-game runs that take a minute or
// more (Casino Texas Hold'em, Texas Hold'em vs casino): their figures are
// pinned as constants that the fast tests check by simulation.
const exactEnv = "CROUPIER_RTP_EXACT"

// slow marks a test that recomputes a pinned figure exactly.
func slow(t *testing.T) {
	t.Helper()
	numeric(t)
	if os.Getenv(exactEnv) == "" {
		t.Skipf("exact recomputation: set %s=1 (about a minute of two cores each)", exactEnv)
	}
}

// near fails unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10f, want %.10f (±%g)", what, got, want, tol)
	}
}

// cards parses a space-separated list of cards.
func cards(t *testing.T, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseString(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return cs
}

var greek struct {
	once sync.Once
	res  *HoldemResult
	err  error
}

// greekResult computes gr-casino-holdem.md once per test binary.
func greekResult(t *testing.T) *HoldemResult {
	t.Helper()
	greek.once.Do(func() { greek.res, greek.err = ComputeHoldem(context.Background(), GreekHoldem()) })
	if greek.err != nil {
		t.Fatal(greek.err)
	}
	return greek.res
}
