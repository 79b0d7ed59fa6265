package backend

import (
	"context"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/workflows/tournament"
)

// Wallet is tournament.Wallet over the wallet service.
type Wallet struct {
	c walletv1connect.WalletServiceClient
}

// NewWallet returns the adapter.
func NewWallet(c walletv1connect.WalletServiceClient) *Wallet { return &Wallet{c: c} }

func (w *Wallet) open(ctx context.Context, kind walletv1.AccountKind, owner, partner, currency string) (string, error) {
	res, err := w.c.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: kind, OwnerId: owner, PartnerId: partner, Currency: currency}))
	if err != nil {
		return "", classify(err)
	}
	return res.Msg.GetAccount().GetId(), nil
}

// PlayerAccount implements tournament.Wallet.
func (w *Wallet) PlayerAccount(ctx context.Context, partner, player, currency string) (string, error) {
	return w.open(ctx, walletv1.AccountKind_ACCOUNT_KIND_PLAYER, player, partner, currency)
}

// FindPlayerAccount implements tournament.Wallet: a read (ListAccounts),
// so looking for a player who has no account opens none.
func (w *Wallet) FindPlayerAccount(ctx context.Context, partner, player, currency string) (string, int64, error) {
	res, err := w.c.ListAccounts(ctx, connect.NewRequest(&walletv1.ListAccountsRequest{OwnerId: player, PartnerId: partner,
		Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, Currency: currency}))
	if err != nil {
		return "", 0, classify(err)
	}
	for _, a := range res.Msg.GetAccounts() {
		// The filter is the wallet's; the match is checked here too, as a
		// wrong account would be charged.
		if a.GetOwnerId() == player && a.GetPartnerId() == partner && a.GetCurrency() == currency && a.GetKind() == walletv1.AccountKind_ACCOUNT_KIND_PLAYER {
			return a.GetId(), a.GetAvailable(), nil
		}
	}
	return "", 0, nil
}

// PoolAccount implements tournament.Wallet.
func (w *Wallet) PoolAccount(ctx context.Context, tour, currency string) (string, error) {
	return w.open(ctx, walletv1.AccountKind_ACCOUNT_KIND_PRIZE_POOL, tour, "", currency)
}

// RevenueAccount implements tournament.Wallet.
func (w *Wallet) RevenueAccount(ctx context.Context, currency string) (string, error) {
	return w.open(ctx, walletv1.AccountKind_ACCOUNT_KIND_HOUSE_REVENUE, "", "", currency)
}

func kindOf(k tournament.TransferKind) walletv1.TransferKind {
	switch k {
	case tournament.KindEntry:
		return walletv1.TransferKind_TRANSFER_KIND_TOURNAMENT_ENTRY
	case tournament.KindFee:
		return walletv1.TransferKind_TRANSFER_KIND_TOURNAMENT_FEE
	case tournament.KindPrize:
		return walletv1.TransferKind_TRANSFER_KIND_PRIZE
	case tournament.KindRefund:
		return walletv1.TransferKind_TRANSFER_KIND_REFUND
	}
	return walletv1.TransferKind_TRANSFER_KIND_UNSPECIFIED
}

func spec(t tournament.Transfer) *walletv1.TransferSpec {
	return &walletv1.TransferSpec{DebitAccountId: t.From, CreditAccountId: t.To, Amount: &commonv1.Money{Amount: t.Amount, Currency: t.Currency},
		Kind: kindOf(t.Kind), Metadata: &walletv1.Metadata{TournamentId: t.Tournament, Note: t.Note}}
}

// Hold implements tournament.Wallet.
func (w *Wallet) Hold(ctx context.Context, key string, t tournament.Transfer, ttl time.Duration) (string, error) {
	res, err := w.c.CreateHold(ctx, connect.NewRequest(&walletv1.CreateHoldRequest{IdempotencyKey: key, Transfer: spec(t), TtlSeconds: int32(ttl / time.Second)}))
	if err != nil {
		return "", classify(err)
	}
	return res.Msg.GetHold().GetId(), nil
}

// PostHold implements tournament.Wallet.
func (w *Wallet) PostHold(ctx context.Context, id string) error {
	_, err := w.c.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: id}))
	return classify(err)
}

// VoidHold implements tournament.Wallet.
func (w *Wallet) VoidHold(ctx context.Context, id string) error {
	_, err := w.c.VoidHold(ctx, connect.NewRequest(&walletv1.VoidHoldRequest{HoldId: id}))
	return classify(err)
}

// Transfer implements tournament.Wallet.
func (w *Wallet) Transfer(ctx context.Context, key string, t tournament.Transfer) error {
	_, err := w.c.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: key, Transfer: spec(t)}))
	return classify(err)
}
