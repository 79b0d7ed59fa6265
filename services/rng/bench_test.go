package rng

import (
	"context"
	"testing"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
	"github.com/croupier/croupier/services/rng/store"
	"github.com/croupier/croupier/shared/cputime"
)

// The full core path: draw, canonical encoding, salt, SHA-256 commitment,
// audit append to the in-memory store. The store grows with every call,
// so this is the cost a dev-stack request pays; the drbg benchmarks give
// the shuffle alone.
func BenchmarkCommittedShuffle52(b *testing.B) { benchmarkCommittedShuffle(b, 1) }
func BenchmarkCommittedShoe416(b *testing.B)   { benchmarkCommittedShuffle(b, 8) }

func benchmarkCommittedShuffle(b *testing.B, decks int32) {
	s := newService(b, Config{Store: store.NewMemory()})
	req := &rngv1.ShuffleRequest{Decks: decks}
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := s.Shuffle(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCommittedSpin(b *testing.B) {
	s := newService(b, Config{})
	req := &rngv1.SpinRequest{Wheel: rngv1.Wheel_WHEEL_EUROPEAN}
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		if _, err := s.Spin(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}
