package api

import (
	"strings"
	"testing"

	"connectrpc.com/connect"
)

// The tournament's keys are opaque (the core hashes them into update ids):
// spaces, non-ASCII and control characters pass, only the length in bytes
// is bounded, with the message checkText gave before package ident.
func TestCheckKeyIsOpaque(t *testing.T) {
	for _, key := range []string{"buy in", "clé", "k\x00\n", "\xff", strings.Repeat("€", 66)} {
		if err := checkKey(key); err != nil {
			t.Errorf("checkKey(%q): %v", key, err)
		}
	}
	err := checkKey(strings.Repeat("€", 67))
	wantRefused(t, err, connect.CodeInvalidArgument, "BAD_IDEMPOTENCY_KEY")
	if want := checkText("BAD_IDEMPOTENCY_KEY", "idempotency key", strings.Repeat("k", 201)); err.Error() != want.Error() {
		t.Errorf("message %q, want %q", err, want)
	}
}
