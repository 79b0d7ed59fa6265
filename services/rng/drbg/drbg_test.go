package drbg

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	mrand "math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/croupier/croupier/services/rng/health"
)

// stuck returns the same byte forever.
type stuck struct{ b byte }

func (s stuck) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = s.b
	}
	return len(p), nil
}

// failAfter works for n bytes, then returns the same byte forever.
type failAfter struct {
	mu sync.Mutex
	n  int
}

func (f *failAfter) Read(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	good := min(f.n, len(p))
	_, _ = io.ReadFull(rand.Reader, p[:good])
	f.n -= good
	clear(p[good:])
	return len(p), nil
}

type brokenReader struct{}

func (brokenReader) Read([]byte) (int, error) { return 0, errors.New("getrandom: ENOSYS") }

func TestStuckEntropyFailsStartupTests(t *testing.T) {
	var reported []error
	g, err := New(Config{Entropy: stuck{0x5a}, OnFailure: func(err error) { reported = append(reported, err) }})
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(g.Err(), ErrUnhealthy) || !errors.Is(g.Err(), health.ErrRepetitionCount) {
		t.Fatalf("Err = %v, want a repetition count failure", g.Err())
	}
	if len(reported) != 1 {
		t.Fatalf("OnFailure called %d times, want once", len(reported))
	}
	var got uint64
	if err := g.Do(func(s *Stream) { got = s.Uint64() }); !errors.Is(err, ErrUnhealthy) {
		t.Fatalf("Do on a failed generator: %v", err)
	}
	if _, err := g.Read(make([]byte, 8)); err == nil {
		t.Fatal("Read on a failed generator succeeded")
	}
	_ = got
	if g.Check(); len(reported) != 1 {
		t.Fatalf("a latched failure was reported again (%d)", len(reported))
	}
}

func TestEntropyReadErrorFails(t *testing.T) {
	g, _ := New(Config{Entropy: brokenReader{}})
	if !errors.Is(g.Err(), ErrUnhealthy) {
		t.Fatalf("Err = %v", g.Err())
	}
}

// The source is tested on every reseed, not only at start: a source that
// dies after start-up fails at the next reseed that needs it.
func TestReseedTestsFreshEntropy(t *testing.T) {
	src := &failAfter{n: StartupSampleBytes + SeedBytes}
	g, err := New(Config{Entropy: src, Policy: Policy{MaxBytes: 1 << 10, MaxAge: time.Hour}})
	if err != nil || g.Err() != nil {
		t.Fatalf("start: %v %v", err, g.Err())
	}
	buf := make([]byte, 1<<10)
	if _, err := g.Read(buf); err != nil {
		t.Fatalf("first KiB: %v", err)
	}
	if _, err := g.Read(buf); !errors.Is(err, ErrUnhealthy) {
		t.Fatalf("read after the reseed point with a dead source: %v", err)
	}
}

func TestReseedPolicyBytes(t *testing.T) {
	g, _ := New(Config{Policy: Policy{MaxBytes: 4 << 10, MaxAge: time.Hour}})
	buf := make([]byte, 1<<10)
	for range 16 {
		if _, err := g.Read(buf); err != nil {
			t.Fatal(err)
		}
	}
	// 16 KiB out, a reseed due every 4 KiB, checked before each 1 KiB read:
	// reseeds before reads 5, 9 and 13.
	if st := g.Stats(); st.Reseeds != 3 || st.BytesOut != 16<<10 {
		t.Fatalf("reseeds %d, bytes %d; want 3 and 16384", st.Reseeds, st.BytesOut)
	}
}

func TestReseedPolicyTime(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	g, _ := New(Config{Now: clock, Policy: Policy{MaxBytes: 1 << 30, MaxAge: time.Minute}})
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	if g.Stats().Reseeds != 0 {
		t.Fatal("reseeded before the interval")
	}
	now = now.Add(61 * time.Second)
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	if st := g.Stats(); st.Reseeds != 1 || !st.LastReseed.Equal(now) {
		t.Fatalf("after the interval: reseeds %d at %v", st.Reseeds, st.LastReseed)
	}
	// Requests alone also reseed on time, within clockEvery requests.
	now = now.Add(61 * time.Second)
	for range clockEvery {
		_ = g.Do(func(s *Stream) { s.Uint64() })
	}
	if g.Stats().Reseeds != 2 {
		t.Fatalf("requests did not reseed on time: %d", g.Stats().Reseeds)
	}
}

// The entropy input is what keys the generator: the same input gives the
// same stream (and so a different input a different one).
func TestSameEntropySameStream(t *testing.T) {
	seed := make([]byte, StartupSampleBytes+SeedBytes)
	_, _ = mrand.NewChaCha8([32]byte{42}).Read(seed)
	a, _ := New(Config{Entropy: bytes.NewReader(seed)})
	b, _ := New(Config{Entropy: bytes.NewReader(seed)})
	if a.Err() != nil || b.Err() != nil {
		t.Fatal(a.Err(), b.Err())
	}
	pa, pb := make([]byte, 64), make([]byte, 64)
	_, _ = a.Read(pa)
	_, _ = b.Read(pb)
	if !bytes.Equal(pa, pb) {
		t.Fatal("same seed, different output: the seed is not what keys the generator")
	}
}

func TestPolicyValidate(t *testing.T) {
	for _, p := range []Policy{{MaxBytes: 100, MaxAge: time.Minute}, {MaxBytes: 1 << 20, MaxAge: 0}, {MaxBytes: 1 << 31, MaxAge: time.Minute}} {
		if _, err := New(Config{Policy: p}); err == nil {
			t.Errorf("policy %+v accepted", p)
		}
	}
}

// The continuous output test: equal consecutive words latch a failure.
func TestRepeatedOutputWordFails(t *testing.T) {
	g := newTestGenerator(t)
	err := g.Do(func(s *Stream) {
		// Feed the comparison the word it just saw, as a stuck generator would.
		s.Uint64()
		s.checkRepeat(s.last)
	})
	if !errors.Is(err, ErrRepeatedOutput) || !errors.Is(g.Err(), ErrUnhealthy) {
		t.Fatalf("err = %v, latched %v", err, g.Err())
	}
}
