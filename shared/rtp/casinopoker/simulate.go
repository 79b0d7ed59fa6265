package casinopoker

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
	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/stream"
)

// ErrNoRounds is returned by the simulations for a simulation of no
// rounds.
var ErrNoRounds = errors.New("casino poker sim: rounds must be at least 1")

// SimResult is what a Monte Carlo simulation measured.
type SimResult struct {
	Rounds int64
	// Net is the mean net result per round in Antes, SE its standard
	// error; Stake the mean staked per round in Antes.
	Net, SE, Stake float64
}

// Z is how many standard errors the simulated mean net lies from net.
func (s SimResult) Z(net float64) float64 { return (s.Net - net) / s.SE }

// PerAnte and PerStake are the returns as Return defines them.
func (s SimResult) PerAnte() float64  { return 1 + s.Net }
func (s SimResult) PerStake() float64 { return (s.Stake + s.Net) / s.Stake }

// SimulateHoldem plays rounds of r by s, each from a freshly shuffled
// deck, and settles them as gr-casino-holdem.md §6.1 says: the two hands
// ranked (by r.Eval) and compared, the dealer qualified or not, the Ante
// paid by the line banked.LineOf gives. It checks ComputeHoldem by
// another road: no showdown counts, no classes of suits. The rounds are dealt
// in fixed chunks from PCG streams seeded from seed and the chunk's number,
// on every CPU: the result depends on seed and rounds only.
func SimulateHoldem(ctx context.Context, r HoldemRules, s HoldemStrategy, rounds int64, seed uint64) (SimResult, error) {
	if err := r.Validate(); err != nil {
		return SimResult{}, err
	}
	return simulate(ctx, rounds, seed, func(d *[9]card.Card) (net, stake float64) {
		hole, flop := [2]card.Card{d[0], d[1]}, [3]card.Card{d[4], d[5], d[6]}
		if !s(hole, flop) {
			return -1, 1
		}
		return r.settleCall(hole, [2]card.Card{d[2], d[3]}, [5]card.Card(d[4:9])), 3
	})
}

// settleCall is the net, in Antes, of a called hand (gr-casino-holdem.md
// §6.1).
func (r HoldemRules) settleCall(hole, dealer [2]card.Card, board [5]card.Card) float64 {
	player, dv := r.Eval.valueOf(hole, board), r.Eval.valueOf(dealer, board)
	ante := r.Ante[banked.LineOf(player)]
	switch {
	case !r.Qualifier.Qualifies(dv): // line 32: whatever the hands
		return ante
	case player > dv:
		return ante + 2
	case player < dv:
		return -3
	}
	return 0
}

// SimulateCasinoTexas plays rounds of r by s and settles them as
// cz-casino-texas-holdem.md §6 says, as SimulateHoldem does.
func SimulateCasinoTexas(ctx context.Context, r CasinoTexasRules, s CasinoTexasStrategy, rounds int64, seed uint64) (SimResult, error) {
	if err := r.Validate(); err != nil {
		return SimResult{}, err
	}
	return simulate(ctx, rounds, seed, func(d *[9]card.Card) (net, stake float64) {
		hole, board := [2]card.Card{d[0], d[1]}, [5]card.Card(d[4:9])
		var play float64
		switch {
		case s.Preflop(hole):
			play = 4
		case s.Flop(hole, [3]card.Card(board[:3])):
			play = 2
		case s.River(hole, board):
			play = 1
		}
		return r.settle(hole, [2]card.Card{d[2], d[3]}, board, play), 2 + play
	})
}

// settle is the net, in Antes, of Ante, Blind and a Play of play Antes
// (cz-casino-texas-holdem.md §6); a Play of 0 is a fold, which loses Ante
// and Blind (§4 step 7, §9.1).
func (r CasinoTexasRules) settle(hole, dealer [2]card.Card, board [5]card.Card, play float64) float64 {
	if play == 0 {
		return -2
	}
	player, dv := BestOfSeven.valueOf(hole, board), BestOfSeven.valueOf(dealer, board)
	c := 0.0
	switch {
	case player > dv:
		c = 1
	case player < dv:
		c = -1
	}
	ante := 0.0 // a dealer who fails to qualify pushes the Ante
	if r.Qualifier.Qualifies(dv) {
		ante = c
	}
	blind := c // a loss loses the Blind, a tie pushes it
	if c > 0 {
		blind = r.Blind[banked.LineOf(player)]
	}
	return ante + blind + play*c
}

// simChunk is the rounds one stream deals.
const simChunk = 1 << 16

// simSums are a chunk's sums of nets, their squares and stakes.
type simSums struct {
	n                 int64
	net, netSq, stake float64
}

// simulate deals rounds rounds of nine cards (player 2, dealer 2, board
// 5) from fresh decks and sums what round returns.
func simulate(ctx context.Context, rounds int64, seed uint64, round func(*[9]card.Card) (net, stake float64)) (SimResult, error) {
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
					var d [9]card.Card
					for i := range d { // a partial Fisher–Yates shuffle
						j := i + rng.IntN(card.NumCards-i)
						deck[i], deck[j] = deck[j], deck[i]
						d[i] = deck[i]
					}
					net, stake := round(&d)
					s.n++
					s.net += net
					s.netSq += net * net
					s.stake += stake
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
	}
	n := float64(all.n)
	mean := all.net / n
	sd := math.Sqrt(max(0, all.netSq/n-mean*mean) * n / max(1, n-1))
	return SimResult{Rounds: all.n, Net: mean, SE: sd / math.Sqrt(n), Stake: all.stake / n}, nil
}
