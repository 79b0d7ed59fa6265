// Package auth decides who is calling and whether they may call what.
//
// Four kinds of caller reach Croupier:
//
//   - a partner back-end, with an operator-issued API key in the
//     "X-Api-Key" header (RolePartner, scoped to its partner id);
//   - a player front-end, with a signed session token in
//     "Authorization: Bearer" (RolePlayer, carrying player id and partner);
//   - an operator or admin tool, with a signed token whose role is operator;
//   - another Croupier service, with a signed token whose role is service.
//
// Tokens are HS256 JWTs signed with a key every service shares (a
// Kubernetes Secret). The interceptor checks each procedure against a
// Policy; a procedure missing from the policy is refused, so a new RPC is
// closed until someone opens it.
package auth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Role is what a caller is allowed to be.
type Role string

// Roles, from least to most trusted.
const (
	RolePlayer   Role = "player"
	RolePartner  Role = "partner"
	RoleOperator Role = "operator"
	RoleService  Role = "service"
)

// Principal is an authenticated caller.
type Principal struct {
	Role Role
	// PartnerID is set for players and partners.
	PartnerID string
	// PlayerID is set for players.
	PlayerID string
	// Subject names operators and services ("table", "ops:alice").
	Subject string
	// Expires is when the token expires (zero for API keys): a stream
	// outlives the check made when it opened, so a long-lived stream that
	// takes commands checks it per command.
	Expires time.Time
}

// Internal reports whether the caller is an operator or another service.
func (p Principal) Internal() bool { return p.Role == RoleOperator || p.Role == RoleService }

func (p Principal) String() string {
	switch p.Role {
	case RolePlayer:
		return fmt.Sprintf("player %s@%s", p.PlayerID, p.PartnerID)
	case RolePartner:
		return "partner " + p.PartnerID
	default:
		return fmt.Sprintf("%s %s", p.Role, p.Subject)
	}
}

// Errors returned by Authenticate.
var (
	ErrNoCredentials  = errors.New("no credentials")
	ErrBadCredentials = errors.New("bad credentials")
)

// Header names.
const (
	HeaderAPIKey        = "X-Api-Key"
	HeaderAuthorization = "Authorization"
)

const issuer = "croupier"

// Config configures an Authenticator.
type Config struct {
	// TokenKey signs and verifies session and service tokens; at least 32 bytes.
	TokenKey []byte
	// APIKeys maps each partner API key to its partner id.
	APIKeys map[string]string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Authenticator checks credentials and issues tokens.
type Authenticator struct {
	key  []byte
	keys map[[32]byte]string
	now  func() time.Time

	// verified remembers tokens whose signature and claims have been
	// checked, until they expire: a player's stream and actions present
	// the same token on every call, and parsing and re-signing it each
	// time costs more than the call's own work (table load tests: ~7% of
	// the service's CPU). Bounded by maxVerified.
	mu       sync.RWMutex
	verified map[string]verifiedToken
}

type verifiedToken struct {
	p   Principal
	exp time.Time
}

// maxVerified bounds the verified-token cache; when full it starts over.
const maxVerified = 16384

// NewAuthenticator validates cfg and returns an Authenticator.
func NewAuthenticator(cfg Config) (*Authenticator, error) {
	if len(cfg.TokenKey) < 32 {
		return nil, fmt.Errorf("auth: token key must be at least 32 bytes, got %d", len(cfg.TokenKey))
	}
	a := &Authenticator{key: append([]byte(nil), cfg.TokenKey...), keys: map[[32]byte]string{}, now: cfg.Now,
		verified: map[string]verifiedToken{}}
	if a.now == nil {
		a.now = time.Now
	}
	for k, partner := range cfg.APIKeys {
		if len(k) < 16 {
			return nil, fmt.Errorf("auth: API key for partner %q is shorter than 16 characters", partner)
		}
		if partner == "" {
			return nil, errors.New("auth: API key with an empty partner id")
		}
		// Only hashes are kept in memory, and lookup compares hashes, so a
		// timing side channel reveals nothing about the keys themselves.
		a.keys[sha256.Sum256([]byte(k))] = partner
	}
	return a, nil
}

// ParseAPIKeys reads "partner1:key1,partner2:key2" (the CROUPIER_API_KEYS format).
func ParseAPIKeys(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		partner, key, ok := strings.Cut(item, ":")
		if !ok || partner == "" || key == "" {
			return nil, fmt.Errorf("auth: API key entry %q: want partner:key", item)
		}
		out[key] = partner
	}
	return out, nil
}

