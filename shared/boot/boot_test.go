package boot

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/config"
)

// load binds the common settings (and, for the table, the session key)
// from env, as a binary's main does.
func load(t *testing.T, env map[string]string, session bool) Common {
	t.Helper()
	var c Common
	l := config.New("test", func(k string) string { return env[k] })
	c.Bind(l, "127.0.0.1:0")
	if session {
		c.BindSessionKey(l)
	}
	if err := l.Parse(nil); err != nil {
		t.Fatal(err)
	}
	return c
}

func start(t *testing.T, name string, c Common) (*Runtime, error) {
	t.Helper()
	return Start(context.Background(), name, c, io.Discard, func(string) string { return "" })
}

func envOf(t *testing.T, kv []string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, e := range kv {
		k, v, _ := strings.Cut(e, "=")
		m[k] = v
	}
	return m
}

// Issue 11: CROUPIER_TOKEN_KEY alone no longer starts a service, and says
// what to configure instead.
func TestLegacyTokenKeyAloneRefused(t *testing.T) {
	c := load(t, map[string]string{"CROUPIER_TOKEN_KEY": strings.Repeat("ab", 32)}, false)
	err := c.Validate()
	if err == nil || !strings.Contains(err.Error(), "CROUPIER_TOKEN_KEY is no longer read") || !strings.Contains(err.Error(), "CROUPIER_TOKEN_PUBLIC_KEYS") {
		t.Fatalf("err = %v", err)
	}
	none := load(t, nil, false)
	if err := none.Validate(); err == nil || !strings.Contains(err.Error(), "token public keys are not set") {
		t.Fatalf("nothing set: err = %v", err)
	}
}

// Each binary gets the public set and only its own key: a service key signs
// that service's tokens and nothing else; the session key is read by the
// binary that binds it (the table) only.
func TestStartWithKeyEnv(t *testing.T) {
	ring := DevKeys()
	env, err := KeyEnv(ring, "croupier-table", true)
	if err != nil {
		t.Fatal(err)
	}
	m := envOf(t, env)
	rt, err := start(t, "croupier-table", load(t, m, true))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []auth.Principal{
		{Role: auth.RoleService, Subject: "croupier-table"},
		{Role: auth.RolePlayer, PlayerID: "p1", PartnerID: "pa"},
	} {
		if _, err := rt.Auth.Issue(p, time.Minute); err != nil {
			t.Errorf("table issues %s: %v", p, err)
		}
	}
	for _, p := range []auth.Principal{
		{Role: auth.RoleOperator, Subject: "ops"},
		{Role: auth.RoleAuditor, Subject: "board"},
		{Role: auth.RoleService, Subject: "croupier-wallet"},
	} {
		if rt.Auth.CanIssue(p) {
			t.Errorf("table can issue %s", p)
		}
	}
	// The same environment, a binary that does not bind the session key
	// (the wallet's main): it never holds it.
	wenv, _ := KeyEnv(ring, "croupier-wallet", false)
	wm := envOf(t, wenv)
	wm["CROUPIER_SESSION_SIGNING_KEY"] = m["CROUPIER_SESSION_SIGNING_KEY"]
	w, err := start(t, "croupier-wallet", load(t, wm, false))
	if err != nil {
		t.Fatal(err)
	}
	if w.Auth.CanIssue(auth.Principal{Role: auth.RolePlayer, PlayerID: "p1", PartnerID: "pa"}) {
		t.Fatal("the wallet holds the session key")
	}
	// The wallet verifies the table's tokens.
	tok, _ := rt.Auth.Issue(auth.Principal{Role: auth.RoleService, Subject: "croupier-table"}, time.Minute)
	if _, err := w.Auth.Verify(tok); err != nil {
		t.Fatal(err)
	}
}

func TestSigningKeyScopeChecked(t *testing.T) {
	ring := DevKeys()
	env, _ := KeyEnv(ring, "croupier-wallet", true)
	m := envOf(t, env)
	stranger := auth.GenerateKeyring(auth.ServiceScope("croupier-table"))
	strangerPEM := string(auth.MarshalPrivateKey(stranger.Private[0]))
	op, _ := ring.PrivateFor(auth.ScopeOperator)
	cases := []struct {
		name, service string
		env           map[string]string
		session       bool
		msg           string
	}{
		{"another service's key", "croupier-table", m, false, "may be bound to service:croupier-table only"},
		{"the operator key as service key", "croupier-wallet", with(m, "CROUPIER_TOKEN_SIGNING_KEY", string(auth.MarshalPrivateKey(op))), false, "may be bound to service:croupier-wallet only"},
		{"the operator key as session key", "croupier-wallet", with(m, "CROUPIER_SESSION_SIGNING_KEY", string(auth.MarshalPrivateKey(op))), true, "may be bound to session only"},
		{"key not in the set", "croupier-table", with(m, "CROUPIER_TOKEN_SIGNING_KEY", strangerPEM), false, "is not in the token public key set"},
		{"not PEM", "croupier-wallet", with(m, "CROUPIER_TOKEN_SIGNING_KEY", "hello"), false, "CROUPIER_TOKEN_SIGNING_KEY"},
		{"bad key set", "croupier-wallet", with(m, "CROUPIER_TOKEN_PUBLIC_KEYS", "admin AAAA"), false, "token public keys"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := start(t, tc.service, load(t, tc.env, tc.session))
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want %q", err, tc.msg)
			}
		})
	}
}

func with(m map[string]string, k, v string) map[string]string {
	out := map[string]string{}
	for a, b := range m {
		out[a] = b
	}
	out[k] = v
	return out
}

// The key set may come from the environment, a file or both (their union).
func TestPublicKeysFromFile(t *testing.T) {
	ring := DevKeys()
	text := auth.FormatKeySet(ring.Public)
	lines := strings.SplitAfter(text, "\n")
	half := len(lines) / 2
	half -= half % 2 // keep each "# kid" comment with its key
	file := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(file, []byte(strings.Join(lines[half:], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	c := load(t, map[string]string{"CROUPIER_TOKEN_PUBLIC_KEYS": strings.Join(lines[:half], ""), "CROUPIER_TOKEN_PUBLIC_KEYS_FILE": file}, false)
	k, err := c.keyring()
	if err != nil || len(k.Public) != len(ring.Public) {
		t.Fatalf("keys %d of %d, err %v", len(k.Public), len(ring.Public), err)
	}
	c.PublicKeysFile = filepath.Join(t.TempDir(), "missing")
	if err := c.Validate(); err == nil {
		t.Fatal("missing key file accepted")
	}
}
