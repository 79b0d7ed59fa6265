package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// Both dialects ship the same numbered migrations, so a schema change made
// for one and forgotten for the other fails here. PostgreSQL has extra
// numbers only for its stored functions.
func TestMigrationsAreNumberedAndParallel(t *testing.T) {
	pg, err := (&Store{d: postgres}).migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	lite, err := (&Store{d: sqliteDB}).migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 || len(pg) < len(lite) {
		t.Fatalf("postgres %d migrations, sqlite %d", len(pg), len(lite))
	}
	inLite := map[string]bool{}
	for _, m := range lite {
		inLite[m.name] = true
	}
	inPG := map[string]bool{}
	for _, m := range pg {
		inPG[m.name] = true
		if !inLite[m.name] && (!strings.Contains(m.body, "CREATE FUNCTION") || strings.Contains(m.body, "CREATE TABLE") || strings.Contains(m.body, "INDEX")) {
			t.Errorf("postgres-only migration %s must only add functions", m.name)
		}
	}
	for _, m := range lite {
		if !inPG[m.name] {
			t.Errorf("sqlite migration %s has no postgres twin", m.name)
		}
	}
}

func TestSQLiteMigratesOnceAndReopens(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "w.db")
	for range 2 {
		s, err := OpenSQLite(ctx, path, Options{SQLiteSync: "NORMAL"})
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.SchemaVersion(ctx)
		if err != nil || v != 5 {
			t.Fatalf("schema version %d, %v", v, err)
		}
		var n int
		if err := s.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil || n != 2 {
			t.Fatalf("%d rows in schema_migrations, %v", n, err)
		}
		s.Close()
	}
	if _, err := OpenSQLite(ctx, path+"?mode=ro", Options{}); err == nil {
		t.Fatal("a path with DSN parameters was accepted")
	}
	if _, err := OpenSQLite(ctx, path, Options{SQLiteSync: "OFF"}); err == nil {
		t.Fatal("synchronous=OFF was accepted for a ledger")
	}
}
