package apierr

import (
	"context"
	"errors"
	"fmt"
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
	ce := Connect(connect.NewError(connect.CodeDeadlineExceeded, context.DeadlineExceeded))
	if connect.CodeOf(ce) != connect.CodeDeadlineExceeded {
		t.Fatalf("code = %v", connect.CodeOf(ce))
	}
}
