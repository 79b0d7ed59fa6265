package ledger_test

import (
	"context"
	"testing"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/store"
)

func openSQLite(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), dbtest.SQLite(t), store.Options{SQLiteSync: "NORMAL"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestLedgerOnSQLite(t *testing.T) { runSuite(t, openSQLite) }
