// Package rng is the RNG service's core: shuffled shoes, wheel spins and
// draws from the health-tested DRBG, each committed (a shoe: a Merkle root
// of salted per-position commitments; a spin or a draw: SHA-256 of its
// canonical encoding and a salt), appended to the hash-chained audit log and
// kept for Open and Reveal once its owner has closed it. The Connect handler in handler.go only authenticates,
// decodes and calls it; tests call it directly.
package rng

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/stat"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/wheel"
)

// Self-test defaults. The start-up chi-square test fails only below
// SelfTestMinP, so a healthy generator trips it once in a million starts;
// the shuffle biases it exists to catch (a broken range reduction, a
// stuck generator, the "swap with any position" shuffle) land far below it
// with 50,000 shuffles.
const (
	DefaultSelfTestShuffles = 50_000
	SelfTestMinP            = 1e-6
	DefaultCheckInterval    = 10 * time.Second
)

// Config is what New needs. Zero values take the documented defaults.
type Config struct {
	// DRBG configures the generator; its Entropy is the injectable raw
	// source and its OnFailure is set by New.
	DRBG drbg.Config
	// Store keeps the audit log and the outcomes (store.NewMemory() if nil).
	Store store.Store
	// MoneyWheel is the money-wheel layout (the labelled placeholder if zero).
	MoneyWheel wheel.Wheel
	// SelfTestShuffles is the size of the start-up chi-square self-test
	// (DefaultSelfTestShuffles if 0; negative disables it, for tests of
	// other things only).
	SelfTestShuffles int
	// Salt supplies salts and outcome ids (crypto/rand.Reader if nil).
	Salt io.Reader
	// Now is the clock (time.Now if nil).
	Now func() time.Time
}

// Service is the RNG core.
type Service struct {
	gen   *drbg.Generator
	store store.Store
	money wheel.Wheel
	salt  io.Reader
	now   func() time.Time

	// created counts outcomes by kind, for metrics.
	created [4]atomic.Int64

	mu       sync.Mutex
	serving  bool
	reason   string
	watchers []func(serving bool, reason string)
}

// New builds the generator (running the SP 800-90B start-up tests), runs the
// chi-square self-test of shuffle positions and returns the service. A
// failed test does not make New fail: the service starts NOT_SERVING and
// refuses outcomes, so the failure is visible on the health endpoint.
func New(cfg Config) (*Service, error) {
	s := &Service{store: cfg.Store, money: cfg.MoneyWheel, salt: cfg.Salt, now: cfg.Now, serving: true}
	if s.store == nil {
		s.store = store.NewMemory()
	}
	if s.money.Name == "" {
		s.money = wheel.MoneyPlaceholder()
	}
	if s.salt == nil {
		s.salt = rand.Reader
	}
	if s.now == nil {
		s.now = time.Now
	}
	dc := cfg.DRBG
	dc.OnFailure = func(err error) { s.fail(err.Error()) }
	g, err := drbg.New(dc)
	if err != nil {
		return nil, err
	}
	s.gen = g
	n := cfg.SelfTestShuffles
	if n == 0 {
		n = DefaultSelfTestShuffles
	}
	if n > 0 && g.Err() == nil {
		r, err := SelfTest(g, n)
		switch {
		case err != nil:
			s.fail(err.Error())
		case r.P < SelfTestMinP:
			s.fail(fmt.Sprintf("start-up chi-square self-test of shuffle positions failed: %s < %g", r, SelfTestMinP))
		}
	}
	return s, nil
}

// SelfTest shuffles n 52-card decks and tests every (card, position) cell
// for uniformity.
func SelfTest(g *drbg.Generator, n int) (stat.Result, error) {
	pos := stat.NewPositions(card.NumCards)
	deck := make([]card.Card, card.NumCards)
	for range n {
		for i := range deck {
			deck[i] = card.Card(i)
		}
		if err := g.Do(func(s *drbg.Stream) { drbg.Shuffle(s, deck) }); err != nil {
			return stat.Result{}, err
		}
		for p, c := range deck {
			pos.AddCell(int(c), p)
		}
		pos.Done()
	}
	return pos.Test(), nil
}

// Generator returns the service's DRBG (for stats and the stream tool).
func (s *Service) Generator() *drbg.Generator { return s.gen }

// Watch runs the periodic health check (SP 800-90B tests on a fresh entropy
// sample, and a time-based reseed) every interval until ctx is done.
func (s *Service) Watch(ctx context.Context, interval time.Duration) {
	if interval <= 0 {
		interval = DefaultCheckInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = s.gen.Check() // a failure reaches fail through OnFailure
		}
	}
}

// Health reports whether the service serves outcomes, and why not.
func (s *Service) Health() (serving bool, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.serving, s.reason
}

// OnHealth calls f now with the current status and again on every change.
func (s *Service) OnHealth(f func(serving bool, reason string)) {
	s.mu.Lock()
	s.watchers = append(s.watchers, f)
	serving, reason := s.serving, s.reason
	s.mu.Unlock()
	f(serving, reason)
}

// fail takes the service out of rotation for good: a certified RNG that
// failed a health test stays down until it is restarted and passes its
// start-up tests again.
func (s *Service) fail(reason string) {
	s.mu.Lock()
	if !s.serving {
		s.mu.Unlock()
		return
	}
	s.serving, s.reason = false, reason
	ws := append([]func(bool, string){}, s.watchers...)
	s.mu.Unlock()
	for _, w := range ws {
		w(false, reason)
	}
}
