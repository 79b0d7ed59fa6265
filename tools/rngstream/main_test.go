package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/rng/drbg"
	"github.com/croupier/croupier/services/rng/stat"
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
	if err := b.fill(p); err != nil {
		t.Fatal(err)
	}
	single := make([]uint64, 256)
	pairs := make([]uint64, 1<<16)
	for i, v := range p {
		single[v]++
		if i%2 == 1 {
			pairs[int(p[i-1])<<8|int(v)]++
		}
	}
	for name, counts := range map[string][]uint64{"bytes": single, "pairs": pairs} {
		r := stat.Uniform(counts)
		t.Logf("%s: %s", name, r)
		if r.P < 0.001 {
			t.Fatalf("%s not uniform: %s", name, r)
		}
	}
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
