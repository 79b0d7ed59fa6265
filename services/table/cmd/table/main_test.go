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

// CROUPIER_TABLE_MIN_HOUSE_EDGE_PERCENT is a percentage, read exactly
// (a fraction of one too, for a figure like 1/37): 0 to under 100.
func TestMinimumHouseEdge(t *testing.T) {
	for in, want := range map[string]string{"0": "0", "0.5": "1/200", " 2.7 ": "27/1000", "100/37": "1/37", "99.99": "9999/10000"} {
		got, err := settings{minHouseEdge: in}.minimumHouseEdge()
		if err != nil || got.RatString() != want {
			t.Errorf("%q: %v %v, want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-0.1", "100", "1e3", "half"} {
		if got, err := (settings{minHouseEdge: in}).minimumHouseEdge(); err == nil {
			t.Errorf("%q: %v, want refused", in, got)
		}
	}
}
