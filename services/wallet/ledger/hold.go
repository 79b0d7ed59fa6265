package ledger

import "time"

// HoldState is where a hold is in its life. Values are the proto HoldState numbers.
type HoldState int16

// Hold states: pending, then exactly one of posted, voided or expired.
const (
	HoldPending HoldState = 1
	HoldPosted  HoldState = 2
	HoldVoided  HoldState = 3
	HoldExpired HoldState = 4
)

// Hold reserves money on its debit account until it is posted (moved to the
// credit account, fully or partly), voided or expired. While pending, its
// amount counts in the debit account's Held and is not available.
type Hold struct {
	ID          int64
	OperationID int64
	Key         string
	Leg
	State        HoldState
	ExpiresAt    time.Time
	PostedAmount int64
	TransferID   int64
	CreatedAt    time.Time
}
