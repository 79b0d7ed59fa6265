// Package apierr builds the errors Croupier returns to callers: a Connect
// code plus a machine-readable reason ("BET_BELOW_MINIMUM") that a partner
// can switch on, carried as a google.rpc.ErrorInfo detail so gRPC, gRPC-Web
// and Connect clients all see it.
//
// Cores return plain Go errors wrapping a *Error; handlers pass them through
// Connect unchanged, so the mapping happens once, where the error is made.
package apierr

import (
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// Domain is the ErrorInfo domain of every Croupier error.
const Domain = "croupier.dev"

// Error is a rejected request: a code, a reason and a human message.
type Error struct {
	Code    connect.Code
	Reason  string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.Reason, e.Message)
}

// New returns an *Error. The reason is UPPER_SNAKE_CASE and stable.
func New(code connect.Code, reason, format string, args ...any) *Error {
	return &Error{Code: code, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Invalid is INVALID_ARGUMENT: the request itself is wrong.
func Invalid(reason, format string, args ...any) *Error {
	return New(connect.CodeInvalidArgument, reason, format, args...)
}

// Precondition is FAILED_PRECONDITION: the request is well formed but the
// current state does not allow it.
func Precondition(reason, format string, args ...any) *Error {
	return New(connect.CodeFailedPrecondition, reason, format, args...)
}

// NotFound is NOT_FOUND.
func NotFound(reason, format string, args ...any) *Error {
	return New(connect.CodeNotFound, reason, format, args...)
}

// Conflict is ALREADY_EXISTS, for an idempotency key reused with a new body.
func Conflict(reason, format string, args ...any) *Error {
	return New(connect.CodeAlreadyExists, reason, format, args...)
}

// Aborted is ABORTED: a concurrent change won; the caller may retry.
func Aborted(reason, format string, args ...any) *Error {
	return New(connect.CodeAborted, reason, format, args...)
}

// Denied is PERMISSION_DENIED.
func Denied(reason, format string, args ...any) *Error {
	return New(connect.CodePermissionDenied, reason, format, args...)
}

// Unauthenticated is UNAUTHENTICATED.
func Unauthenticated(reason, format string, args ...any) *Error {
	return New(connect.CodeUnauthenticated, reason, format, args...)
}

// Unavailable is UNAVAILABLE: try again later (e.g. the RNG failed a health test).
func Unavailable(reason, format string, args ...any) *Error {
	return New(connect.CodeUnavailable, reason, format, args...)
}

// Connect converts any error into a *connect.Error for a handler to return.
// An *Error anywhere in the chain keeps its code and reason; a context error
// keeps its meaning; anything else is INTERNAL with the reason "INTERNAL" and
// no detail that could leak internals.
func Connect(err error) error {
	if err == nil {
		return nil
	}
	var ce *connect.Error
	if errors.As(err, &ce) {
		return ce
	}
	var e *Error
	if errors.As(err, &e) {
		out := connect.NewError(e.Code, errors.New(e.Error()))
		if d, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: e.Reason, Domain: Domain}); derr == nil {
			out.AddDetail(d)
		}
		return out
	}
	code := connect.CodeOf(err)
	if code == connect.CodeUnknown {
		code = connect.CodeInternal
	}
	reason := "INTERNAL"
	switch code {
	case connect.CodeCanceled:
		reason = "CANCELED"
	case connect.CodeDeadlineExceeded:
		reason = "DEADLINE_EXCEEDED"
	}
	out := connect.NewError(code, errors.New(reason))
	if d, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: reason, Domain: Domain}); derr == nil {
		out.AddDetail(d)
	}
	return out
}

// Reason returns the reason carried by err: from an *Error in the chain, or
// from the ErrorInfo detail of a *connect.Error received by a client.
func Reason(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	var ce *connect.Error
	if errors.As(err, &ce) {
		for _, d := range ce.Details() {
			v, derr := d.Value()
			if derr != nil {
				continue
			}
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				return info.Reason
			}
		}
	}
	return ""
}

// Code returns the Connect code of err, reading an *Error if there is one.
func Code(err error) connect.Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return connect.CodeOf(err)
}
