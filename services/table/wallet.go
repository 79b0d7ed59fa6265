package table

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/shared/apierr"
)

func (s *Service) wallet() error {
	if s.deps.Wallet == nil {
		return apierr.Unavailable("NO_WALLET", "this table service has no wallet")
	}
	return nil
}

// account returns the id of a wallet account, opening it once.
func (s *Service) account(ctx context.Context, kind walletv1.AccountKind, owner, partner, currency string) (string, error) {
	key := fmt.Sprint(kind, "|", owner, "|", partner, "|", currency)
	if id, ok := s.accounts.Load(key); ok {
		return id.(string), nil
	}
	if err := s.wallet(); err != nil {
		return "", err
	}
	res, err := s.deps.Wallet.OpenAccount(ctx, connect.NewRequest(&walletv1.OpenAccountRequest{
		Kind: kind, OwnerId: owner, PartnerId: partner, Currency: currency}))
	if err != nil {
		return "", walletErr("open account", err)
	}
	id := res.Msg.GetAccount().GetId()
	s.accounts.Store(key, id)
	return id, nil
}

// walletErr passes the wallet's refusals on (insufficient funds and the
// like keep their code and reason) and reports the rest as unavailable.
func walletErr(what string, err error) error {
	var ce *connect.Error
	if ok := asConnect(err, &ce); ok {
		switch ce.Code() {
		case connect.CodeFailedPrecondition, connect.CodeInvalidArgument, connect.CodeNotFound, connect.CodePermissionDenied, connect.CodeAlreadyExists:
			return apierr.New(ce.Code(), reasonOf(err, "WALLET_REFUSED"), "wallet %s: %s", what, ce.Message())
		}
	}
	return apierr.Unavailable("WALLET_UNAVAILABLE", "wallet %s: %v", what, err)
}

func reasonOf(err error, def string) string {
	if r := apierr.Reason(err); r != "" {
		return r
	}
	return def
}

// runIntent carries out a money intent at the wallet and records it done.
// Every step is idempotent (hold ids, transfer keys), so any replica may
// run an intent any number of times.
func (s *Service) runIntent(ctx context.Context, id string, in live.Intent) error {
	if in.ID == "" {
		return nil
	}
	if err := s.wallet(); err != nil {
		return err
	}
	cfg, err := s.config(ctx, id)
	if err != nil {
		return err
	}
	escrow, revenue, currency := cfg.Escrow, cfg.Revenue, cfg.Currency
	meta := &walletv1.Metadata{TableId: id, HandId: in.Hand}
	failed := ""
	w := s.deps.Wallet
	switch in.Kind {
	case live.IntentBuyIn, live.IntentTopUp:
		_, err := w.PostHold(ctx, connect.NewRequest(&walletv1.PostHoldRequest{HoldId: in.Hold}))
		if err != nil {
			switch apierr.Reason(err) {
			case "HOLD_EXPIRED", "HOLD_NOT_PENDING", "HOLD_NOT_FOUND":
				// The hold lapsed before it was posted: no money moved.
				failed = apierr.Reason(err)
			default:
				return walletErr("post hold", err)
			}
		}
	case live.IntentCashOut:
		_, err := w.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: in.ID,
			Transfer: &walletv1.TransferSpec{DebitAccountId: escrow, CreditAccountId: in.Account,
				Amount: &commonv1.Money{Amount: in.Amount, Currency: currency},
				Kind:   walletv1.TransferKind_TRANSFER_KIND_CASH_OUT, Metadata: meta}}))
		if err != nil {
			return walletErr("cash out", err)
		}
	case live.IntentRake:
		_, err := w.Transfer(ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: in.ID,
			Transfer: &walletv1.TransferSpec{DebitAccountId: escrow, CreditAccountId: revenue,
				Amount: &commonv1.Money{Amount: in.Amount, Currency: currency},
				Kind:   walletv1.TransferKind_TRANSFER_KIND_RAKE, Metadata: meta}}))
		if err != nil {
			return walletErr("rake", err)
		}
		s.m.rake.Add(ctx, in.Amount)
	}
	s.m.intents.Add(ctx, 1, metric.WithAttributes(attribute.String("kind", in.Kind.String())))
	return s.ignoreStale(s.exec(ctx, id, func(t *live.Table) (reply, error) {
		if _, ok := t.Intent(in.ID); !ok {
			return reply{done: true}, nil // done by another replica
		}
		return reply{cmd: &live.Command{Kind: live.CmdIntentDone, Intent: in.ID, Reason: failed}}, nil
	}, nil))
}
