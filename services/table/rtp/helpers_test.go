package rtp

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/croupier/croupier/services/table/house"
)

// exactEnv asks for the long recomputations of the precomputed figures
// (make rtp-agreement), as shared/rtp/casinopoker's tests do.
const exactEnv = "CROUPIER_RTP_EXACT"

// numeric skips a test that only computes under the race detector: it
// runs without it in make banked-full.
func numeric(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("numeric only: runs without -race in make banked-full")
	}
}

// slow skips a recomputation that takes minutes unless exactEnv is set.
func slow(t *testing.T) {
	t.Helper()
	numeric(t)
	if os.Getenv(exactEnv) == "" {
		t.Skipf("recomputes a precomputed figure: set %s=1 (make rtp-agreement)", exactEnv)
	}
}

// near fails unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s: %.12f, want %.12f", what, got, want)
	}
}

// price prices a configuration, failing the test on an error.
func price(t *testing.T, c *house.Config, o Options) house.Returns {
	t.Helper()
	r, err := Price(context.Background(), c, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// bet is the first return of the bet name found by method ("" for any).
func bet(t *testing.T, r house.Returns, name string, method house.Method) house.Return {
	t.Helper()
	for _, b := range r.Bets {
		if b.Bet == name && (method == "" || b.Method == method) {
			return b
		}
	}
	t.Fatalf("no %s return (%s) in %+v", name, method, r.Bets)
	return house.Return{}
}
