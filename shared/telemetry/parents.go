package telemetry

import (
	"context"
	"net/http"

	"connectrpc.com/connect"
	"go.opentelemetry.io/otel/propagation"
)

// TrustParents returns the server interceptor that decides whose trace a
// call joins. Interceptor makes every server span a new root that only
// links to the caller's traceparent: anyone on the internet may send one,
// and a partner must not be able to graft our spans onto its traces (or
// pick our trace ids and sampling). A call from another Croupier service
// is different: it is part of the same operation, so its trace context
// becomes the server span's parent and one trace crosses every hop.
//
// trusted reports, from the context the authenticating interceptor left,
// whether the caller is such a service; so the chain is authenticate,
// TrustParents, Interceptor, then the policy (shared/boot wires it). The
// credential is verified once, before this runs, and a call whose
// credentials were refused is never trusted.
func (t *Telemetry) TrustParents(trusted func(context.Context) bool) connect.Interceptor {
	return trustParents{propagator: t.Propagator, trusted: trusted}
}

type trustParents struct {
	propagator propagation.TextMapPropagator
	trusted    func(context.Context) bool
}

// adopt puts the remote span context in ctx: otelconnect then starts the
// server span as its child instead of extracting it as a link.
func (p trustParents) adopt(ctx context.Context, h http.Header) context.Context {
	if !p.trusted(ctx) {
		return ctx
	}
	return p.propagator.Extract(ctx, propagation.HeaderCarrier(h))
}

func (p trustParents) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient {
			return next(ctx, req)
		}
		return next(p.adopt(ctx, req.Header()), req)
	}
}

func (p trustParents) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (p trustParents) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(p.adopt(ctx, conn.RequestHeader()), conn)
	}
}
