//go:build integration

package ledger_test

import (
	"context"
	"os"
	"strconv"
	"testing"

	"go.opentelemetry.io/otel/metric"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/store"
)

func openPostgres(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), dbtest.Postgres(t), store.Options{MaxConns: 8})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestLedgerOnPostgres(t *testing.T) { runSuite(t, openPostgres) }

// TestConcurrentModelOnPostgres is the model test (32 goroutines) against
// the real PostgreSQL: full size (>= 100,000 operations) without the race
// detector (`make wallet-model-postgres`, part of `make integration`, whose
// -race run over every package leaves it out: the model runs under -race
// on SQLite in `make test`), a smaller run under -race when asked for.
func TestConcurrentModelOnPostgres(t *testing.T) {
	ops := postgresModelOps
	if v, err := strconv.Atoi(os.Getenv("CROUPIER_WALLET_MODEL_OPS")); err == nil && v > 0 {
		ops = v // a quicker run while developing; CI runs the full size
	}
	runModel(t, newEnv(t, openPostgresModel), ops)
}

func openPostgresModel(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), dbtest.Postgres(t), store.Options{MaxConns: 40})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openPostgresMetered(t *testing.T, meter metric.Meter) *store.Store {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), dbtest.Postgres(t), store.Options{MaxConns: 8, Meter: meter})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestMetricsOnPostgres(t *testing.T) { runMetrics(t, openPostgresMetered, "postgresql") }

func TestPostHoldsMetricsOnPostgres(t *testing.T) {
	runPostHoldsMetrics(t, openPostgresMetered, "postgresql")
}
