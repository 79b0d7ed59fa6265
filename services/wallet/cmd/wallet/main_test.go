package main

import (
	"io"
	"testing"
)

func TestSettingsNeedExactlyOneDatabase(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cases := []struct {
		name string
		env  map[string]string
		ok   bool
	}{
		{"none", map[string]string{}, false},
		{"both", map[string]string{"CROUPIER_POSTGRES_DSN": "postgres://x/y", "CROUPIER_WALLET_SQLITE": "/tmp/w.db"}, false},
		{"postgres", map[string]string{"CROUPIER_POSTGRES_DSN": "postgres://x/y"}, true},
		{"sqlite", map[string]string{"CROUPIER_WALLET_SQLITE": "/tmp/w.db"}, true},
		{"bad pool", map[string]string{"CROUPIER_WALLET_SQLITE": "/tmp/w.db", "CROUPIER_WALLET_MAX_CONNS": "0"}, false},
	}
	for _, tc := range cases {
		_, err := load(nil, env(tc.env), io.Discard)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v", tc.name, err)
		}
	}
}