type claims struct {
	jwt.RegisteredClaims
	Role    Role   `json:"role"`
	Partner string `json:"partner,omitempty"`
	Player  string `json:"player,omitempty"`
}

// Issue signs a token for p that expires after ttl.
func (a *Authenticator) Issue(p Principal, ttl time.Duration) (string, error) {
	switch p.Role {
	case RolePlayer:
		if p.PlayerID == "" || p.PartnerID == "" {
			return "", errors.New("auth: a player token needs a player id and a partner id")
		}
	case RoleOperator, RoleService:
		if p.Subject == "" {
			return "", errors.New("auth: an operator or service token needs a subject")
		}
	default:
		return "", fmt.Errorf("auth: cannot issue a token for role %q", p.Role)
	}
	now := a.now()
	sub := p.Subject
	if p.Role == RolePlayer {
		sub = p.PlayerID
	}
	c := claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    issuer,
			Subject:   sub,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(ttl)),
		},
		Role: p.Role, Partner: p.PartnerID, Player: p.PlayerID,
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(a.key)
}

// Verify checks a token and returns its principal. A token verified before
// is answered from memory until it expires.
func (a *Authenticator) Verify(token string) (Principal, error) {
	a.mu.RLock()
	v, ok := a.verified[token]
	a.mu.RUnlock()
	if ok {
		if a.now().Before(v.exp) {
			return v.p, nil
		}
		a.mu.Lock()
		delete(a.verified, token)
		a.mu.Unlock()
	}
	p, exp, err := a.verify(token)
	if err != nil {
		return Principal{}, err
	}
	a.mu.Lock()
	if len(a.verified) >= maxVerified {
		clear(a.verified)
	}
	a.verified[token] = verifiedToken{p: p, exp: exp}
	a.mu.Unlock()
	return p, nil
}

// verify checks a token's signature and claims.
func (a *Authenticator) verify(token string) (Principal, time.Time, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return a.key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(a.now),
	)
	if err != nil {
		return Principal{}, time.Time{}, fmt.Errorf("%w: %v", ErrBadCredentials, err)
	}
	p := Principal{Role: c.Role, PartnerID: c.Partner, PlayerID: c.Player, Subject: c.Subject, Expires: c.ExpiresAt.Time}
	switch p.Role {
	case RolePlayer:
		if p.PlayerID == "" || p.PartnerID == "" {
			return Principal{}, time.Time{}, fmt.Errorf("%w: player token without player or partner", ErrBadCredentials)
		}
	case RoleOperator, RoleService:
	default:
		return Principal{}, time.Time{}, fmt.Errorf("%w: token role %q", ErrBadCredentials, p.Role)
	}
	return p, c.ExpiresAt.Time, nil
}

// Authenticate reads the credentials in h. A bearer token wins over an API key.
func (a *Authenticator) Authenticate(h http.Header) (Principal, error) {
	if v := h.Get(HeaderAuthorization); v != "" {
		tok, ok := strings.CutPrefix(v, "Bearer ")
		if !ok {
			return Principal{}, fmt.Errorf("%w: Authorization is not a Bearer token", ErrBadCredentials)
		}
		return a.Verify(strings.TrimSpace(tok))
	}
	if k := h.Get(HeaderAPIKey); k != "" {
		sum := sha256.Sum256([]byte(k))
		for h, partner := range a.keys {
			if subtle.ConstantTimeCompare(h[:], sum[:]) == 1 {
				return Principal{Role: RolePartner, PartnerID: partner, Subject: partner}, nil
			}
		}
		return Principal{}, fmt.Errorf("%w: unknown API key", ErrBadCredentials)
	}
	return Principal{}, ErrNoCredentials
}

type ctxKey struct{}

// WithPrincipal returns ctx carrying p. Handlers read it with FromContext;
// in-process callers (the dev stack, tests) may set it directly.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the caller of the current request.
func FromContext(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}
