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
