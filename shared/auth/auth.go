// Package auth decides who is calling and whether they may call what.
//
// Four kinds of caller reach Croupier:
//
//   - a partner back-end, with an operator-issued API key in the
//     "X-Api-Key" header (RolePartner, scoped to its partner id);
//   - a player front-end, with a signed session token in
//     "Authorization: Bearer" (RolePlayer, carrying player id and partner);
//   - an operator or admin tool, with a signed token whose role is operator
//     (or auditor: a regulator who reads proofs and audit logs);
//   - another Croupier service, with a signed token whose role is service.
//
// Tokens are EdDSA (Ed25519) JWTs. Only the issuer of a kind of token holds
// the private key that signs it: the table's SessionService the session
// key, the operators' tooling the operator and auditor keys (never a pod),
// each service its own key, which signs only service tokens naming that
// service. Every service verifies with the public key set, looked up by the
// token's kid, each key bound to the scopes it may sign (keys.go), several
// keys at once so a key can be rotated. The interceptor checks each
// procedure against a Policy; a procedure missing from the policy is
// refused, so a new RPC is closed until someone opens it.
package auth

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"slices"
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
	// RoleAuditor is a regulator or audit caller: it may read proofs and
	// audit logs, never act. Its tokens are signed outside the cluster,
	// like the operator's.
	RoleAuditor Role = "auditor"
)

