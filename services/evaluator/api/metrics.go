package api

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"

	evaluatorv1 "github.com/croupier/croupier/gen/croupier/evaluator/v1"
	"github.com/croupier/croupier/shared/apierr"
)

// Metrics returns the interceptor that measures the evaluator's work
// (OpenTelemetry), to install inside the authentication interceptor:
//
//	croupier.evaluator.evaluations   calls, by kind (evaluate, showdown, equity, rank_up_cards, banked) and game
//	croupier.evaluator.batch.size    hands (boxes for banked, seats for rank_up_cards) per call, by kind
//	croupier.evaluator.errors        calls refused or failed, by kind and reason
//
// The per-call latency is rpc.server.duration's (the RPC instrumentation).
func Metrics(m metric.Meter) (connect.Interceptor, error) {
	calls, err := m.Int64Counter("croupier.evaluator.evaluations", metric.WithUnit("{call}"),
		metric.WithDescription("Evaluation calls, by kind (evaluate, showdown, equity, rank_up_cards, banked) and game"))
	if err != nil {
		return nil, err
	}
	size, err := m.Int64Histogram("croupier.evaluator.batch.size", metric.WithUnit("{hand}"),
		metric.WithDescription("Hands per call (boxes for banked, seats for rank_up_cards), by kind"),
		metric.WithExplicitBucketBoundaries(1, 2, 4, 6, 9, 16, 32, 64, 128, 1000, 10000))
	if err != nil {
		return nil, err
	}
	failed, err := m.Int64Counter("croupier.evaluator.errors", metric.WithUnit("{call}"),
		metric.WithDescription("Evaluation calls refused or failed, by kind and reason (the ErrorInfo reason)"))
	if err != nil {
		return nil, err
	}
	return connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			kind, game, n := describe(req.Any())
			if kind == "" {
				return next(ctx, req)
			}
			k := attribute.String("kind", kind)
			calls.Add(ctx, 1, metric.WithAttributes(k, attribute.String("game", game)))
			size.Record(ctx, int64(n), metric.WithAttributes(k))
			res, err := next(ctx, req)
			if err != nil {
				failed.Add(ctx, 1, metric.WithAttributes(k, attribute.String("reason", errorReason(err))))
			}
			return res, err
		}
	}), nil
}

// describe names a request's kind, game and batch size.
func describe(msg any) (kind, game string, n int) {
	switch m := msg.(type) {
	case *evaluatorv1.EvaluateRequest:
		return "evaluate", m.GetGame().String(), len(m.GetHands())
	case *evaluatorv1.ShowdownRequest:
		return "showdown", m.GetGame().String(), len(m.GetSeats())
	case *evaluatorv1.EquityRequest:
		return "equity", m.GetGame().String(), len(m.GetHands())
	case *evaluatorv1.RankUpCardsRequest:
		return "rank_up_cards", m.GetRanking().String(), len(m.GetSeats())
	case *evaluatorv1.EvaluateBankedRequest:
		return "banked", m.GetGame().String(), len(m.GetBoxes())
	}
	return "", "", 0
}

// errorReason is the ErrorInfo reason the caller receives.
func errorReason(err error) string {
	var ce *connect.Error
	if !errors.As(apierr.Connect(err), &ce) {
		return "INTERNAL"
	}
	for _, d := range ce.Details() {
		if v, derr := d.Value(); derr == nil {
			if info, ok := v.(interface{ GetReason() string }); ok {
				return info.GetReason()
			}
		}
	}
	return ce.Code().String()
}
