package server

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// PublicError is err as the caller of the current request may see it.
//
// A fault (apierr.Fault: UNAVAILABLE, INTERNAL, UNKNOWN, DEADLINE_EXCEEDED,
// DATA_LOSS) seen by anyone but an operator or another Croupier service —
// a player, a partner, an auditor, an unauthenticated caller — keeps its
// code and reason but carries apierr.PublicMessage and the trace id instead
// of its own message, which may name a Redis address, a driver's text or an
// internal account (issue 11). The original is recorded on the request's
// span; the logging interceptor, inside this one, has logged it with the
// trace id. Operators and services keep the original message: they are the
// ones who debug it, and a service that passes a fault on to its own
// caller goes through this function again at its own edge.
//
// Refusals (every other code) are returned as apierr.Connect makes them:
// their messages are written for the caller.
func PublicError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	code := apierr.Code(err)
	if code == connect.CodeUnknown {
		code = connect.CodeOf(apierr.Connect(err))
	}
	if !apierr.Fault(code) {
		return apierr.Connect(err)
	}
	span := trace.SpanFromContext(ctx)
	span.RecordError(errors.New(apierr.Detail(err)), trace.WithAttributes(attribute.String("rpc.error_reason", apierr.Reason(err))))
	if p, ok := auth.FromContext(ctx); ok && p.Internal() {
		return apierr.Connect(err)
	}
	var traceID string
	if sc := span.SpanContext(); sc.HasTraceID() {
		traceID = sc.TraceID().String()
	}
	return apierr.Public(err, traceID)
}

// NewPublicErrorInterceptor applies PublicError to every error a handler
// returns, unary or streaming. It runs after the auth interceptor (it
// needs the caller) and before the logging one (which logs the original).
func NewPublicErrorInterceptor() connect.Interceptor { return publicErrors{} }

type publicErrors struct{}

func (publicErrors) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		res, err := next(ctx, req)
		if req.Spec().IsClient || err == nil {
			return res, err
		}
		return res, PublicError(ctx, err)
	}
}

func (publicErrors) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (publicErrors) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return PublicError(ctx, next(ctx, conn))
	}
}
