package api

import (
	"context"
	"errors"
	"sync"

	"connectrpc.com/connect"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/auth"
)

// StreamLimits cap the event streams (Subscribe and Play together) one
// caller holds open on one replica (issue 11: 1,500 streams were accepted
// from one token). Zero takes the default; negative removes the cap.
type StreamLimits struct {
	// PerPlayer caps a player's streams (default 16: a few tabs, each
	// following a handful of tables).
	PerPlayer int
	// PerPartner caps a partner back-office's streams over its API key
	// (default 1,000). A partner's players count against their own cap.
	PerPartner int
}

// DefaultStreamLimits are the caps when none are configured.
var DefaultStreamLimits = StreamLimits{PerPlayer: 16, PerPartner: 1000}

func (l StreamLimits) withDefaults() StreamLimits {
	if l.PerPlayer == 0 {
		l.PerPlayer = DefaultStreamLimits.PerPlayer
	}
	if l.PerPartner == 0 {
		l.PerPartner = DefaultStreamLimits.PerPartner
	}
	return l
}

// streams counts the open streams per caller.
type streams struct {
	limits StreamLimits
	mu     sync.Mutex
	open   map[string]int
}

func newStreams(l StreamLimits) *streams {
	return &streams{limits: l.withDefaults(), open: map[string]int{}}
}

// acquire takes a stream slot for the caller of ctx and returns its
// release, or RESOURCE_EXHAUSTED / TOO_MANY_STREAMS. Operators and
// services are not capped.
func (s *streams) acquire(ctx context.Context) (func(), error) {
	if s == nil {
		return func() {}, nil
	}
	p, ok := auth.FromContext(ctx)
	if !ok {
		return nil, apierr.Unauthenticated("NO_CREDENTIALS", "no authenticated caller")
	}
	var key string
	var limit int
	switch p.Role {
	case auth.RolePlayer:
		key, limit = "player\x00"+p.PartnerID+"\x00"+p.PlayerID, s.limits.PerPlayer
	case auth.RolePartner:
		key, limit = "partner\x00"+p.PartnerID, s.limits.PerPartner
	default:
		return func() {}, nil
	}
	if limit < 0 {
		return func() {}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[key] >= limit {
		return nil, apierr.New(connect.CodeResourceExhausted, "TOO_MANY_STREAMS",
			"this caller has %d event streams open, the most allowed; close one first", limit)
	}
	s.open[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.open[key]--; s.open[key] <= 0 {
				delete(s.open, key)
			}
		})
	}, nil
}

// The causes of a stream's end other than its call's (ends).
var (
	errExpired  = errors.New("session token expired")
	errDraining = errors.New("server draining")
	errLost     = errors.New("subscriber fell behind")
)

// ends is a context that ends with ctx, when the caller's session token
// expires (API keys and tokens without an expiry do not), when draining
// closes or when lost does, with the reason as its cause (endOf), and its
// stop. A stream's loop waits on it instead of on each: a select costs in
// proportion to its cases, and the loop selects for every message to every
// viewer. One goroutine a stream watches draining and lost.
func ends(ctx context.Context, draining, lost <-chan struct{}) (context.Context, func()) {
	ended, cancel := context.WithCancelCause(ctx)
	stopExpiry := func() {}
	if p, ok := auth.FromContext(ctx); ok && !p.Expires.IsZero() {
		ended, stopExpiry = context.WithDeadlineCause(ended, p.Expires, errExpired)
	}
	go func() {
		select {
		case <-draining:
			cancel(errDraining)
		case <-lost:
			cancel(errLost)
		case <-ended.Done():
		}
	}()
	return ended, func() {
		stopExpiry()
		cancel(nil)
	}
}

// endOf is what a stream ended by ends returns: nil when its call ended.
func endOf(ended context.Context) error {
	switch context.Cause(ended) {
	case errExpired:
		return apierr.Connect(tokenExpired())
	case errDraining:
		return apierr.Connect(apierr.Unavailable(apierr.ShuttingDown, "this replica is shutting down; resume after the last event id"))
	case errLost:
		return apierr.Connect(apierr.New(connect.CodeResourceExhausted, "TOO_SLOW", "the stream fell behind; resume from the last event id"))
	}
	return nil
}

func tokenExpired() error {
	return apierr.Unauthenticated("TOKEN_EXPIRED", "the session token expired; open a new stream with a fresh one")
}
