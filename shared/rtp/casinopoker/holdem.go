package casinopoker

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// ErrInvalidRules is wrapped by the errors of a Rules value the
// calculator cannot price.
var ErrInvalidRules = errors.New("casino poker rtp: invalid rules")

// HoldemRules is a Casino Hold'em game: an Ante, a Call of twice the Ante
// after the flop or a fold, and a showdown against the dealer's two cards
// (gr-casino-holdem.md §3–§6.2; ru-texas-holdem-casino.md §3–§7 is the
// same game with its own hand rule).
type HoldemRules struct {
	// Ante pays the player's final hand when the dealer fails to qualify,
	// or qualifies and loses (gr §6.1): every hand line, GreekAnte.
	Ante Paytable
	// Qualifier is the dealer's: banked.PairOfFoursOrBetter (gr §4 step
	// 7, ru §4.2–4.3).
	Qualifier banked.Qualifier
	// Eval ranks both sides' hands: BestOfSeven (gr §4 step 6) or
	// TwoPlusThree (ru §3.21, N1).
	Eval Evaluator
}

// GreekHoldem is gr-casino-holdem.md as written.
func GreekHoldem() HoldemRules {
	return HoldemRules{Ante: GreekAnte(), Qualifier: banked.PairOfFoursOrBetter, Eval: BestOfSeven}
}

// RussianHoldem is ru-texas-holdem-casino.md by its default profile: both
// hole cards and three board cards (N1), the placeholder Ante table of §7
// (its §4.15 table is missing; the placeholder is GreekAnte).
func RussianHoldem() HoldemRules {
	return HoldemRules{Ante: GreekAnte(), Qualifier: banked.PairOfFoursOrBetter, Eval: TwoPlusThree}
}

// Validate reports the first thing the calculator cannot price.
func (r HoldemRules) Validate() error {
	if err := r.Ante.validate(anteLines); err != nil {
		return fmt.Errorf("ante: %w", err)
	}
	if _, ok := lowestQualifying(r.Qualifier); !ok || r.Qualifier < banked.PairOfFoursOrBetter || r.Qualifier > banked.AceKingOrBetter {
		return fmt.Errorf("%w: qualifier %v is not a threshold on hand rank", ErrInvalidRules, r.Qualifier)
	}
	if r.Eval > TwoPlusThree {
		return fmt.Errorf("%w: evaluator %d", ErrInvalidRules, r.Eval)
	}
	return nil
}

// HoldemStrategy is the player's decision at the flop: true to call. It
// must be blind to which suit is which (it may compare suits): the
// figures are summed over the deals up to the suits.
type HoldemStrategy func(hole [2]card.Card, flop [3]card.Card) bool

// Return is what a strategy returns on the main game (Ante and Call; the
// side bet apart), from every deal.
type Return struct {
	// CallRate is the share of deals the player puts in more than the
	// first bet on: calls (Casino Hold'em), plays (Casino Texas Hold'em).
	CallRate float64
	// Stake is the mean total staked, in Antes: 1 + 2 × CallRate in Casino
	// Hold'em.
	Stake float64
	// Net is the mean net result in Antes; the house edge per Ante is −Net.
	Net float64
	// PerAnte is the return per unit of Ante, 1 + Net: how a house edge
	// "per Ante" is quoted.
	PerAnte float64
	// PerStake is the return per unit of everything staked, (Stake + Net)
	// / Stake.
	PerStake float64
}

func newReturn(calls, stake, net float64) Return {
	return Return{CallRate: calls, Stake: stake, Net: net, PerAnte: 1 + net, PerStake: (stake + net) / stake}
}

// HoldemResult is the exact analysis of a HoldemRules value: the mean net
// of calling for every (hole, flop), and the returns it gives.
type HoldemResult struct {
	Rules HoldemRules
	// Optimal calls whenever calling's mean net beats folding's −1 Ante.
	Optimal Return
	// Simple plays SimpleHoldem; AlwaysCall never folds.
	Simple, AlwaysCall Return
	// Elapsed is how long ComputeHoldem took.
	Elapsed time.Duration
	table   *flopTable
}

