// Package equity computes the win and tie shares of 2..10 hands over the
// boards still to come: by enumerating every board when that is cheap
// (estimated under 100 ms), otherwise by Monte Carlo sampling with an
// explicit sample count and a reported standard error.
//
// Equity is advice for players and partner front-ends, not a game
// outcome, so its sampling uses a seeded math/rand/v2 generator, not the
// certified RNG.
package equity

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
)

// Limits and defaults.
const (
	MinHands = 2
	MaxHands = 10
	// DefaultSamples is the Monte Carlo sample count when the request
	// gives none: the standard error of an equity is then below 0.16
	// percentage points.
	DefaultSamples = 100_000
	// MaxSamples bounds a request's sample count.
	MaxSamples = 10_000_000
	// ExhaustiveBudget is the estimated single-core time under which every
	// board is enumerated.
	ExhaustiveBudget = 100 * time.Millisecond
)

// Cost of one hand evaluation per game, measured with the package
// benchmarks on the reference machine, used to estimate enumeration time.
var evalCost = map[rank.Game]time.Duration{
	rank.GameHigh:         15 * time.Nanosecond,
	rank.GameOmaha:        60 * time.Nanosecond,
	rank.GameTwoPlusThree: 20 * time.Nanosecond,
}

// Request asks for the equity of some hands.
type Request struct {
	Game rank.Game
	// Hands are the hole cards of 2..10 players: 2 each for GameHigh
	// (Hold'em) and GameTwoPlusThree, 4 for GameOmaha.
	Hands [][]card.Card
	// Board holds the 0..5 known board cards.
	Board []card.Card
	// Dead cards are out of the deck (folded, burned and shown).
	Dead []card.Card
	// Samples is the Monte Carlo sample count when enumeration is too
	// slow; 0 means DefaultSamples. Exhaustive enumeration ignores it.
	Samples uint64
	// Seed seeds the Monte Carlo generator; 0 draws a fresh seed, which
	// Result reports so the run can be repeated.
	Seed uint64
	// ForceMonteCarlo samples even when enumeration would be cheap (tests,
	// and callers who want a fixed cost).
	ForceMonteCarlo bool
}

// shareUnit is the least common multiple of 1..10: an n-way tie gives each
// of n hands shareUnit/n, so pot shares add up exactly in integers.
const shareUnit = 2520

// Hand is one hand's result.
type Hand struct {
	// Wins counts boards the hand wins alone; Ties boards it shares the
	// best hand on.
	Wins, Ties uint64
	// Win and Tie are Wins and Ties as shares of the boards; Equity is the
	// hand's share of the pot: wins plus its part of each split.
	Win, Tie, Equity float64
	// StdError is the standard error of Equity (0 when exhaustive).
	StdError float64
	// units is the pot share in 1/shareUnit of a pot, summed over boards.
	units uint64
	// sq sums the squared per-board shares (in units), for the variance.
	sq float64
}

// Result is the equity of every hand, in request order.
type Result struct {
	Hands []Hand
	// Exhaustive is true when every board was enumerated.
	Exhaustive bool
	// Boards counts the boards enumerated or sampled.
	Boards uint64
	// StdError is the largest StdError of the hands (0 when exhaustive).
	StdError float64
	// Seed is the Monte Carlo seed used (0 when exhaustive).
	Seed uint64
}

// EquityFraction returns hand i's pot share as the exact fraction
// num/den of the boards (den = Boards * 2520).
func (r Result) EquityFraction(i int) (num, den uint64) {
	return r.Hands[i].units, r.Boards * shareUnit
}

// Compute runs the request. Errors are *apierr.Error (invalid request)
// or the context's error.
func Compute(ctx context.Context, req Request) (Result, error) {
	deck, err := validate(req)
	if err != nil {
		return Result{}, err
	}
	need := 5 - len(req.Board)
	boards := binomial(len(deck), need)
	cost := time.Duration(boards) * time.Duration(len(req.Hands)) * evalCost[req.Game]
	var res Result
	if !req.ForceMonteCarlo && boards <= math.MaxInt64/16 && cost <= ExhaustiveBudget {
		res, err = enumerate(ctx, req, deck, need)
	} else {
		res, err = sample(ctx, req, deck, need)
	}
	if err != nil {
		return Result{}, err
	}
	res.finish()
	return res, nil
}

