package api

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// A stream's loop ends for each of its reasons with that reason's error,
// and with none when its call ends.
func TestStreamEnds(t *testing.T) {
	player := auth.Principal{Role: auth.RolePlayer, PlayerID: "p", PartnerID: "x"}
	for _, tc := range []struct {
		name   string
		end    func(cancel context.CancelFunc, draining, lost chan struct{})
		expiry time.Duration
		code   connect.Code
		reason string
	}{
		{name: "call ends", end: func(cancel context.CancelFunc, _, _ chan struct{}) { cancel() }},
		{name: "server drains", end: func(_ context.CancelFunc, draining, _ chan struct{}) { close(draining) },
			code: connect.CodeUnavailable, reason: apierr.ShuttingDown},
		{name: "subscriber falls behind", end: func(_ context.CancelFunc, _, lost chan struct{}) { close(lost) },
			code: connect.CodeResourceExhausted, reason: "TOO_SLOW"},
		{name: "token expires", end: func(context.CancelFunc, chan struct{}, chan struct{}) {}, expiry: 20 * time.Millisecond,
			code: connect.CodeUnauthenticated, reason: "TOKEN_EXPIRED"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := player
			if tc.expiry > 0 {
				p.Expires = time.Now().Add(tc.expiry)
			} else {
				p.Expires = time.Now().Add(time.Hour)
			}
			ctx, cancel := context.WithCancel(auth.WithPrincipal(context.Background(), p))
			defer cancel()
			draining, lost := make(chan struct{}), make(chan struct{})
			ended, stop := ends(ctx, draining, lost)
			defer stop()
			if tc.expiry == 0 {
				// Only the token's expiry ends a stream by itself.
				select {
				case <-ended.Done():
					t.Fatal("ended before any reason")
				case <-time.After(5 * time.Millisecond):
				}
			}
			tc.end(cancel, draining, lost)
			select {
			case <-ended.Done():
			case <-time.After(5 * time.Second):
				t.Fatal("did not end")
			}
			err := endOf(ended)
			if tc.code == 0 {
				if err != nil {
					t.Fatalf("ended with %v, want nil", err)
				}
				return
			}
			if connect.CodeOf(err) != tc.code || apierr.Reason(err) != tc.reason {
				t.Fatalf("ended with %v, want %v %s", err, tc.code, tc.reason)
			}
		})
	}
}
