package casinopoker

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// CasinoTexasRules is the Czech Casino Texas Hold'em main game
// (cz-casino-texas-holdem.md §3–§6): Ante and Blind of one unit each, one
// Play bet of 4× (or 3×) before the flop, 2× on the flop or 1× on the
// river, or a fold at the river; the Trips side bet is apart (Trips).
type CasinoTexasRules struct {
	// Blind pays a winning hand by its line (§6): every hand line,
	// CzechBlind; a line paying 0 pushes.
	Blind Paytable
	// Qualifier is the dealer's: banked.AnyPair (§5). A dealer who fails
	// to qualify pushes the Ante; Play and Blind are settled all the same.
	Qualifier banked.Qualifier
}

// CzechCasinoTexas is cz-casino-texas-holdem.md as written.
func CzechCasinoTexas() CasinoTexasRules {
	return CasinoTexasRules{Blind: CzechBlind(), Qualifier: banked.AnyPair}
}

// Validate reports the first thing the calculator cannot price.
func (r CasinoTexasRules) Validate() error {
	if err := r.Blind.validate(anteLines); err != nil {
		return fmt.Errorf("blind: %w", err)
	}
	if _, ok := lowestQualifying(r.Qualifier); !ok || r.Qualifier < banked.PairOfFoursOrBetter || r.Qualifier > banked.AceKingOrBetter {
		return fmt.Errorf("%w: qualifier %v is not a threshold on hand rank", ErrInvalidRules, r.Qualifier)
	}
	return nil
}

// CasinoTexasStrategy is a player's three decisions, each taken only if
// the earlier ones checked. Each must be blind to which suit is which.
// None sees the dealer's face-up first card (§4 step 2): see the package
// doc.
type CasinoTexasStrategy struct {
	// Preflop: Play 4× (3× is never better than both 4× and a check).
	Preflop func(hole [2]card.Card) bool
	// Flop: Play 2×.
	Flop func(hole [2]card.Card, flop [3]card.Card) bool
	// River: Play 1×; false folds.
	River func(hole [2]card.Card, board [5]card.Card) bool
}

// TexasReturn is what a strategy returns on the Casino Texas Hold'em main
// game, with where it puts its Play bet.
type TexasReturn struct {
	// Return: CallRate is the share of deals with a Play bet; Stake
	// counts Ante, Blind and Play.
	Return
	// Preflop, Flop, River and Fold are the shares of deals played 4× before
	// the flop, 2× on it, 1× on the river, and folded.
	Preflop, Flop, River, Fold float64
}

// CasinoTexasResult is the exact analysis of a CasinoTexasRules value.
type CasinoTexasResult struct {
	Rules CasinoTexasRules
	// Optimal plays every decision to the best mean net, seeing the
	// player's cards and the board but not the dealer's up card.
	Optimal TexasReturn
	// Strategy is the strategy ComputeCasinoTexas was given.
	Strategy TexasReturn
	// PreflopChart lists the starting hands (one of each of the 169
	// classes) Optimal plays 4×.
	PreflopChart [][2]card.Card
	Elapsed      time.Duration
	table        *flopTable
}

// The figures each (flop, holding) sums over the run-outs: Play 2× on the
// flop; the best of Play 1× and fold on the river, and how often it plays;
// the given strategy's river, and how often it plays.
const (
	sumFlop2 = iota
	sumRiverBest
	sumRiverBestPlays
	sumRiverGiven
	sumRiverGivenPlays
	texasSums
)