func (r *Result) finish() {
	n := float64(r.Boards)
	for i := range r.Hands {
		h := &r.Hands[i]
		if r.Boards == 0 {
			continue
		}
		h.Win = float64(h.Wins) / n
		h.Tie = float64(h.Ties) / n
		h.Equity = float64(h.units) / shareUnit / n
		if !r.Exhaustive && r.Boards > 1 {
			mean := float64(h.units) / shareUnit / n
			variance := (h.sq/shareUnit/shareUnit - n*mean*mean) / (n - 1)
			h.StdError = math.Sqrt(max(variance, 0) / n)
			r.StdError = max(r.StdError, h.StdError)
		}
	}
}

// tally adds one board's outcome to counts.
type tally struct {
	hands  []Hand
	boards uint64
	vals   []rank.Value
	sq     bool
}

func newTally(n int, sq bool) *tally {
	return &tally{hands: make([]Hand, n), vals: make([]rank.Value, n), sq: sq}
}

// board is always the full five cards; a Hold'em hand is two (validate).
func (t *tally) add(g rank.Game, hands [][]card.Card, board []card.Card) {
	// The board is read once: each hand then adds only its own cards. One
	// loop a game, so the game is not asked again for every hand.
	vals := t.vals[:len(hands)]
	switch g {
	case rank.GameHigh:
		b := rank.BoardOf((*[5]card.Card)(board))
		for i, h := range hands {
			vals[i] = b.Best7(h[0], h[1])
		}
	case rank.GameOmaha:
		b := rank.FullBoardOf((*[5]card.Card)(board))
		for i, h := range hands {
			vals[i] = b.Omaha((*[4]card.Card)(h))
		}
	default:
		b := rank.FullBoardOf((*[5]card.Card)(board))
		for i, h := range hands {
			vals[i] = b.TwoPlusThree(h[0], h[1])
		}
	}
	best := rank.Value(0)
	winners := 0
	for _, v := range vals {
		switch {
		case v > best:
			best, winners = v, 1
		case v == best:
			winners++
		}
	}
	share := uint64(shareUnit / winners)
	for i, v := range t.vals {
		if v != best {
			continue
		}
		h := &t.hands[i]
		if winners == 1 {
			h.Wins++
		} else {
			h.Ties++
		}
		h.units += share
		if t.sq {
			h.sq += float64(share) * float64(share)
		}
	}
	t.boards++
}

func (t *tally) merge(into *Result) {
	if into.Hands == nil {
		into.Hands = make([]Hand, len(t.hands))
	}
	for i, h := range t.hands {
		d := &into.Hands[i]
		d.Wins += h.Wins
		d.Ties += h.Ties
		d.units += h.units
		d.sq += h.sq
	}
	into.Boards += t.boards
}

// enumerate visits every completion of the board, splitting the work over
// GOMAXPROCS workers by the first card added.
func enumerate(ctx context.Context, req Request, deck []card.Card, need int) (Result, error) {
	res := Result{Exhaustive: true, Hands: make([]Hand, len(req.Hands))}
	if need == 0 {
		t := newTally(len(req.Hands), false)
		t.add(req.Game, req.Hands, req.Board)
		t.merge(&res)
		return res, nil
	}
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), len(deck))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := newTally(len(req.Hands), false)
			board := make([]card.Card, 5)
			copy(board, req.Board)
			known := len(req.Board)
			var rest func(start, k int)
			rest = func(start, k int) {
				switch k {
				case 5:
					t.add(req.Game, req.Hands, board)
				case 4:
					// The river: every board goes through this loop,
					// without a call of rest a board.
					for _, c := range deck[start:] {
						board[4] = c
						t.add(req.Game, req.Hands, board)
					}
				default:
					for i := start; i <= len(deck)-(5-k); i++ {
						board[k] = deck[i]
						rest(i+1, k+1)
					}
				}
			}
			for {
				i := int(next.Add(1) - 1)
				if i > len(deck)-need || ctx.Err() != nil {
					break
				}
				board[known] = deck[i]
				rest(i+1, known+1)
			}
			mu.Lock()
			t.merge(&res)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	return res, nil
}

// sampleChunks is how many independent streams a Monte Carlo run uses; it
// is fixed so a seed gives the same result on any number of cores.
const sampleChunks = 16

