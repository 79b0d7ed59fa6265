package ledger

import (
	"context"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/ident"
)

// Reconcile runs the ledger-wide checks.
func (l *Ledger) Reconcile(ctx context.Context, c Caller, currency string) (r Reconciliation, err error) {
	defer func() { l.m.reconciledRun(ctx, r, err) }()
	if err := c.mustBeInternal("reconciliation"); err != nil {
		return Reconciliation{}, err
	}
	if currency != "" && !currencyPattern.MatchString(currency) {
		return Reconciliation{}, apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", currency)
	}
	return l.store.Reconcile(ctx, currency)
}

// EscrowCheck is the comparison of an escrow balance with the chips counted at a table.
type EscrowCheck struct {
	Account  Account
	Expected int64
}

// Matches reports whether the escrow holds exactly the chips at the table.
func (e EscrowCheck) Matches() bool { return e.Account.Balance == e.Expected }

// CheckEscrow compares the escrow of table (kind TABLE_ESCROW or
// ROUND_ESCROW) in currency with the chips the table service counts there.
// A table with no escrow account has a balance of zero.
func (l *Ledger) CheckEscrow(ctx context.Context, c Caller, kind Kind, table, currency string, expected int64) (EscrowCheck, error) {
	if err := c.mustBeInternal("an escrow check"); err != nil {
		return EscrowCheck{}, err
	}
	if kind == 0 {
		kind = KindTableEscrow
	}
	if kind != KindTableEscrow && kind != KindRoundEscrow {
		return EscrowCheck{}, apierr.Invalid("INVALID_ACCOUNT_KIND", "escrow kind is TABLE_ESCROW or ROUND_ESCROW")
	}
	if !ident.ID(table) {
		return EscrowCheck{}, apierr.Invalid("INVALID_OWNER", "table id is required")
	}
	if !currencyPattern.MatchString(currency) {
		return EscrowCheck{}, apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", currency)
	}
	if expected < 0 {
		return EscrowCheck{}, apierr.Invalid("INVALID_AMOUNT", "expected chips cannot be negative")
	}
	as, err := l.store.Accounts(ctx, AccountFilter{Kind: kind, OwnerID: table, PartnerSet: true, Currency: currency, Limit: 1})
	if err != nil {
		return EscrowCheck{}, err
	}
	out := EscrowCheck{Expected: expected, Account: Account{Kind: kind, OwnerID: table, Currency: currency}}
	if len(as) == 1 {
		out.Account = as[0]
	}
	return out, nil
}

// RakeReport sums revenue per table or tournament and per UTC day.
func (l *Ledger) RakeReport(ctx context.Context, c Caller, q RevenueQuery) ([]RevenueRow, error) {
	if err := c.mustBeInternal("the rake report"); err != nil {
		return nil, err
	}
	if err := ValidateRevenue(q); err != nil {
		return nil, err
	}
	if len(q.Kinds) == 0 {
		q.Kinds = []TransferKind{TransferRake}
	}
	return l.store.Revenue(ctx, q)
}

// ValidateRevenue checks a rake report request.
func ValidateRevenue(q RevenueQuery) error {
	if !currencyPattern.MatchString(q.Currency) {
		return apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", q.Currency)
	}
	for _, k := range q.Kinds {
		if !k.Valid() {
			return apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", k)
		}
	}
	if q.TableID != "" && !ident.ID(q.TableID) {
		return apierr.Invalid("INVALID_OWNER", "table id must be 1-%d printable ASCII characters", ident.MaxID)
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		return apierr.Invalid("INVALID_TIME_RANGE", "from must be before to")
	}
	return nil
}