// ComputeCasinoTexas values every decision exactly, over every board and
// every dealer holding, as ComputeHoldem does: per board, the showdown's
// counts give each holding's net for a Play of 1×, 2× and 4× and for a
// fold; the flop figures are summed per (flop, holding), the 4× figure
// per holding. The optimal river, flop and pre-flop decisions follow by
// backward induction; s is priced on the same sums, its river decision
// asked of every (board, holding) (145 million times). 0.1 GB; about 40 s
// of two cores plus what s.River costs (SimpleCasinoTexas's, which counts
// the dealer's outs, doubles it).
func ComputeCasinoTexas(ctx context.Context, r CasinoTexasRules, s CasinoTexasStrategy) (*CasinoTexasResult, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if s.Preflop == nil || s.Flop == nil || s.River == nil {
		return nil, fmt.Errorf("%w: a strategy needs all three decisions", ErrInvalidRules)
	}
	start := time.Now()
	qual, _ := lowestQualifying(r.Qualifier)
	blind := r.Blind.byValue()
	t := newFlopTable(texasSums)
	var mu sync.Mutex
	var play4 [numPairs]float64 // per holding: Play 4× summed over the boards
	err := forEachBoard(ctx, BestOfSeven, qual, func(sd *showdown, w float64) {
		var x [texasSums][restPairs]float64
		var p4 [restPairs]float64
		for i := range sd.n {
			base, play := texasNet(sd, i, blind[sd.value[i]])
			x[sumFlop2][i] = base + 2*play
			p4[i] = base + 4*play
			if fold := -2.0 * dealerHold; base+play > fold {
				x[sumRiverBest][i], x[sumRiverBestPlays][i] = base+play, dealerHold
			} else {
				x[sumRiverBest][i] = fold
			}
			if s.River(sd.cards[i], sd.board) {
				x[sumRiverGiven][i], x[sumRiverGivenPlays][i] = base+play, dealerHold
			} else {
				x[sumRiverGiven][i] = -2.0 * dealerHold
			}
		}
		t.add(sd, w, x[:])
		mu.Lock()
		for i, h := range sd.pair[:sd.n] {
			play4[h] += w * p4[i]
		}
		mu.Unlock()
	})
	if err != nil {
		return nil, err
	}
	t.symmetrize()
	res := &CasinoTexasResult{Rules: r, table: t}
	res.Rules.Blind = r.Blind.clone()
	res.Optimal, res.PreflopChart = texasReturn(t, &play4, nil)
	res.Strategy, _ = texasReturn(t, &play4, &s)
	res.Elapsed = time.Since(start)
	return res, nil
}

// texasNet splits the net of holding i over the 990 dealer holdings
// (cz-casino-texas-holdem.md §6) into what does not depend on the Play
// bet (Ante and Blind) and the net of one unit of Play. The Ante wins
// 1:1 against a qualifying dealer beaten and loses to a qualifying dealer
// who wins; against a dealer who fails to qualify it pushes. The Blind
// pays its paytable when the player wins (0 pushes, below a straight)
// and loses when the dealer wins, qualifying or not. Play wins 1:1 when
// the player wins and loses when the dealer does. Ties push everything.
func texasNet(s *showdown, i int, blindPays float64) (base, play float64) {
	below, above := float64(s.below[i]), float64(s.above(i))
	ante := below - float64(s.nqBelow[i]) - (above - float64(s.nqAbove[i]))
	return ante + blindPays*below - above, below - above
}

// texasReturn prices the optimal strategy (s nil) or s from the sums, one
// holding of each class at a time, and lists the optimal 4× hands.
func texasReturn(t *flopTable, play4 *[numPairs]float64, s *CasinoTexasStrategy) (TexasReturn, [][2]card.Card) {
	sy := symmetries()
	const perFlop = 24 * turnRivers * dealerHold // a flop's sums are ×24
	var ret TexasReturn
	var net float64
	var chart [][2]card.Card
	for c, h := range sy.classPair {
		hole := pairCards[h]
		w := float64(sy.classSize[c]) / numPairs
		// play4 holds, per holding, its boards' sums from the classes of
		// boards; the mean over the suit images makes it whole.
		var e4 float64
		for p := range suitPerms {
			e4 += play4[sy.pairPerm[p][h]]
		}
		e4 /= 24 * boardsBeside * dealerHold
		var check, flop, river, fold float64
		hs := card.SetOf(hole[:]...)
		for f, fc := range flopCards {
			if hs&card.SetOf(fc[:]...) != 0 {
				continue
			}
			sums := t.at(hole, fc)
			r, plays := sums[sumRiverBest], sums[sumRiverBestPlays]
			if s != nil {
				r, plays = sums[sumRiverGiven], sums[sumRiverGivenPlays]
			}
			if s == nil && sums[sumFlop2] > r || s != nil && s.Flop(hole, flopCards[f]) {
				check += sums[sumFlop2] / perFlop
				flop++
			} else {
				check += r / perFlop
				river += plays / perFlop
				fold += 1 - plays/perFlop
			}
		}
		check, flop, river, fold = check/flopsBeside, flop/flopsBeside, river/flopsBeside, fold/flopsBeside
		if s == nil && e4 > check || s != nil && s.Preflop(hole) {
			chart = append(chart, hole)
			net += w * e4
			ret.Preflop += w
			continue
		}
		net += w * check
		ret.Flop += w * flop
		ret.River += w * river
		ret.Fold += w * fold
	}
	stake := 2 + 4*ret.Preflop + 2*ret.Flop + ret.River
	ret.Return = newReturn(1-ret.Fold, stake, net)
	return ret, chart
}
