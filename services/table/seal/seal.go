// Package seal encrypts what the table service stores in Redis — snapshots
// with the shoe and hole cards, logged commands, hand histories — with
// AES-256-GCM under the key from CROUPIER_SEAL_KEY, a fresh random nonce per
// write, and associated data naming the table, the kind of record and its
// version, so a sealed record cannot be replayed under another table,
// another key or another version (ARCHITECTURE.md: hidden fields are sealed
// before they reach Redis).
package seal

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
)

// KeySize is the AES-256 key size.
const KeySize = 32

// Sealer seals and opens records.
type Sealer struct {
	aead cipher.AEAD
}

// New returns a Sealer for a 32-byte key.
func New(key []byte) (*Sealer, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("seal: key is %d bytes, want %d", len(key), KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("seal: %w", err)
	}
	return &Sealer{aead: aead}, nil
}

// ParseKey decodes a hex key (the CROUPIER_SEAL_KEY format).
func ParseKey(s string) ([]byte, error) {
	k, err := hex.DecodeString(s)
	if err != nil || len(k) != KeySize {
		return nil, errors.New("seal key (CROUPIER_SEAL_KEY) must be 64 hex characters (32 bytes)")
	}
	return k, nil
}

// Seal encrypts plain with ad as associated data and appends the result
// (nonce first) to dst.
func (s *Sealer) Seal(dst, plain, ad []byte) []byte {
	n := s.aead.NonceSize()
	start := len(dst)
	dst = append(dst, make([]byte, n)...)
	if _, err := rand.Read(dst[start : start+n]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return s.aead.Seal(dst, dst[start:start+n], plain, ad)
}

// ErrOpen is returned for a record that does not authenticate.
var ErrOpen = errors.New("seal: record does not authenticate (wrong key, table, kind or version)")

// Open decrypts a sealed record with ad and appends the plain text to dst.
func (s *Sealer) Open(dst, sealed, ad []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n+s.aead.Overhead() {
		return nil, ErrOpen
	}
	out, err := s.aead.Open(dst, sealed[:n], sealed[n:], ad)
	if err != nil {
		return nil, ErrOpen
	}
	return out, nil
}
