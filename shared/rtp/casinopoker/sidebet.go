package casinopoker

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// SideBet is the exact return of a side bet decided by the player's cards
// alone, from every hand it can be settled on.
type SideBet struct {
	Paytable Paytable
	// Hands is how many hands were enumerated: 133,784,560 seven-card
	// hands for Trips, 2,598,960 five-card hands for the AA Bonus and the
	// Bonus.
	Hands int64
	// Wins counts the hands by the line they win on.
	Wins map[banked.Line]int64
	// RTP is the mean return per unit staked, stake included (a line
	// paying N:1 returns N+1): house edge = 1 − RTP.
	RTP float64
}

// sideBet prices the winning hands with p.
func sideBet(p Paytable, hands int64, wins map[banked.Line]int64) SideBet {
	back := 0.0
	for l, n := range wins {
		back += float64(n) * (p[l] + 1)
	}
	return SideBet{Paytable: p, Hands: hands, Wins: wins, RTP: back / float64(hands)}
}

// Trips returns the Trips side bet of cz-casino-texas-holdem.md §6 under
// p (CzechTrips for the spec's table): it pays on the player's final hand,
// the best five of his two cards and the five community cards, three of
// a kind or better, whatever the dealer holds; lower loses. All
// 133,784,560 seven-card hands are ranked (once per process, on every
// CPU; about a second).
func Trips(p Paytable) (SideBet, error) {
	if err := p.validate(tripsLines); err != nil {
		return SideBet{}, err
	}
	hist := sevenCardValues()
	wins := map[banked.Line]int64{}
	var hands int64
	for v := rank.Value(1); v <= rank.MaxValue; v++ {
		hands += hist[v]
		if l := banked.LineOf(v); v.Category() >= rank.Trips && hist[v] > 0 {
			wins[l] += hist[v]
		}
	}
	return sideBet(p.clone(), hands, wins), nil
}

// AABonus returns the AA Bonus of gr-casino-holdem.md §6.3 under p
// (GreekAABonus for the spec's table), on the first five cards: the
// player's two and the flop, as banked.AABonus lines them. It assumes the
// player calls whenever the bonus wins, as he must to be paid (§4 step 4;
// the spec's "optimal side-bet strategy", §7). All 2,598,960 five-card
// hands are enumerated. HoldemResult.AABonus prices it under a strategy.
func AABonus(p Paytable) (SideBet, error) {
	if err := p.validate(aaBonusLines); err != nil {
		return SideBet{}, err
	}
	hands, wins := fiveCardLines(banked.AABonus)
	return sideBet(p.clone(), hands, wins), nil
}

// HoldemBonus returns the Bonus of ru-texas-holdem-casino.md §6 under p
// (RussianBonus for the spec's 7:1): a pair of aces or better on the
// player's two cards and the flop, settled whether he plays or passes
// (§3.13–3.15), so no strategy changes it.
func HoldemBonus(p Paytable) (SideBet, error) {
	if err := p.validate(bonusLines); err != nil {
		return SideBet{}, err
	}
	hands, wins := fiveCardLines(banked.HoldemBonus)
	return sideBet(p.clone(), hands, wins), nil
}

// fiveCardLines counts every five-card hand, split into two hole cards
// and a flop, by the line line gives it.
func fiveCardLines(line func(hole, flop []card.Card) banked.Line) (int64, map[banked.Line]int64) {
	wins := map[banked.Line]int64{}
	var hands int64
	var h [5]card.Card
	for h[4] = 4; h[4] < card.NumCards; h[4]++ {
		for h[3] = 3; h[3] < h[4]; h[3]++ {
			for h[2] = 2; h[2] < h[3]; h[2]++ {
				for h[1] = 1; h[1] < h[2]; h[1]++ {
					for h[0] = 0; h[0] < h[1]; h[0]++ {
						hands++
						if l := line(h[:2], h[2:]); l != banked.NoLine {
							wins[l]++
						}
					}
				}
			}
		}
	}
	return hands, wins
}

var (
	sevenOnce sync.Once
	sevenHist *[rank.MaxValue + 1]int64
)

// sevenCardValues counts the seven-card hands of one deck by the Value of
// their best five, once per process.
func sevenCardValues() *[rank.MaxValue + 1]int64 {
	sevenOnce.Do(func() {
		var mu sync.Mutex
		var next atomic.Int64
		total := new([rank.MaxValue + 1]int64)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				var hist [rank.MaxValue + 1]int64
				// each task is one highest card, dealt from the top down
				// so the largest tasks go first
				for top := 52 - next.Add(1); top >= 6; top = 52 - next.Add(1) {
					sevenBelow(card.Card(top), &hist)
				}
				mu.Lock()
				for v, n := range hist {
					total[v] += n
				}
				mu.Unlock()
			})
		}
		wg.Wait()
		sevenHist = total
	})
	return sevenHist
}

// sevenBelow ranks every seven-card hand whose highest card is top.
func sevenBelow(top card.Card, hist *[rank.MaxValue + 1]int64) {
	var h [7]card.Card
	h[6] = top
	for h[5] = 5; h[5] < h[6]; h[5]++ {
		for h[4] = 4; h[4] < h[5]; h[4]++ {
			for h[3] = 3; h[3] < h[4]; h[3]++ {
				for h[2] = 2; h[2] < h[3]; h[2]++ {
					for h[1] = 1; h[1] < h[2]; h[1]++ {
						for h[0] = 0; h[0] < h[1]; h[0]++ {
							hist[rank.Best(h[:]...)]++
						}
					}
				}
			}
		}
	}
}
