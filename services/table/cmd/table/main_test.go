package main

import (
	"io"
	"strings"
	"testing"
)

// TestDevLoad: -dev needs none of the production settings (Redis, seal
// key, service URLs, token keys) and refuses each one given.
func TestDevLoad(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if _, err := load(nil, env(nil), io.Discard); err == nil {
		t.Fatal("without -dev the table started with no seal key, service URLs or token keys")
	}
	s, err := load([]string{"-dev"}, env(nil), io.Discard)
	if err != nil || s.common.Keys == nil || s.common.APIKeys == "" {
		t.Fatalf("-dev: keys %t, api keys %q, %v", s.common.Keys != nil, s.common.APIKeys, err)
	}
	for name, tc := range map[string]struct {
		args []string
		env  map[string]string
	}{
		"redis":       {args: []string{"-dev", "-redis-addr", "10.0.0.1:6379"}},
		"seal key":    {args: []string{"-dev"}, env: map[string]string{"CROUPIER_SEAL_KEY": strings.Repeat("ab", 32)}},
		"wallet URL":  {args: []string{"-dev", "-wallet-url", "http://wallet:8080"}},
		"session key": {args: []string{"-dev"}, env: map[string]string{"CROUPIER_SESSION_SIGNING_KEY": "pem"}},
	} {
		if _, err := load(tc.args, env(tc.env), io.Discard); err == nil || !strings.Contains(err.Error(), "-dev") {
			t.Errorf("%s: -dev accepted it (%v)", name, err)
		}
	}
}
