package api

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/services/evaluator/equity"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/rank/reason"
)

// Equity computes win and tie shares.
func (s *Handler) Equity(ctx context.Context, req *connect.Request[evaluatorv1.EquityRequest]) (*connect.Response[evaluatorv1.EquityResponse], error) {
	m := req.Msg
	annotate(ctx, attribute.String("evaluator.game", m.GetGame().String()), attribute.Int("evaluator.hands", len(m.GetHands())),
		attribute.Int("evaluator.board", len(m.GetBoard())))
	g, err := gameOf(m.GetGame())
	if err != nil {
		return nil, apierr.Connect(err)
	}
	if !internal(ctx) && m.GetSamples() > s.limits.MaxPublicSamples {
		return nil, apierr.Connect(apierr.Invalid(reason.TooManyHands, "%d samples, at most %d", m.GetSamples(), s.limits.MaxPublicSamples))
	}
	if len(m.GetHands()) > equity.MaxHands {
		return nil, apierr.Connect(apierr.Invalid(reason.TooManyHands, "%d hands, want %d to %d", len(m.GetHands()), equity.MinHands, equity.MaxHands))
	}
	r := equity.Request{Game: g, Samples: m.GetSamples(), Seed: m.GetSeed()}
	if r.Board, err = parseCards("board", m.GetBoard()); err != nil {
		return nil, apierr.Connect(err)
	}
	if r.Dead, err = parseCards("dead", m.GetDead()); err != nil {
		return nil, apierr.Connect(err)
	}
	for i, h := range m.GetHands() {
		hole, err := parseCards(fmt.Sprintf("hands[%d].hole", i), h.GetHole())
		if err != nil {
			return nil, apierr.Connect(err)
		}
		if len(h.GetBoard()) > 0 {
			return nil, apierr.Connect(apierr.Invalid(reason.WrongCardCount, "hands[%d].board: put the board in board", i))
		}
		r.Hands = append(r.Hands, hole)
	}
	res, err := equity.Compute(ctx, r)
	if err != nil {
		return nil, apierr.Connect(err)
	}
	annotate(ctx, attribute.Bool("evaluator.exhaustive", res.Exhaustive), attribute.Int64("evaluator.boards", int64(res.Boards)))
	out := &evaluatorv1.EquityResponse{Exhaustive: res.Exhaustive, Boards: res.Boards, StdError: res.StdError, Seed: res.Seed}
	for _, h := range res.Hands {
		out.Hands = append(out.Hands, &evaluatorv1.HandEquity{
			Win: h.Win, Tie: h.Tie, Equity: h.Equity, Wins: h.Wins, Ties: h.Ties, StdError: h.StdError,
		})
	}
	return connect.NewResponse(out), nil
}
