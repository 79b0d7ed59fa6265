// Package api is the evaluator's Connect handler
// (croupier.evaluator.v1.EvaluatorService): it decodes requests, checks
// them, calls the cores (rank, showdown, equity, banked) and maps errors.
// Every RPC takes a batch.
package api

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/gen/croupier/evaluator/v1/evaluatorv1connect"
	"github.com/croupier/croupier/shared/auth"
)

// Limits bound the work one call may ask for.
type Limits struct {
	// MaxHands bounds Evaluate's batch and RankUpCards' seats.
	MaxHands int
	// MaxBoxes bounds EvaluateBanked's boxes.
	MaxBoxes int
	// MaxPots bounds Showdown's pots.
	MaxPots int
	// MaxPublicSamples bounds the Monte Carlo samples players and partners
	// may ask Equity for; internal callers get equity.MaxSamples.
	MaxPublicSamples uint64
}

// DefaultLimits are the limits the service runs with unless configured.
var DefaultLimits = Limits{MaxHands: 10_000, MaxBoxes: 64, MaxPots: 64, MaxPublicSamples: 1_000_000}

// Handler implements evaluatorv1connect.EvaluatorServiceHandler.
type Handler struct {
	limits Limits
}

var _ evaluatorv1connect.EvaluatorServiceHandler = (*Handler)(nil)

// New returns the handler with the given limits (zero fields take the
// defaults).
func New(l Limits) *Handler {
	if l.MaxHands <= 0 {
		l.MaxHands = DefaultLimits.MaxHands
	}
	if l.MaxBoxes <= 0 {
		l.MaxBoxes = DefaultLimits.MaxBoxes
	}
	if l.MaxPots <= 0 {
		l.MaxPots = DefaultLimits.MaxPots
	}
	if l.MaxPublicSamples == 0 {
		l.MaxPublicSamples = DefaultLimits.MaxPublicSamples
	}
	return &Handler{limits: l}
}

// Policy says who may call what.
//
// Evaluate, Equity and RankUpCards only compute over cards the caller
// sends, reveal nothing the caller does not already know, and partner
// front-ends show hand strength and odds from them: players and partners
// may call them. Showdown and EvaluateBanked decide who is paid; their
// answers are only meaningful with cards the table service holds, and a
// player must not be able to present a result from them as the table's. They
// stay internal (table service, operators).
func Policy() auth.Policy {
	return auth.Policy{}.
		Allow(auth.Anyone,
			evaluatorv1connect.EvaluatorServiceEvaluateProcedure,
			evaluatorv1connect.EvaluatorServiceEquityProcedure,
			evaluatorv1connect.EvaluatorServiceRankUpCardsProcedure).
		Allow(auth.Internal,
			evaluatorv1connect.EvaluatorServiceShowdownProcedure,
			evaluatorv1connect.EvaluatorServiceEvaluateBankedProcedure)
}

// annotate records the size of a batch on the call's span, so a trace
// shows how much work a slow call carried.
func annotate(ctx context.Context, attrs ...attribute.KeyValue) {
	trace.SpanFromContext(ctx).SetAttributes(attrs...)
}

func internal(ctx context.Context) bool {
	p, ok := auth.FromContext(ctx)
	return ok && p.Internal()
}
