package rank

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/cputime"
	"github.com/croupier/croupier/shared/rank/ranktest"
)

// benchHands is how many random hands a benchmark cycles through: enough
// that the hands do not sit in the L1 cache and that the branch predictor
// cannot learn them.
const benchHands = 1 << 16

// benchStride visits the hands in a scattered order (it is odd, so i*stride
// mod 2^16 is a permutation): consecutive iterations touch unrelated hands.
const benchStride = 40503

// dealHands deals n random hands of k distinct cards each.
func dealHands(rng *rand.Rand, n, k int) [][7]card.Card {
	hands := make([][7]card.Card, n)
	deck := card.Deck(1)
	for i := range hands {
		for j := 0; j < k; j++ { // partial Fisher–Yates: the first k cards
			x := j + rng.IntN(len(deck)-j)
			deck[j], deck[x] = deck[x], deck[j]
			hands[i][j] = deck[j]
		}
	}
	return hands
}

// sink keeps the compiler from discarding the evaluations.
var sink Value

func BenchmarkEval7Random(b *testing.B) {
	hands := dealHands(rand.New(rand.NewPCG(1, 2)), benchHands, 7)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += Best(h[:]...)
	}
	sink = acc
}

// BenchmarkEval7ArrayRandom is BenchmarkEval7Random through Best7, the
// array form for inner loops.
func BenchmarkEval7ArrayRandom(b *testing.B) {
	hands := dealHands(rand.New(rand.NewPCG(1, 2)), benchHands, 7)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		acc += Best7(&hands[(i*benchStride)&(benchHands-1)])
	}
	sink = acc
}

func BenchmarkEvalOmahaRandom(b *testing.B) {
	hands := dealHandsOmaha(rand.New(rand.NewPCG(3, 4)), benchHands)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += Omaha(h[:4], h[4:])
	}
	sink = acc
}

// Omaha hands dealt mostly from two suits (ranktest.FlushHeavyOmaha, as
// TestOmahaFlushesAgreeWithSlowEvaluator deals them).
func BenchmarkEvalOmahaFlushHeavy(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 19))
	hands := make([][9]card.Card, benchHands)
	for i := range hands {
		hands[i] = ranktest.FlushHeavyOmaha(rng)
	}
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += Omaha(h[:4], h[4:])
	}
	sink = acc
}

func dealHandsOmaha(rng *rand.Rand, n int) [][9]card.Card {
	hands := make([][9]card.Card, n)
	deck := card.Deck(1)
	for i := range hands {
		for j := 0; j < 9; j++ {
			x := j + rng.IntN(len(deck)-j)
			deck[j], deck[x] = deck[x], deck[j]
			hands[i][j] = deck[j]
		}
	}
	return hands
}

func BenchmarkEval5Random(b *testing.B) {
	hands := dealHands(rand.New(rand.NewPCG(5, 6)), benchHands, 5)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += Best(h[:5]...)
	}
	sink = acc
}

func BenchmarkEval6Random(b *testing.B) {
	hands := dealHands(rand.New(rand.NewPCG(7, 8)), benchHands, 6)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += Best(h[:6]...)
	}
	sink = acc
}

func BenchmarkEvalTwoPlusThreeRandom(b *testing.B) {
	hands := dealHands(rand.New(rand.NewPCG(9, 10)), benchHands, 7)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += TwoPlusThree(h[:2], h[2:])
	}
	sink = acc
}

// BenchmarkBuildTables measures building every lookup table from scratch,
// what start-up pays once (the build uses two goroutines; cpu-ns/op is the
// whole process's CPU time).
func BenchmarkBuildTables(b *testing.B) {
	b.ReportAllocs()
	defer cputime.Report(b)()
	for i := 0; i < b.N; i++ {
		s := newScale()
		if _, err := buildTables(s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(TableBytes), "table-bytes")
}

func BenchmarkDescribe7Random(b *testing.B) {
	hands := dealHands(rand.New(rand.NewPCG(13, 14)), benchHands, 7)
	b.ReportAllocs()
	b.ResetTimer()
	defer cputime.ReportThread(b)()
	var acc Value
	for i := 0; i < b.N; i++ {
		h := &hands[(i*benchStride)&(benchHands-1)]
		acc += Describe(h[:]...).Value
	}
	sink = acc
}
