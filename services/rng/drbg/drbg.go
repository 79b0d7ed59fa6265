// Package drbg is the RNG's deterministic random bit generator: ChaCha8
// (the C2SP chacha8rand construction, Go's math/rand/v2.ChaCha8) keyed and
// reseeded from an entropy source (crypto/rand in production), with the
// SP 800-90B health tests on every byte of entropy input and a continuous
// output test on every generated word.
//
// Why a DRBG and not crypto/rand per draw: one 52-card shuffle takes 51
// bounded draws and a 416-card shoe 415; a system call per draw would cost
// more than the whole shuffle. chacha8rand is a cryptographically strong
// generator with key erasure (it overwrites its key every 992 bytes of
// output, so a captured state does not reveal earlier output), and the
// reseed policy below bounds how much output any one seed produces.
//
// Reseed policy: a fresh 32-byte seed is read from the entropy source after
// Policy.MaxBytes of output (checked before every request) or Policy.MaxAge
// of time (checked every 64th request and by every periodic Check),
// whichever comes first. The new key is
// SHA-256 over a domain tag, 32 bytes of the old generator's output and the
// fresh entropy, so a reseed never makes the state weaker than it was. Go
// programs do not fork without exec, so no fork detection is needed: a new
// process always seeds itself from scratch.
//
// A health-test failure is latched: the Generator refuses every request
// from then on and reports the failure once through Config.OnFailure. Only
// a restart (a new Generator) clears it, and that restart runs the start-up
// tests again.
package drbg

import (
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math/bits"
	mrand "math/rand/v2"
	"sync"
	"time"

	"github.com/croupier/croupier/services/rng/health"
)

// Policy is the reseed policy.
type Policy struct {
	// MaxBytes reseeds after this much output since the last (re)seed.
	MaxBytes uint64
	// MaxAge reseeds after this much time since the last (re)seed.
	MaxAge time.Duration
}

// DefaultPolicy reseeds every 1 MiB of output or every minute.
var DefaultPolicy = Policy{MaxBytes: 1 << 20, MaxAge: time.Minute}

// Validate checks the policy's bounds.
func (p Policy) Validate() error {
	var errs []error
	if p.MaxBytes < 1<<10 || p.MaxBytes > 1<<30 {
		errs = append(errs, fmt.Errorf("reseed bytes %d: want 1 KiB .. 1 GiB", p.MaxBytes))
	}
	if p.MaxAge < time.Second || p.MaxAge > 24*time.Hour {
		errs = append(errs, fmt.Errorf("reseed interval %s: want 1s .. 24h", p.MaxAge))
	}
	return errors.Join(errs...)
}

// Sizes of the entropy reads.
const (
	// SeedBytes is the size of a seed or reseed input.
	SeedBytes = 32
	// StartupSampleBytes is read and tested at start before the first seed
	// (SP 800-90B §4.3 start-up testing over at least 1024 samples; we use
	// eight APT windows).
	StartupSampleBytes = 8 * health.Window
	// PeriodicSampleBytes is read and tested by each Check.
	PeriodicSampleBytes = 2 * health.Window
)

// Errors. ErrUnhealthy wraps every latched failure.
var (
	ErrUnhealthy      = errors.New("rng health test failed")
	ErrRepeatedOutput = errors.New("continuous output test failed: two consecutive 64-bit output words are equal")
)

// Config configures a Generator.
type Config struct {
	// Entropy is the raw source; crypto/rand.Reader when nil. Tests inject
	// a stuck source here.
	Entropy io.Reader
	Policy  Policy
	// MinEntropy and AlphaExp parameterize the SP 800-90B tests; the
	// health package defaults when zero.
	MinEntropy float64
	AlphaExp   int
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// OnFailure is called once, outside the Generator's lock, when a health
	// test fails.
	OnFailure func(error)
}

// Stats is a snapshot of the Generator's counters.
type Stats struct {
	Reseeds       uint64
	BytesOut      uint64 // since start
	EntropyBytes  uint64 // entropy input read and tested
	LastReseed    time.Time
	Failure       error
	RCTCutoff     int
	APTCutoff     int
	Policy        Policy
	BytesSinceKey uint64
}

// Generator is the DRBG. It is safe for concurrent use; requests are
// serialised by one mutex, which costs less than a per-request generator
// would in seeding.
type Generator struct {
	entropy   io.Reader
	policy    Policy
	now       func() time.Time
	onFailure func(error)

	mu      sync.Mutex
	tester  *health.Tester
	s       Stream
	seededN uint64 // s.words at the last (re)seed
	seeded  time.Time
	reseeds uint64
	calls   uint64
	entIn   uint64
	failure error
	// reported is set once the latched failure went to OnFailure.
	reported bool
}

