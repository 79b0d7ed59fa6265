package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/stat"
	"github.com/croupier/croupier/services/rng/stat/stattest"
)

func TestRunWritesExactlyTheBytesAsked(t *testing.T) {
	for _, mode := range []string{"raw", "shuffle"} {
		var out, errb bytes.Buffer
		if err := run([]string{"-mode", mode, "-bytes", "100003"}, &out, &errb); err != nil {
			t.Fatal(err)
		}
		if out.Len() != 100003 || !strings.Contains(errb.String(), "bytes=100003") {
			t.Fatalf("%s: %d bytes, report %q", mode, out.Len(), errb.String())
		}
	}
	if err := run([]string{"-mode", "nope"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Fatal("unknown mode accepted")
	}
}

// The shuffle-derived bytes are uniform: byte values and consecutive pairs
// (the Lehmer-code extraction must not correlate neighbours).
func TestShuffleBytesAreUniform(t *testing.T) {
	g, err := drbg.New(drbg.Config{})
	if err != nil {
		t.Fatal(err)
	}
	b := newShuffleBytes(g)
	p := make([]byte, 1<<21)
	// Each check takes its own bytes, so a retried sample is a fresh one.
	sample := func(count func(p []byte) []uint64) func() stat.Result {
		return func() stat.Result {
			if err := b.fill(p); err != nil {
				t.Fatal(err)
			}
			return stat.Uniform(count(p))
		}
	}
	stattest.Uniform(t, "bytes", sample(func(p []byte) []uint64 {
		single := make([]uint64, 256)
		for _, v := range p {
			single[v]++
		}
		return single
	}))
	stattest.Uniform(t, "pairs", sample(func(p []byte) []uint64 {
		pairs := make([]uint64, 1<<16)
		for i := 1; i < len(p); i += 2 {
			pairs[int(p[i-1])<<8|int(p[i])]++
		}
		return pairs
	}))
}

// emit keeps the accumulator exact: from a value uniform over [0, 52*51)
// it emits a byte only when one is available, and what remains stays in
// range.
func TestEmitKeepsAccumulatorInRange(t *testing.T) {
	for v := uint64(0); v < 52*51; v++ {
		b := &shuffleBytes{v: v, r: 52 * 51}
		b.emit()
		if b.r >= 256 || b.v >= b.r {
			t.Fatalf("v=%d: left v=%d r=%d", v, b.v, b.r)
		}
		if len(b.out) > 1 {
			t.Fatalf("v=%d: %d bytes from 11.4 bits", v, len(b.out))
		}
	}
}
