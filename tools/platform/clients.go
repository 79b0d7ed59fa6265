package platform

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	"github.com/croupier/croupier/gen/croupier/table/v1/tablev1connect"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/gen/croupier/wallet/v1/walletv1connect"
	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/client"
)

// Bearer adds a bearer token to every call of a client.
func Bearer(token string) connect.ClientOption {
	return connect.WithInterceptors(auth.NewTokenInterceptor(func() string { return token }))
}

// APIKey adds the partner API key to every call.
func APIKey(key string) connect.ClientOption {
	return connect.WithInterceptors(auth.NewAPIKeyInterceptor(key))
}

// Clients are API clients acting as one caller.
type Clients struct {
	Table   tablev1connect.TableServiceClient
	Admin   tablev1connect.TableAdminServiceClient
	Session tablev1connect.SessionServiceClient
	Wallet  walletv1connect.WalletServiceClient
	// Banked, BankedAdmin and Dealer are the banked games' public,
	// operators' and dealer-console services.
	Banked      tablev1connect.BankedTableServiceClient
	BankedAdmin tablev1connect.BankedAdminServiceClient
	Dealer      tablev1connect.DealerConsoleServiceClient
	// Blackjack is a blackjack table's moves.
	Blackjack tablev1connect.BlackjackServiceClient
}

// NewClients returns clients of the stack's server (or any base URL)
// sending opt on every call. gRPC over HTTP/2 cleartext.
func NewClients(base string, opt connect.ClientOption) Clients {
	hc := client.NewHTTPClient()
	opts := []connect.ClientOption{connect.WithGRPC(), client.NoGzip(), client.Codec(), opt}
	return Clients{
		Table:       tablev1connect.NewTableServiceClient(hc, base, opts...),
		Admin:       tablev1connect.NewTableAdminServiceClient(hc, base, opts...),
		Session:     tablev1connect.NewSessionServiceClient(hc, base, opts...),
		Wallet:      walletv1connect.NewWalletServiceClient(hc, base, opts...),
		Banked:      tablev1connect.NewBankedTableServiceClient(hc, base, opts...),
		BankedAdmin: tablev1connect.NewBankedAdminServiceClient(hc, base, opts...),
		Dealer:      tablev1connect.NewDealerConsoleServiceClient(hc, base, opts...),
		Blackjack:   tablev1connect.NewBlackjackServiceClient(hc, base, opts...),
	}
}

// Fund deposits amount into player's account at partner (from the
// partner's cage) and returns the account id.
func Fund(ctx context.Context, wallet walletv1connect.WalletServiceClient, partner, player, currency string, amount int64) (string, error) {
	cage, err := wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{
		Kind: walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL, OwnerId: partner, PartnerId: partner, Currency: currency}))
	if err != nil {
		return "", fmt.Errorf("cage: %w", err)
	}
	acct, err := wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{
		Kind: walletv1.AccountKind_ACCOUNT_KIND_PLAYER, OwnerId: player, PartnerId: partner, Currency: currency}))
	if err != nil {
		return "", fmt.Errorf("player account: %w", err)
	}
	_, err = wallet.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{
		IdempotencyKey: "fund:" + player + ":" + currency + ":" + fmt.Sprint(amount) + ":" + fmt.Sprint(time.Now().UnixNano()),
		Transfer: &walletv1.TransferSpec{DebitAccountId: cage.Msg.GetAccount().GetId(), CreditAccountId: acct.Msg.GetAccount().GetId(),
			Amount: &commonv1.Money{Amount: amount, Currency: currency}, Kind: walletv1.TransferKind_TRANSFER_KIND_DEPOSIT}}))
	if err != nil {
		return "", fmt.Errorf("deposit: %w", err)
	}
	return acct.Msg.GetAccount().GetId(), nil
}

// Balance reads an account's balance.
func Balance(ctx context.Context, wallet walletv1connect.WalletServiceClient, id string) (int64, error) {
	res, err := wallet.GetAccount(ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: id}))
	if err != nil {
		return 0, err
	}
	return res.Msg.GetAccount().GetBalance(), nil
}
