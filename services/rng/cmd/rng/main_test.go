package main

import (
	"io"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadValidates(t *testing.T) {
	key := strings.Repeat("ab", 32)
	ok := map[string]string{"CROUPIER_SEAL_KEY": key}
	if _, err := load(nil, env(ok), io.Discard); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	cases := map[string][]string{
		"unknown store":        {"-audit-store", "file"},
		"tiny reseed":          {"-reseed-bytes", "10"},
		"slow health":          {"-health-interval", "2m", "-reseed-interval", "1m"},
		"small self-test":      {"-self-test-shuffles", "100"},
		"money name only":      {"-money-wheel-name", "a"},
		"money wrong counts":   {"-money-wheel-name", "a", "-money-wheel-order", "x,x,x"},
		"short idempotency":    {"-idempotency-ttl", "1s"},
		"reseed interval zero": {"-reseed-interval", "0s"},
		"short seal key":       {"-seal-key", "abcd"},
	}
	for name, args := range cases {
		if _, err := load(args, env(ok), io.Discard); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := load(nil, env(map[string]string{}), io.Discard); err == nil {
		t.Error("redis store without a seal key accepted")
	}
	s, err := load(nil, env(map[string]string{"CROUPIER_RNG_AUDIT_STORE": "memory", "CROUPIER_RNG_RESEED_BYTES": "65536"}), io.Discard)
	if err != nil || s.auditStore != "memory" || s.policy().MaxBytes != 65536 {
		t.Fatalf("env: %+v %v", s, err)
	}
}

// TestDev: -dev runs on the memory store with throwaway keys, and refuses
// the production settings it would otherwise drop.
func TestDev(t *testing.T) {
	s, err := load([]string{"-dev"}, env(nil), io.Discard)
	if err != nil || s.auditStore != "memory" || s.common.Keys == nil || s.common.APIKeys == "" {
		t.Fatalf("-dev: store %q, keys %t, api keys %q, %v", s.auditStore, s.common.Keys != nil, s.common.APIKeys, err)
	}
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
	}{
		"redis address":   {args: []string{"-dev", "-redis-addr", "10.0.0.1:6379"}},
		"audit store":     {args: []string{"-dev", "-audit-store", "redis"}},
		"seal key in env": {args: []string{"-dev"}, env: map[string]string{"CROUPIER_SEAL_KEY": strings.Repeat("ab", 32)}},
		"token keys":      {args: []string{"-dev"}, env: map[string]string{"CROUPIER_TOKEN_PUBLIC_KEYS": "operator AAAA"}},
	} {
		if _, err := load(tc.args, env(tc.env), io.Discard); err == nil || !strings.Contains(err.Error(), "-dev") {
			t.Errorf("%s: -dev accepted it (%v)", name, err)
		}
	}
}
