package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/ident"
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

// ValidateKey checks an idempotency key.
func ValidateKey(key string) error {
	if !(ident.KeyRule{Max: ident.MaxKey}).Allows(key) {
		return apierr.Invalid("INVALID_IDEMPOTENCY_KEY", "idempotency key must be 1-%d printable ASCII characters", ident.MaxKey)
	}
	return nil
}

// ValidateLeg checks one movement's shape (not balances).
func ValidateLeg(g Leg) error {
	if g.Debit <= 0 || g.Credit <= 0 {
		return apierr.Invalid("INVALID_ACCOUNT_ID", "debit and credit account ids are required")
	}
	if g.Debit == g.Credit {
		return apierr.Invalid("SAME_ACCOUNT", "debit and credit accounts must differ")
	}
	if g.Amount <= 0 || g.Amount > MaxAmount {
		return apierr.Invalid("INVALID_AMOUNT", "amount must be in 1..%d minor units", int64(MaxAmount))
	}
	if !currencyPattern.MatchString(g.Currency) {
		return apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", g.Currency)
	}
	if !g.Kind.Valid() {
		return apierr.Invalid("INVALID_TRANSFER_KIND", "transfer kind %d is not valid", g.Kind)
	}
	for _, id := range []string{g.Meta.TableID, g.Meta.HandID, g.Meta.RoundID, g.Meta.TournamentID} {
		if id != "" && !ident.ID(id) {
			return apierr.Invalid("INVALID_METADATA", "metadata ids must be 1-%d printable ASCII characters", ident.MaxID)
		}
	}
	if (ident.TextRule{MaxBytes: maxNote, UTF8: true}).Check(g.Meta.Note) != ident.OK {
		return apierr.Invalid("INVALID_METADATA", "note must be valid UTF-8 of at most %d bytes", maxNote)
	}
	// The rake report groups rake by table and hand: rake without them
	// could not be audited per hand (gr-regulation-2 Γ.6, cz cash game rake).
	if g.Kind == TransferRake && (g.Meta.TableID == "" || g.Meta.HandID == "") {
		return apierr.Invalid("RAKE_NEEDS_HAND", "rake carries the table id and the hand id it was taken from")
	}
	if g.Kind == TransferTournamentFee && g.Meta.TournamentID == "" {
		return apierr.Invalid("FEE_NEEDS_TOURNAMENT", "a tournament fee carries the tournament id")
	}
	return nil
}

// checkLegs validates legs against the accounts' immutable attributes and
// the caller's rights. Balances are the store's business.
func (l *Ledger) checkLegs(ctx context.Context, c Caller, legs []Leg) error {
	for i, g := range legs {
		if err := ValidateLeg(g); err != nil {
			if len(legs) > 1 {
				return fmt.Errorf("leg %d: %w", i, err)
			}
			return err
		}
		debit, err := l.account(ctx, g.Debit)
		if err != nil {
			return err
		}
		credit, err := l.account(ctx, g.Credit)
		if err != nil {
			return err
		}
		if err := c.mayMove(g, debit, credit); err != nil {
			return err
		}
		if debit.Currency != g.Currency {
			return ErrCurrencyMismatch(debit.ID, g.Currency)
		}
		if credit.Currency != g.Currency {
			return ErrCurrencyMismatch(credit.ID, g.Currency)
		}
	}
	return nil
}

func (l *Ledger) apply(ctx context.Context, c Caller, op Operation) (Result, error) {
	op.Scope = c.scope()
	op.Now = l.Now()
	op.Hash = bodyHash(op)
	return l.store.Apply(ctx, op)
}

// Transfer moves g.Amount from g.Debit to g.Credit once per key.
func (l *Ledger) Transfer(ctx context.Context, c Caller, key string, g Leg) (r Result, err error) {
	defer func() { l.m.applied(ctx, opTransferName, r, err) }()
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	if err := l.checkLegs(ctx, c, []Leg{g}); err != nil {
		return Result{}, err
	}
	return l.apply(ctx, c, Operation{Key: key, Kind: OpTransfer, Legs: []Leg{g}})
}

// Batch applies legs in order, atomically, once per key. Each leg must leave
// its debit account non-negative at the point it runs (so a cash-out may
// spend what an earlier leg credited).
func (l *Ledger) Batch(ctx context.Context, c Caller, key string, legs []Leg) (r Result, err error) {
	defer func() { l.m.applied(ctx, opBatchName, r, err) }()
	if err := c.mustBeInternal("a batch"); err != nil {
		return Result{}, err
	}
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	if len(legs) == 0 || len(legs) > MaxBatch {
		return Result{}, apierr.Invalid("INVALID_BATCH", "a batch has 1..%d transfers", MaxBatch)
	}
	if err := l.checkLegs(ctx, c, legs); err != nil {
		return Result{}, err
	}
	return l.apply(ctx, c, Operation{Key: key, Kind: OpBatch, Legs: legs})
}

// canSeeTransfer reports whether the caller may read either side of t.
func (l *Ledger) canSeeTransfer(ctx context.Context, c Caller, t Transfer) bool {
	if c.Role == RoleInternal {
		return true
	}
	for _, id := range []int64{t.Debit, t.Credit} {
		if a, err := l.account(ctx, id); err == nil && c.canRead(a) {
			return true
		}
	}
	return false
}

// TransferByID returns a transfer touching an account the caller may read.
func (l *Ledger) TransferByID(ctx context.Context, c Caller, id int64) (Transfer, error) {
	t, err := l.store.Transfer(ctx, id)
	if err != nil {
		return Transfer{}, err
	}
	if !l.canSeeTransfer(ctx, c, t) {
		return Transfer{}, WithTransfer(apierr.NotFound(ReasonTransferNotFound, "no such transfer"), id)
	}
	return t, nil
}

// OperationByKey returns what was recorded for an idempotency key. Partners
// and players look in their partner's scope; internal callers name the
// partner ("" = the internal scope).
func (l *Ledger) OperationByKey(ctx context.Context, c Caller, partner, key string) (Result, error) {
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	scope := partner
	if c.Role != RoleInternal {
		scope = c.PartnerID
	}
	r, err := l.store.Operation(ctx, scope, key)
	if err != nil {
		return Result{}, err
	}
	if c.Role == RolePlayer {
		for _, t := range r.Transfers {
			if !l.canSeeTransfer(ctx, c, t) {
				return Result{}, apierr.NotFound(ReasonTransferNotFound, "no transfer for key %q", key)
			}
		}
	}
	return r, nil
}
