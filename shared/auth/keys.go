package auth

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Scope is a kind of token a key may sign. A token is accepted only when
// the key named by its kid carries the scope of the token's role (and, for
// services, subject): the session key cannot sign an operator token, and
// the wallet's key cannot sign a token claiming to be the table.
type Scope string

// Scopes of the issuers outside the service pods.
const (
	// ScopeSession signs player session tokens: the table service's
	// SessionService holds it.
	ScopeSession Scope = "session"
	// ScopeOperator signs operator tokens: held by the operators'
	// tooling (croupierctl token mint), never by a pod.
	ScopeOperator Scope = "operator"
	// ScopeAuditor signs auditor tokens (regulators, auditors), like
	// ScopeOperator held outside the cluster.
	ScopeAuditor Scope = "auditor"
)

const servicePrefix = "service:"

// ServiceScope is the scope of the service named name: it signs service
// tokens whose subject is name, and nothing else.
func ServiceScope(name string) Scope { return Scope(servicePrefix + name) }

// scopeOf is the scope a token of p must be signed under.
func scopeOf(p Principal) (Scope, error) {
	switch p.Role {
	case RolePlayer:
		return ScopeSession, nil
	case RoleOperator:
		return ScopeOperator, nil
	case RoleAuditor:
		return ScopeAuditor, nil
	case RoleService:
		if p.Subject == "" {
			return "", errors.New("a service token needs a subject")
		}
		return ServiceScope(p.Subject), nil
	}
	return "", fmt.Errorf("no key signs %q tokens", p.Role)
}

func (s Scope) valid() bool {
	switch s {
	case ScopeSession, ScopeOperator, ScopeAuditor:
		return true
	}
	name, ok := strings.CutPrefix(string(s), servicePrefix)
	return ok && name != "" && !strings.ContainsAny(name, " \t,:*")
}

// PublicKey verifies the tokens of the scopes it is bound to.
type PublicKey struct {
	// ID is the token header's kid: KeyID(Key).
	ID     string
	Key    ed25519.PublicKey
	Scopes []Scope
}

// KeyID names an Ed25519 public key: its RFC 7638 JWK thumbprint
// (base64url SHA-256 of {"crv":"Ed25519","kty":"OKP","x":...}). Deriving the
// id from the key means a key set line cannot name one key and hold
// another, and anyone can recompute it.
func KeyID(pub ed25519.PublicKey) string {
	jwk := `{"crv":"Ed25519","kty":"OKP","x":"` + base64.RawURLEncoding.EncodeToString(pub) + `"}`
	sum := sha256.Sum256([]byte(jwk))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// ParseKeySet reads a public key set: one key a line,
//
//	<scope>[,<scope>...] <public key>
//
// where a scope is session, operator, auditor or service:<name>, and the
// public key is the base64 of the key's DER SubjectPublicKeyInfo (the body
// of the PEM "PUBLIC KEY" that `openssl pkey -pubout` prints) or of its 32
// raw bytes. Blank lines and lines starting with # are skipped; ";" also
// ends a line, so a set fits on one line of an environment variable.
func ParseKeySet(text string) ([]PublicKey, error) {
	var out []PublicKey
	seen := map[string]int{}
	lines := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ';' })
	for n, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("auth: key set entry %d: want \"<scopes> <base64 public key>\", got %d fields", n+1, len(f))
		}
		scopes, err := ParseScopes(f[0])
		if err != nil {
			return nil, fmt.Errorf("auth: key set entry %d: %w", n+1, err)
		}
		pub, err := parsePublicKey(f[1])
		if err != nil {
			return nil, fmt.Errorf("auth: key set entry %d: %w", n+1, err)
		}
		id := KeyID(pub)
		if first, dup := seen[id]; dup {
			return nil, fmt.Errorf("auth: key set entries %d and %d hold the same key (%s): give it its scopes on one line", first, n+1, id)
		}
		seen[id] = n + 1
		out = append(out, PublicKey{ID: id, Key: pub, Scopes: scopes})
	}
	return out, nil
}

