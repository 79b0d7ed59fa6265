package api

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/rank/reason"
)

// Evaluate ranks each hand under the game's rule.
func (s *Handler) Evaluate(ctx context.Context, req *connect.Request[evaluatorv1.EvaluateRequest]) (*connect.Response[evaluatorv1.EvaluateResponse], error) {
	m := req.Msg
	annotate(ctx, attribute.String("evaluator.game", m.GetGame().String()), attribute.Int("evaluator.hands", len(m.GetHands())))
	g, err := gameOf(m.GetGame())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if n := len(m.GetHands()); n > s.limits.MaxHands {
		return nil, apierr.Connect(apierr.Invalid(reason.TooManyHands, "%d hands, at most %d per call", n, s.limits.MaxHands))
	}
	out := &evaluatorv1.EvaluateResponse{Values: make([]*evaluatorv1.HandValue, len(m.GetHands()))}
	for i, h := range m.GetHands() {
		where := fmt.Sprintf("hands[%d]", i)
		hole, err := parseCards(where+".hole", h.GetHole())
		if err != nil {
			return nil, apierr.Connect(err)
		}
		board, err := parseCards(where+".board", h.GetBoard())
		if err != nil {
			return nil, apierr.Connect(err)
		}
		if err := g.Check(hole, board); err != nil {
			return nil, apierr.Connect(at(where, err))
		}
		out.Values[i] = handValue(g.Describe(hole, board))
	}
	return connect.NewResponse(out), nil
}
