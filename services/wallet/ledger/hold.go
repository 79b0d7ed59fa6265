package ledger

import (
	"context"
	"time"

	"github.com/croupier/croupier/shared/apierr"
)

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

// CreateHold reserves g.Amount on g.Debit for ttl, to be posted to g.Credit.
func (l *Ledger) CreateHold(ctx context.Context, c Caller, key string, g Leg, ttl time.Duration) (r Result, err error) {
	defer func() { l.m.applied(ctx, opHoldName, r, err) }()
	if err := c.mustBeInternal("a hold"); err != nil {
		return Result{}, err
	}
	if err := ValidateKey(key); err != nil {
		return Result{}, err
	}
	if ttl < time.Second || ttl > MaxHoldTTL {
		return Result{}, apierr.Invalid("INVALID_TTL", "a hold lives 1s..%s", MaxHoldTTL)
	}
	if err := l.checkLegs(ctx, c, []Leg{g}); err != nil {
		return Result{}, err
	}
	return l.apply(ctx, c, Operation{Key: key, Kind: OpHold, Legs: []Leg{g}, TTL: ttl})
}

// PostHold moves amount of a pending hold (0 = all of it) and releases the rest.
func (l *Ledger) PostHold(ctx context.Context, c Caller, id, amount int64) (h Hold, t Transfer, replayed bool, err error) {
	defer func() { l.m.released(ctx, opPostHoldName, "posted", &t, replayed, err) }()
	if err := c.mustBeInternal("posting a hold"); err != nil {
		return Hold{}, Transfer{}, false, err
	}
	if id <= 0 {
		return Hold{}, Transfer{}, false, apierr.Invalid("INVALID_HOLD_ID", "hold id is required")
	}
	if amount < 0 || amount > MaxAmount {
		return Hold{}, Transfer{}, false, apierr.Invalid("INVALID_AMOUNT", "amount must be 0 (all) or 1..%d", int64(MaxAmount))
	}
	return l.store.PostHold(ctx, id, amount, l.Now())
}

// HoldPost asks PostHolds to post one hold: Amount of it, 0 = all.
type HoldPost struct {
	HoldID int64
	Amount int64
}

// PostOutcome is what PostHolds did with one hold, the answer PostHold would
// have given for it alone: posted (Transfer is new), replayed (already
// posted with this amount; Transfer is the first post's) or refused (Err,
// and nothing of the hold moved).
type PostOutcome struct {
	Hold     Hold
	Transfer Transfer
	Replayed bool
	Err      error
}

// PostHolds posts many holds in one transaction, so one commit (one WAL
// flush) serves them all: a banked table posts the stakes of a whole round
// at once, where single posts would queue one by one on the round escrow's
// row. Each hold is posted or refused on its own; the outcomes are in the
// order of posts. A request that cannot run at all (not internal, no or
// more than MaxHoldPosts holds, a malformed item, a hold named twice) is
// refused whole and posts nothing.
func (l *Ledger) PostHolds(ctx context.Context, c Caller, posts []HoldPost) (out []PostOutcome, err error) {
	defer func() { l.m.postedMany(ctx, out, err) }()
	if err := c.mustBeInternal("posting holds"); err != nil {
		return nil, err
	}
	if err := ValidateHoldPosts(posts); err != nil {
		return nil, err
	}
	return l.store.PostHolds(ctx, posts, l.Now())
}

// ValidateHoldPosts checks the shape of a PostHolds request: 1..MaxHoldPosts
// holds, each a valid id and amount (as PostHold checks them), none twice.
// The message names the item by its index, never the hold's id.
func ValidateHoldPosts(posts []HoldPost) error {
	if len(posts) == 0 || len(posts) > MaxHoldPosts {
		return apierr.Invalid("INVALID_BATCH", "post 1..%d holds at a time", MaxHoldPosts)
	}
	seen := make(map[int64]int, len(posts))
	for i, p := range posts {
		if p.HoldID <= 0 {
			return apierr.Invalid("INVALID_HOLD_ID", "holds[%d]: hold id is required", i)
		}
		if p.Amount < 0 || p.Amount > MaxAmount {
			return apierr.Invalid("INVALID_AMOUNT", "holds[%d]: amount must be 0 (all) or 1..%d", i, int64(MaxAmount))
		}
		if j, dup := seen[p.HoldID]; dup {
			return apierr.Invalid("DUPLICATE_HOLD", "holds[%d] names the same hold as holds[%d]", i, j)
		}
		seen[p.HoldID] = i
	}
	return nil
}

// VoidHold releases a pending hold.
func (l *Ledger) VoidHold(ctx context.Context, c Caller, id int64) (h Hold, replayed bool, err error) {
	defer func() { l.m.released(ctx, opVoidHoldName, "voided", nil, replayed, err) }()
	if err := c.mustBeInternal("voiding a hold"); err != nil {
		return Hold{}, false, err
	}
	if id <= 0 {
		return Hold{}, false, apierr.Invalid("INVALID_HOLD_ID", "hold id is required")
	}
	return l.store.VoidHold(ctx, id, l.Now())
}

// Hold returns a hold whose debit account the caller may read.
func (l *Ledger) Hold(ctx context.Context, c Caller, id int64) (Hold, error) {
	h, err := l.store.Hold(ctx, id)
	if err != nil {
		return Hold{}, err
	}
	if c.Role != RoleInternal {
		a, err := l.account(ctx, h.Debit)
		if err != nil || !c.canRead(a) {
			return Hold{}, ErrHoldNotFound(id)
		}
	}
	return h, nil
}

// ExpireHolds releases pending holds past their expiry; the sweeper calls it.
func (l *Ledger) ExpireHolds(ctx context.Context, c Caller, limit int) (n int, err error) {
	defer func() { l.m.expired(ctx, n, err) }()
	if err := c.mustBeInternal("expiring holds"); err != nil {
		return 0, err
	}
	if limit <= 0 || limit > 10_000 {
		limit = 1000
	}
	return l.store.ExpireHolds(ctx, l.Now(), limit)
}

// Sweep runs ExpireHolds every interval until ctx is done, so an abandoned
// buy-in or registration gives its money back on time.
func (l *Ledger) Sweep(ctx context.Context, interval time.Duration, onErr func(error)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			for {
				n, err := l.ExpireHolds(ctx, Internal(), 1000)
				if err != nil && ctx.Err() == nil && onErr != nil {
					onErr(err)
				}
				if err != nil || n < 1000 {
					break
				}
			}
		}
	}
}
