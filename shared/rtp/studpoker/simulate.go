package studpoker

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rtp/stream"
)

// ErrNoRounds is returned for a simulation of no rounds.
var ErrNoRounds = errors.New("stud poker sim: rounds must be at least 1")

// SimResult is what a Monte Carlo simulation measured.
type SimResult struct {
	Rounds int64
	// Sum is the net of all the rounds in Antes, a whole number: the
	// figure a test pins.
	Sum int64
	// Net is the mean net result per round in Antes, SE its standard
	// error; Stake the mean staked per round in Antes (the Ante, the Bet
	// and a bought game's fee).
	Net, SE, Stake float64
	// Plays and Buys are the shares of rounds the player bet and bought
	// the dealer's game.
	Plays, Buys float64
}

// PerAnte is the return per Ante: 1 + the mean net.
func (s SimResult) PerAnte() float64 { return 1 + s.Net }

// PerStake is the return per everything staked.
func (s SimResult) PerStake() float64 { return (s.Stake + s.Net) / s.Stake }

// Z is how many standard errors the simulated mean net lies from net.
func (s SimResult) Z(net float64) float64 { return (s.Net - net) / s.SE }

// simChunk is the rounds one stream deals.
const simChunk = 1 << 16

type simSums struct {
	n, net, netSq, stake, plays, buy int64
}

// Simulate plays rounds rounds of r, each from a freshly shuffled deck.
// The rounds are dealt in fixed chunks from PCG streams seeded from seed
// and the chunk's number, on every CPU: the result depends on r, seed
// and rounds only.
func Simulate(ctx context.Context, r Rules, rounds int64, seed uint64) (SimResult, error) {
	if err := r.Validate(); err != nil {
		return SimResult{}, err
	}
	if rounds < 1 {
		return SimResult{}, fmt.Errorf("%w: %d", ErrNoRounds, rounds)
	}
	chunks := (rounds + simChunk - 1) / simChunk
	sums := make([]simSums, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(int64(runtime.GOMAXPROCS(0)), chunks) {
		wg.Go(func() {
			for c := next.Add(1) - 1; c < chunks && ctx.Err() == nil; c = next.Add(1) - 1 {
				rng := rand.New(rand.NewPCG(stream.Seed(seed, uint64(c))))
				deck := card.Deck(1)
				s := &sums[c]
				for range min(simChunk, rounds-c*simChunk) {
					var d [dealSize]card.Card
					for i := range d { // a partial Fisher–Yates shuffle
						j := i + rng.IntN(card.NumCards-i)
						deck[i], deck[j] = deck[j], deck[i]
						d[i] = deck[i]
					}
					net, stake := r.round(&d, deck[10:])
					s.n++
					s.net += net
					s.netSq += net * net
					s.stake += stake
					if stake > 1 {
						s.plays++
					}
					if stake > 3 {
						s.buy++
					}
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return SimResult{}, err
	}
	var all simSums
	for _, s := range sums { // in chunk order: the same sum every run
		all.n += s.n
		all.net += s.net
		all.netSq += s.netSq
		all.stake += s.stake
		all.plays += s.plays
		all.buy += s.buy
	}
	n := float64(all.n)
	mean := float64(all.net) / n
	sd := math.Sqrt(max(0, float64(all.netSq)/n-mean*mean) * n / max(1, n-1))
	return SimResult{Rounds: all.n, Sum: all.net, Net: mean, SE: sd / math.Sqrt(n), Stake: float64(all.stake) / n,
		Plays: float64(all.plays) / n, Buys: float64(all.buy) / n}, nil
}
