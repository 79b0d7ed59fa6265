package auth

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

var testKey = []byte(strings.Repeat("k", 32))

func newAuth(t *testing.T, now func() time.Time) *Authenticator {
	t.Helper()
	a, err := NewAuthenticator(Config{TokenKey: testKey, APIKeys: map[string]string{"partner-a-key-0123456789": "pa"}, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestPlayerTokenRoundTrip(t *testing.T) {
	a := newAuth(t, nil)
	tok, err := a.Issue(Principal{Role: RolePlayer, PlayerID: "p1", PartnerID: "pa"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	h := http.Header{}
	h.Set(HeaderAuthorization, "Bearer "+tok)
	p, err := a.Authenticate(h)
	if err != nil {
		t.Fatal(err)
	}
	if p.Role != RolePlayer || p.PlayerID != "p1" || p.PartnerID != "pa" {
		t.Fatalf("principal = %+v", p)
	}
}

func TestExpiredTokenRejected(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	a := newAuth(t, func() time.Time { return now })
	tok, _ := a.Issue(Principal{Role: RoleOperator, Subject: "ops"}, time.Minute)
	now = now.Add(2 * time.Minute)
	if _, err := a.Verify(tok); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("err = %v", err)
	}
}

func TestTokenFromOtherKeyRejected(t *testing.T) {
	other, _ := NewAuthenticator(Config{TokenKey: []byte(strings.Repeat("x", 32))})
	tok, _ := other.Issue(Principal{Role: RoleService, Subject: "table"}, time.Hour)
	if _, err := newAuth(t, nil).Verify(tok); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("err = %v", err)
	}
}

func TestTamperedRoleRejected(t *testing.T) {
	a := newAuth(t, nil)
	tok, _ := a.Issue(Principal{Role: RolePlayer, PlayerID: "p1", PartnerID: "pa"}, time.Hour)
	parts := strings.Split(tok, ".")
	parts[1] = strings.Replace(parts[1], "c", "d", 1)
	if _, err := a.Verify(strings.Join(parts, ".")); err == nil {
		t.Fatal("tampered token accepted")
	}
}

func TestAPIKey(t *testing.T) {
	a := newAuth(t, nil)
	h := http.Header{}
	h.Set(HeaderAPIKey, "partner-a-key-0123456789")
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
	if _, err := NewAuthenticator(Config{TokenKey: []byte("short")}); err == nil {
		t.Fatal("short token key accepted")
	}
	if _, err := NewAuthenticator(Config{TokenKey: testKey, APIKeys: map[string]string{"tiny": "pa"}}); err == nil {
		t.Fatal("short API key accepted")
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
	a := newAuth(t, func() time.Time { return now })
	ts := NewTokenSource(a, Principal{Role: RoleService, Subject: "table"}, time.Minute)
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
	a := newAuth(t, func() time.Time { return now })
	tok, _ := a.Issue(Principal{Role: RolePlayer, PlayerID: "p1", PartnerID: "pa"}, time.Minute)
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
	if _, err := a.Verify(tok); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("expired cached token: %v", err)
	}
	if _, ok := a.verified[tok]; ok {
		t.Fatal("expired token still cached")
	}
}

func TestVerifiedTokenCacheBounded(t *testing.T) {
	a := newAuth(t, nil)
	for i := 0; i < maxVerified+10; i++ {
		tok, err := a.Issue(Principal{Role: RoleService, Subject: "s" + strconv.Itoa(i)}, time.Hour)
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
}

func BenchmarkVerify(b *testing.B) {
	a, _ := NewAuthenticator(Config{TokenKey: testKey})
	tok, _ := a.Issue(Principal{Role: RolePlayer, PlayerID: "p1", PartnerID: "pa"}, time.Hour)
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
