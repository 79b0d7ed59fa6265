package main

import (
	"io"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/tournament/core"
)

// load: the bound on updates in flight defaults to core's, is read from
// its flag or environment variable, and below 1 is refused with the
// variable's name.
func TestLoadUpdatesInFlight(t *testing.T) {
	base := map[string]string{
		"CROUPIER_TEMPORAL_ADDRESS": "temporal:7233", "CROUPIER_TABLE_URL": "http://table:8080",
		"CROUPIER_WALLET_URL": "http://wallet:8080", "CROUPIER_RNG_URL": "http://rng:8080",
	}
	cases := []struct {
		name    string
		env     string
		args    []string
		want    int
		refused bool
	}{
		{"default", "", nil, core.DefaultUpdatesInFlight, false},
		{"environment", "4", nil, 4, false},
		{"flag beats environment", "4", []string{"-updates-in-flight", "6"}, 6, false},
		{"zero", "0", nil, 0, true},
		{"negative flag", "", []string{"-updates-in-flight", "-1"}, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := map[string]string{"CROUPIER_TOURNAMENT_UPDATES_IN_FLIGHT": c.env}
			for k, v := range base {
				env[k] = v
			}
			s, err := load(c.args, func(k string) string { return env[k] }, io.Discard)
			if c.refused {
				if err == nil || !strings.Contains(err.Error(), "CROUPIER_TOURNAMENT_UPDATES_IN_FLIGHT") {
					t.Fatalf("load: %v, want a refusal naming CROUPIER_TOURNAMENT_UPDATES_IN_FLIGHT", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.inFlight != c.want {
				t.Errorf("updates in flight %d, want %d", s.inFlight, c.want)
			}
		})
	}
}
