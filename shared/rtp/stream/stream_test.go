package stream

import "testing"

// SplitMix64's first output from state 0 is the published 0xe220a8397b1dcdaf;
// chunks of one run, and one chunk of two runs, get different seeds, and
// a chunk's seed never changes (the simulations' results are pinned on it).
func TestSeed(t *testing.T) {
	if got := splitMix64(0); got != 0xe220a8397b1dcdaf {
		t.Fatalf("splitMix64(0) = %#x, want 0xe220a8397b1dcdaf", got)
	}
	seen := map[[2]uint64]bool{}
	for seed := uint64(0); seed < 64; seed++ {
		for k := uint64(0); k < 64; k++ {
			hi, lo := Seed(seed, k)
			if seen[[2]uint64{hi, lo}] {
				t.Fatalf("seed %d chunk %d repeats a stream", seed, k)
			}
			seen[[2]uint64{hi, lo}] = true
		}
	}
	if a, b := Seed(1, 2); a != 0xe06dd043328bd285 || b != 0xa6ac6a00e3f501cc {
		t.Fatalf("Seed(1, 2) = %#x, %#x: the chunks' streams changed, and every pinned simulation with them", a, b)
	}
}
