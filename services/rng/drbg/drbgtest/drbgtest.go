// Package drbgtest has entropy sources that fail the way hardware does, for
// tests of the RNG's health tests (package rng and its API). Only tests
// import it.
package drbgtest

import (
	"crypto/rand"
	"io"
	"sync"
)

// StuckAfter is an entropy source that gives N good bytes, then only
// zeros: a noise source that gets stuck while the service runs (N = 0:
// stuck from the start).
type StuckAfter struct {
	mu sync.Mutex
	N  int
}

// Read implements io.Reader.
func (s *StuckAfter) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	good := min(s.N, len(p))
	if _, err := io.ReadFull(rand.Reader, p[:good]); err != nil {
		return 0, err
	}
	s.N -= good
	clear(p[good:])
	return len(p), nil
}

// Stick makes the source give only zeros from now on: the moment a test
// chooses, whatever the service's health checks read before it.
func (s *StuckAfter) Stick() {
	s.mu.Lock()
	s.N = 0
	s.mu.Unlock()
}
