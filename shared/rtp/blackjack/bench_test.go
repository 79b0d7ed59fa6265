package blackjack

import "testing"

func BenchmarkComputeCZ(b *testing.B) {
	for b.Loop() {
		if _, err := Compute(CZ()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkComputeRU(b *testing.B) {
	for b.Loop() {
		if _, err := Compute(RU()); err != nil {
			b.Fatal(err)
		}
	}
}

// One round of cz by its derived strategy, on one goroutine.
func BenchmarkSimRound(b *testing.B) {
	r := CZ()
	res, err := Cached(r)
	if err != nil {
		b.Fatal(err)
	}
	t := newSimTable(&r, &res.Strategy)
	t.shoe.start(1, 2)
	var s simSums
	for b.Loop() {
		t.deal(&s, 1)
	}
}
