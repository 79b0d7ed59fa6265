package auth

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const partnerKey = "partner-a-key-0123456789"

// testKeys is the full key set of the tests: one process holding every
// issuer's key, as the dev stack does.
func testKeys() Keyring { return DevKeyring("croupier-table", "croupier-wallet") }

func newAuth(t testing.TB, keys Keyring, now func() time.Time) *Authenticator {
	t.Helper()
	a, err := NewAuthenticator(Config{Keys: keys, APIKeys: map[string]string{partnerKey: "pa", "partner-b-key-0123456789": "pb"}, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var (
	player   = Principal{Role: RolePlayer, PlayerID: "p1", PartnerID: "pa"}
	operator = Principal{Role: RoleOperator, Subject: "ops:alice"}
	auditor  = Principal{Role: RoleAuditor, Subject: "gaming-board"}
	table    = Principal{Role: RoleService, Subject: "croupier-table"}
)

func bearer(tok string) http.Header {
	h := http.Header{}
	h.Set(HeaderAuthorization, "Bearer "+tok)
	return h
}

func TestTokenRoundTripPerKind(t *testing.T) {
	a := newAuth(t, testKeys(), nil)
	for _, p := range []Principal{player, operator, auditor, table} {
		tok, err := a.Issue(p, time.Hour)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		got, err := a.Authenticate(bearer(tok))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got.Role != p.Role || got.PlayerID != p.PlayerID || got.PartnerID != p.PartnerID {
			t.Fatalf("%s: principal = %+v", p, got)
		}
	}
}

// signWith signs claims of p with priv under the header kid (none when
// empty), bypassing Issue's choice of key: what an attacker holding one key
// would do.
func signWith(t *testing.T, priv ed25519.PrivateKey, kid string, p Principal, exp time.Time) string {
	t.Helper()
	sub := p.Subject
	if p.Role == RolePlayer {
		sub = p.PlayerID
	}
	c := claims{RegisteredClaims: jwt.RegisteredClaims{Issuer: issuer, Subject: sub, ExpiresAt: jwt.NewNumericDate(exp)},
		Role: p.Role, Partner: p.PartnerID, Player: p.PlayerID}
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, c)
	if kid != "" {
		tok.Header["kid"] = kid
	}
	s, err := tok.SignedString(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Issue 11, "one key mints every token": each key signs only its own kind
// of token, and every token that is not signed by the key its kid names, in
// the key set, bound to the token's kind, is refused as UNAUTHENTICATED
// with a reason naming what is wrong.
func TestTokenRefusals(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	keys := testKeys()
	a := newAuth(t, keys, func() time.Time { return now })
	priv := func(s Scope) ed25519.PrivateKey {
		k, ok := keys.PrivateFor(s)
		if !ok {
			t.Fatalf("no %s key", s)
		}
		return k
	}
	id := func(s Scope) string { return KeyID(priv(s).Public().(ed25519.PublicKey)) }
	session, op, wallet := priv(ScopeSession), priv(ScopeOperator), priv(ServiceScope("croupier-wallet"))
	stranger := GenerateKeyring(ScopeOperator).Private[0]
	exp := now.Add(time.Hour)
	opPub := []byte(keys.Public[1].Key)
	if keys.Public[1].ID != id(ScopeOperator) {
		t.Fatal("DevKeyring order changed")
	}

	hs256 := func(secret []byte) string {
		tok := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": issuer, "sub": "ops:eve", "role": "operator", "exp": exp.Unix()})
		tok.Header["kid"] = id(ScopeOperator)
		s, err := tok.SignedString(secret)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	none := func() string {
		tok := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"iss": issuer, "sub": "ops:eve", "role": "operator", "exp": exp.Unix()})
		tok.Header["kid"] = id(ScopeOperator)
		s, err := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// A valid operator token whose signature is replaced by the session
	// key's: the header still names the operator key.
	forged := func() string {
		good := signWith(t, op, id(ScopeOperator), operator, exp)
		bad := signWith(t, session, id(ScopeOperator), operator, exp)
		g, b := strings.Split(good, "."), strings.Split(bad, ".")
		return g[0] + "." + g[1] + "." + b[2]
	}

	cases := []struct {
		name, token, reason, msg string
	}{
		{"key not in the set", signWith(t, stranger, KeyID(stranger.Public().(ed25519.PublicKey)), operator, exp), "BAD_CREDENTIALS", "not in the key set"},
		{"session key signs an operator token", signWith(t, session, id(ScopeSession), operator, exp), "BAD_CREDENTIALS", "(session) may not sign operator tokens"},
		{"session key signs an auditor token", signWith(t, session, id(ScopeSession), auditor, exp), "BAD_CREDENTIALS", "may not sign auditor tokens"},
		{"session key signs a service token", signWith(t, session, id(ScopeSession), table, exp), "BAD_CREDENTIALS", "may not sign service:croupier-table tokens"},
		{"wallet key signs the table's service token", signWith(t, wallet, id(ServiceScope("croupier-wallet")), table, exp), "BAD_CREDENTIALS", "(service:croupier-wallet) may not sign service:croupier-table tokens"},
		{"wallet key signs an operator token", signWith(t, wallet, id(ServiceScope("croupier-wallet")), operator, exp), "BAD_CREDENTIALS", "may not sign operator tokens"},
		{"operator key signs a player token", signWith(t, op, id(ScopeOperator), player, exp), "BAD_CREDENTIALS", "(operator) may not sign session tokens"},
		{"kid of another key", signWith(t, session, id(ScopeOperator), operator, exp), "BAD_CREDENTIALS", "does not verify with key"},
		{"signature of another key", forged(), "BAD_CREDENTIALS", "does not verify with key"},
		{"unknown kid", signWith(t, op, "no-such-key", operator, exp), "BAD_CREDENTIALS", `key "no-such-key", which is not in the key set`},
		{"missing kid", signWith(t, op, "", operator, exp), "BAD_CREDENTIALS", "no key id (kid)"},
		{"HS256 with the public key as secret", hs256(opPub), "BAD_CREDENTIALS", `signing method "HS256" refused`},
		{"HS256 with the base64 public key as secret", hs256([]byte(base64.StdEncoding.EncodeToString(opPub))), "BAD_CREDENTIALS", `signing method "HS256" refused`},
		{"alg none", none(), "BAD_CREDENTIALS", `signing method "none" refused`},
		{"expired", signWith(t, op, id(ScopeOperator), operator, now.Add(-time.Second)), "TOKEN_EXPIRED", "token expired"},
		{"no expiry", signWith(t, op, id(ScopeOperator), operator, time.Time{}), "BAD_CREDENTIALS", "bearer token"},
		{"not a JWT", "not-a-token", "BAD_CREDENTIALS", "bearer token"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "no expiry" {
				// signWith always sets exp; strip it.
				tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, jwt.MapClaims{"iss": issuer, "sub": "ops:eve", "role": "operator"})
				tok.Header["kid"] = id(ScopeOperator)
				s, err := tok.SignedString(op)
				if err != nil {
					t.Fatal(err)
				}
				tc.token = s
			}
			_, err := a.Authenticate(bearer(tc.token))
			if !errors.Is(err, ErrBadCredentials) {
				t.Fatalf("err = %v, want bad credentials", err)
			}
			if got := credentialReason(err); got != tc.reason {
				t.Errorf("reason = %s, want %s (%v)", got, tc.reason, err)
			}
			if !strings.Contains(err.Error(), "bearer token: ") || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("err = %q, want it to name the bearer token and %q", err, tc.msg)
			}
		})
	}
	// The same tokens signed properly verify: the refusals above are the
	// key's, not the claims'.
	for _, p := range []Principal{operator, auditor, table, player} {
		tok, err := a.Issue(p, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Verify(tok); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
}

// A process issues only the kinds of token it holds a key for: a service
// pod signs its own service tokens, never an operator's or a player's, nor
// another service's.
func TestIssueNeedsTheKindsKey(t *testing.T) {
	all := testKeys()
	priv, _ := all.PrivateFor(ServiceScope("croupier-wallet"))
	pod := newAuth(t, Keyring{Public: all.Public, Private: []ed25519.PrivateKey{priv}}, nil)
	if _, err := pod.Issue(Principal{Role: RoleService, Subject: "croupier-wallet"}, time.Hour); err != nil {
		t.Fatalf("own service token: %v", err)
	}
	for _, p := range []Principal{operator, auditor, player, table} {
		if _, err := pod.Issue(p, time.Hour); err == nil || !strings.Contains(err.Error(), "holds no key") {
			t.Errorf("%s: err = %v, want no key", p, err)
		}
		if pod.CanIssue(p) {
			t.Errorf("%s: CanIssue", p)
		}
	}
}

// Rotation: while the key set holds the old and the new key, tokens of
// both verify; once the old key leaves the set, its tokens are refused.
func TestKeyRotation(t *testing.T) {
	old, next := GenerateKeyring(ScopeOperator), GenerateKeyring(ScopeOperator)
	both := Keyring{Public: append(append([]PublicKey{}, old.Public...), next.Public...)}
	issuer := func(k Keyring) *Authenticator {
		return newAuth(t, Keyring{Public: k.Public, Private: k.Private}, nil)
	}
	oldTok, _ := issuer(old).Issue(operator, time.Hour)
	newTok, _ := issuer(next).Issue(operator, time.Hour)
	during := newAuth(t, both, nil)
	for name, tok := range map[string]string{"old": oldTok, "new": newTok} {
		if _, err := during.Verify(tok); err != nil {
			t.Fatalf("%s key during rotation: %v", name, err)
		}
	}
	after := newAuth(t, Keyring{Public: next.Public}, nil)
	if _, err := after.Verify(newTok); err != nil {
		t.Fatalf("new key after rotation: %v", err)
	}
	if _, err := after.Verify(oldTok); !errors.Is(err, ErrBadCredentials) || !strings.Contains(err.Error(), "not in the key set") {
		t.Fatalf("removed key: err = %v", err)
	}
}

// Issue 11, Bearer: the scheme is case-insensitive (RFC 7235 §2.1).
func TestBearerSchemeCaseInsensitive(t *testing.T) {
	a := newAuth(t, testKeys(), nil)
	tok, _ := a.Issue(player, time.Hour)
	for _, v := range []string{"Bearer " + tok, "bearer " + tok, "BEARER " + tok, "bEaReR  " + tok, " Bearer " + tok + " "} {
		h := http.Header{}
		h.Set(HeaderAuthorization, v)
		if p, err := a.Authenticate(h); err != nil || p.PlayerID != "p1" {
			t.Errorf("%q: p=%+v err=%v", v[:10], p, err)
		}
	}
	for _, v := range []string{"Basic " + tok, "Bearer", "Bearer ", "Bearertoken", tok} {
		h := http.Header{}
		h.Set(HeaderAuthorization, v)
		if _, err := a.Authenticate(h); !errors.Is(err, ErrBadCredentials) {
			t.Errorf("%q: err = %v", v, err)
		}
	}
}

// Issue 11, Bearer: a bad credential beside a good one is refused, naming
// the bad one; two good ones must name one caller (a player's token with
// its own partner's key), otherwise they are refused as conflicting.
func TestBearerAndAPIKeyTogether(t *testing.T) {
	a := newAuth(t, testKeys(), nil)
	pa, _ := a.Issue(player, time.Hour)
	pb, _ := a.Issue(Principal{Role: RolePlayer, PlayerID: "p2", PartnerID: "pb"}, time.Hour)
	op, _ := a.Issue(operator, time.Hour)
	cases := []struct {
		name, authz, key string
		want             Principal
		reason, msg      string
	}{
		{"invalid token, valid key", "Bearer garbage", partnerKey, Principal{}, "BAD_CREDENTIALS", "bearer token"},
		{"wrong scheme, valid key", "Basic dXNlcjpwYXNz", partnerKey, Principal{}, "BAD_CREDENTIALS", "not a Bearer token"},
		{"empty token, valid key", "Bearer ", partnerKey, Principal{}, "BAD_CREDENTIALS", "bearer token: empty"},
		{"valid token, invalid key", "Bearer " + pa, "partner-a-key-wrong-0000", Principal{}, "BAD_CREDENTIALS", "API key: unknown"},
		{"player token, own partner's key", "Bearer " + pa, partnerKey, player, "", ""},
		{"player token, another partner's key", "Bearer " + pb, partnerKey, Principal{}, "CONFLICTING_CREDENTIALS", "send one credential"},
		{"operator token, partner key", "Bearer " + op, partnerKey, Principal{}, "CONFLICTING_CREDENTIALS", "send one credential"},
		{"key alone", "", partnerKey, Principal{Role: RolePartner, PartnerID: "pa"}, "", ""},
		{"unknown key alone", "", "partner-a-key-wrong-0000", Principal{}, "BAD_CREDENTIALS", "API key: unknown"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.authz != "" {
				h.Set(HeaderAuthorization, tc.authz)
			}
			h.Set(HeaderAPIKey, tc.key)
			p, err := a.Authenticate(h)
			if tc.reason == "" {
				if err != nil || p.Role != tc.want.Role || p.PartnerID != tc.want.PartnerID || p.PlayerID != tc.want.PlayerID {
					t.Fatalf("p=%+v err=%v, want %+v", p, err, tc.want)
				}
				return
			}
			if !errors.Is(err, ErrBadCredentials) || credentialReason(err) != tc.reason || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("p=%+v err=%v, want %s %q", p, err, tc.reason, tc.msg)
			}
		})
	}
	// Two headers of one kind: which one counts would be up to the proxy.
	h := bearer(pa)
	h.Add(HeaderAuthorization, "Bearer "+op)
	if _, err := a.Authenticate(h); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("two Authorization headers: err = %v", err)
	}
}

