package apierr

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"connectrpc.com/connect"
)

func TestConnectKeepsCodeAndReason(t *testing.T) {
	err := fmt.Errorf("placing bet: %w", Invalid("BET_BELOW_MINIMUM", "bet %d below minimum %d", 5, 10))
	ce := Connect(err)
	if got := connect.CodeOf(ce); got != connect.CodeInvalidArgument {
		t.Fatalf("code = %v", got)
	}
	if got := Reason(ce); got != "BET_BELOW_MINIMUM" {
		t.Fatalf("reason = %q", got)
	}
}

func TestConnectHidesInternalErrors(t *testing.T) {
	ce := Connect(errors.New("pq: password authentication failed for user x"))
	if connect.CodeOf(ce) != connect.CodeInternal || Reason(ce) != "INTERNAL" {
		t.Fatalf("got %v / %q", connect.CodeOf(ce), Reason(ce))
	}
	if got := ce.Error(); got != "internal: INTERNAL" {
		t.Fatalf("message leaks: %q", got)
	}
}

func TestConnectKeepsContextErrors(t *testing.T) {
	for _, tc := range []struct {
		err    error
		code   connect.Code
		reason string
	}{
		{connect.NewError(connect.CodeDeadlineExceeded, context.DeadlineExceeded), connect.CodeDeadlineExceeded, ""},
		// A bare context error (a stream's send after its caller left, or
		// at the shutdown) is no INTERNAL fault (issue 12).
		{fmt.Errorf("send: %w", context.Canceled), connect.CodeCanceled, "CANCELED"},
		{context.DeadlineExceeded, connect.CodeDeadlineExceeded, "DEADLINE_EXCEEDED"},
	} {
		ce := Connect(tc.err)
		if connect.CodeOf(ce) != tc.code || Code(tc.err) != tc.code || (tc.reason != "" && Reason(ce) != tc.reason) {
			t.Errorf("%v: code %v / %v, reason %q; want %v %q", tc.err, connect.CodeOf(ce), Code(tc.err), Reason(ce), tc.code, tc.reason)
		}
	}
}

// TestDetailKeepsWhatTheMessageDrops: the logs get the driver error that
// wraps an *Error or hides behind INTERNAL; the message does not (issue 11).
func TestDetailKeepsWhatTheMessageDrops(t *testing.T) {
	driver := errors.New("dial tcp 127.0.0.1:6390: connect: connection refused")
	cases := []struct {
		name, msg string
		err       error
	}{
		{"wrapped *Error", "DATABASE_UNAVAILABLE: the ledger is down", fmt.Errorf("%w (%v)", Unavailable("DATABASE_UNAVAILABLE", "the ledger is down"), driver)},
		{"plain error", "INTERNAL", fmt.Errorf("load: %w", driver)},
	}
	for _, tc := range cases {
		var ce *connect.Error
		if !errors.As(Connect(tc.err), &ce) || ce.Message() != tc.msg {
			t.Errorf("%s: message %q, want %q", tc.name, ce.Message(), tc.msg)
		}
		if d := Detail(Connect(tc.err)); !strings.Contains(d, "connection refused") || !strings.Contains(d, tc.msg) {
			t.Errorf("%s: detail %q lacks the original", tc.name, d)
		}
	}
}

func TestPublicKeepsCodeAndReasonNotTheMessage(t *testing.T) {
	cases := []struct {
		err    error
		code   connect.Code
		reason string
	}{
		{Unavailable("STORE_UNAVAILABLE", "redis 10.0.0.7:6379: i/o timeout"), connect.CodeUnavailable, "STORE_UNAVAILABLE"},
		{New(connect.CodeInternal, "BAD_SNAPSHOT", "table t1: bad json at 10.0.0.7"), connect.CodeInternal, "BAD_SNAPSHOT"},
		{New(connect.CodeDeadlineExceeded, "TIMEOUT", "10.0.0.7"), connect.CodeDeadlineExceeded, "TIMEOUT"},
		{New(connect.CodeDataLoss, "LOG_GAP", "10.0.0.7"), connect.CodeDataLoss, "LOG_GAP"},
		{errors.New("10.0.0.7 said no"), connect.CodeInternal, "INTERNAL"},
		{connect.NewError(connect.CodeUnknown, errors.New("10.0.0.7 said no")), connect.CodeUnknown, ""},
	}
	for _, tc := range cases {
		p := Public(tc.err, "abc123")
		if p.Code() != tc.code || Reason(p) != tc.reason || strings.Contains(p.Message(), "10.0.0.7") || !strings.Contains(p.Message(), "trace abc123") {
			t.Errorf("Public(%v) = %v %q %q", tc.err, p.Code(), Reason(p), p.Message())
		}
	}
	refusal := Invalid("BET_BELOW_MINIMUM", "bet 5 below minimum 10")
	if p := Public(refusal, "abc"); p.Message() != "BET_BELOW_MINIMUM: bet 5 below minimum 10" {
		t.Errorf("a refusal's message changed: %q", p.Message())
	}
}
