package api

import (
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// The table's idempotency keys are the wallet's (package ident): 1..128
// printable ASCII characters without space; StandUp and CreateTable may
// leave theirs out, the money-moving requests may not.
func TestCheckKey(t *testing.T) {
	cases := []struct {
		name     string
		key      string
		required bool
		ok       bool
	}{
		{"required, missing", "", true, false},
		{"optional, missing", "", false, true},
		{"one byte", "k", true, true},
		{"128 bytes", strings.Repeat("k", 128), true, true},
		{"129 bytes", strings.Repeat("k", 129), true, false},
		{"129 bytes, optional", strings.Repeat("k", 129), false, false},
		{"space", "buy in", true, false},
		{"space, optional", "buy in", false, false},
		{"non-ASCII", "clé", true, false},
		{"control character", "k\x01", false, false},
		{"DEL", "k\x7f", true, false},
	}
	for _, c := range cases {
		err := checkKey(c.key, c.required)
		if c.ok {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if apierr.Code(err) != connect.CodeInvalidArgument || apierr.Reason(err) != "BAD_IDEMPOTENCY_KEY" {
			t.Errorf("%s: %v, want INVALID_ARGUMENT BAD_IDEMPOTENCY_KEY", c.name, err)
			continue
		}
		if !strings.Contains(err.Error(), "idempotency_key must be 1-128 printable characters") {
			t.Errorf("%s: message %q", c.name, err)
		}
	}
}
