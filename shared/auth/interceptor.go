package auth

import (
	"context"
	"errors"
	"net/http"
	"slices"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// Policy maps a full procedure name ("/croupier.rng.v1.RngService/Shuffle")
// to the roles allowed to call it.
type Policy map[string][]Role

// Allow adds roles for every procedure in procs.
func (p Policy) Allow(roles []Role, procs ...string) Policy {
	for _, proc := range procs {
		p[proc] = append(p[proc], roles...)
	}
	return p
}

// Common role sets.
var (
	// Internal callers only: other services and operators.
	Internal = []Role{RoleService, RoleOperator}
	// Anyone authenticated who may act: the auditor, who only reads proofs
	// and audit logs, is named where it is allowed.
	Anyone = []Role{RolePlayer, RolePartner, RoleService, RoleOperator}
)

// NewInterceptor authenticates every call and enforces the policy before the
// handler runs. A rejected call never reaches the handler.
func NewInterceptor(a *Authenticator, policy Policy) connect.Interceptor {
	return &interceptor{a: a, policy: policy}
}

type interceptor struct {
	a      *Authenticator
	policy Policy
}

// NewStages is NewInterceptor split in two, for a chain that needs to know
// the caller before the call is refused or let through (telemetry trusts
// the trace context of other services only). identify authenticates the
// caller once and keeps the verdict in the context (the principal, set
// with WithPrincipal, only when it may call); enforce, placed after,
// refuses what identify refused, and refuses every call identify did not
// see, so a chain that lost identify is closed, not open.
func NewStages(a *Authenticator, policy Policy) (identify, enforce connect.Interceptor) {
	i := &interceptor{a: a, policy: policy}
	return identifyStage{i}, enforceStage{}
}

type verdictKey struct{}

// verdict is identify's answer: nil, or the refusal enforce returns.
type verdict struct{ err error }

type identifyStage struct{ i *interceptor }

func (s identifyStage) judge(ctx context.Context, procedure string, h http.Header) context.Context {
	ctx, err := s.i.check(ctx, procedure, h)
	return context.WithValue(ctx, verdictKey{}, verdict{err: err})
}

func (s identifyStage) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient {
			return next(ctx, req)
		}
		return next(s.judge(ctx, req.Spec().Procedure, req.Header()), req)
	}
}

func (s identifyStage) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (s identifyStage) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(s.judge(ctx, conn.Spec().Procedure, conn.RequestHeader()), conn)
	}
}

type enforceStage struct{}

func enforced(ctx context.Context) error {
	v, ok := ctx.Value(verdictKey{}).(verdict)
	if !ok {
		return apierr.Connect(apierr.New(connect.CodeInternal, "NOT_AUTHENTICATED", "the call reached the policy without being authenticated"))
	}
	return v.err
}

func (enforceStage) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient {
			return next(ctx, req)
		}
		if err := enforced(ctx); err != nil {
			return nil, err
		}
		return next(ctx, req)
	}
}

func (enforceStage) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (enforceStage) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		if err := enforced(ctx); err != nil {
			return err
		}
		return next(ctx, conn)
	}
}

func (i *interceptor) check(ctx context.Context, procedure string, h http.Header) (context.Context, error) {
	roles, ok := i.policy[procedure]
	if !ok {
		return ctx, apierr.Connect(apierr.Denied("PROCEDURE_CLOSED", "%s is not open to any caller", procedure))
	}
	p, err := i.a.Authenticate(h)
	if err != nil {
		if errors.Is(err, ErrNoCredentials) {
			return ctx, apierr.Connect(apierr.Unauthenticated("NO_CREDENTIALS", "send X-Api-Key or Authorization: Bearer"))
		}
		return ctx, apierr.Connect(apierr.Unauthenticated(credentialReason(err), "%v", err))
	}
	if !slices.Contains(roles, p.Role) {
		return ctx, apierr.Connect(apierr.Denied("ROLE_NOT_ALLOWED", "%s may not call %s", p.Role, procedure))
	}
	return WithPrincipal(ctx, p), nil
}

// credentialReason is the machine-readable reason of a refused credential:
// a client renews an expired token, and fixes its configuration otherwise.
func credentialReason(err error) string {
	switch {
	case errors.Is(err, ErrTokenExpired):
		return "TOKEN_EXPIRED"
	case errors.Is(err, ErrConflictingCredentials):
		return "CONFLICTING_CREDENTIALS"
	}
	return "BAD_CREDENTIALS"
}

func (i *interceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient {
			return next(ctx, req)
		}
		ctx, err := i.check(ctx, req.Spec().Procedure, req.Header())
		if err != nil {
			return nil, err
		}
		return next(ctx, req)
	}
}

func (i *interceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

func (i *interceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		ctx, err := i.check(ctx, conn.Spec().Procedure, conn.RequestHeader())
		if err != nil {
			return err
		}
		return next(ctx, conn)
	}
}

// NewTokenInterceptor attaches "Authorization: Bearer <token>" to every
// outgoing call: service-to-service clients use it with a service token.
func NewTokenInterceptor(token func() string) connect.Interceptor {
	return &credentialInterceptor{header: HeaderAuthorization, value: func() string { return "Bearer " + token() }}
}

// NewAPIKeyInterceptor attaches a partner's API key (X-Api-Key) to every
// outgoing call.
func NewAPIKeyInterceptor(key string) connect.Interceptor {
	return &credentialInterceptor{header: HeaderAPIKey, value: func() string { return key }}
}

// credentialInterceptor sets a credential header on outgoing unary calls
// and streams alike, unless the call already carries one.
type credentialInterceptor struct {
	header string
	value  func() string
}

func (c *credentialInterceptor) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if req.Spec().IsClient && req.Header().Get(c.header) == "" {
			req.Header().Set(c.header, c.value())
		}
		return next(ctx, req)
	}
}

func (c *credentialInterceptor) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return func(ctx context.Context, spec connect.Spec) connect.StreamingClientConn {
		conn := next(ctx, spec)
		if conn.RequestHeader().Get(c.header) == "" {
			conn.RequestHeader().Set(c.header, c.value())
		}
		return conn
	}
}

func (c *credentialInterceptor) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}
