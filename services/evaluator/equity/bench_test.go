package equity

import (
	"context"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// The evaluator service's heaviest calls: a heads-up Hold'em equity before
// the flop, every one of the 1,712,304 boards (3.4 million seven-card
// hands), and an Omaha one sampled. `make evaluator-pgo` profiles these
// for the service's default.pgo, so they are also what a PGO build is
// measured on.
func BenchmarkComputeHoldemPreflopExhaustive(b *testing.B) {
	benchCompute(b, Request{Game: rank.GameHigh, Hands: [][]card.Card{cs(b, "As Ah"), cs(b, "Kd Kc")}})
}

func BenchmarkComputeOmahaSampled(b *testing.B) {
	benchCompute(b, Request{Game: rank.GameOmaha, Hands: [][]card.Card{cs(b, "As Ah Kd Qd"), cs(b, "Js Tc 9h 8c")},
		ForceMonteCarlo: true, Samples: 200_000, Seed: 19})
}

func benchCompute(b *testing.B, req Request) {
	var boards uint64
	for b.Loop() {
		r, err := Compute(context.Background(), req)
		if err != nil {
			b.Fatal(err)
		}
		boards += r.Boards
	}
	b.ReportMetric(float64(boards)/b.Elapsed().Seconds(), "boards/s")
}
