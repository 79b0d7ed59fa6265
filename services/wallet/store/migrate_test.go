package store

import (
	"context"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/wallet/ledger"
)

// createsFunction finds a stored function's definition, new or replacing
// an earlier one (0006 replaces 0003's wallet_transfer_many).
var createsFunction = regexp.MustCompile(`CREATE (OR REPLACE )?FUNCTION`)

// Both dialects ship the same numbered migrations, so a schema change made
// for one and forgotten for the other fails here. PostgreSQL has extra
// numbers only for its stored functions and the triggers that run them
// (0007 checks the ledger's references with triggers instead of foreign
// keys; SQLite keeps its foreign keys).
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
		if !inLite[m.name] && (!createsFunction.MatchString(m.body) || strings.Contains(m.body, "CREATE TABLE") || strings.Contains(m.body, "INDEX")) {
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

// The database's rule of which accounts may go negative — the CHECK
// constraint accounts_funds_nonnegative and the stored functions' debit
// conditions, all written "kind IN (5, 6, 7)" — is ledger.Kind.MayGoNegative.
// A kind added to one and not the other fails here: a house kind without
// a migration would be refused by the database, a migration without the
// kind would let a player's account go negative on PostgreSQL.
func TestMigrationsMayGoNegativeIsTheLedgers(t *testing.T) {
	var want []int
	for k := math.MinInt16; k <= math.MaxInt16; k++ {
		if ledger.Kind(k).MayGoNegative() {
			want = append(want, k)
		}
	}
	for _, d := range []dialect{postgres, sqliteDB} {
		ms, err := (&Store{d: d}).migrationFiles()
		if err != nil {
			t.Fatal(err)
		}
		lists := kindLists(t, ms)
		if _, ok := lists["accounts_funds_nonnegative"]; !ok {
			t.Errorf("%s: no kind IN (...) list found in constraint accounts_funds_nonnegative", d.name)
		}
		for object, got := range lists {
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s allows negative balances for kinds %v; ledger.Kind.MayGoNegative for %v", d.name, object, got, want)
			}
		}
	}
}

var (
	// kindList is one "kind IN (...)" list of the migrations.
	kindList = regexp.MustCompile(`(?i)\bkind\s+IN\s*\(([^)]*)\)`)
	// sqlObject names what a list belongs to: the function or the
	// constraint defined before it.
	sqlObject = regexp.MustCompile(`(?i)\b(?:CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION|CONSTRAINT)\s+(\w+)`)
)

// kindLists returns the kinds each function or constraint lists, sorted.
// Migrations run in order, so an object a later migration defines again
// keeps only its latest lists: the older text no longer runs.
func kindLists(t *testing.T, ms []migration) map[string][]int {
	t.Helper()
	out := map[string][]int{}
	for _, m := range ms {
		redefined := map[string]bool{}
		for _, loc := range kindList.FindAllStringSubmatchIndex(m.body, -1) {
			objects := sqlObject.FindAllStringSubmatch(m.body[:loc[0]], -1)
			if len(objects) == 0 {
				t.Fatalf("%s: kind IN (...) at byte %d belongs to no function or constraint", m.name, loc[0])
			}
			object := objects[len(objects)-1][1]
			if !redefined[object] {
				redefined[object] = true
				delete(out, object)
			}
			var kinds []int
			for _, f := range strings.Split(m.body[loc[2]:loc[3]], ",") {
				k, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					t.Fatalf("%s: %s: kind list %q: %v", m.name, object, m.body[loc[0]:loc[1]], err)
				}
				kinds = append(kinds, k)
			}
			slices.Sort(kinds)
			if prev, ok := out[object]; ok && !slices.Equal(prev, kinds) {
				t.Errorf("%s: %s lists kinds %v and %v", m.name, object, prev, kinds)
			}
			out[object] = kinds
		}
	}
	return out
}