func TestAPIKey(t *testing.T) {
	a := newAuth(t, testKeys(), nil)
	h := http.Header{}
	h.Set(HeaderAPIKey, partnerKey)
	p, err := a.Authenticate(h)
	if err != nil || p.Role != RolePartner || p.PartnerID != "pa" {
		t.Fatalf("p=%+v err=%v", p, err)
	}
	h.Set(HeaderAPIKey, "partner-a-key-0123456780")
	if _, err := a.Authenticate(h); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("wrong key: err = %v", err)
	}
	if _, err := a.Authenticate(http.Header{}); !errors.Is(err, ErrNoCredentials) {
		t.Fatalf("no creds: err = %v", err)
	}
}

func TestConfigValidation(t *testing.T) {
	keys := testKeys()
	stranger := GenerateKeyring(ScopeOperator)
	bad := map[string]Config{
		"empty key set":             {},
		"signing key not in set":    {Keys: Keyring{Public: keys.Public, Private: stranger.Private}},
		"short API key":             {Keys: keys, APIKeys: map[string]string{"tiny": "pa"}},
		"key without scope":         {Keys: Keyring{Public: []PublicKey{{ID: keys.Public[0].ID, Key: keys.Public[0].Key}}}},
		"key id not its thumbprint": {Keys: Keyring{Public: []PublicKey{{ID: "mine", Key: keys.Public[0].Key, Scopes: []Scope{ScopeSession}}}}},
		"wildcard service scope":    {Keys: Keyring{Public: []PublicKey{{ID: keys.Public[0].ID, Key: keys.Public[0].Key, Scopes: []Scope{"service:*"}}}}},
		"duplicate key":             {Keys: Keyring{Public: []PublicKey{keys.Public[0], keys.Public[0]}}},
	}
	for name, cfg := range bad {
		if _, err := NewAuthenticator(cfg); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := ParseAPIKeys("pa:key1,broken"); err == nil {
		t.Fatal("malformed API key list accepted")
	}
	m, err := ParseAPIKeys(" pa:key1 , pb:key2 ")
	if err != nil || m["key1"] != "pa" || m["key2"] != "pb" {
		t.Fatalf("m=%v err=%v", m, err)
	}
}

func TestTokenSourceRenews(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	a := newAuth(t, testKeys(), func() time.Time { return now })
	ts := NewTokenSource(a, table, time.Minute)
	t1 := ts.Token()
	if ts.Token() != t1 {
		t.Fatal("token renewed too early")
	}
	now = now.Add(50 * time.Second)
	t2 := ts.Token()
	if t2 == t1 {
		t.Fatal("token not renewed near expiry")
	}
	if _, err := a.Verify(t2); err != nil {
		t.Fatal(err)
	}
}

// A verified token is remembered, but only until it expires: the cache
// never lets a token outlive its exp, nor stands in for a different token.
func TestVerifiedTokenCacheHonoursExpiry(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	a := newAuth(t, testKeys(), func() time.Time { return now })
	tok, _ := a.Issue(player, time.Minute)
	for i := 0; i < 3; i++ { // the first call verifies, the next ones hit the cache
		p, err := a.Verify(tok)
		if err != nil || p.PlayerID != "p1" {
			t.Fatalf("call %d: %+v, %v", i, p, err)
		}
	}
	if len(a.verified) != 1 {
		t.Fatalf("cache holds %d tokens, want 1", len(a.verified))
	}
	// A token one character off is a different token: verified afresh.
	parts := strings.Split(tok, ".")
	first := byte('A')
	if parts[2][0] == 'A' {
		first = 'B'
	}
	parts[2] = string(first) + parts[2][1:] // the first character carries only signature bits
	if _, err := a.Verify(strings.Join(parts, ".")); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("tampered signature: %v", err)
	}
	now = now.Add(time.Minute) // exp reached: the cached entry must not answer
	if _, err := a.Verify(tok); !errors.Is(err, ErrTokenExpired) {
		t.Fatalf("expired cached token: %v", err)
	}
	if _, ok := a.verified[tok]; ok {
		t.Fatal("expired token still cached")
	}
}

