package blackjack

import (
	"runtime"
	"sync"
)

// Result is the return to player of one Rules value under its basic
// strategy.
type Result struct {
	Rules Rules
	// RTP is the expected return per unit of initial stake, stake included,
	// of a player who plays Strategy (Strategy.Decide) off the top of a
	// freshly shuffled shoe. HouseEdge is 1 - RTP.
	RTP       float64
	HouseEdge float64
	// OptimalRTP is the return of a player who plays every hand by its exact
	// composition (composition-dependent strategy); it bounds what a
	// strategy without counting can reach, and is at least RTP.
	OptimalRTP float64
	Strategy   Strategy
	// UpCards holds, for the up cards 2..9, T, A, how often each shows and
	// the expected net return given it.
	UpCards [upCards]UpCardResult
	// InsuranceEV is the expected return per unit insured against an ace,
	// over the hands that may insure (not blackjacks): negative, so the
	// basic player never insures.
	InsuranceEV float64
	// EvenMoneyAce and EvenMoneyTen are what taking even money adds to a
	// blackjack's return against an ace and against a ten (negative: never
	// take it at 3:2).
	EvenMoneyAce float64
	EvenMoneyTen float64
	// Method says how the figures were computed and what they approximate.
	Method string
}

// UpCardResult is one dealer up card's share of a Result.
type UpCardResult struct {
	Prob      float64 // probability of the up card
	EV        float64 // net return given the up card, playing the Strategy
	OptimalEV float64 // the same, playing by composition
}

// Method is Result.Method: the package documentation says more.
const Method = "combinatorial, off the top of a full shoe, no hole card: " +
	"dealer outcome probabilities recomputed for every player composition (full removal); " +
	"player hit/stand/double/surrender valued by recursion over compositions; " +
	"splits to the hand limit approximated by independent hands that see the up card, " +
	"the pair cards dealt and their own cards only; " +
	"RTP plays the derived total-dependent chart, OptimalRTP plays each composition's best action"

// Compute returns the return to player of r under the basic strategy it
// derives for r. It is deterministic and takes well under a second of one
// core (the up cards are priced in parallel); Cached keeps the results.
func Compute(r Rules) (Result, error) {
	if err := r.Validate(); err != nil {
		return Result{}, err
	}
	s := newShoe(r.Decks)
	return compute(r, &s), nil
}

// compute prices r from the shoe s; the up cards are priced in parallel.
func compute(r Rules, s *shoe) Result {
	res := Result{Rules: r, Method: Method}
	aceUp := newUpEval(&r, s, ace)
	res.EvenMoneyAce = aceUp.evenMoneyGain()
	res.EvenMoneyTen = newUpEval(&r, s, ten).evenMoneyGain()
	res.Strategy.EvenMoney = res.EvenMoneyAce > 0
	res.Strategy.EvenMoneyVsTen = r.EvenMoneyVsTen && res.EvenMoneyTen > 0
	res.InsuranceEV = aceUp.insuranceEV(aceUp.dealWeights())
	res.Strategy.Insurance = res.InsuranceEV > 0

	next := make(chan int, values)
	for up := 1; up <= values; up++ {
		next <- up
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), values) {
		wg.Go(func() {
			for up := range next {
				e := newUpEval(&r, s, up)
				deal := e.dealWeights()
				u := &res.UpCards[col(up)]
				u.Prob = s.n[up-1] / s.size
				u.OptimalEV = e.optimalEV(deal)
				e.derive(&res.Strategy, deal)
				u.EV = e.chartEV(&res.Strategy, deal)
			}
		})
	}
	wg.Wait()
	res.RTP, res.OptimalRTP = 1, 1
	for _, u := range res.UpCards {
		res.RTP += u.Prob * u.EV
		res.OptimalRTP += u.Prob * u.OptimalEV
	}
	res.HouseEdge = 1 - res.RTP
	return res
}

// insuranceEV is the return per unit insured against this (ace) up card:
// insurance wins 2 when the dealer's second card is a ten and loses the
// unit otherwise. A blackjack may not insure (cz §6.4, ru §4.1).
func (e *upEval) insuranceEV(deal []dealt) float64 {
	ev, w := 0.0, 0.0
	for _, d := range deal {
		h := &e.hs.hands[d.i]
		if h.isBlackjack() {
			continue
		}
		rm := removal{}
		rm.add(e.up, 1)
		rm.addHand(h)
		p10 := e.s.draws(&rm)[ten-1]
		ev += d.w * (3*p10 - 1)
		w += d.w
	}
	return ev / w
}

// cache holds one entry per Rules value computed by Cached.
var cache struct {
	sync.Mutex
	m map[Rules]*cacheEntry
}

type cacheEntry struct {
	once sync.Once
	res  Result
	err  error
}

// Cached is Compute remembered per Rules value; safe for concurrent use.
// Concurrent callers with the same rules wait for one computation.
func Cached(r Rules) (Result, error) {
	if err := r.Validate(); err != nil {
		return Result{}, err // not cached: no entry per invalid value
	}
	cache.Lock()
	if cache.m == nil {
		cache.m = map[Rules]*cacheEntry{}
	}
	e, ok := cache.m[r]
	if !ok {
		e = &cacheEntry{}
		cache.m[r] = e
	}
	cache.Unlock()
	e.once.Do(func() { e.res, e.err = Compute(r) })
	return e.res, e.err
}
