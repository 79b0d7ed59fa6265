package main

import (
	"io"
	"strings"
	"testing"
)

// TestLoadNeedsProductionSettings: the table refuses to start without its
// seal key, the services it calls and token keys, and has no -dev mode
// (it runs in the dev stack on a laptop).
func TestLoadNeedsProductionSettings(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if _, err := load(nil, env(nil), io.Discard); err == nil {
		t.Fatal("the table started with no seal key, service URLs or token keys")
	}
	if _, err := load([]string{"-dev"}, env(nil), io.Discard); err == nil || !strings.Contains(err.Error(), "dev") {
		t.Fatalf("-dev: %v, want the flag refused", err)
	}
}
