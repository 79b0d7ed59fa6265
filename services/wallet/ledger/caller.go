package ledger

import "github.com/croupier/croupier/shared/apierr"

// Role is how much of the ledger a caller may see and move.
type Role int

// Roles, from least to most trusted.
const (
	// RolePlayer reads his own player accounts and moves nothing.
	RolePlayer Role = iota + 1
	// RolePartner opens, reads and funds its own players' accounts through
	// its own cage account (deposits and withdrawals only).
	RolePartner
	// RoleInternal is another Croupier service or an operator: everything.
	RoleInternal
)

// Caller is who asks. The handler builds it from the authenticated principal.
type Caller struct {
	Role      Role
	PartnerID string
	PlayerID  string
}

// Internal is the caller for services and operators.
func Internal() Caller { return Caller{Role: RoleInternal} }

// Partner is the caller for a partner back-end.
func Partner(id string) Caller { return Caller{Role: RolePartner, PartnerID: id} }

// Player is the caller for a player front-end.
func Player(partner, player string) Caller {
	return Caller{Role: RolePlayer, PartnerID: partner, PlayerID: player}
}

// scope is the namespace of the caller's idempotency keys: each partner
// has its own; services and operators share the internal one ("").
func (c Caller) scope() string {
	if c.Role == RoleInternal {
		return ""
	}
	return c.PartnerID
}

// canRead reports whether c may see account a.
func (c Caller) canRead(a Account) bool {
	switch c.Role {
	case RoleInternal:
		return true
	case RolePartner:
		return a.PartnerID == c.PartnerID && (a.Kind == KindPlayer || a.Kind == KindExternal)
	case RolePlayer:
		return a.Kind == KindPlayer && a.PartnerID == c.PartnerID && a.OwnerID == c.PlayerID
	}
	return false
}

func (c Caller) mustRead(a Account) error {
	if !c.canRead(a) {
		// Not-yours and not-there look the same to the caller, so account
		// ids of other partners cannot be probed.
		return ErrAccountNotFound(a.ID)
	}
	return nil
}

// mayMove checks a leg against the caller's rights. Partners move money only
// between their cage and their own players: a deposit from the cage, a
// withdrawal to it. Everything else (escrow, rake, pools, house) is internal.
func (c Caller) mayMove(l Leg, debit, credit Account) error {
	switch c.Role {
	case RoleInternal:
		return nil
	case RolePartner:
		if err := c.mustRead(debit); err != nil {
			return err
		}
		if err := c.mustRead(credit); err != nil {
			return err
		}
		if l.Kind == TransferDeposit && debit.Kind == KindExternal && credit.Kind == KindPlayer {
			return nil
		}
		if l.Kind == TransferWithdrawal && debit.Kind == KindPlayer && credit.Kind == KindExternal {
			return nil
		}
		return apierr.Denied(ReasonOperationDenied, "a partner may only deposit (cage to player) and withdraw (player to cage)")
	}
	return apierr.Denied(ReasonOperationDenied, "players cannot move money through the wallet API")
}

func (c Caller) mustBeInternal(what string) error {
	if c.Role != RoleInternal {
		return apierr.Denied(ReasonOperationDenied, "%s needs service or operator credentials", what)
	}
	return nil
}
