package ledger

import (
	"fmt"

	"github.com/croupier/croupier/shared/apierr"
)

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

// Refusals name no internal id (account, hold, transfer) in their
// message: a table or tournament passes a wallet refusal on to its player,
// who knows no account ids, and an escrow's or another partner's id is none
// of a partner's business (issue 11). The id travels beside the *Error, in
// the wrapping that apierr.Connect keeps for the logs (apierr.Detail) and
// never sends.
func withID(err *apierr.Error, what string, id int64) error {
	return fmt.Errorf("%w (%s %d)", err, what, id)
}

// WithAccount, WithHold and WithTransfer attach the id a refusal concerns,
// for the logs only.
func WithAccount(err *apierr.Error, id int64) error  { return withID(err, "account", id) }
func WithHold(err *apierr.Error, id int64) error     { return withID(err, "hold", id) }
func WithTransfer(err *apierr.Error, id int64) error { return withID(err, "transfer", id) }

// ErrInsufficientFunds builds the rejection of a movement that would take an
// account that may not go negative below zero (or below its held amount).
func ErrInsufficientFunds(account int64) error {
	return WithAccount(apierr.Precondition(ReasonInsufficientFunds, "the account to debit has insufficient available funds"), account)
}

// ErrKeyReused is the rejection of a known idempotency key with a new body.
func ErrKeyReused(key string) error {
	return apierr.Conflict(ReasonKeyReused, "idempotency key %q was used for a different request", key)
}

// ErrAccountNotFound is the rejection of an unknown account.
func ErrAccountNotFound(id int64) error {
	return WithAccount(apierr.NotFound(ReasonAccountNotFound, "no such account"), id)
}

// ErrCurrencyMismatch rejects a movement between accounts of other currencies.
func ErrCurrencyMismatch(id int64, want string) error {
	return WithAccount(apierr.Invalid(ReasonCurrencyMismatch, "an account of the movement is not in %s", want), id)
}

// ErrHoldNotFound rejects an unknown hold.
func ErrHoldNotFound(id int64) error {
	return WithHold(apierr.NotFound(ReasonHoldNotFound, "no such hold"), id)
}
