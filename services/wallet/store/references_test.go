//go:build integration

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/croupier/croupier/services/wallet/internal/dbtest"
	"github.com/croupier/croupier/services/wallet/ledger"
)

// The ledger's references on PostgreSQL are checked per statement
// (migration 0007) instead of by foreign keys. These are the refusals a
// foreign key would make, written as any client could write them, around
// the store: a row naming an id that is not there, and the deletion of a
// row that is named, at once and while the naming transaction is open.

// refTestDB returns a migrated scratch database with one transfer (from
// the cage to a player) and a handle on it from outside the store (a pool
// of two connections).
func refTestDB(t *testing.T) (dsn string, db *sql.DB, op, cage, player, transfer int64) {
	t.Helper()
	ctx := context.Background()
	dsn = dbtest.Postgres(t)
	s, err := OpenPostgres(ctx, dsn, Options{MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	l := ledger.New(s, ledger.Options{})
	in := ledger.Internal()
	c, err := l.OpenAccount(ctx, in, ledger.Account{Kind: ledger.KindExternal, OwnerID: "pa", PartnerID: "pa", Currency: "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.OpenAccount(ctx, in, ledger.Account{Kind: ledger.KindPlayer, OwnerID: "p1", PartnerID: "pa", Currency: "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Transfer(ctx, in, "dep", ledger.Leg{Debit: c.ID, Credit: p.ID, Amount: 500, Currency: "EUR", Kind: ledger.TransferDeposit}); err != nil {
		t.Fatal(err)
	}
	db = dbtest.AdminOn(t, dsn)
	if err := db.QueryRow(`SELECT id, operation_id FROM transfers`).Scan(&transfer, &op); err != nil {
		t.Fatal(err)
	}
	return dsn, db, op, c.ID, p.ID, transfer
}

// sqlState is err's SQLSTATE, or "" if it is none of PostgreSQL's.
func sqlState(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

const fkViolation = "23503"

func TestReferencesToMissingRowsAreRefused(t *testing.T) {
	_, db, op, cage, player, transfer := refTestDB(t)
	const missing = 1 << 40
	insertTransfer := func(op, debit, credit int64) string {
		return fmt.Sprintf(`INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind, created_at)
			VALUES (%d, %d, %d, 1, 'EUR', 1, 0)`, op, debit, credit)
	}
	insertHold := func(op, debit, credit int64) string {
		return fmt.Sprintf(`INSERT INTO holds (operation_id, debit_account_id, credit_account_id, amount, currency, kind, state, expires_at, created_at, updated_at)
			VALUES (%d, %d, %d, 1, 'EUR', 1, 1, 0, 0, 0)`, op, debit, credit)
	}
	insertEntry := func(account, transfer int64) string {
		return fmt.Sprintf(`INSERT INTO entries (account_id, counterparty_id, transfer_id, amount, balance_after, kind, created_at)
			VALUES (%d, 0, %d, 1, 1, 1, 0)`, account, transfer)
	}
	// What names existing rows is accepted.
	if _, err := db.Exec(insertHold(op, cage, player)); err != nil {
		t.Fatalf("a hold of existing rows: %v", err)
	}
	// rows counts the ledger's rows, which a refused statement leaves as
	// they were.
	rows := func(t *testing.T) int {
		t.Helper()
		var n int
		if err := db.QueryRow(`SELECT (SELECT count(*) FROM transfers) + (SELECT count(*) FROM entries) +
			(SELECT count(*) FROM holds) + (SELECT count(*) FROM accounts) + (SELECT count(*) FROM operations)`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct {
		name, stmt, want string
	}{
		{"transfer of a missing operation", insertTransfer(missing, cage, player), "operations"},
		{"transfer from a missing account", insertTransfer(op, missing, player), "accounts"},
		{"transfer to a missing account", insertTransfer(op, cage, missing), "accounts"},
		{"hold of a missing operation", insertHold(missing, cage, player), "operations"},
		{"hold to a missing account", insertHold(op, cage, missing), "accounts"},
		{"entry of a missing account", insertEntry(missing, transfer), "accounts"},
		{"entry of a missing transfer", insertEntry(player, missing), "transfers"},
		// One bad row among good ones refuses the whole statement.
		{"several rows, one bad", insertEntry(player, transfer) + fmt.Sprintf(", (%d, 0, %d, 1, 1, 1, 0)", cage, missing), "transfers"},
		{"renumbered account", fmt.Sprintf(`UPDATE accounts SET id = %d WHERE id = %d`, missing, player), "id"},
		{"renumbered operation", fmt.Sprintf(`UPDATE operations SET id = %d WHERE id = %d`, missing, op), "id"},
		{"a hold's account changed", fmt.Sprintf(`UPDATE holds SET credit_account_id = %d`, missing), ""},
		{"deleted account", fmt.Sprintf(`DELETE FROM accounts WHERE id = %d`, player), "accounts"},
		{"deleted operation of a transfer", fmt.Sprintf(`DELETE FROM operations WHERE id = %d`, op), "referenced"},
		{"truncated accounts", `TRUNCATE accounts CASCADE`, "accounts"},
		{"truncated operations", `TRUNCATE operations CASCADE`, "operations"},
		{"truncated transfers", `TRUNCATE transfers CASCADE`, "append-only"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := rows(t)
			_, err := db.Exec(c.stmt)
			if err == nil {
				t.Fatalf("%s: accepted", c.stmt)
			}
			if sqlState(err) != fkViolation && sqlState(err) != "WL009" {
				t.Fatalf("%s: %v (SQLSTATE %q), want a foreign key violation", c.stmt, err, sqlState(err))
			}
			if c.want != "" && !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v does not name %q", c.stmt, err, c.want)
			}
			if after := rows(t); after != before {
				t.Errorf("%s: rows %d → %d", c.stmt, before, after)
			}
		})
	}

	// An operation nothing names can go (the transfer functions drop the
	// keys of refused items).
	var lone int64
	if err := db.QueryRow(`INSERT INTO operations (scope, idem_key, body_hash, op, created_at) VALUES ('t', 'lone', '\x00', 1, 0) RETURNING id`).Scan(&lone); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM operations WHERE id = $1`, lone); err != nil {
		t.Fatalf("deleting an operation nothing names: %v", err)
	}
}

// A transaction that names an operation locks it as a foreign key does: a
// DELETE from another transaction waits for it, then sees the new row and
// is refused. Without the lock the DELETE would go through before the
// commit and leave a transfer naming nothing.
func TestDeleteWaitsForTheTransactionNamingTheRow(t *testing.T) {
	dsn, db, _, cage, player, _ := refTestDB(t)
	other := dbtest.AdminOn(t, dsn)
	ctx := context.Background()
	var op int64
	if err := db.QueryRow(`INSERT INTO operations (scope, idem_key, body_hash, op, created_at) VALUES ('t', 'k', '\x00', 1, 0) RETURNING id`).Scan(&op); err != nil {
		t.Fatal(err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO transfers (operation_id, debit_account_id, credit_account_id, amount, currency, kind, created_at)
		VALUES ($1, $2, $3, 1, 'EUR', 1, 0)`, op, cage, player); err != nil {
		t.Fatal(err)
	}
	var pid int
	if err := tx.QueryRow(`SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	deleted := make(chan error, 1)
	go func() {
		_, err := other.Exec(`DELETE FROM operations WHERE id = $1`, op)
		deleted <- err
	}()
	// The DELETE must be waiting on the inserting transaction's lock.
	deadline := time.Now().Add(10 * time.Second)
	for {
		var waiting bool
		if err := db.QueryRow(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid)))`, pid).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			break
		}
		select {
		case err := <-deleted:
			t.Fatalf("the DELETE did not wait for the transaction naming the operation: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the DELETE neither waited nor finished in 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-deleted; sqlState(err) != fkViolation {
		t.Fatalf("DELETE after the commit: %v, want a foreign key violation", err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM transfers t WHERE NOT EXISTS (SELECT 1 FROM operations o WHERE o.id = t.operation_id)`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d transfers name no operation (%v)", n, err)
	}
}
