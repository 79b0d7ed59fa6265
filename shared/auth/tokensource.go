package auth

import (
	"sync"
	"time"
)

// TokenSource hands out a token for one principal and renews it when less
// than a quarter of its lifetime is left, so long-running clients never send
// an expired token.
type TokenSource struct {
	a   *Authenticator
	p   Principal
	ttl time.Duration

	mu      sync.Mutex
	token   string
	renewAt time.Time
}

// NewTokenSource returns a TokenSource issuing tokens valid for ttl.
func NewTokenSource(a *Authenticator, p Principal, ttl time.Duration) *TokenSource {
	return &TokenSource{a: a, p: p, ttl: ttl}
}

// Token returns a valid token. Issuing cannot fail for a principal that
// issued once, so an empty string only comes from a misconfigured principal
// and is rejected by the receiving server.
func (s *TokenSource) Token() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.a.now()
	if s.token != "" && now.Before(s.renewAt) {
		return s.token
	}
	t, err := s.a.Issue(s.p, s.ttl)
	if err != nil {
		return ""
	}
	s.token, s.renewAt = t, now.Add(s.ttl*3/4)
	return t
}
