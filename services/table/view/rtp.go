package view

import (
	"math/big"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/house"
)

// rtpMethods maps a return's method to the API's.
var rtpMethods = map[house.Method]tablev1.RtpMethod{
	house.ExactEnumeration:   tablev1.RtpMethod_RTP_METHOD_EXACT_ENUMERATION,
	house.ExactCombinatorial: tablev1.RtpMethod_RTP_METHOD_EXACT_COMBINATORIAL,
	house.Simulation:         tablev1.RtpMethod_RTP_METHOD_SIMULATION,
	house.NotComputed:        tablev1.RtpMethod_RTP_METHOD_NOT_COMPUTED,
}

// ReturnToPlayer converts a return-to-player figure.
func ReturnToPlayer(r house.Return) *tablev1.ReturnToPlayer {
	return &tablev1.ReturnToPlayer{Bet: r.Bet, Rtp: r.RTP, Percent: r.Percent(), Exact: r.Exact, Method: rtpMethods[r.Method],
		Strategy: r.Strategy, StandardError: r.SE, Rounds: r.Rounds, Unit: r.Unit, RtpPerTotalStake: r.PerTotalStake,
		UnpricedOptions: r.Unpriced}
}

// Returns converts a table's returns: its figure and each bet's.
func Returns(r *house.Returns) (*tablev1.ReturnToPlayer, []*tablev1.ReturnToPlayer) {
	if r == nil {
		return nil, nil
	}
	bets := make([]*tablev1.ReturnToPlayer, 0, len(r.Bets))
	for _, b := range r.Bets {
		bets = append(bets, ReturnToPlayer(b))
	}
	return ReturnToPlayer(r.Table), bets
}

// HouseEdgeOverride converts the record of an override of the house-edge
// check (nil for none).
func HouseEdgeOverride(o *house.HouseEdgeOverride) *tablev1.HouseEdgeOverride {
	if o == nil {
		return nil
	}
	return &tablev1.HouseEdgeOverride{Refusal: o.Refusal, HouseEdge: fraction(o.HouseEdge), MinimumHouseEdge: fraction(o.Minimum),
		Reason: o.Reason, Operator: o.Operator, CreatedAt: timestamppb.New(time.UnixMilli(o.At))}
}

// fraction reads a fraction big.Rat wrote ("1/37"), 0 for none.
func fraction(s string) float64 {
	q, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0
	}
	f, _ := q.Float64()
	return f
}
