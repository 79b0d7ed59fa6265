package ledger

import (
	"crypto/sha256"
	"encoding/binary"
	"time"
)

// TransferKind says why money moved. The values are the proto TransferKind numbers.
type TransferKind int16

// Transfer kinds.
const (
	TransferDeposit         TransferKind = 1
	TransferWithdrawal      TransferKind = 2
	TransferBuyIn           TransferKind = 3
	TransferCashOut         TransferKind = 4
	TransferRake            TransferKind = 5
	TransferStake           TransferKind = 6
	TransferPayout          TransferKind = 7
	TransferTournamentEntry TransferKind = 8
	TransferTournamentFee   TransferKind = 9
	TransferPrize           TransferKind = 10
	TransferRefund          TransferKind = 11
	TransferAdjustment      TransferKind = 12
)

// Valid reports whether k is a known transfer kind.
func (k TransferKind) Valid() bool { return k >= TransferDeposit && k <= TransferAdjustment }

// Metadata ties a transfer to what caused it.
type Metadata struct {
	TableID      string
	HandID       string
	RoundID      string
	TournamentID string
	Note         string
}

// Leg is one requested movement: amount from Debit to Credit.
type Leg struct {
	Debit    int64
	Credit   int64
	Amount   int64
	Currency string
	Kind     TransferKind
	Meta     Metadata
}

// Transfer is a posted movement of money.
type Transfer struct {
	ID          int64
	OperationID int64
	Key         string
	Leg
	// BatchID is the operation id when the transfer belongs to a batch.
	BatchID   int64
	HoldID    int64
	CreatedAt time.Time
}

// Entry is one side of a transfer on one account's statement.
type Entry struct {
	ID           int64
	AccountID    int64
	Counterparty int64
	TransferID   int64
	// Amount is negative for a debit and positive for a credit.
	Amount       int64
	BalanceAfter int64
	Kind         TransferKind
	Meta         Metadata
	CreatedAt    time.Time
}

// OpKind is what an idempotency key was used for; it is part of the body
// hash, so a key used for a batch cannot be replayed as a single transfer.
type OpKind int16

// Operation kinds.
const (
	OpTransfer OpKind = 1
	OpBatch    OpKind = 2
	OpHold     OpKind = 3
)

// Operation is one idempotent request: a transfer, a batch or a hold.
type Operation struct {
	// Scope makes keys unique per partner; "" is the internal scope.
	Scope string
	Key   string
	Kind  OpKind
	Legs  []Leg
	// TTL is set for holds.
	TTL time.Duration
	// Hash is the body hash; filled by the ledger.
	Hash []byte
	Now  time.Time
}

// bodyHash returns a canonical hash of what the operation asks for. A retry
// with the same key must carry the same hash to be a replay.
func bodyHash(op Operation) []byte {
	h := sha256.New()
	var n [8]byte
	put := func(v int64) {
		binary.BigEndian.PutUint64(n[:], uint64(v))
		h.Write(n[:])
	}
	str := func(s string) {
		put(int64(len(s)))
		h.Write([]byte(s))
	}
	put(int64(op.Kind))
	put(int64(op.TTL))
	put(int64(len(op.Legs)))
	for _, l := range op.Legs {
		put(l.Debit)
		put(l.Credit)
		put(l.Amount)
		str(l.Currency)
		put(int64(l.Kind))
		str(l.Meta.TableID)
		str(l.Meta.HandID)
		str(l.Meta.RoundID)
		str(l.Meta.TournamentID)
		str(l.Meta.Note)
	}
	return h.Sum(nil)
}

// Result is what an operation did: its transfers (none for a hold), the
// hold it created, and whether it was an earlier result for the same key.
type Result struct {
	OperationID int64
	Transfers   []Transfer
	Hold        *Hold
	Replayed    bool
}