// ComputeHoldem values calling for every (hole, flop) exactly, over every
// turn and river and every dealer holding. For each class of five-card
// boards it ranks the 1,081 holdings beside it once and counts, for each
// as the player's, the dealer holdings below, level and above and which
// fail to qualify (showdown); the call's net for that board is added to
// each of the board's ten (flop, holding) pairs. Folding loses the Ante.
// It takes about ten seconds of two cores and under 0.1 GB.
func ComputeHoldem(ctx context.Context, r HoldemRules) (*HoldemResult, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	qual, _ := lowestQualifying(r.Qualifier)
	ante := r.Ante.byValue()
	t := newFlopTable(1)
	err := forEachBoard(ctx, r.Eval, qual, func(s *showdown, w float64) {
		var net [1][restPairs]float64
		for i := range s.n {
			net[0][i] = callNet(s, i, ante[s.value[i]])
		}
		t.add(s, w, net[:])
	})
	if err != nil {
		return nil, err
	}
	t.symmetrize()
	res := &HoldemResult{Rules: r, table: t}
	res.Rules.Ante = r.Ante.clone()
	res.Optimal = res.Play(res.OptimalCall)
	res.Simple = res.Play(SimpleHoldem)
	res.AlwaysCall = res.Play(func([2]card.Card, [3]card.Card) bool { return true })
	res.Elapsed = time.Since(start)
	return res, nil
}

// callNet is the net, in Antes, of calling with holding i summed over the
// 990 dealer holdings (gr-casino-holdem.md §6.1): a dealer who fails to
// qualify pays the Ante by the paytable and returns the Call, whatever
// the hands (line 32); a qualifying dealer beaten pays the Ante by the
// paytable and the Call (2 Antes) 1:1; a tie returns both; a dealer who
// wins takes both (3 Antes).
func callNet(s *showdown, i int, pays float64) float64 {
	noQual := float64(s.nqBelow[i]) + float64(s.nqEqual[i]) + float64(s.nqAbove[i])
	beaten := float64(s.below[i]) - float64(s.nqBelow[i])
	lost := float64(s.above(i)) - float64(s.nqAbove[i])
	return pays*noQual + (pays+2)*beaten - 3*lost
}

// CallEV is the mean net, in Antes, of calling with hole on flop, over
// every turn, river and dealer holding (folding's is −1).
func (h *HoldemResult) CallEV(hole [2]card.Card, flop [3]card.Card) float64 {
	return h.table.at(hole, flop)[0] / (24 * turnRivers * dealerHold)
}

// OptimalCall calls when calling's mean net beats folding's: the optimal
// strategy, as a HoldemStrategy.
func (h *HoldemResult) OptimalCall(hole [2]card.Card, flop [3]card.Card) bool {
	return h.CallEV(hole, flop) > -1
}

// Play returns the main game's return under s, exactly: every (hole,
// flop) at its mean net, called or folded as s says.
func (h *HoldemResult) Play(s HoldemStrategy) Return {
	var calls, net, deals float64
	forEachHoleFlop(func(w float64, hole [2]card.Card, flop [3]card.Card) {
		deals += w
		if s(hole, flop) {
			calls += w
			net += w * h.CallEV(hole, flop)
		} else {
			net -= w
		}
	})
	calls /= deals
	return newReturn(calls, 1+2*calls, net/deals)
}

// AABonus returns the AA Bonus side bet's return under p when the player
// plays s: a fold forfeits the bonus even when it wins (gr-casino-holdem.md
// §4 step 3, §6.3).
func (h *HoldemResult) AABonus(p Paytable, s HoldemStrategy) (float64, error) {
	if err := p.validate(aaBonusLines); err != nil {
		return 0, err
	}
	var back, deals float64
	forEachHoleFlop(func(w float64, hole [2]card.Card, flop [3]card.Card) {
		deals += w
		if l := banked.AABonus(hole[:], flop[:]); l != banked.NoLine && s(hole, flop) {
			back += w * (p[l] + 1)
		}
	})
	return back / deals, nil
}

// CallingAABonusWins is s, except that it calls whenever the AA Bonus
// wins: the spec's "optimal side-bet strategy" (gr-casino-holdem.md §7,
// third row), which gives up some main-game return for the bonus.
func CallingAABonusWins(s HoldemStrategy) HoldemStrategy {
	return func(hole [2]card.Card, flop [3]card.Card) bool {
		return s(hole, flop) || banked.AABonus(hole[:], flop[:]) != banked.NoLine
	}
}

// valueOf ranks a holding with a full board by r's evaluator.
func (e Evaluator) valueOf(hole [2]card.Card, board [5]card.Card) rank.Value {
	if e == TwoPlusThree {
		return rank.TwoPlusThree(hole[:], board[:])
	}
	return rank.Best(board[0], board[1], board[2], board[3], board[4], hole[0], hole[1])
}
