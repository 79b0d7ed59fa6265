package tournament

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Wallet is what the activities need from the ledger (croupier.wallet.v1).
// Every call that moves money carries an idempotency key: a retry never
// moves money twice.
type Wallet interface {
	// PlayerAccount, PoolAccount and RevenueAccount open (once) and return
	// the account ids.
	PlayerAccount(ctx context.Context, partner, player, currency string) (string, error)
	// FindPlayerAccount returns the player's account in currency and its
	// available funds without opening one: "" when he has none.
	FindPlayerAccount(ctx context.Context, partner, player, currency string) (id string, available int64, err error)
	PoolAccount(ctx context.Context, tournament, currency string) (string, error)
	RevenueAccount(ctx context.Context, currency string) (string, error)
	// Hold reserves amount from→to; PostHold moves it; VoidHold releases it.
	Hold(ctx context.Context, key string, t Transfer, ttl time.Duration) (string, error)
	PostHold(ctx context.Context, holdID string) error
	VoidHold(ctx context.Context, holdID string) error
	Transfer(ctx context.Context, key string, t Transfer) error
}

// Transfer is one money movement.
type Transfer struct {
	From, To   string
	Amount     int64
	Currency   string
	Kind       TransferKind
	Tournament string
	Note       string
}

// TransferKind names a tournament money movement.
type TransferKind uint8

// Transfer kinds (the wallet's TOURNAMENT_ENTRY, TOURNAMENT_FEE, PRIZE,
// REFUND).
const (
	KindEntry TransferKind = iota + 1
	KindFee
	KindPrize
	KindRefund
)

// Accounts opens the tournament's pool and the house revenue account.
type AccountsIn struct {
	Tournament, Currency string
}

// AccountsOut are their ids.
type AccountsOut struct {
	Pool, Revenue string
}

// OpenAccounts opens the prize pool and house revenue accounts.
func (a *Activities) OpenAccounts(ctx context.Context, in AccountsIn) (AccountsOut, error) {
	pool, err := a.Wallet.PoolAccount(ctx, in.Tournament, in.Currency)
	if err != nil {
		return AccountsOut{}, err
	}
	rev, err := a.Wallet.RevenueAccount(ctx, in.Currency)
	if err != nil {
		return AccountsOut{}, err
	}
	return AccountsOut{Pool: pool, Revenue: rev}, nil
}

// HoldIn holds one registration's stake and fee.
type HoldIn struct {
	Key        string
	Tournament string
	Partner    string
	Player     string
	Currency   string
	Pool       string
	Revenue    string
	Charge     terms.EntryCharge
	TTL        time.Duration
	// Note is the ledger note ("rebuy", "add-on"; none for an entry).
	Note string
}

// HoldOut are the holds.
type HoldOut struct {
	Account   string
	StakeHold string
	FeeHold   string
}

// HoldEntry holds the stake (to the pool) and the fee (to the house) from
// the player's account: a registration's until the start, a rebuy's or an
// add-on's until the workflow posts them straight after. Either both holds
// are made or neither: a fee refused voids the stake's hold. The account
// is looked up, not opened: a player without one has no money, and a
// refused entry must not leave an empty account behind (issue 11); it is
// opened only for a free entry, which funds cannot refuse.
func (a *Activities) HoldEntry(ctx context.Context, in HoldIn) (HoldOut, error) {
	acct, available, err := a.Wallet.FindPlayerAccount(ctx, in.Partner, in.Player, in.Currency)
	if err != nil {
		return HoldOut{}, nonRetryable(err)
	}
	total := in.Charge.Stake + in.Charge.Fee
	if acct != "" && available < total {
		// Refused before any hold: a stake held and voided for want of the
		// fee would stay on his statement. (The holds still decide: the
		// funds may go between this read and them.)
		return HoldOut{}, refusal(ReasonInsufficientFunds, "%d available, %d needed", available, total)
	}
	if acct == "" {
		if total > 0 {
			return HoldOut{}, refusal(ReasonInsufficientFunds, "the player has no %s account", in.Currency)
		}
		if acct, err = a.Wallet.PlayerAccount(ctx, in.Partner, in.Player, in.Currency); err != nil {
			return HoldOut{}, nonRetryable(err)
		}
	}
	out := HoldOut{Account: acct}
	if in.Charge.Stake > 0 {
		out.StakeHold, err = a.Wallet.Hold(ctx, in.Key+":stake", Transfer{From: acct, To: in.Pool, Amount: in.Charge.Stake, Currency: in.Currency,
			Kind: KindEntry, Tournament: in.Tournament, Note: in.Note}, in.TTL)
		if err != nil {
			return HoldOut{}, nonRetryable(err)
		}
	}
	if in.Charge.Fee > 0 {
		out.FeeHold, err = a.Wallet.Hold(ctx, in.Key+":fee", Transfer{From: acct, To: in.Revenue, Amount: in.Charge.Fee, Currency: in.Currency,
			Kind: KindFee, Tournament: in.Tournament, Note: in.Note}, in.TTL)
		if err != nil {
			if out.StakeHold != "" {
				if verr := a.Wallet.VoidHold(ctx, out.StakeHold); verr != nil {
					// Retried: the same keys find the stake's hold again
					// and the next attempt voids it.
					return HoldOut{}, fmt.Errorf("void the stake's hold after the fee's failed (%v): %w", err, verr)
				}
			}
			return HoldOut{}, nonRetryable(err)
		}
	}
	return out, nil
}

