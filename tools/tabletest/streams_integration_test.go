//go:build integration

package tabletest

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	tablev1 "github.com/croupier/croupier/gen/croupier/table/v1"
	"github.com/croupier/croupier/services/table/api"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/tools/platform"
)

// session returns clients with a session token for player id that expires
// after ttl.
func (e *env) session(id string, ttl time.Duration) platform.Clients {
	e.t.Helper()
	// Shorter than CreatePlayerSession allows (60 s at least).
	tok, err := e.st.Auth.Issue(authPlayer(id, e.st.Partner), ttl)
	if err != nil {
		e.t.Fatal(err)
	}
	return platform.NewClients(e.st.URL, platform.Bearer(tok))
}

// Issue 11 (medium): a Subscribe stream and a Play stream end with
// UNAUTHENTICATED / TOKEN_EXPIRED when the session token expires, at its
// expiry, on a table where nothing happens (no event, no command to check
// the token on).
func TestStreamsEndWhenTheTokenExpires(t *testing.T) {
	e := newEnv(t)
	id := e.createTable(60_000).GetTableId()
	if err := e.pause(id); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		open func(t *testing.T, c platform.Clients) func() error
	}{
		{"Subscribe", func(t *testing.T, c platform.Clients) func() error {
			s, err := c.Table.Subscribe(e.ctx, connect.NewRequest(&tablev1.SubscribeRequest{TableId: id}))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			if !s.Receive() {
				t.Fatalf("no snapshot: %v", s.Err())
			}
			return func() error {
				for s.Receive() {
				}
				return s.Err()
			}
		}},
		{"Play", func(t *testing.T, c platform.Clients) func() error {
			s, _ := e.openPlay(c, id)
			return func() error {
				for {
					if _, err := s.Receive(); err != nil {
						return err
					}
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			wait := tc.open(t, e.session("dora", 2*time.Second))
			err := wait()
			took := time.Since(start)
			if connect.CodeOf(err) != connect.CodeUnauthenticated || apierr.Reason(err) != "TOKEN_EXPIRED" {
				t.Fatalf("stream ended with %v, want unauthenticated TOKEN_EXPIRED", err)
			}
			if took > 4*time.Second {
				t.Fatalf("the stream ended %s after it opened, with a 2 s token", took)
			}
		})
	}
}

// Issue 11 (medium): one caller cannot hold any number of streams. A
// player's Subscribe and Play streams together stop at his cap, a partner
// key's at its larger one, with RESOURCE_EXHAUSTED / TOO_MANY_STREAMS;
// another player is not held back by them; a closed stream frees its slot.
func TestStreamsPerCallerAreCapped(t *testing.T) {
	e := newEnvWith(t, platform.Config{Streams: api.StreamLimits{PerPlayer: 3, PerPartner: 5}})
	id := e.createTable(60_000).GetTableId()
	if err := e.pause(id); err != nil {
		t.Fatal(err)
	}
	alice := e.player("alice", 1_000)
	bob := e.player("bob", 1_000)
	// open opens a Subscribe stream and returns its close, or the error.
	open := func(c platform.Clients) (func(), error) {
		ctx, cancel := context.WithCancel(e.ctx)
		s, err := c.Table.Subscribe(ctx, connect.NewRequest(&tablev1.SubscribeRequest{TableId: id}))
		if err != nil {
			cancel()
			return nil, err
		}
		if !s.Receive() {
			cancel()
			return nil, s.Err()
		}
		return func() { cancel(); s.Close() }, nil
	}
	refused := func(what string, err error) {
		t.Helper()
		if connect.CodeOf(err) != connect.CodeResourceExhausted || apierr.Reason(err) != "TOO_MANY_STREAMS" {
			t.Fatalf("%s: %v, want resource_exhausted TOO_MANY_STREAMS", what, err)
		}
	}
	var closes []func()
	for i := 0; i < 2; i++ {
		c, err := open(alice)
		if err != nil {
			t.Fatal(err)
		}
		closes = append(closes, c)
	}
	// A Play stream counts too: the third.
	e.openPlay(alice, id)
	_, err := open(alice)
	refused("alice's fourth stream", err)
	ps := alice.Table.Play(e.ctx)
	_ = ps.Send(&tablev1.PlayRequest{Command: &tablev1.PlayRequest_Subscribe{Subscribe: &tablev1.SubscribeRequest{TableId: id}}})
	_, err = ps.Receive()
	refused("alice's fourth stream over Play", err)
	if c, err := open(bob); err != nil {
		t.Fatalf("bob is held back by alice's streams: %v", err)
	} else {
		c()
	}
	// A closed stream frees its slot (once the server has seen it close).
	closes[0]()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := open(alice)
		if err == nil {
			c()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the closed stream's slot was not freed: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The partner key: five, then refused.
	for i := 0; i < 5; i++ {
		if _, err := open(e.partner); err != nil {
			t.Fatalf("partner stream %d: %v", i+1, err)
		}
	}
	_, err = open(e.partner)
	refused("the partner's sixth stream", err)
}
