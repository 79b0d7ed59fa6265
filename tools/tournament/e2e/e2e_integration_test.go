//go:build integration

package e2e

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// A small tournament end to end against the real table service (on the real
// Redis), wallet and RNG and an in-process Temporal server, bots at every
// seat, the worker stopped and started again once during play: it
// completes, the ledger reconciles to the unit (every stake in the pool and
// paid out in prizes, the house holding exactly the fees, the players'
// money moved by exactly the fees). `make e2e-tournament` runs the
// 200-player version with three restarts.
func TestTournamentEndToEnd(t *testing.T) {
	addr := os.Getenv("CROUPIER_TEST_REDIS_ADDR")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	const n = 24
	rep, err := Run(context.Background(), Config{RedisAddr: addr, Entrants: n, Level: 10 * time.Second,
		// A worker stopped mid-activity (a balancing move) leaves the
		// activity to Temporal's heartbeat timeout, a minute, before it is
		// retried and the workflow moves on: a stall is a standstill well
		// past that (CI's run stopped at a 1-minute stall limit).
		Restarts: 1, RestartEvery: 3 * time.Second, RestartGap: time.Second, Timeout: 5 * time.Minute, Stall: 2 * time.Minute,
		// A failed run leaves its history, standings and tables here.
		DumpDir: os.Getenv("CROUPIER_E2E_DUMP"),
		// The services' warnings and errors, shown when the test fails.
		ServiceLog: newTestLog(t)})
	for _, p := range rep.Problems {
		t.Error(p)
	}
	for _, p := range rep.NoShowProblems {
		t.Error("no-show:", p)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("entrants=%d completed=%t restarts=%d payout_total=%d ledger_ok=%t moves=%d move_terms=%+v clocks asked %d, called %d wall=%s", rep.Entrants,
		rep.Completed, rep.Restarts, rep.PayoutTotal, rep.LedgerOK, rep.Moves, rep.MoveTerms, rep.ClocksAsked, rep.CalledClocks, rep.Wall.Round(time.Millisecond))
	if rep.CalledClocks == 0 {
		t.Fatalf("no called clock reached a hand's result (%d asked)", rep.ClocksAsked)
	}
	if !rep.Completed || !rep.LedgerOK || rep.Restarts != 1 {
		t.Fatalf("completed %t, ledger ok %t, restarts %d", rep.Completed, rep.LedgerOK, rep.Restarts)
	}
	if rep.Pool != n*10000 || rep.Commission != n*1000 || rep.PayoutTotal != rep.Pool {
		t.Fatalf("pool %d, commission %d, paid %d; want %d, %d, the pool", rep.Pool, rep.Commission, rep.PayoutTotal, n*10000, n*1000)
	}
}

// testLog writes to the test's log, which go test shows when it fails;
// what a goroutine of the platform writes once the test has ended is
// dropped (t.Log would panic).
type testLog struct {
	t    *testing.T
	mu   sync.Mutex
	over bool
}

func newTestLog(t *testing.T) *testLog {
	l := &testLog{t: t}
	t.Cleanup(func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.over = true
	})
	return l
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.over {
		l.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}
