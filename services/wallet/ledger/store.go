package ledger

import (
	"context"
	"time"
)

// Store keeps the ledger. Every method is atomic: an operation is applied in
// full in one database transaction or not at all, and a rejected operation
// changes nothing. Implementations lock accounts in ascending id order so
// concurrent operations never deadlock, and they enforce the same balance
// rules as the core (checked again by the database's CHECK constraints).
type Store interface {
	// OpenAccount inserts a (zero-balance) account or returns the existing
	// one with the same kind, partner, owner and currency.
	OpenAccount(ctx context.Context, a Account) (Account, error)
	Account(ctx context.Context, id int64) (Account, error)
	Accounts(ctx context.Context, f AccountFilter) ([]Account, error)

	// Apply runs a transfer, a batch or a hold creation exactly once per
	// (scope, key). A second call with the same hash returns the first
	// result with Replayed set; with another hash it fails with ErrKeyReused.
	Apply(ctx context.Context, op Operation) (Result, error)
	// PostHold moves amount (<= the hold's amount) of a pending hold to its
	// credit account and releases the rest.
	PostHold(ctx context.Context, id, amount int64, now time.Time) (Hold, Transfer, bool, error)
	// PostHolds posts many holds, each named once, in one transaction:
	// each as PostHold would alone, in order, a refused one leaving nothing
	// of itself. The error is a failure of the whole call: nothing was
	// posted or, after a lost connection, some holds may have been, which
	// a retry answers as replayed.
	PostHolds(ctx context.Context, posts []HoldPost, now time.Time) ([]PostOutcome, error)
	// VoidHold releases a pending hold.
	VoidHold(ctx context.Context, id int64, now time.Time) (Hold, bool, error)
	// ExpireHolds releases up to limit pending holds that expired at or before now.
	ExpireHolds(ctx context.Context, now time.Time, limit int) (int, error)
	Hold(ctx context.Context, id int64) (Hold, error)

	Transfer(ctx context.Context, id int64) (Transfer, error)
	// Operation returns the result recorded for (scope, key).
	Operation(ctx context.Context, scope, key string) (Result, error)
	Entries(ctx context.Context, q EntryQuery) ([]Entry, error)

	Reconcile(ctx context.Context, currency string) (Reconciliation, error)
	Revenue(ctx context.Context, q RevenueQuery) ([]RevenueRow, error)
}

// EntryQuery selects a page of one account's statement, oldest first.
type EntryQuery struct {
	AccountID int64
	Kinds     []TransferKind
	// From is inclusive, To exclusive; zero = unbounded.
	From, To time.Time
	// After is the last entry id of the previous page.
	After int64
	Limit int
}

// Reconciliation is the outcome of the ledger-wide checks.
type Reconciliation struct {
	// Totals is the sum of all balances per currency; zero when balanced.
	Totals []CurrencyTotal
	// Mismatched accounts have a balance other than the sum of their entries.
	Mismatched []int64
	// HeldMismatched accounts have a held amount other than their pending holds.
	HeldMismatched []int64
	// Negative accounts may not be negative and are.
	Negative []int64
	Checked  int
}

// CurrencyTotal is the sum of every balance in one currency.
type CurrencyTotal struct {
	Currency string
	Sum      int64
}

// OK reports whether every check passed.
func (r Reconciliation) OK() bool {
	for _, t := range r.Totals {
		if t.Sum != 0 {
			return false
		}
	}
	return len(r.Mismatched) == 0 && len(r.HeldMismatched) == 0 && len(r.Negative) == 0
}

// RevenueQuery selects revenue transfers (rake, tournament fees) to sum.
type RevenueQuery struct {
	Currency string
	Kinds    []TransferKind
	TableID  string
	// From is inclusive, To exclusive; zero = unbounded.
	From, To time.Time
}

// RevenueRow is the revenue of one kind at one table or tournament on one UTC day.
type RevenueRow struct {
	Kind         TransferKind
	TableID      string
	TournamentID string
	Day          time.Time
	Amount       int64
	Hands        int64
	Transfers    int64
}
