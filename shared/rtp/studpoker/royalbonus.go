package studpoker

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// RoyalBonusResult is the Royal Bonus's exact return.
type RoyalBonusResult struct {
	// Hands is every first five, C(52,5); Wins how many win, by line.
	Hands int64
	Wins  map[banked.Line]int64
	// RTP is the mean returned per unit staked, the stake included.
	RTP float64
}

// RoyalBonus prices the Royal Bonus of Oasis, Russian and Split poker
// under p and the reading rule (§6 of each spec) by reading every first
// five cards with banked.RoyalBonus. A hand that wins is assumed played
// (the package's strategies play every one).
func RoyalBonus(p Paytable, rule banked.RoyalBonusRule) (RoyalBonusResult, error) {
	if err := p.check("royal bonus", SplitLines()); err != nil {
		return RoyalBonusResult{}, err
	}
	res := RoyalBonusResult{Wins: map[banked.Line]int64{}}
	var h [5]card.Card
	var back int64
	for a := card.Card(0); a < card.NumCards; a++ {
		h[0] = a
		for b := a + 1; b < card.NumCards; b++ {
			h[1] = b
			for c := b + 1; c < card.NumCards; c++ {
				h[2] = c
				for d := c + 1; d < card.NumCards; d++ {
					h[3] = d
					for e := d + 1; e < card.NumCards; e++ {
						h[4] = e
						res.Hands++
						if l := banked.RoyalBonus(h[:], rule); l != banked.NoLine {
							res.Wins[l]++
							back += 1 + p[l]
						}
					}
				}
			}
		}
	}
	res.RTP = float64(back) / float64(res.Hands)
	return res, nil
}
