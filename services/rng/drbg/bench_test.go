package drbg

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/cputime"
)

// The in-process shuffle, as the RNG service runs it (lock, reseed check,
// Fisher–Yates with Lemire draws), without commitment or audit: issue 2
// targets <= 1 µs for 52 cards and <= 6 µs for a 416-card shoe.
func benchmarkShuffle(b *testing.B, decks int) {
	g := newTestGenerator(b)
	shoe := card.Deck(decks)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.Report(b)()
	for b.Loop() {
		if err := g.Do(func(s *Stream) { Shuffle(s, shoe) }); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkShuffle52(b *testing.B) { benchmarkShuffle(b, 1) }
func BenchmarkShoe416(b *testing.B)   { benchmarkShuffle(b, 8) }
func BenchmarkSpin37(b *testing.B) {
	g := newTestGenerator(b)
	var sink uint32
	b.ReportAllocs()
	defer cputime.Report(b)()
	for b.Loop() {
		_ = g.Do(func(s *Stream) { sink += s.Uint32n(37) })
	}
	_ = sink
}

func BenchmarkRead64KiB(b *testing.B) {
	g := newTestGenerator(b)
	p := make([]byte, 64<<10)
	b.SetBytes(int64(len(p)))
	defer cputime.Report(b)()
	for b.Loop() {
		_, _ = g.Read(p)
	}
}
