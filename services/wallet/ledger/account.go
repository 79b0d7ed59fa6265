// Package ledger is the wallet's core: a double-entry ledger of accounts,
// transfers, batches and two-phase holds with idempotency keys. It validates
// requests, decides who may touch which account and hands the atomic work
// to a Store (PostgreSQL or SQLite, package store). It never reads the
// network or the environment; tests drive it directly.
package ledger

import (
	"context"
	"regexp"
	"time"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/ident"
)

// Kind is what an account is for. The values are the proto AccountKind numbers.
type Kind int16

// Account kinds.
const (
	KindPlayer       Kind = 1 // a player's cash; never negative
	KindTableEscrow  Kind = 2 // the chips at one poker table; never negative
	KindRoundEscrow  Kind = 3 // the stakes of one banked-game round; never negative
	KindPrizePool    Kind = 4 // a tournament's prize pool; never negative
	KindHouseRevenue Kind = 5 // rake and tournament fees; may be negative (refunds)
	KindHouseBank    Kind = 6 // pays banked-game wins; may be negative
	KindExternal     Kind = 7 // the cage of one partner; negative by design
)

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return k >= KindPlayer && k <= KindExternal }

// MayGoNegative reports whether the balance of an account of this kind may
// drop below zero. Player, escrow and prize-pool accounts hold real money
// owed to someone and never may; the database enforces the same rule with a
// CHECK constraint (store migrations).
func (k Kind) MayGoNegative() bool {
	return k == KindHouseRevenue || k == KindHouseBank || k == KindExternal
}

func (k Kind) String() string {
	switch k {
	case KindPlayer:
		return "PLAYER"
	case KindTableEscrow:
		return "TABLE_ESCROW"
	case KindRoundEscrow:
		return "ROUND_ESCROW"
	case KindPrizePool:
		return "PRIZE_POOL"
	case KindHouseRevenue:
		return "HOUSE_REVENUE"
	case KindHouseBank:
		return "HOUSE_BANK"
	case KindExternal:
		return "EXTERNAL"
	}
	return "UNKNOWN"
}

// Account is one ledger account. Kind, owner, partner and currency never
// change after the account is opened; balance and held do.
type Account struct {
	ID        int64
	Kind      Kind
	OwnerID   string
	PartnerID string
	Currency  string
	// Balance is the posted balance in minor units.
	Balance int64
	// Held is reserved by pending holds.
	Held      int64
	CreatedAt time.Time
}

// Available is what a new transfer or hold may take from the account.
func (a Account) Available() int64 { return a.Balance - a.Held }

// AccountFilter selects accounts; zero fields match anything.
type AccountFilter struct {
	OwnerID   string
	PartnerID string
	// PartnerSet makes an empty PartnerID match only house accounts.
	PartnerSet bool
	Kind       Kind
	Currency   string
	Limit      int
}

// currencyPattern: ISO 4217 codes and "CHP" for tournament chips
// (common.proto Money).
var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// OpenAccount opens (or returns) the account of kind for owner in currency.
func (l *Ledger) OpenAccount(ctx context.Context, c Caller, a Account) (Account, error) {
	if c.Role == RolePartner {
		if a.PartnerID == "" {
			a.PartnerID = c.PartnerID
		}
		if a.Kind == KindExternal && a.OwnerID == "" {
			a.OwnerID = c.PartnerID
		}
		if a.PartnerID != c.PartnerID || (a.Kind != KindPlayer && a.Kind != KindExternal) {
			return Account{}, apierr.Denied(ReasonOperationDenied, "a partner opens only its own player and cage accounts")
		}
	} else if err := c.mustBeInternal("opening this account"); err != nil {
		return Account{}, err
	}
	if err := ValidateAccount(a); err != nil {
		return Account{}, err
	}
	a.Balance, a.Held, a.ID = 0, 0, 0
	a.CreatedAt = l.Now()
	out, err := l.store.OpenAccount(ctx, a)
	if err != nil {
		return Account{}, err
	}
	l.info.put(out)
	return out, nil
}

// ValidateAccount checks the shape of an account to open.
func ValidateAccount(a Account) error {
	if !a.Kind.Valid() {
		return apierr.Invalid("INVALID_ACCOUNT_KIND", "account kind %d is not valid", a.Kind)
	}
	if !currencyPattern.MatchString(a.Currency) {
		return apierr.Invalid("INVALID_CURRENCY", "currency %q is not a three-letter code", a.Currency)
	}
	if a.OwnerID != "" && !ident.ID(a.OwnerID) {
		return apierr.Invalid("INVALID_OWNER", "owner id must be 1-%d printable ASCII characters", ident.MaxID)
	}
	if a.PartnerID != "" && !ident.ID(a.PartnerID) {
		return apierr.Invalid("INVALID_PARTNER", "partner id must be 1-%d printable ASCII characters", ident.MaxID)
	}
	switch a.Kind {
	case KindPlayer:
		if a.OwnerID == "" || a.PartnerID == "" {
			return apierr.Invalid("INVALID_OWNER", "a player account needs a player id and a partner id")
		}
	case KindExternal:
		if a.PartnerID == "" || a.OwnerID != a.PartnerID {
			return apierr.Invalid("INVALID_OWNER", "a cage account belongs to one partner: owner id = partner id")
		}
	case KindTableEscrow, KindRoundEscrow, KindPrizePool:
		if a.OwnerID == "" || a.PartnerID != "" {
			return apierr.Invalid("INVALID_OWNER", "an escrow or prize-pool account needs a table or tournament id and no partner")
		}
	case KindHouseRevenue, KindHouseBank:
		if a.PartnerID != "" {
			return apierr.Invalid("INVALID_OWNER", "house accounts belong to no partner")
		}
	}
	return nil
}

// Account returns one account the caller may read.
func (l *Ledger) Account(ctx context.Context, c Caller, id int64) (Account, error) {
	a, err := l.store.Account(ctx, id)
	if err != nil {
		return Account{}, err
	}
	if err := c.mustRead(a); err != nil {
		return Account{}, err
	}
	return a, nil
}

// Accounts lists the accounts matching f that the caller may read.
func (l *Ledger) Accounts(ctx context.Context, c Caller, f AccountFilter) ([]Account, error) {
	switch c.Role {
	case RolePartner:
		if f.PartnerID != "" && f.PartnerID != c.PartnerID {
			return nil, nil
		}
		f.PartnerID, f.PartnerSet = c.PartnerID, true
	case RolePlayer:
		if (f.PartnerID != "" && f.PartnerID != c.PartnerID) || (f.OwnerID != "" && f.OwnerID != c.PlayerID) ||
			(f.Kind != 0 && f.Kind != KindPlayer) {
			return nil, nil
		}
		f.PartnerID, f.PartnerSet, f.OwnerID, f.Kind = c.PartnerID, true, c.PlayerID, KindPlayer
	}
	if f.Limit <= 0 || f.Limit > MaxPage {
		f.Limit = MaxPage
	}
	all, err := l.store.Accounts(ctx, f)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, a := range all {
		if c.canRead(a) {
			out = append(out, a)
		}
	}
	return out, nil
}
