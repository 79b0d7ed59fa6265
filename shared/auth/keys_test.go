package auth

import (
	"crypto/ed25519"
	"encoding/base64"
	"strings"
	"testing"
	"time"
)

// An Ed25519 key pair made with openssl (published: tests only):
//
//	openssl genpkey -algorithm ed25519 -out op.pem
//	openssl pkey -in op.pem -pubout
const (
	opensslPrivate = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIKHS56+IqioRlJxvurBgmUysWbqN5j41ANIcDsa6XiPn
-----END PRIVATE KEY-----
`
	opensslPublic = "MCowBQYDK2VwAyEADZe1ohVRLdrznZaJxCQunBQ0N2mHkx7hF7W/rL1RbPA="
)

// The key set format takes what openssl prints, and the private key file
// openssl writes signs tokens that the set verifies.
func TestKeySetFromOpenSSL(t *testing.T) {
	set, err := ParseKeySet("# the operators' key, made with openssl\n\noperator,auditor " + opensslPublic + "\n")
	if err != nil {
		t.Fatal(err)
	}
	priv, err := ParsePrivateKey([]byte(opensslPrivate))
	if err != nil {
		t.Fatal(err)
	}
	if len(set) != 1 || set[0].ID != KeyID(priv.Public().(ed25519.PublicKey)) || len(set[0].Scopes) != 2 {
		t.Fatalf("set = %+v", set)
	}
	a := newAuth(t, Keyring{Public: set, Private: []ed25519.PrivateKey{priv}}, nil)
	for _, p := range []Principal{operator, auditor} {
		tok, err := a.Issue(p, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := a.Verify(tok); err != nil || got.Role != p.Role {
			t.Fatalf("%s: %+v %v", p, got, err)
		}
	}
	if a.CanIssue(player) {
		t.Fatal("operator key signs sessions")
	}
	// The same key as 32 raw bytes, and a set on one line (";").
	raw, _ := base64.StdEncoding.DecodeString(opensslPublic)
	one, err := ParseKeySet("session " + base64.StdEncoding.EncodeToString(raw[len(raw)-32:]) + "; service:croupier-rng " + base64.StdEncoding.EncodeToString(GenerateKeyring(ScopeSession).Public[0].Key))
	if err != nil || len(one) != 2 || one[0].ID != set[0].ID {
		t.Fatalf("one-line set: %+v %v", one, err)
	}
	// FormatKeySet round-trips.
	again, err := ParseKeySet(FormatKeySet(set))
	if err != nil || len(again) != 1 || again[0].ID != set[0].ID || strings.Join([]string{string(again[0].Scopes[0]), string(again[0].Scopes[1])}, ",") != "operator,auditor" {
		t.Fatalf("round trip: %+v %v", again, err)
	}
	if !strings.Contains(FormatKeySet(set), "# kid "+set[0].ID) {
		t.Fatal("formatted set does not name the kid")
	}
}

// RFC 8037 appendix A.3: the JWK thumbprint of the RFC's Ed25519 key.
func TestKeyIDIsTheJWKThumbprint(t *testing.T) {
	x, _ := base64.RawURLEncoding.DecodeString("11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo")
	if got, want := KeyID(ed25519.PublicKey(x)), "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k"; got != want {
		t.Fatalf("KeyID = %s, want %s", got, want)
	}
}

func TestKeySetRefusals(t *testing.T) {
	other := base64.StdEncoding.EncodeToString(GenerateKeyring(ScopeSession).Public[0].Key)
	bad := map[string]string{
		"no key":             "operator",
		"unknown scope":      "admin " + opensslPublic,
		"service wildcard":   "service:* " + opensslPublic,
		"service no name":    "service: " + opensslPublic,
		"not base64":         "operator not-base64!",
		"not a key":          "operator " + base64.StdEncoding.EncodeToString([]byte("hello")),
		"same key twice":     "operator " + opensslPublic + "\nsession " + opensslPublic,
		"three fields":       "operator " + opensslPublic + " " + other,
		"empty scope in set": "operator,," + opensslPublic,
	}
	for name, text := range bad {
		if _, err := ParseKeySet(text); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for name, text := range map[string]string{
		"public key":   "-----BEGIN PUBLIC KEY-----\n" + opensslPublic + "\n-----END PUBLIC KEY-----\n",
		"two blocks":   opensslPrivate + opensslPrivate,
		"not PEM":      "hello",
		"wrong type":   strings.ReplaceAll(opensslPrivate, "PRIVATE KEY", "EC PRIVATE KEY"),
		"garbled body": strings.Replace(opensslPrivate, "MC4C", "MC5C", 1),
	} {
		if _, err := ParsePrivateKey([]byte(text)); err == nil {
			t.Errorf("private key %s: accepted", name)
		}
	}
	k := GenerateKeyring(ScopeSession).Private[0]
	if back, err := ParsePrivateKey(MarshalPrivateKey(k)); err != nil || !back.Equal(k) {
		t.Fatalf("private key round trip: %v", err)
	}
}
