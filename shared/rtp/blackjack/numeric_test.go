package blackjack

import "testing"

// numeric marks a test that only computes: one goroutine, dozens of full
// calculations. Under -race it is skipped, and `make test` runs this
// package again without -race (make banked-full), where it runs in full;
// the tests that share state across goroutines (Cached) still run under
// -race.
func numeric(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("numeric only: runs without -race in make test (make banked-full)")
	}
}
