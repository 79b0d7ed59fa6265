package boot

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/croupier/croupier/shared/auth"
	"github.com/croupier/croupier/shared/config"
)

func TestApplyDev(t *testing.T) {
	tests := []struct {
		name      string
		common    Common
		conflicts []string
		refused   string // a setting the error names; "" when accepted
	}{
		{name: "off: nothing changes", common: Common{}},
		{name: "on: throwaway keys", common: Common{Dev: true}},
		{name: "on, API keys kept", common: Common{Dev: true, APIKeys: "p:k"}},
		{name: "public keys refused", common: Common{Dev: true, PublicKeys: "operator AAAA"}, refused: "CROUPIER_TOKEN_PUBLIC_KEYS"},
		{name: "key file refused", common: Common{Dev: true, PublicKeysFile: "keys.txt"}, refused: "CROUPIER_TOKEN_PUBLIC_KEYS_FILE"},
		{name: "signing key refused", common: Common{Dev: true, SigningKey: "pem"}, refused: "CROUPIER_TOKEN_SIGNING_KEY"},
		{name: "session key refused", common: Common{Dev: true, SessionKey: "pem"}, refused: "CROUPIER_SESSION_SIGNING_KEY"},
		{name: "HS256 key refused", common: Common{Dev: true, LegacyTokenKey: "k"}, refused: "CROUPIER_TOKEN_KEY"},
		{name: "caller's conflict refused", common: Common{Dev: true}, conflicts: []string{"-postgres-dsn"}, refused: "-postgres-dsn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.common
			err := c.ApplyDev(tt.conflicts...)
			switch {
			case tt.refused != "":
				if err == nil || !strings.Contains(err.Error(), tt.refused) {
					t.Fatalf("ApplyDev = %v, want a refusal naming %s", err, tt.refused)
				}
			case err != nil:
				t.Fatalf("ApplyDev: %v", err)
			case !c.Dev:
				if c.Keys != nil || c.APIKeys != "" {
					t.Errorf("without -dev ApplyDev changed the settings: %+v", c)
				}
			default:
				if c.Keys == nil || len(c.Keys.Private) == 0 {
					t.Error("no throwaway key set")
				}
				if tt.common.APIKeys != "" && c.APIKeys != tt.common.APIKeys {
					t.Errorf("API keys %q replaced by %q", tt.common.APIKeys, c.APIKeys)
				}
				if _, err := auth.ParseAPIKeys(c.APIKeys); err != nil || c.APIKeys == "" {
					t.Errorf("API keys %q: %v", c.APIKeys, err)
				}
			}
		})
	}
}

func TestGiven(t *testing.T) {
	env := map[string]string{"CROUPIER_X": "v"}
	getenv := func(k string) string { return env[k] }
	l := config.New("t", getenv)
	var a, b, x string
	l.String(&a, "a", "CROUPIER_A", "def", "")
	l.String(&b, "b", "CROUPIER_B", "def", "")
	l.String(&x, "x", "CROUPIER_X", "def", "")
	if err := l.Parse([]string{"-a", "def"}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		flag, env string
		want      bool
	}{{"a", "CROUPIER_A", true}, {"b", "CROUPIER_B", false}, {"x", "CROUPIER_X", true}} {
		if got := Given(l, getenv, tt.flag, tt.env); got != tt.want {
			t.Errorf("Given(%s) = %t, want %t", tt.flag, got, tt.want)
		}
	}
}

// TestPrintDevTokensVerify: the printed credentials are accepted by the
// runtime that printed them, each with its role.
func TestPrintDevTokensVerify(t *testing.T) {
	c := Common{Dev: true, Addr: "127.0.0.1:0", LogLevel: "warn", ShutdownTimeout: time.Second}
	if err := c.ApplyDev(); err != nil {
		t.Fatal(err)
	}
	rt, err := Start(context.Background(), "croupier-evaluator", c, io.Discard, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := PrintDev(&out, c, rt); err != nil {
		t.Fatal(err)
	}
	want := map[string]auth.Role{"operator": auth.RoleOperator, "player": auth.RolePlayer, "auditor": auth.RoleAuditor}
	line := regexp.MustCompile(`(?m)^  (\w+) token +Authorization: Bearer (\S+)`)
	for _, m := range line.FindAllStringSubmatch(out.String(), -1) {
		p, err := rt.Auth.Verify(m[2])
		if err != nil || p.Role != want[m[1]] {
			t.Errorf("%s token: %v %v, want role %v", m[1], p, err, want[m[1]])
		}
		delete(want, m[1])
	}
	if len(want) != 0 || !strings.Contains(out.String(), "X-Api-Key: ") {
		t.Errorf("missing credentials %v in:\n%s", want, out.String())
	}
}
