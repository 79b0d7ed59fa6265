// Package apierr builds the errors Croupier returns to callers: a Connect
// code plus a machine-readable reason ("BET_BELOW_MINIMUM") that a partner
// can switch on, carried as a google.rpc.ErrorInfo detail so gRPC, gRPC-Web
// and Connect clients all see it.
//
// Cores return plain Go errors wrapping a *Error; handlers pass them through
// Connect unchanged, so the mapping happens once, where the error is made.
//
// A fault's message (see Fault) is for operators: shared/server's
// PublicError replaces it with PublicMessage for every other caller, and
// Detail gives the logs the whole original, wrapping included.
package apierr

import (
	"context"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// Domain is the ErrorInfo domain of every Croupier error.
const Domain = "croupier.dev"

// Reasons of the refusals shared/server makes before any handler reads the
// request, so that no service spells them itself.
const (
	// MalformedRequest (INVALID_ARGUMENT): the body does not decode as the
	// procedure's request message (bad JSON, a value of the wrong type, an
	// enum name that does not exist, binary garbage).
	MalformedRequest = "MALFORMED_REQUEST"
	// RequestTooLarge (RESOURCE_EXHAUSTED): a request message is over the
	// size limit.
	RequestTooLarge = "REQUEST_TOO_LARGE"
	// ShuttingDown (UNAVAILABLE): the replica ends the stream because it
	// stops; the client resumes on another. Logged as the shutdown, not as
	// a fault.
	ShuttingDown = "SHUTTING_DOWN"
)

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
		// The message is the *Error's own; what wraps it (a driver's
		// error, the operation) stays for Detail and the logs.
		out := connect.NewError(e.Code, hidden{shown: e.Error(), cause: err})
		if d, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: e.Reason, Domain: Domain}); derr == nil {
			out.AddDetail(d)
		}
		return out
	}
	code := codeOf(err)
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
	// The caller reads only the reason; the original stays reachable (for
	// Detail, hence the logs and the trace) but is never sent.
	out := connect.NewError(code, hidden{shown: reason, cause: err})
	if d, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: reason, Domain: Domain}); derr == nil {
		out.AddDetail(d)
	}
	return out
}

// hidden is an error whose text is not its cause's: what Connect sends for
// an error it does not know, keeping the cause for the logs.
type hidden struct {
	shown string
	cause error
}

func (h hidden) Error() string { return h.shown }
func (h hidden) Unwrap() error { return h.cause }

// Detail is the whole text of err for logs and traces: with the cause that
// Connect keeps out of an INTERNAL error's message.
func Detail(err error) string {
	if err == nil {
		return ""
	}
	var h hidden
	if errors.As(err, &h) && h.cause.Error() != h.shown {
		return err.Error() + " [" + h.cause.Error() + "]"
	}
	return err.Error()
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
	return codeOf(err)
}

// codeOf is connect.CodeOf, which leaves a bare context error UNKNOWN,
// but a context error is CANCELED or DEADLINE_EXCEEDED: a stream that ends
// because its caller left or the process stops is not a fault (issue 12).
func codeOf(err error) connect.Code {
	code := connect.CodeOf(err)
	if code != connect.CodeUnknown {
		return code
	}
	switch {
	case errors.Is(err, context.Canceled):
		return connect.CodeCanceled
	case errors.Is(err, context.DeadlineExceeded):
		return connect.CodeDeadlineExceeded
	}
	return code
}

// Fault reports whether code is a server fault rather than a refusal of the
// request: UNAVAILABLE, INTERNAL, UNKNOWN, DEADLINE_EXCEEDED and DATA_LOSS.
// The message of a fault is written for operators (it may name a Redis
// address, a driver's text, a table's internal state); a refusal's message
// is written for the caller.
func Fault(code connect.Code) bool {
	switch code {
	case connect.CodeUnavailable, connect.CodeInternal, connect.CodeUnknown,
		connect.CodeDeadlineExceeded, connect.CodeDataLoss:
		return true
	}
	return false
}

// PublicMessage is the fixed text a caller outside Croupier (a player, a
// partner, an auditor, an unauthenticated caller) receives for a fault of
// code code, whatever the fault was.
func PublicMessage(code connect.Code) string {
	switch code {
	case connect.CodeUnavailable:
		return "the service is temporarily unavailable; retry later (a write with the same idempotency key)"
	case connect.CodeDeadlineExceeded:
		return "the request took too long; retry later (a write with the same idempotency key)"
	}
	return "an internal error occurred"
}

// Public converts err, as Connect does, into what a caller outside
// Croupier may see. A refusal (any code but a Fault) is unchanged. A fault
// keeps its code and its reason but its message becomes PublicMessage,
// followed by the trace id when there is one, so that support can find the
// original in the logs and the trace; the original itself never leaves.
func Public(err error, traceID string) *connect.Error {
	if err == nil {
		return nil
	}
	var ce *connect.Error
	if !errors.As(Connect(err), &ce) {
		ce = connect.NewError(connect.CodeInternal, errors.New("INTERNAL"))
	}
	if !Fault(ce.Code()) {
		return ce
	}
	msg := PublicMessage(ce.Code())
	if traceID != "" {
		msg += " (trace " + traceID + ")"
	}
	reason := Reason(ce)
	if reason == "" {
		return connect.NewError(ce.Code(), errors.New(msg))
	}
	out := connect.NewError(ce.Code(), errors.New(reason+": "+msg))
	if d, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: reason, Domain: Domain}); derr == nil {
		out.AddDetail(d)
	}
	return out
}
