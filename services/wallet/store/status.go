package store

// What PostgreSQL's stored functions answer (migrations/postgres/0002 to
// 0004). The numbers are the functions' contract with this package: the
// migrations are applied to live databases and never edited, so a change
// of meaning takes a new function, not a new number here.

// Statuses of wallet_transfer, wallet_transfer_many and wallet_apply
// (out_status). wallet_transfer and wallet_apply answer only the first
// three and raise the rest (see the SQLSTATEs below).
const (
	// statusApplied: applied by this call.
	statusApplied int16 = 0
	// statusReplayed: the key was used with this body; out_op is the
	// operation to answer with again.
	statusReplayed int16 = 1
	// statusKeyReused: the key was used with another body.
	statusKeyReused int16 = 2
	// statusInsufficientFunds: out_account may not give the amount
	// (wallet_transfer_many).
	statusInsufficientFunds int16 = 3
	// statusNoAccount: out_account does not exist (wallet_transfer_many).
	statusNoAccount int16 = 4
	// statusCurrencyMismatch: out_account is in another currency
	// (wallet_transfer_many).
	statusCurrencyMismatch int16 = 5
)

// Statuses of wallet_post_hold (out_status).
const (
	// postPosted: posted by this call; out_transfer is the new transfer.
	postPosted int16 = 0
	// postReplayed: already posted with this amount; out_transfer is the
	// first post's transfer.
	postReplayed int16 = 1
)

// Statuses of wallet_release_hold.
const (
	// releaseReleased: voided or expired by this call.
	releaseReleased int16 = 0
	// releaseReplayed: already voided (a void retried).
	releaseReplayed int16 = 1
	// releaseNotDue: nothing to do (the expiry of a hold that is settled
	// or not yet due).
	releaseNotDue int16 = 2
)

// SQLSTATEs the stored functions raise for a rejection; the error's
// DETAIL carries the account or hold id. translate turns them into ledger
// errors.
const (
	sqlInsufficientFunds = "WL001"
	sqlNoAccount         = "WL002"
	sqlCurrencyMismatch  = "WL003"
	sqlNoHold            = "WL004"
	sqlHoldNotPending    = "WL005"
	sqlHoldExpired       = "WL006"
	sqlPostExceedsHold   = "WL007"
)
