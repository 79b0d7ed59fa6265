package ledger

import "github.com/croupier/croupier/shared/apierr"

// Reasons a partner can switch on (the ErrorInfo reason of a rejection).
const (
	ReasonInsufficientFunds = "INSUFFICIENT_FUNDS"
	ReasonKeyReused         = "IDEMPOTENCY_KEY_REUSED"
	ReasonAccountNotFound   = "ACCOUNT_NOT_FOUND"
	ReasonCurrencyMismatch  = "CURRENCY_MISMATCH"
	ReasonHoldNotFound      = "HOLD_NOT_FOUND"
	ReasonHoldNotPending    = "HOLD_NOT_PENDING"
	ReasonHoldExpired       = "HOLD_EXPIRED"
	ReasonTransferNotFound  = "TRANSFER_NOT_FOUND"
	ReasonForbidden         = "ACCOUNT_NOT_YOURS"
	ReasonOperationDenied   = "OPERATION_NOT_ALLOWED"
	ReasonRakePosted        = "RAKE_ALREADY_POSTED"
)

// ErrInsufficientFunds builds the rejection of a movement that would take an
// account that may not go negative below zero (or below its held amount).
func ErrInsufficientFunds(account int64) error {
	return apierr.Precondition(ReasonInsufficientFunds, "account %d has insufficient available funds", account)
}

// ErrKeyReused is the rejection of a known idempotency key with a new body.
func ErrKeyReused(key string) error {
	return apierr.Conflict(ReasonKeyReused, "idempotency key %q was used for a different request", key)
}

// ErrAccountNotFound is the rejection of an unknown account.
func ErrAccountNotFound(id int64) error {
	return apierr.NotFound(ReasonAccountNotFound, "account %d does not exist", id)
}

// ErrCurrencyMismatch rejects a movement between accounts of other currencies.
func ErrCurrencyMismatch(id int64, want string) error {
	return apierr.Invalid(ReasonCurrencyMismatch, "account %d is not in %s", id, want)
}

// ErrHoldNotFound rejects an unknown hold.
func ErrHoldNotFound(id int64) error {
	return apierr.NotFound(ReasonHoldNotFound, "hold %d does not exist", id)
}