// ParseScopes reads a comma-separated list of scopes.
func ParseScopes(s string) ([]Scope, error) {
	var scopes []Scope
	for _, part := range strings.Split(s, ",") {
		sc := Scope(strings.TrimSpace(part))
		if !sc.valid() {
			return nil, fmt.Errorf("scope %q: want session, operator, auditor or service:<name>", part)
		}
		if !slices.Contains(scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	return scopes, nil
}

func parsePublicKey(s string) (ed25519.PublicKey, error) {
	der, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("public key is not base64: %w", err)
	}
	if len(der) == ed25519.PublicKeySize {
		return ed25519.PublicKey(der), nil
	}
	k, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("public key: %w", err)
	}
	pub, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("public key is a %T, want Ed25519", k)
	}
	return pub, nil
}

// FormatKeySet writes keys in the ParseKeySet format, with each key's id in
// a comment above it.
func FormatKeySet(keys []PublicKey) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(KeySetLine(k.Key, k.Scopes...))
	}
	return b.String()
}

// KeySetLine is the key set entry of pub with scopes, after a comment
// naming its kid.
func KeySetLine(pub ed25519.PublicKey, scopes ...Scope) string {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		panic(err) // an ed25519.PublicKey always marshals
	}
	ss := make([]string, len(scopes))
	for i, s := range scopes {
		ss[i] = string(s)
	}
	return fmt.Sprintf("# kid %s\n%s %s\n", KeyID(pub), strings.Join(ss, ","), base64.StdEncoding.EncodeToString(der))
}

// ParsePrivateKey reads an Ed25519 private key in PEM: PKCS #8 "PRIVATE
// KEY", as `openssl genpkey -algorithm ed25519` writes it.
func ParsePrivateKey(pemText []byte) (ed25519.PrivateKey, error) {
	block, rest := pem.Decode(pemText)
	if block == nil {
		return nil, errors.New("auth: private key: no PEM block")
	}
	if strings.TrimSpace(string(rest)) != "" {
		return nil, errors.New("auth: private key: more than one PEM block")
	}
	if block.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("auth: private key: PEM type %q, want \"PRIVATE KEY\" (PKCS #8)", block.Type)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("auth: private key: %w", err)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("auth: private key is a %T, want Ed25519", k)
	}
	return priv, nil
}

// MarshalPrivateKey writes k as PEM PKCS #8, the format ParsePrivateKey reads.
func MarshalPrivateKey(k ed25519.PrivateKey) []byte {
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		panic(err) // an ed25519.PrivateKey always marshals
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}

// Keyring is the key material of one process: the public keys it verifies
// with and the private keys it signs with.
type Keyring struct {
	// Public is the key set: every key whose tokens are accepted.
	Public []PublicKey
	// Private are the keys this process signs with. Each one's public half
	// must be in Public, whose entry says what it may sign.
	Private []ed25519.PrivateKey
}

// GenerateKeyring returns a keyring with one fresh key for each scope,
// holding every private key: for in-process stacks and tests, where one
// process plays every issuer.
func GenerateKeyring(scopes ...Scope) Keyring {
	var k Keyring
	for _, s := range scopes {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		k.Public = append(k.Public, PublicKey{ID: KeyID(pub), Key: pub, Scopes: []Scope{s}})
		k.Private = append(k.Private, priv)
	}
	return k
}

// DevKeyring is GenerateKeyring for the session, operator and auditor
// scopes and one service scope per name.
func DevKeyring(services ...string) Keyring {
	scopes := []Scope{ScopeSession, ScopeOperator, ScopeAuditor}
	for _, s := range services {
		scopes = append(scopes, ServiceScope(s))
	}
	return GenerateKeyring(scopes...)
}

// PrivateFor returns the private key of k bound to scope.
func (k Keyring) PrivateFor(scope Scope) (ed25519.PrivateKey, bool) {
	for _, priv := range k.Private {
		id := KeyID(priv.Public().(ed25519.PublicKey))
		for _, pub := range k.Public {
			if pub.ID == id && slices.Contains(pub.Scopes, scope) {
				return priv, true
			}
		}
	}
	return nil, false
}
