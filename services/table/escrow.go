package table

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/game"
)

// Escrow verdicts.
const (
	EscrowMatch        = "match"
	EscrowMismatch     = "mismatch"
	EscrowInconclusive = "inconclusive"
	// EscrowSkipped: nothing to check (a tournament table, a closed one,
	// no wallet, or another replica audits it this period).
	EscrowSkipped = "skipped"
)

// checkEscrow compares the table's escrow balance with the chips the table
// held at version v, right after a deal. Every escrow movement is recorded
// as an intent before the wallet is called, so if none was pending at v
// and none was recorded between v and the table's version after the wallet
// answered, the two must be equal; otherwise the check says nothing.
func (s *Service) checkEscrow(ctx context.Context, id string, v uint64, want game.Escrow) {
	s.compareEscrow(ctx, id, v, want, "deal", func(rt *runtime) bool { return rt.moneyVersion <= v })
}

// AuditEscrow compares a table's escrow with the chips at it now, whatever
// the table is doing (idle, paused, frozen, between hands or in one): the
// periodic audit every replica runs (Options.EscrowAuditEvery) and a check
// an operator's tool may call. It is conclusive only if no money intent is
// pending and the table did not change while the wallet answered. A
// mismatch freezes the table for review.
func (s *Service) AuditEscrow(ctx context.Context, id string) (string, error) {
	var want game.Escrow
	var has bool
	var v uint64
	var pending bool
	err := s.read(ctx, id, func(t game.Table, _ *runtime) error {
		want, has = t.Escrow()
		v, pending = t.Revision(), t.MoneyPending()
		return nil
	})
	if err != nil {
		return "", err
	}
	if !has || s.deps.Wallet == nil {
		return EscrowSkipped, nil
	}
	if pending {
		s.m.escrowChecks.Add(ctx, 1, metric.WithAttributes(attribute.String("result", EscrowInconclusive), attribute.String("trigger", "audit")))
		return EscrowInconclusive, nil
	}
	return s.compareEscrow(ctx, id, v, want, "audit", func(rt *runtime) bool { return rt.t.Revision() == v }), nil
}

// compareEscrow asks the wallet for the escrow balance and compares it with
// what the table at version v says it holds (want: the chips at a poker
// table, the stakes at a banked one); unchanged says whether nothing moved
// money since v (rt.mu held, the table current). A conclusive mismatch is
// logged, counted and freezes the table.
func (s *Service) compareEscrow(ctx context.Context, id string, v uint64, want game.Escrow, trigger string, unchanged func(rt *runtime) bool) string {
	if s.deps.Wallet == nil {
		return EscrowSkipped
	}
	kind := walletv1.AccountKind_ACCOUNT_KIND_TABLE_ESCROW
	if want.Kind == game.RoundEscrow {
		kind = walletv1.AccountKind_ACCOUNT_KIND_ROUND_ESCROW
	}
	res, err := s.deps.Wallet.CheckEscrow(ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{
		TableId: id, Currency: want.Currency, ExpectedAmount: want.Amount, Kind: kind}))
	if err != nil {
		s.log.Warn("escrow check", "table", id, "err", err)
		return EscrowInconclusive
	}
	result := EscrowInconclusive
	_ = s.read(ctx, id, func(t game.Table, rt *runtime) error {
		if t.MoneyPending() || !unchanged(rt) {
			return nil
		}
		result = EscrowMatch
		s.m.setEscrowDiff(id, res.Msg.GetDifference())
		if res.Msg.GetMatches() {
			return nil
		}
		result = EscrowMismatch
		s.log.Error("escrow does not match the chips at the table: freezing it for review", "table", id, "version", v,
			"escrow", res.Msg.GetBalance(), "expected", want.Amount, "difference", res.Msg.GetDifference(), "trigger", trigger)
		s.freezeLocked(ctx, rt, game.ReasonEscrowMismatch)
		return nil
	})
	s.m.escrowChecks.Add(ctx, 1, metric.WithAttributes(attribute.String("result", result), attribute.String("trigger", trigger)))
	return result
}

// auditSoon audits a table's escrow in the background (after a rewind).
func (s *Service) auditSoon(id string) {
	if s.deps.Wallet == nil || s.opts.DisableEscrowCheck {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := s.AuditEscrow(ctx, id); err != nil {
			s.log.Warn("escrow audit", "table", id, "err", err)
		}
	}()
}

// auditLoop audits the escrow of every table in the lobby once every
// EscrowAuditEvery, idle and paused tables included (the check at deals
// sees only tables that deal). A claim per table and period in Redis has
// one replica audit each table.
func (s *Service) auditLoop(ctx context.Context) {
	every := s.opts.EscrowAuditEvery
	if every <= 0 || s.deps.Wallet == nil || s.opts.DisableEscrowCheck {
		return
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		lobby, err := s.deps.Store.Summaries(ctx)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("escrow audit: read the lobby", "err", err)
			}
			continue
		}
		for id := range lobby {
			if ctx.Err() != nil {
				return
			}
			ok, err := s.deps.Store.ClaimAudit(ctx, id, every)
			if err != nil || !ok {
				continue
			}
			if _, err := s.AuditEscrow(ctx, id); err != nil && ctx.Err() == nil {
				s.log.Warn("escrow audit", "table", id, "err", err)
			}
		}
	}
}