// Principal is an authenticated caller.
type Principal struct {
	Role Role
	// PartnerID is set for players and partners.
	PartnerID string
	// PlayerID is set for players.
	PlayerID string
	// Subject names operators, auditors and services ("croupier-table",
	// "ops:alice").
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

// Errors returned by Authenticate. Every refusal wraps ErrBadCredentials
// or ErrNoCredentials; an expired token also wraps ErrTokenExpired and a
// pair of credentials naming two callers ErrConflictingCredentials.
var (
	ErrNoCredentials          = errors.New("no credentials")
	ErrBadCredentials         = errors.New("bad credentials")
	ErrTokenExpired           = errors.New("token expired")
	ErrConflictingCredentials = errors.New("conflicting credentials")
)

// Header names.
const (
	HeaderAPIKey        = "X-Api-Key"
	HeaderAuthorization = "Authorization"
)

const issuer = "croupier"

// Config configures an Authenticator.
type Config struct {
	// Keys are the token keys: the public key set every token is verified
	// against, and the private keys this process signs with.
	Keys Keyring
	// APIKeys maps each partner API key to its partner id.
	APIKeys map[string]string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Authenticator checks credentials and issues tokens.
type Authenticator struct {
	public  map[string]PublicKey
	signers []signer
	keys    map[[32]byte]string
	now     func() time.Time

	// verified remembers tokens whose signature and claims have been
	// checked, until they expire: a player's stream and actions present
	// the same token on every call, and verifying its signature each time
	// costs more than the call's own work. Bounded by maxVerified. The key
	// set never changes in a process (it is read once, in main), so a
	// cached token cannot outlive its key.
	mu       sync.RWMutex
	verified map[string]verifiedToken
}

type signer struct {
	id     string
	key    ed25519.PrivateKey
	scopes []Scope
}

type verifiedToken struct {
	p   Principal
	exp time.Time
}

// maxVerified bounds the verified-token cache; when full it starts over.
const maxVerified = 16384

// NewAuthenticator validates cfg and returns an Authenticator.
func NewAuthenticator(cfg Config) (*Authenticator, error) {
	if len(cfg.Keys.Public) == 0 {
		return nil, errors.New("auth: the token public key set is empty")
	}
	a := &Authenticator{public: map[string]PublicKey{}, keys: map[[32]byte]string{}, now: cfg.Now,
		verified: map[string]verifiedToken{}}
	if a.now == nil {
		a.now = time.Now
	}
	for _, k := range cfg.Keys.Public {
		if len(k.Key) != ed25519.PublicKeySize {
			return nil, fmt.Errorf("auth: public key %q is %d bytes, want %d", k.ID, len(k.Key), ed25519.PublicKeySize)
		}
		if k.ID != KeyID(k.Key) {
			return nil, fmt.Errorf("auth: public key id %q is not the key's thumbprint %q", k.ID, KeyID(k.Key))
		}
		if len(k.Scopes) == 0 {
			return nil, fmt.Errorf("auth: public key %s has no scope", k.ID)
		}
		for _, s := range k.Scopes {
			if !s.valid() {
				return nil, fmt.Errorf("auth: public key %s: invalid scope %q", k.ID, s)
			}
		}
		if _, dup := a.public[k.ID]; dup {
			return nil, fmt.Errorf("auth: public key %s appears twice in the key set", k.ID)
		}
		a.public[k.ID] = k
	}
	for _, priv := range cfg.Keys.Private {
		if len(priv) != ed25519.PrivateKeySize {
			return nil, fmt.Errorf("auth: signing key is %d bytes, want %d", len(priv), ed25519.PrivateKeySize)
		}
		id := KeyID(priv.Public().(ed25519.PublicKey))
		pub, ok := a.public[id]
		if !ok {
			return nil, fmt.Errorf("auth: signing key %s is not in the public key set: no service would accept its tokens", id)
		}
		a.signers = append(a.signers, signer{id: id, key: priv, scopes: pub.Scopes})
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

// CanIssue reports whether this process holds a key that signs tokens of p.
func (a *Authenticator) CanIssue(p Principal) bool {
	_, err := a.signerFor(p)
	return err == nil
}

func (a *Authenticator) signerFor(p Principal) (signer, error) {
	scope, err := scopeOf(p)
	if err != nil {
		return signer{}, fmt.Errorf("auth: %w", err)
	}
	for _, s := range a.signers {
		if slices.Contains(s.scopes, scope) {
			return s, nil
		}
	}
	return signer{}, fmt.Errorf("auth: this process holds no key that signs %s tokens", scope)
}

// Issue signs a token for p that expires after ttl, with the key this
// process holds for p's kind of token (the session key for players, the
// service's own key for its service tokens...); without one it fails.
func (a *Authenticator) Issue(p Principal, ttl time.Duration) (string, error) {
	switch p.Role {
	case RolePlayer:
		if p.PlayerID == "" || p.PartnerID == "" {
			return "", errors.New("auth: a player token needs a player id and a partner id")
		}
	case RoleOperator, RoleService, RoleAuditor:
		if p.Subject == "" {
			return "", fmt.Errorf("auth: an %s token needs a subject", p.Role)
		}
	default:
		return "", fmt.Errorf("auth: cannot issue a token for role %q", p.Role)
	}
	s, err := a.signerFor(p)
	if err != nil {
		return "", err
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
	t := jwt.NewWithClaims(jwt.SigningMethodEdDSA, c)
	t.Header["kid"] = s.id
	return t.SignedString(s.key)
}

// Verify checks a token and returns its principal; a refusal wraps
// ErrBadCredentials (and ErrTokenExpired for an expired token).
func (a *Authenticator) Verify(token string) (Principal, error) {
	p, err := a.check(token)
	if err != nil {
		return Principal{}, fmt.Errorf("%w: %w", ErrBadCredentials, err)
	}
	return p, nil
}

// check is Verify with the refusal's reason alone. A token verified before
// is answered from memory until it expires.
func (a *Authenticator) check(token string) (Principal, error) {
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

// verify checks a token's signature, its key's scope and its claims, and
// returns the reason of a refusal.
func (a *Authenticator) verify(token string) (Principal, time.Time, error) {
	var (
		c      claims
		key    PublicKey
		keyErr error
	)
	_, err := jwt.ParseWithClaims(token, &c, func(t *jwt.Token) (any, error) {
		// Only EdDSA: an HS256 token "signed" with a public key as its
		// secret, or an unsigned "none" token, never reaches a key.
		if t.Method != jwt.SigningMethodEdDSA {
			keyErr = fmt.Errorf("signing method %q refused, want EdDSA", t.Method.Alg())
			return nil, keyErr
		}
		kid, _ := t.Header["kid"].(string)
		if kid == "" {
			keyErr = errors.New("no key id (kid) in the token header")
			return nil, keyErr
		}
		k, ok := a.public[kid]
		if !ok {
			keyErr = fmt.Errorf("signed by key %q, which is not in the key set", kid)
			return nil, keyErr
		}
		key = k
		return k.Key, nil
	},
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(a.now),
	)
	switch {
	case keyErr != nil:
		return Principal{}, time.Time{}, keyErr
	case errors.Is(err, jwt.ErrTokenExpired):
		return Principal{}, time.Time{}, fmt.Errorf("%w at %s", ErrTokenExpired, c.ExpiresAt.UTC().Format(time.RFC3339))
	case errors.Is(err, jwt.ErrTokenSignatureInvalid):
		return Principal{}, time.Time{}, fmt.Errorf("the signature does not verify with key %q", key.ID)
	case err != nil:
		return Principal{}, time.Time{}, err
	}
	p := Principal{Role: c.Role, PartnerID: c.Partner, PlayerID: c.Player, Subject: c.Subject, Expires: c.ExpiresAt.Time}
	switch p.Role {
	case RolePlayer:
		if p.PlayerID == "" || p.PartnerID == "" {
			return Principal{}, time.Time{}, errors.New("player token without player or partner")
		}
	case RoleOperator, RoleService, RoleAuditor:
		if p.Subject == "" {
			return Principal{}, time.Time{}, fmt.Errorf("%s token without a subject", p.Role)
		}
	default:
		return Principal{}, time.Time{}, fmt.Errorf("token role %q", p.Role)
	}
	// The key must be bound to this kind of token: the session key signs
	// players only, a service's key only tokens naming that service.
	scope, _ := scopeOf(p)
	if !slices.Contains(key.Scopes, scope) {
		return Principal{}, time.Time{}, fmt.Errorf("key %q (%s) may not sign %s tokens", key.ID, joinScopes(key.Scopes), scope)
	}
	return p, c.ExpiresAt.Time, nil
}

func joinScopes(ss []Scope) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return strings.Join(out, ",")
}

// Authenticate reads the credentials in h: a bearer token
// ("Authorization: Bearer", the scheme in any case, RFC 7235), a partner
// API key (X-Api-Key), or both.
//
// Each credential present must be valid: a bad one is refused even beside
// a good one, naming the bad one, never skipped. When both are present and
// valid they must name one caller: a player's token beside its own
// partner's API key (a partner back-end relaying its player's call)
// authenticates the player; any other pair is refused with
// ErrConflictingCredentials.
func (a *Authenticator) Authenticate(h http.Header) (Principal, error) {
	authz, key := h.Values(HeaderAuthorization), h.Values(HeaderAPIKey)
	if len(authz) == 0 && len(key) == 0 {
		return Principal{}, ErrNoCredentials
	}
	if len(authz) > 1 {
		return Principal{}, fmt.Errorf("%w: %d Authorization headers, want one", ErrBadCredentials, len(authz))
	}
	if len(key) > 1 {
		return Principal{}, fmt.Errorf("%w: %d %s headers, want one", ErrBadCredentials, len(key), HeaderAPIKey)
	}
	var tok, partner Principal
	if len(authz) == 1 {
		p, err := a.bearer(authz[0])
		if err != nil {
			return Principal{}, err
		}
		tok = p
	}
	if len(key) == 1 {
		p, err := a.apiKey(key[0])
		if err != nil {
			return Principal{}, err
		}
		if len(authz) == 0 {
			return p, nil
		}
		partner = p
	} else {
		return tok, nil
	}
	if tok.Role == RolePlayer && tok.PartnerID == partner.PartnerID {
		return tok, nil
	}
	return Principal{}, fmt.Errorf("%w: %w: the bearer token is %s and the API key partner %s; send one credential (or a player's token with its own partner's key)",
		ErrBadCredentials, ErrConflictingCredentials, tok, partner.PartnerID)
}

// bearer verifies an Authorization header value.
func (a *Authenticator) bearer(v string) (Principal, error) {
	scheme, tok, _ := strings.Cut(strings.TrimSpace(v), " ")
	if !strings.EqualFold(scheme, "Bearer") {
		return Principal{}, fmt.Errorf("%w: Authorization is not a Bearer token", ErrBadCredentials)
	}
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return Principal{}, fmt.Errorf("%w: bearer token: empty", ErrBadCredentials)
	}
	p, err := a.check(tok)
	if err != nil {
		return Principal{}, fmt.Errorf("%w: bearer token: %w", ErrBadCredentials, err)
	}
	return p, nil
}

// apiKey looks up a partner API key.
func (a *Authenticator) apiKey(k string) (Principal, error) {
	sum := sha256.Sum256([]byte(k))
	for h, partner := range a.keys {
		if subtle.ConstantTimeCompare(h[:], sum[:]) == 1 {
			return Principal{Role: RolePartner, PartnerID: partner, Subject: partner}, nil
		}
	}
	return Principal{}, fmt.Errorf("%w: API key: unknown", ErrBadCredentials)
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
