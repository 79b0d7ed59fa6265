package main

import (
	"io"
	"os"
	"path/filepath"
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

// TestDev: -dev puts the ledger on SQLite in a temporary directory (or the
// -sqlite file) and refuses a PostgreSQL DSN.
func TestDev(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	s, err := load([]string{"-dev"}, env(nil), io.Discard)
	if s.devDir != "" {
		defer os.RemoveAll(s.devDir)
	}
	if err != nil || s.devDir == "" || s.sqlitePath != filepath.Join(s.devDir, "wallet.db") || s.common.Keys == nil {
		t.Fatalf("-dev: %+v %v", s, err)
	}
	s, err = load([]string{"-dev", "-sqlite", "/tmp/w.db"}, env(nil), io.Discard)
	if err != nil || s.devDir != "" || s.sqlitePath != "/tmp/w.db" {
		t.Fatalf("-dev -sqlite: %+v %v", s, err)
	}
	if _, err := load([]string{"-dev"}, env(map[string]string{"CROUPIER_POSTGRES_DSN": "postgres://x/y"}), io.Discard); err == nil {
		t.Error("-dev with a PostgreSQL DSN accepted")
	}
}