func TestTamperedRoleRejected(t *testing.T) {
	a := newAuth(t, testKeys(), nil)
	tok, _ := a.Issue(player, time.Hour)
	parts := strings.Split(tok, ".")
	parts[1] = strings.Replace(parts[1], "c", "d", 1)
	if _, err := a.Verify(strings.Join(parts, ".")); err == nil {
		t.Fatal("tampered token accepted")
	}
}

func TestVerifiedTokenCacheBounded(t *testing.T) {
	a := newAuth(t, testKeys(), nil)
	// Fill the cache to its bound without signing 16k tokens (Ed25519 costs
	// ~0.1 ms a token on the CI machine), then verify real ones.
	for i := 0; i < maxVerified; i++ {
		a.verified["filler-"+strconv.Itoa(i)] = verifiedToken{p: player, exp: time.Now().Add(time.Hour)}
	}
	for i := 0; i < 10; i++ {
		tok, err := a.Issue(Principal{Role: RolePlayer, PlayerID: "p" + strconv.Itoa(i), PartnerID: "pa"}, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Verify(tok); err != nil {
			t.Fatal(err)
		}
		if len(a.verified) > maxVerified {
			t.Fatalf("cache grew to %d", len(a.verified))
		}
	}
	if len(a.verified) != 10 {
		t.Fatalf("cache holds %d tokens after starting over, want 10", len(a.verified))
	}
}

func BenchmarkVerify(b *testing.B) {
	a := newAuth(b, testKeys(), nil)
	tok, _ := a.Issue(player, time.Hour)
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			if _, err := a.Verify(tok); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("uncached", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := a.verify(tok); err != nil {
				b.Fatal(err)
			}
		}
	})
}
