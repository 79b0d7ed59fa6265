package health

import (
	"crypto/rand"
	"errors"
	"testing"
)

// SP 800-90B §4.4.1: C = 1 + ceil(-log2(α)/H); §4.4.2 Table 2 (non-binary,
// W = 512, α = 2^-20): H = 0.5 -> 410, 1 -> 311, 2 -> 177, 4 -> 62, 8 -> 13.
func TestCutoffsMatchSP80090B(t *testing.T) {
	cases := []struct {
		h        float64
		alphaExp int
		rct, apt int
	}{
		{h: 0.5, alphaExp: 20, rct: 41, apt: 410},
		{h: 1, alphaExp: 20, rct: 21, apt: 311},
		{h: 2, alphaExp: 20, rct: 11, apt: 177},
		{h: 4, alphaExp: 20, rct: 6, apt: 62},
		{h: 8, alphaExp: 20, rct: 4, apt: 13},
		{h: 8, alphaExp: 40, rct: 6},
	}
	for _, c := range cases {
		if got := RepetitionCutoff(c.h, c.alphaExp); got != c.rct {
			t.Errorf("RepetitionCutoff(%v, 2^-%d) = %d, want %d", c.h, c.alphaExp, got, c.rct)
		}
		if c.apt != 0 {
			if got := ProportionCutoff(c.h, c.alphaExp, Window); got != c.apt {
				t.Errorf("ProportionCutoff(%v, 2^-%d) = %d, want %d", c.h, c.alphaExp, got, c.apt)
			}
		}
	}
}

func TestStuckSourceFailsRepetitionCount(t *testing.T) {
	tr, err := NewTester(DefaultMinEntropy, DefaultAlphaExp)
	if err != nil {
		t.Fatal(err)
	}
	rct, _ := tr.Cutoffs()
	err = tr.Test(make([]byte, rct))
	if !errors.Is(err, ErrRepetitionCount) {
		t.Fatalf("%d zero bytes: err = %v, want repetition count failure", rct, err)
	}
}

func TestRunBelowCutoffPasses(t *testing.T) {
	tr, _ := NewTester(DefaultMinEntropy, DefaultAlphaExp)
	rct, _ := tr.Cutoffs()
	p := make([]byte, 0, 4*rct)
	for b := byte(1); b <= 4; b++ {
		for range rct - 1 {
			p = append(p, b)
		}
	}
	if err := tr.Test(p); err != nil {
		t.Fatalf("runs of %d: %v", rct-1, err)
	}
}

// The run is counted across calls: a source that gets stuck at the end of
// one read and the start of the next still fails.
func TestRepetitionCountSpansReads(t *testing.T) {
	tr, _ := NewTester(DefaultMinEntropy, DefaultAlphaExp)
	rct, _ := tr.Cutoffs()
	if err := tr.Test([]byte{1, 2, 7, 7}); err != nil {
		t.Fatal(err)
	}
	tail := make([]byte, rct-2)
	for i := range tail {
		tail[i] = 7
	}
	if err := tr.Test(tail); !errors.Is(err, ErrRepetitionCount) {
		t.Fatalf("err = %v, want repetition count failure", err)
	}
}

// A source that repeats one value too often, but never in long runs, is
// what the adaptive proportion test catches and the repetition test cannot.
func TestBiasedSourceFailsAdaptiveProportion(t *testing.T) {
	tr, _ := NewTester(DefaultMinEntropy, DefaultAlphaExp)
	_, apt := tr.Cutoffs()
	p := make([]byte, Window)
	for i := range p {
		if i%2 == 0 {
			p[i] = 0xAA
		} else {
			p[i] = byte(i)
		}
	}
	err := tr.Test(p)
	if !errors.Is(err, ErrAdaptiveProportion) {
		t.Fatalf("0xAA in every other sample: err = %v, want adaptive proportion failure (cutoff %d)", err, apt)
	}
}

func TestRandomSourcePasses(t *testing.T) {
	tr, _ := NewTester(DefaultMinEntropy, DefaultAlphaExp)
	p := make([]byte, 1<<20)
	if _, err := rand.Read(p); err != nil {
		t.Fatal(err)
	}
	if err := tr.Test(p); err != nil {
		t.Fatalf("crypto/rand output failed: %v", err)
	}
	if tr.Samples() != 1<<20 {
		t.Fatalf("samples = %d", tr.Samples())
	}
}

func TestNewTesterRejectsBadParameters(t *testing.T) {
	for _, c := range []struct {
		h float64
		a int
	}{{0, 30}, {9, 30}, {8, 19}, {8, 41}} {
		if _, err := NewTester(c.h, c.a); err == nil {
			t.Errorf("NewTester(%v, %d) accepted", c.h, c.a)
		}
	}
}