// ReasonInsufficientFunds is the wallet's reason for a movement the
// player's available funds do not cover.
const ReasonInsufficientFunds = "INSUFFICIENT_FUNDS"

// Rejected is how a wallet refusal (insufficient funds) reaches the
// workflow: not retried, its reason kept.
type Rejected interface{ Reason() string }

// nonRetryable marks business refusals so Temporal does not retry them.
// They are expected (a player short of funds), so they are marked benign
// and the worker does not log them as activity errors. Their message may
// name internal accounts: it goes no further than the workflow, which
// answers the caller in its own words.
func nonRetryable(err error) error {
	var r Rejected
	if errors.As(err, &r) {
		return temporal.NewApplicationErrorWithOptions(err.Error(), r.Reason(), temporal.ApplicationErrorOptions{
			NonRetryable: true, Cause: err, Category: temporal.ApplicationErrorCategoryBenign})
	}
	return err
}

// refusal is an activity's own business refusal, marked as nonRetryable
// marks the wallet's.
func refusal(reason, format string, args ...any) error {
	return temporal.NewApplicationErrorWithOptions(fmt.Sprintf(format, args...), reason, temporal.ApplicationErrorOptions{
		NonRetryable: true, Category: temporal.ApplicationErrorCategoryBenign})
}

// HoldsIn lists holds to post or void.
type HoldsIn struct {
	Holds []string
}

// PostHolds posts registration holds at the start (idempotent: a posted
// hold posts again as a no-op).
func (a *Activities) PostHolds(ctx context.Context, in HoldsIn) error {
	for i, h := range in.Holds {
		if err := a.Wallet.PostHold(ctx, h); err != nil {
			return fmt.Errorf("post hold %s: %w", h, err)
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// VoidHolds releases holds (a withdrawal or a cancellation before the
// start).
func (a *Activities) VoidHolds(ctx context.Context, in HoldsIn) error {
	for i, h := range in.Holds {
		if err := a.Wallet.VoidHold(ctx, h); err != nil {
			return fmt.Errorf("void hold %s: %w", h, err)
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}

// MoneyIn is a list of transfers, each with its key.
type MoneyIn struct {
	Items []MoneyItem
}

// MoneyItem is one keyed transfer.
type MoneyItem struct {
	Key      string
	Transfer Transfer
}

// Move carries out transfers (refunds, prizes; rebuys of workflows started
// before rebuys were held), each once.
func (a *Activities) Move(ctx context.Context, in MoneyIn) error {
	for i, it := range in.Items {
		if it.Transfer.Amount == 0 {
			continue
		}
		if err := a.Wallet.Transfer(ctx, it.Key, it.Transfer); err != nil {
			// Not retried, but not benign either: the workflow's own
			// payments (prizes, refunds) are not refused in a sound
			// ledger, so this one is logged as the error it is.
			err = fmt.Errorf("transfer %s: %w", it.Key, err)
			var r Rejected
			if errors.As(err, &r) {
				return temporal.NewNonRetryableApplicationError(err.Error(), r.Reason(), err)
			}
			return err
		}
		if i%100 == 0 {
			activity.RecordHeartbeat(ctx, i)
		}
	}
	return nil
}
