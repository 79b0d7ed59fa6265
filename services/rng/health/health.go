// Package health holds the continuous health tests that NIST SP 800-90B §4.4
// requires on a noise source: the Repetition Count Test (§4.4.1) and the
// Adaptive Proportion Test (§4.4.2). The RNG runs every byte of entropy input
// it reads (the seed at start, every reseed, and the periodic samples)
// through one Tester; a failure is latched by the caller and takes the
// service out of rotation.
//
// Samples are bytes. The cutoffs follow from the claimed min-entropy per
// sample H and the false-positive probability α = 2^-AlphaExp:
//
//	RCT cutoff C = 1 + ceil(AlphaExp / H)
//	APT cutoff C = 1 + CRITBINOM(W, 2^-H, 1-α), W = 512 (non-binary samples)
package health

import (
	"errors"
	"fmt"
	"math"
)

// Window is the Adaptive Proportion Test window for non-binary samples
// (SP 800-90B §4.4.2: W = 512).
const Window = 512

// Default parameters: the entropy input (the kernel CSPRNG behind
// crypto/rand) is claimed to carry full entropy, 8 bits per byte, and the
// tests run continuously, so α is the smallest the standard allows (2^-40):
// a false alarm is expected once in about 10^12 samples.
const (
	DefaultMinEntropy = 8.0
	DefaultAlphaExp   = 40
)

// ErrRepetitionCount and ErrAdaptiveProportion are the two failure kinds.
var (
	ErrRepetitionCount    = errors.New("SP 800-90B repetition count test failed")
	ErrAdaptiveProportion = errors.New("SP 800-90B adaptive proportion test failed")
)

// Tester runs both tests over a continuous stream of byte samples. It keeps
// its state between calls to Test, so a run that straddles two reads is
// still seen. A Tester is not safe for concurrent use.
type Tester struct {
	rctCutoff int
	aptCutoff int

	// Repetition Count Test state.
	rctStarted bool
	rctLast    byte
	rctRun     int

	// Adaptive Proportion Test state.
	aptFirst byte
	aptCount int
	aptSeen  int // samples of the current window seen so far, 0 = none

	samples uint64
}

// NewTester returns a Tester for a claimed min-entropy h bits per byte
// (0 < h <= 8) and α = 2^-alphaExp (20 <= alphaExp <= 40, SP 800-90B §4.4).
func NewTester(h float64, alphaExp int) (*Tester, error) {
	if !(h > 0 && h <= 8) {
		return nil, fmt.Errorf("health: min-entropy %v bits per byte: want 0 < H <= 8", h)
	}
	if alphaExp < 20 || alphaExp > 40 {
		return nil, fmt.Errorf("health: alpha 2^-%d: want 2^-20 .. 2^-40", alphaExp)
	}
	return &Tester{
		rctCutoff: RepetitionCutoff(h, alphaExp),
		aptCutoff: ProportionCutoff(h, alphaExp, Window),
	}, nil
}

// RepetitionCutoff is the RCT cutoff C = 1 + ceil(alphaExp / H)
// (SP 800-90B §4.4.1): C identical samples in a row fail the test.
func RepetitionCutoff(h float64, alphaExp int) int {
	return 1 + int(math.Ceil(float64(alphaExp)/h))
}

// ProportionCutoff is the APT cutoff (SP 800-90B §4.4.2): the smallest C
// such that P(B >= C) <= 2^-alphaExp for B ~ Binomial(w, 2^-H), i.e.
// 1 + CRITBINOM(w, 2^-H, 1-α). C occurrences of the window's first sample
// within the window fail the test.
func ProportionCutoff(h float64, alphaExp, w int) int {
	p := math.Exp2(-h)
	alpha := math.Exp2(-float64(alphaExp))
	// Upper tail P(B >= c), summed from the top so that tiny tails keep
	// their precision.
	tail := 0.0
	for c := w; c >= 0; c-- {
		tail += binomialPMF(w, c, p)
		if tail > alpha {
			return c + 1
		}
	}
	return 1
}

func binomialPMF(n, k int, p float64) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x) + 1); return v }
	return math.Exp(lg(n) - lg(k) - lg(n-k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}

// Cutoffs returns the RCT and APT cutoffs in use.
func (t *Tester) Cutoffs() (rct, apt int) { return t.rctCutoff, t.aptCutoff }

// Samples returns how many samples the Tester has seen.
func (t *Tester) Samples() uint64 { return t.samples }

// Test feeds p through both tests and returns the first failure, wrapped
// with the sample index where it happened.
func (t *Tester) Test(p []byte) error {
	for _, b := range p {
		t.samples++
		// §4.4.1: count the run of identical samples.
		if t.rctStarted && b == t.rctLast {
			t.rctRun++
			if t.rctRun >= t.rctCutoff {
				return fmt.Errorf("%w: %d identical samples (0x%02x) in a row at sample %d, cutoff %d",
					ErrRepetitionCount, t.rctRun, b, t.samples, t.rctCutoff)
			}
		} else {
			t.rctStarted, t.rctLast, t.rctRun = true, b, 1
		}
		// §4.4.2: count occurrences of the window's first sample in the window.
		if t.aptSeen == 0 {
			t.aptFirst, t.aptCount, t.aptSeen = b, 1, 1
			continue
		}
		t.aptSeen++
		if b == t.aptFirst {
			t.aptCount++
			if t.aptCount >= t.aptCutoff {
				return fmt.Errorf("%w: sample 0x%02x seen %d times in a window of %d at sample %d, cutoff %d",
					ErrAdaptiveProportion, b, t.aptCount, Window, t.samples, t.aptCutoff)
			}
		}
		if t.aptSeen == Window {
			t.aptSeen = 0
		}
	}
	return nil
}
