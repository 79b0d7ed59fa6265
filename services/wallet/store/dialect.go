package store

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/croupier/croupier/services/wallet/ledger"
	"github.com/croupier/croupier/shared/apierr"
)

// dialect is what differs between PostgreSQL and SQLite. The queries
// themselves are shared: both take $n placeholders, ON CONFLICT and
// RETURNING, and the schema keeps times as integers.
type dialect struct {
	name string
	// forUpdate locks selected rows until commit. SQLite needs none: its
	// write transactions (BEGIN IMMEDIATE) are serialised as a whole.
	forUpdate string
	// fastTransfer: every write of one operation runs as one call of a
	// stored function (wallet_transfer_many, wallet_apply,
	// wallet_post_hold, wallet_release_hold): one round trip while account
	// locks are held. PostHolds, many operations at once, runs a few bulk
	// statements instead (postholds.go), on both databases.
	fastTransfer bool
	// serialWriters: writers take the store's mutex before BEGIN, so they
	// queue in the process instead of polling SQLite's busy timeout.
	serialWriters bool
	// arrayParams: a bulk statement's rows travel as one array parameter
	// per column, not as one JSON text (bulk.go).
	arrayParams bool
}

var (
	postgres = dialect{name: "postgresql", forUpdate: " FOR UPDATE", fastTransfer: true, arrayParams: true}
	sqliteDB = dialect{name: "sqlite", serialWriters: true}
)

// retryable reports whether a transaction failed only because of a
// concurrent one and may simply run again: PostgreSQL serialization
// failures and deadlocks, SQLite busy and locked.
func retryable(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "40001" || pe.Code == "40P01"
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return true
		}
	}
	return false
}

// translate turns database rejections into ledger errors. The database's
// CHECK constraints are the second line of defence behind the store's own
// balance checks, so a violation still reads INSUFFICIENT_FUNDS.
func translate(err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		id, _ := strconv.ParseInt(pe.Detail, 10, 64)
		switch pe.Code {
		case sqlInsufficientFunds:
			return ledger.ErrInsufficientFunds(id)
		case sqlNoAccount:
			return ledger.ErrAccountNotFound(id)
		case sqlCurrencyMismatch:
			return ledger.WithAccount(apierr.Invalid(ledger.ReasonCurrencyMismatch, "an account of the movement is in another currency"), id)
		case sqlNoHold:
			return ledger.ErrHoldNotFound(id)
		case sqlHoldNotPending:
			return ledger.WithHold(apierr.Precondition(ledger.ReasonHoldNotPending, "the hold is no longer pending"), id)
		case sqlHoldExpired:
			return ledger.WithHold(apierr.Precondition(ledger.ReasonHoldExpired, "the hold has expired"), id)
		case sqlPostExceedsHold:
			return ledger.WithHold(apierr.Invalid("AMOUNT_EXCEEDS_HOLD", "the amount exceeds the hold"), id)
		case "23514":
			if pe.ConstraintName == "accounts_funds_nonnegative" || pe.ConstraintName == "accounts_held_nonnegative" {
				return fmt.Errorf("%w (%s)", apierr.Precondition(ledger.ReasonInsufficientFunds, "the account to debit has insufficient available funds"), pe.ConstraintName)
			}
		case "23505":
			if pe.ConstraintName == "transfers_rake_per_hand" {
				return errRakePosted()
			}
		case "22003":
			return apierr.Invalid("AMOUNT_OUT_OF_RANGE", "a balance would overflow")
		}
		if strings.HasPrefix(pe.Code, "08") || strings.HasPrefix(pe.Code, "57P") {
			return unavailable(err)
		}
		return err
	}
	var ne net.Error
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &ne) {
		return unavailable(err)
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch {
		case se.Code() == sqlite3.SQLITE_CONSTRAINT_CHECK:
			return fmt.Errorf("%w (%v)", apierr.Precondition(ledger.ReasonInsufficientFunds, "the account to debit has insufficient available funds"), se)
		case se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE && strings.Contains(se.Error(), "transfers.table_id, transfers.hand_id"):
			return errRakePosted()
		}
	}
	return err
}

// unavailable marks a lost database connection: the operation may or may
// not have committed, and the caller retries with the same idempotency key.
func unavailable(err error) error {
	return fmt.Errorf("%w (%v)", apierr.Unavailable("DATABASE_UNAVAILABLE", "the ledger database connection failed; retry with the same idempotency key"), err)
}

func errRakePosted() error {
	return apierr.Conflict(ledger.ReasonRakePosted, "rake for this table and hand was already posted")
}
