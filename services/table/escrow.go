package table

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table/live"
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
func (s *Service) checkEscrow(ctx context.Context, id string, v uint64, chips int64) {
	s.compareEscrow(ctx, id, v, chips, "deal", func(rt *runtime) bool { return rt.moneyVersion <= v })
}

// AuditEscrow compares a table's escrow with the chips at it now, whatever
// the table is doing (idle, paused, frozen, between hands or in one): the
// periodic audit every replica runs (Options.EscrowAuditEvery) and a check
// an operator's tool may call. It is conclusive only if no money intent is
// pending and the table did not change while the wallet answered. A
// mismatch freezes the table for review.
func (s *Service) AuditEscrow(ctx context.Context, id string) (string, error) {
	var cash bool
	var v uint64
	var chips int64
	var pending bool
	err := s.view(ctx, id, func(t *live.Table, _ *runtime) error {
		cash = t.Config.Cash() && t.Status != live.Closed
		v, chips, pending = t.Version, t.Chips(), len(t.Intents) > 0
		return nil
	})
	if err != nil {
		return "", err
	}
	if !cash || s.deps.Wallet == nil {
		return EscrowSkipped, nil
	}
	if pending {
		s.m.escrowChecks.Add(ctx, 1, metric.WithAttributes(attribute.String("result", EscrowInconclusive), attribute.String("trigger", "audit")))
		return EscrowInconclusive, nil
	}
	return s.compareEscrow(ctx, id, v, chips, "audit", func(rt *runtime) bool { return rt.t.Version == v }), nil
}

// compareEscrow asks the wallet for the escrow balance and compares it with
// chips (the table at version v); unchanged says whether nothing moved
// money since v (rt.mu held, the table current). A conclusive mismatch is
// logged, counted and freezes the table.
func (s *Service) compareEscrow(ctx context.Context, id string, v uint64, chips int64, trigger string, unchanged func(rt *runtime) bool) string {
	if s.deps.Wallet == nil {
		return EscrowSkipped
	}
	cfg, err := s.config(ctx, id)
	if err != nil {
		s.log.Warn("escrow check", "table", id, "err", err)
		return EscrowInconclusive
	}
	res, err := s.deps.Wallet.CheckEscrow(ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{
		TableId: id, Currency: cfg.Currency, ExpectedAmount: chips}))
	if err != nil {
		s.log.Warn("escrow check", "table", id, "err", err)
		return EscrowInconclusive
	}
	result := EscrowInconclusive
	_ = s.view(ctx, id, func(t *live.Table, rt *runtime) error {
		if len(t.Intents) > 0 || !unchanged(rt) {
			return nil
		}
		result = EscrowMatch
		s.m.setEscrowDiff(id, res.Msg.GetDifference())
		if res.Msg.GetMatches() {
			return nil
		}
		result = EscrowMismatch
		s.log.Error("escrow does not match the chips at the table: freezing it for review", "table", id, "version", v,
			"escrow", res.Msg.GetBalance(), "chips", chips, "difference", res.Msg.GetDifference(), "trigger", trigger)
		s.freezeLocked(ctx, rt, live.ReasonEscrowMismatch)
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
