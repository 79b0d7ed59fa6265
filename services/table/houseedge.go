package table

import (
	"context"
	"fmt"
	"math/big"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/services/table/rtp"
	"github.com/croupier/croupier/shared/apierr"
)

// priceBanked computes a new table's return to player for its exact
// rules (package rtp), keeps it in the configuration, published with the
// table, and checks its house edge: below Options.MinHouseEdge (negative:
// the player's edge; issue 20) or unknown, the table is refused with
// FAILED_PRECONDITION, HOUSE_EDGE_BELOW_MINIMUM or HOUSE_EDGE_UNKNOWN and
// the figure, unless the operator overrides the check, which is then
// recorded in the configuration (house.HouseEdgeOverride).
func (s *Service) priceBanked(ctx context.Context, cfg *house.Config, sp BankedSpec) error {
	if sp.AllowBelowMinimum != (sp.OverrideReason != "") {
		return apierr.Invalid(house.ReasonBadOverride, "an override of the house-edge check needs its reason, and a reason its override")
	}
	ret, err := rtp.Price(ctx, cfg, rtp.Options{SimRounds: s.opts.RTPSimRounds})
	if err != nil {
		return fmt.Errorf("return to player of the %s table: %w", cfg.Game, err)
	}
	cfg.RTP = &ret
	minimum := s.opts.MinHouseEdge
	var refusal error
	switch t := ret.Table; {
	case !t.Known():
		refusal = apierr.Precondition(house.ReasonHouseEdgeUnknown,
			"the table's return to player cannot be computed: %v move it and no calculator prices them (override with allow_house_edge_below_minimum and a reason)", t.Unpriced)
	case t.HouseEdge().Cmp(minimum) < 0:
		refusal = apierr.Precondition(house.ReasonHouseEdgeBelowMinimum,
			"return to player %s under %s: house edge %s %% is below the minimum %s %% (override with allow_house_edge_below_minimum and a reason)",
			t, t.Strategy, percent(t.HouseEdge()), percent(minimum))
	default:
		return nil // nothing to override: the request's override is unused
	}
	if !sp.AllowBelowMinimum {
		return refusal
	}
	o := &house.HouseEdgeOverride{Refusal: apierr.Reason(refusal), Minimum: minimum.RatString(), Reason: sp.OverrideReason,
		Operator: sp.Operator, At: s.now().UnixMilli()}
	if ret.Table.Known() {
		o.HouseEdge = ret.Table.HouseEdgeText()
	}
	cfg.HouseEdgeOverride = o
	return nil
}

// auditOverride writes a table opened on an override of the house-edge
// check to the audit log: a structured record (audit=house_edge_override)
// at warning level, with the figure, the minimum, the operator and his
// reason, and counts it (croupier.table.house_edge_overrides).
func (s *Service) auditOverride(ctx context.Context, cfg *house.Config) {
	o := cfg.HouseEdgeOverride
	s.log.WarnContext(ctx, "banked table opened on the operator's override of the house-edge check",
		"audit", "house_edge_override", "table", cfg.ID, "game", cfg.Game, "profile", cfg.Profile, "options", cfg.Options,
		"refusal", o.Refusal, "rtp", cfg.RTP.Table.String(), "house_edge", o.HouseEdge, "minimum_house_edge", o.Minimum,
		"operator", o.Operator, "reason", o.Reason)
	s.m.overrides.Add(ctx, 1, metric.WithAttributes(attribute.String("refusal", o.Refusal)))
}

// percent writes a fraction in percent to four decimals.
func percent(q *big.Rat) string { return new(big.Rat).Mul(q, big.NewRat(100, 1)).FloatString(4) }