// sample draws boards uniformly at random.
func sample(ctx context.Context, req Request, deck []card.Card, need int) (Result, error) {
	n := req.Samples
	if n == 0 {
		n = DefaultSamples
	}
	seed := req.Seed
	if seed == 0 {
		seed = rand.Uint64() | 1
	}
	res := Result{Hands: make([]Hand, len(req.Hands)), Seed: seed}
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), sampleChunks); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := next.Add(1) - 1
				if c >= sampleChunks {
					return
				}
				count := n/sampleChunks + b2u(uint64(c) < n%sampleChunks)
				rng := pick{src: rand.NewPCG(seed, uint64(c))}
				t := newTally(len(req.Hands), true)
				d := append([]card.Card(nil), deck...)
				board := make([]card.Card, 5)
				copy(board, req.Board)
				for s := uint64(0); s < count; s++ {
					if s%4096 == 0 && ctx.Err() != nil {
						return
					}
					for j := 0; j < need; j++ { // partial Fisher–Yates
						x := j + int(rng.below(uint64(len(d)-j)))
						d[j], d[x] = d[x], d[j]
						board[len(req.Board)+j] = d[j]
					}
					t.add(req.Game, req.Hands, board)
				}
				mu.Lock()
				t.merge(&res)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	return res, nil
}

// pick draws numbers below a bound from a PCG generator: the numbers
// rand.Rand's IntN draws from the same generator (a seed still gives the
// boards it gave), with the generator's method called directly, so the
// compiler can inline it, instead of through Rand's Source interface.
// Drawn through rand.Rand, the draws took about a quarter of a sampled
// Omaha board's instructions; drawn here, about a fifth (155 of 754,
// callgrind, session 14).
type pick struct{ src *rand.PCG }

// below returns a uniform number in [0, n), n > 0: a draw masked for a
// power of two, otherwise Lemire's multiply-and-reject (the high word of
// the draw times n, drawn again in the rare case the low word falls in
// the biased remainder).
func (p pick) below(n uint64) uint64 {
	x := p.src.Uint64()
	if n&(n-1) == 0 {
		return x & (n - 1)
	}
	hi, lo := bits.Mul64(x, n)
	if lo < n {
		hi = p.again(n, hi, lo)
	}
	return hi
}

// again is below's rare case: draws until the low word is past the
// remainder that would bias the result.
func (p pick) again(n, hi, lo uint64) uint64 {
	for reject := -n % n; lo < reject; {
		hi, lo = bits.Mul64(p.src.Uint64(), n)
	}
	return hi
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// validate checks the request and returns the cards still in the deck.
func validate(req Request) ([]card.Card, error) {
	if _, ok := evalCost[req.Game]; !ok {
		return nil, apierr.Invalid(reason.UnknownGame, "game %d has no equity", uint8(req.Game))
	}
	if len(req.Hands) < MinHands {
		return nil, apierr.Invalid(reason.TooFewHands, "%d hands, want %d to %d", len(req.Hands), MinHands, MaxHands)
	}
	if len(req.Hands) > MaxHands {
		return nil, apierr.Invalid(reason.TooManyHands, "%d hands, want %d to %d", len(req.Hands), MinHands, MaxHands)
	}
	if len(req.Board) > 5 {
		return nil, apierr.Invalid(reason.WrongCardCount, "%d board cards, want 0 to 5", len(req.Board))
	}
	if req.Samples > MaxSamples {
		return nil, apierr.Invalid(reason.TooManyHands, "%d samples, want at most %d", req.Samples, MaxSamples)
	}
	hole := 2
	if req.Game == rank.GameOmaha {
		hole = 4
	}
	lists := [][]card.Card{req.Board, req.Dead}
	for i, h := range req.Hands {
		if len(h) != hole {
			return nil, apierr.Invalid(reason.WrongCardCount, "hand %d has %d cards, want %d for %s", i, len(h), hole, req.Game)
		}
		lists = append(lists, h)
	}
	if err := rank.CheckDistinct(lists...); err != nil {
		return nil, reason.Of(err)
	}
	var used card.Set
	for _, l := range lists {
		used |= card.SetOf(l...)
	}
	var deck []card.Card
	for c := card.Card(0); c < card.NumCards; c++ {
		if !used.Has(c) {
			deck = append(deck, c)
		}
	}
	if need := 5 - len(req.Board); len(deck) < need {
		return nil, apierr.Invalid(reason.WrongCardCount, "%d cards left, %d board cards to come", len(deck), need)
	}
	return deck, nil
}

func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	r := uint64(1)
	for i := 1; i <= k; i++ {
		r = r * uint64(n-k+i) / uint64(i)
	}
	return r
}

// String summarises a result, for logs and the CLI.
func (r Result) String() string {
	s := fmt.Sprintf("%d boards", r.Boards)
	if r.Exhaustive {
		s += " (exhaustive)"
	} else {
		s += fmt.Sprintf(" (Monte Carlo, seed %d, std error %.4f)", r.Seed, r.StdError)
	}
	return s
}
