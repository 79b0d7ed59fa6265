package blackjack

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/croupier/croupier/shared/rtp/stream"
)

// ErrNoRounds is returned by Simulate for a simulation of no rounds.
var ErrNoRounds = errors.New("blackjack sim: rounds must be at least 1")

// SimResult is what a Monte Carlo simulation of one Rules value measured:
// the estimate of Result.RTP that Simulate checks it against.
type SimResult struct {
	Rules  Rules
	Rounds int64
	// RTP is the mean return per unit of initial stake, stake included,
	// over the rounds; SE is its standard error.
	RTP float64
	SE  float64
	// UpCards holds, for the up cards 2..9, T, A, the rounds dealt with it
	// and the mean net return given it (Result.UpCards' EV).
	UpCards [upCards]SimUpCard
}

// SimUpCard is one dealer up card's share of a SimResult.
type SimUpCard struct {
	Rounds int64
	EV, SE float64
}

// Z is how many standard errors the simulated RTP lies from rtp.
func (s SimResult) Z(rtp float64) float64 { return (s.RTP - rtp) / s.SE }

// Simulate plays rounds rounds of r by the basic strategy Compute derives
// for r (Cached), every round off the top of a freshly shuffled shoe of
// r.Decks decks: the game Compute prices, so RTP estimates Result.RTP
// within SE (up to Compute's split approximation, far below SE). One box,
// one unit staked; splits to MaxHands, doubles, surrender, the 7-7-7
// bonus, the dealer's no-hole-card blackjack as the Rules say; insurance
// never taken, even money as Strategy.EvenMoney says.
//
// The rounds are dealt in fixed chunks, each from its own PCG stream
// seeded from seed and the chunk's number, spread over GOMAXPROCS
// goroutines: the result depends on seed and rounds only. It stops early
// with ctx's error when ctx is done.
func Simulate(ctx context.Context, r Rules, rounds int64, seed uint64) (SimResult, error) {
	res, err := Cached(r)
	if err != nil {
		return SimResult{}, err
	}
	return SimulateStrategy(ctx, r, &res.Strategy, rounds, seed)
}

// SimulateStrategy is Simulate playing st instead of the derived strategy.
func SimulateStrategy(ctx context.Context, r Rules, st *Strategy, rounds int64, seed uint64) (SimResult, error) {
	return simulate(ctx, r, st, rounds, seed, simConfig{workers: runtime.GOMAXPROCS(0), chunk: simChunk})
}

// simChunk is the rounds one stream deals: large enough that seeding is
// nothing, small enough to spread over the workers and to stop soon.
const simChunk = 1 << 18

type simConfig struct {
	workers int
	chunk   int64
}

// simSums are a chunk's sums by up card: rounds, net returns and their
// squares. The nets are multiples of 1/2 at 3:2, so the sums are exact.
type simSums struct {
	n          [upCards]int64
	sum, sumSq [upCards]float64
}

func simulate(ctx context.Context, r Rules, st *Strategy, rounds int64, seed uint64, cfg simConfig) (SimResult, error) {
	if err := r.Validate(); err != nil {
		return SimResult{}, err
	}
	if rounds < 1 {
		return SimResult{}, fmt.Errorf("%w: %d", ErrNoRounds, rounds)
	}
	chunks := (rounds + cfg.chunk - 1) / cfg.chunk
	sums := make([]simSums, chunks)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(int64(cfg.workers), chunks) {
		wg.Go(func() {
			t := newSimTable(&r, st)
			for c := next.Add(1) - 1; c < chunks && ctx.Err() == nil; c = next.Add(1) - 1 {
				t.shoe.start(stream.Seed(seed, uint64(c)))
				t.deal(&sums[c], min(cfg.chunk, rounds-c*cfg.chunk))
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return SimResult{}, err
	}
	return sumChunks(r, sums), nil
}

// deal plays n rounds into s.
func (t *simTable) deal(s *simSums, n int64) {
	for range n {
		net, up := t.round()
		c := col(up)
		s.n[c]++
		s.sum[c] += net
		s.sumSq[c] += net * net
	}
}

// sumChunks adds the chunks' sums, in chunk order.
func sumChunks(r Rules, sums []simSums) SimResult {
	var all simSums
	for i := range sums {
		for c := range upCards {
			all.n[c] += sums[i].n[c]
			all.sum[c] += sums[i].sum[c]
			all.sumSq[c] += sums[i].sumSq[c]
		}
	}
	res := SimResult{Rules: r}
	var sum, sumSq float64
	for c := range upCards {
		res.Rounds += all.n[c]
		sum += all.sum[c]
		sumSq += all.sumSq[c]
		u := &res.UpCards[c]
		u.Rounds = all.n[c]
		u.EV, u.SE = meanSE(all.n[c], all.sum[c], all.sumSq[c])
	}
	mean, se := meanSE(res.Rounds, sum, sumSq)
	res.RTP, res.SE = 1+mean, se
	return res
}

// meanSE is the mean of n values with the given sum and sum of squares,
// and its standard error.
func meanSE(n int64, sum, sumSq float64) (mean, se float64) {
	if n == 0 {
		return 0, 0
	}
	k := float64(n)
	mean = sum / k
	if n > 1 {
		se = math.Sqrt(max(sumSq-k*mean*mean, 0) / (k - 1) / k)
	}
	return mean, se
}
