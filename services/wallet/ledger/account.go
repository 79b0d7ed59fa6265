// Package ledger is the wallet's core: a double-entry ledger of accounts,
// transfers, batches and two-phase holds with idempotency keys. It validates
// requests, decides who may touch which account and hands the atomic work
// to a Store (PostgreSQL or SQLite, package store). It never reads the
// network or the environment; tests drive it directly.
package ledger

import (
	"regexp"
	"time"
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

// idPattern bounds every external id (owner, table, hand, key...): printable
// ASCII without spaces, so ids are safe in logs, keys and page tokens.
var idPattern = regexp.MustCompile(`^[\x21-\x7e]{1,128}$`)
