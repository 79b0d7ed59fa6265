package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/auth"
)

// Issue 11: operator tokens come from a private key file on the operator's
// side; the services accept them because the key set binds that key to
// operator, and refuse what the key is not bound to.
func TestTokenKeygenAndMint(t *testing.T) {
	dir := t.TempDir()
	opFile := filepath.Join(dir, "operator.pem")
	line, err := ctl(t, "", "token", "keygen", "--scope", "operator", "--out", opFile)
	if err != nil {
		t.Fatalf("keygen: %v\n%s", err, line)
	}
	if fi, err := os.Stat(opFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	if out, err := ctl(t, "", "token", "keygen", "--scope", "operator", "--out", opFile); err == nil {
		t.Fatalf("keygen overwrote an existing key: %s", out)
	}
	again, err := ctl(t, "", "token", "pubkey", "--scope", "operator", "--key", opFile)
	if err != nil || again != line {
		t.Fatalf("pubkey = %q (%v), want keygen's %q", again, err, line)
	}
	// The services' key set: the operator's line and a session key.
	session := auth.GenerateKeyring(auth.ScopeSession)
	set, err := auth.ParseKeySet(line + auth.FormatKeySet(session.Public))
	if err != nil {
		t.Fatal(err)
	}
	svc, err := auth.NewAuthenticator(auth.Config{Keys: auth.Keyring{Public: set}})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := ctl(t, "", "token", "mint", "--key", opFile, "--subject", "ops:alice", "--ttl", "30m")
	if err != nil {
		t.Fatalf("mint: %v\n%s", err, tok)
	}
	p, err := svc.Verify(strings.TrimSpace(tok))
	if err != nil || p.Role != auth.RoleOperator || p.Subject != "ops:alice" || time.Until(p.Expires) > 31*time.Minute {
		t.Fatalf("minted token: %+v %v", p, err)
	}
	// The operator key is not bound to auditor: the token is minted (the
	// tool does not know the set) but refused.
	aud, err := ctl(t, "", "token", "mint", "--key", opFile, "--role", "auditor", "--subject", "board")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Verify(strings.TrimSpace(aud)); !errors.Is(err, auth.ErrBadCredentials) || !strings.Contains(err.Error(), "may not sign auditor tokens") {
		t.Fatalf("auditor token from the operator key: %v", err)
	}
	for name, args := range map[string][]string{
		"player role":    {"mint", "--key", opFile, "--role", "player", "--subject", "p1"},
		"no subject":     {"mint", "--key", opFile},
		"ttl too long":   {"mint", "--key", opFile, "--subject", "ops:alice", "--ttl", "48h"},
		"no key":         {"mint", "--subject", "ops:alice"},
		"bad scope":      {"keygen", "--scope", "admin", "--out", filepath.Join(dir, "x.pem")},
		"no out":         {"keygen", "--scope", "operator"},
		"unknown sub":    {"rotate"},
		"stray argument": {"pubkey", "--scope", "operator", "--key", opFile, "extra"},
	} {
		if out, err := ctl(t, "", append([]string{"token"}, args...)...); err == nil {
			t.Errorf("%s: accepted: %s", name, out)
		}
	}
}

// A key made with openssl works the same way (the fixture of shared/auth).
func TestTokenPubkeyOfOpenSSLKey(t *testing.T) {
	file := filepath.Join(t.TempDir(), "op.pem")
	pem := "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKHS56+IqioRlJxvurBgmUysWbqN5j41ANIcDsa6XiPn\n-----END PRIVATE KEY-----\n"
	if err := os.WriteFile(file, []byte(pem), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := ctl(t, "", "token", "pubkey", "--scope", "operator,auditor", "--key", file)
	if err != nil || !strings.Contains(out, "operator,auditor MCowBQYDK2VwAyEADZe1ohVRLdrznZaJxCQunBQ0N2mHkx7hF7W/rL1RbPA=") {
		t.Fatalf("pubkey: %v\n%s", err, out)
	}
}