// New tests the entropy source (start-up tests), seeds the generator and
// returns it. A start-up failure is not returned as an error: the Generator
// comes back latched failed, so the service can start, report NOT_SERVING
// and say why. Only a bad configuration is an error.
func New(cfg Config) (*Generator, error) {
	if cfg.Policy == (Policy{}) {
		cfg.Policy = DefaultPolicy
	}
	if err := cfg.Policy.Validate(); err != nil {
		return nil, fmt.Errorf("drbg: %w", err)
	}
	if cfg.Entropy == nil {
		cfg.Entropy = rand.Reader
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MinEntropy == 0 {
		cfg.MinEntropy = health.DefaultMinEntropy
	}
	if cfg.AlphaExp == 0 {
		cfg.AlphaExp = health.DefaultAlphaExp
	}
	t, err := health.NewTester(cfg.MinEntropy, cfg.AlphaExp)
	if err != nil {
		return nil, fmt.Errorf("drbg: %w", err)
	}
	g := &Generator{entropy: cfg.Entropy, policy: cfg.Policy, now: cfg.Now, onFailure: cfg.OnFailure, tester: t}
	g.s.c = mrand.NewChaCha8([32]byte{})
	g.s.discard()
	g.mu.Lock()
	if _, err := g.readEntropy(StartupSampleBytes); err == nil {
		var seed []byte
		if seed, err = g.readEntropy(SeedBytes); err == nil {
			g.s.c.Seed([32]byte(seed))
			g.seeded = g.now()
		}
	}
	failure := g.failure
	g.reported = failure != nil
	g.mu.Unlock()
	g.report(failure)
	return g, nil
}

// readEntropy reads n bytes from the source and runs them through the
// health tests. It latches a failure. Callers hold mu.
func (g *Generator) readEntropy(n int) ([]byte, error) {
	if g.failure != nil {
		return nil, g.failure
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(g.entropy, buf); err != nil {
		g.failure = fmt.Errorf("%w: entropy source: %w", ErrUnhealthy, err)
		return nil, g.failure
	}
	g.entIn += uint64(n)
	if err := g.tester.Test(buf); err != nil {
		g.failure = fmt.Errorf("%w: entropy source: %w", ErrUnhealthy, err)
		return nil, g.failure
	}
	return buf, nil
}

func (g *Generator) report(err error) {
	if err != nil && g.onFailure != nil {
		g.onFailure(err)
	}
}

// reseed mixes fresh entropy into the key. Callers hold mu.
func (g *Generator) reseed() error {
	fresh, err := g.readEntropy(SeedBytes)
	if err != nil {
		return err
	}
	var old [32]byte
	_, _ = g.s.c.Read(old[:])
	h := sha256.New()
	h.Write([]byte("croupier-rng-reseed-v1"))
	h.Write(old[:])
	h.Write(fresh)
	g.s.c.Seed([32]byte(h.Sum(nil)))
	g.s.discard()
	g.seededN = g.s.words
	g.seeded = g.now()
	g.reseeds++
	return nil
}

// clockEvery is how many requests pass between two reads of the clock in
// Do. Reading the clock costs more than a 52-card shuffle on some virtual
// machines; the periodic Check reads it every time, so the key's age is
// bounded by MaxAge plus the check interval even when requests are rare.
const clockEvery = 64

// due reports whether the reseed policy asks for a reseed. Callers hold mu.
func (g *Generator) due(checkClock bool) bool {
	if (g.s.words-g.seededN)*8 >= g.policy.MaxBytes {
		return true
	}
	return checkClock && g.now().Sub(g.seeded) >= g.policy.MaxAge
}

// Do runs f with exclusive use of the output stream. f must not keep s.
// Do reseeds first if the policy says so. If a health test fails before or
// during f, Do returns an error wrapping ErrUnhealthy and whatever f
// computed must be discarded.
func (g *Generator) Do(f func(s *Stream)) error {
	g.mu.Lock()
	err := g.failure
	g.calls++
	if err == nil && g.due(g.calls%clockEvery == 0) {
		err = g.reseed()
	}
	if err == nil {
		f(&g.s)
		if g.s.err != nil {
			g.failure = fmt.Errorf("%w: %w", ErrUnhealthy, g.s.err)
			err = g.failure
		}
	}
	newFailure := err != nil && g.failure != nil && !g.failureReported()
	g.mu.Unlock()
	if newFailure {
		g.report(err)
	}
	return err
}

// failureReported marks the latched failure as reported and says whether it
// already was. Callers hold mu.
func (g *Generator) failureReported() bool {
	was := g.reported
	g.reported = true
	return was
}

// Check is the periodic health check: it reads and tests a sample of the
// entropy source and reseeds if the policy's interval has passed, so the
// tests run and the key changes even when no requests arrive.
func (g *Generator) Check() error {
	g.mu.Lock()
	_, err := g.readEntropy(PeriodicSampleBytes)
	if err == nil && g.due(true) {
		err = g.reseed()
	}
	newFailure := err != nil && !g.failureReported()
	g.mu.Unlock()
	if newFailure {
		g.report(err)
	}
	return err
}

// Err returns the latched failure, or nil while the Generator is healthy.
func (g *Generator) Err() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.failure
}

// Read fills p with generator output. It implements io.Reader for the
// rngstream tool; the service draws through Do.
func (g *Generator) Read(p []byte) (int, error) {
	err := g.Do(func(s *Stream) { s.Read(p) })
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

// Stats returns the counters.
func (g *Generator) Stats() Stats {
	g.mu.Lock()
	defer g.mu.Unlock()
	rct, apt := g.tester.Cutoffs()
	return Stats{
		Reseeds: g.reseeds, BytesOut: g.s.words * 8, EntropyBytes: g.entIn, LastReseed: g.seeded,
		Failure: g.failure, RCTCutoff: rct, APTCutoff: apt, Policy: g.policy,
		BytesSinceKey: (g.s.words - g.seededN) * 8,
	}
}

// Stream is the generator's output inside Do. Every bounded draw uses
// Lemire's multiply-shift method with rejection, so every value in range is
// exactly equally likely (no modulo bias).
//
// Output is taken from the generator 64 words at a time into buf, so the
// per-draw path is a few inlined instructions; a reseed discards whatever
// is left in buf.
type Stream struct {
	c     *mrand.ChaCha8
	buf   [2 * bufWords]uint32
	pos   int // next unused entry of buf; len(buf) = empty
	last  uint64
	words uint64 // 64-bit words taken from the generator
	err   error
}

const bufWords = 32

// refill takes bufWords words from the generator. Each word is compared
// with the one before it (the continuous random number generator test of
// FIPS 140-2 §4.9.2): equal consecutive words, which a healthy generator
// produces with probability 2^-64, latch a failure.
func (s *Stream) refill() {
	for i := 0; i < bufWords; i++ {
		w := s.c.Uint64()
		s.checkRepeat(w)
		s.buf[2*i], s.buf[2*i+1] = uint32(w), uint32(w>>32)
	}
	s.words += bufWords
	s.pos = 0
}

// discard drops buffered output (after a reseed).
func (s *Stream) discard() { s.pos = len(s.buf) }

func (s *Stream) checkRepeat(w uint64) {
	if w == s.last {
		s.err = ErrRepeatedOutput
	}
	s.last = w
}

func (s *Stream) uint32() uint32 {
	if s.pos >= len(s.buf) {
		s.refill()
	}
	v := s.buf[s.pos]
	s.pos++
	return v
}

// Uint64 returns 64 uniformly random bits.
func (s *Stream) Uint64() uint64 {
	lo := s.uint32()
	return uint64(s.uint32())<<32 | uint64(lo)
}

// Uint32n returns a uniform value in [0, n). n must be positive.
func (s *Stream) Uint32n(n uint32) uint32 {
	// Lemire, "Fast Random Integer Generation in an Interval" (2019): the
	// high half of x*n is uniform over [0, n) once the low-half values
	// below 2^32 mod n, which would be over-represented, are rejected.
	m := uint64(s.uint32()) * uint64(n)
	if uint32(m) < n {
		return s.uint32nSlow(n, m)
	}
	return uint32(m >> 32)
}

// uint32nSlow is the rare path of Uint32n (probability below n/2^32): it
// computes the rejection threshold 2^32 mod n and redraws below it.
func (s *Stream) uint32nSlow(n uint32, m uint64) uint32 {
	if n == 0 {
		panic("drbg: Uint32n(0)")
	}
	t := -n % n
	for uint32(m) < t {
		m = uint64(s.uint32()) * uint64(n)
	}
	return uint32(m >> 32)
}

// Uint64n returns a uniform value in [0, n). n must be positive.
func (s *Stream) Uint64n(n uint64) uint64 {
	if n == 0 {
		panic("drbg: Uint64n(0)")
	}
	if n <= 1<<32 && n != 1<<32 {
		return uint64(s.Uint32n(uint32(n)))
	}
	hi, lo := bits.Mul64(s.Uint64(), n)
	if lo < n {
		t := -n % n
		for lo < t {
			hi, lo = bits.Mul64(s.Uint64(), n)
		}
	}
	return hi
}

// Read fills p with output.
func (s *Stream) Read(p []byte) {
	for len(p) >= 8 {
		w := s.Uint64()
		p[0], p[1], p[2], p[3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
		p[4], p[5], p[6], p[7] = byte(w>>32), byte(w>>40), byte(w>>48), byte(w>>56)
		p = p[8:]
	}
	if len(p) > 0 {
		w := s.Uint64()
		for i := range p {
			p[i] = byte(w >> (8 * i))
		}
	}
}

// Shuffle permutes x uniformly at random with Fisher–Yates (Durstenfeld's
// in-place form): position i, from the last down to the second, swaps with
// a uniform position j in [0, i]. Every one of the len(x)! orders is
// equally likely given uniform draws.
func Shuffle[T any](s *Stream, x []T) {
	for i := len(x) - 1; i > 0; i-- {
		j := s.Uint32n(uint32(i + 1))
		x[i], x[j] = x[j], x[i]
	}
}
