package auth

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
)

// The interceptor answers a refused credential with UNAUTHENTICATED and a
// machine-readable reason: TOKEN_EXPIRED (renew), CONFLICTING_CREDENTIALS
// or BAD_CREDENTIALS, the message naming the credential.
func TestInterceptorRefusesWithReason(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	a := newAuth(t, testKeys(), func() time.Time { return now })
	i := &interceptor{a: a, policy: Policy{}.Allow(Anyone, "/p")}
	expired, _ := a.Issue(operator, time.Minute)
	pb, _ := a.Issue(Principal{Role: RolePlayer, PlayerID: "p2", PartnerID: "pb"}, 2*time.Hour)
	now = now.Add(time.Hour)
	cases := []struct {
		name, authz, key, reason, msg string
	}{
		{"expired", "Bearer " + expired, "", "TOKEN_EXPIRED", "bearer token: token expired"},
		{"garbage token beside a good key", "bearer x.y.z", partnerKey, "BAD_CREDENTIALS", "bearer token"},
		{"two partners", "Bearer " + pb, partnerKey, "CONFLICTING_CREDENTIALS", "partner pa"},
		{"nothing", "", "", "NO_CREDENTIALS", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.authz != "" {
				h.Set(HeaderAuthorization, tc.authz)
			}
			if tc.key != "" {
				h.Set(HeaderAPIKey, tc.key)
			}
			_, err := i.check(context.Background(), "/p", h)
			if connect.CodeOf(err) != connect.CodeUnauthenticated || apierr.Reason(err) != tc.reason || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v (%s), want unauthenticated %s %q", err, apierr.Reason(err), tc.reason, tc.msg)
			}
		})
	}
}
