package roulette

import (
	"math/big"

	"github.com/croupier/croupier/services/table/banked/round"
)

// KindReturn is the exact return to player of one kind of bet the table
// offers.
type KindReturn struct {
	Kind Kind
	// RTP is what a bet of the kind pays back, stake included, per unit
	// staked, over one spin with every pocket equally likely: the best of
	// the kind's spots (every spot of a kind returns the same on both
	// wheels; TestReturnToPlayer pins it).
	RTP *big.Rat
	// Spots is how many spots of the kind were counted.
	Spots int
}

// SpotRTP is the exact return to player of one bet on spot under r: what
// the bet is paid back by Settle (winnings and stake), summed over every
// pocket of the wheel, over the stake times the pockets. A bet of the
// spot's chip count (Spot.Units) is settled, so each piece of an announced
// bet is one chip. An unknown spot is ParseSpot's BAD_SPOT error.
func SpotRTP(r Rules, spot string) (*big.Rat, error) {
	sp, err := ParseSpot(r, spot)
	if err != nil {
		return nil, err
	}
	return spotReturn(r, sp, sp.Units(r)), nil
}

// spotReturn is SpotRTP for a bet of amount on sp.
func spotReturn(r Rules, sp Spot, amount int64) *big.Rat {
	pockets := r.Wheel.Wheel().Labels
	bet := []round.Bet{{ID: "b", Player: "p", Spot: sp.Name, Amount: amount}}
	var back int64
	for _, label := range pockets {
		n, _ := parseNumber(label, r.Wheel)
		for _, l := range Settle(r, bet, n).Lines {
			back += l.Won + l.Returned
		}
	}
	return big.NewRat(back, amount*int64(len(pockets)))
}

// OfferedSpots lists every spot the table takes a bet on, canonical: the
// layout's (Spots) and, where the table takes announced bets, the
// racetrack's (cz §4, ru §4.2: the four named bets and "neighbours" of
// every number).
func OfferedSpots(r Rules) []string {
	var out []string
	for _, s := range Spots(r) {
		out = append(out, s.Name)
	}
	if !r.TakesAnnounced() || r.Wheel != SingleZero {
		return out
	}
	out = append(out, "zero_game", "voisins", "tiers", "orphelins")
	if k := r.Options.Neighbours; k >= 1 && 2*k+1 <= 37 {
		for n := Number(0); n <= 36; n++ {
			out = append(out, "neighbours:"+n.String())
		}
	}
	return out
}

// RTP prices every bet the table offers by enumerating the wheel (each
// kind's figure the best of its spots, in kind order) and returns the
// table's figure: the best return a player can get at it. Single zero:
// every bet 36/37 (cz §3, §10: zero takes the even chances in full, no la
// partage); 0/00: 36/38, the top line 35/38 (ru N1).
func RTP(r Rules) ([]KindReturn, *big.Rat, error) {
	byKind := map[Kind]*KindReturn{}
	for _, name := range OfferedSpots(r) {
		sp, err := ParseSpot(r, name)
		if err != nil {
			return nil, nil, err
		}
		got := spotReturn(r, sp, sp.Units(r))
		k := byKind[sp.Kind]
		if k == nil {
			k = &KindReturn{Kind: sp.Kind, RTP: got}
			byKind[sp.Kind] = k
		}
		k.Spots++
		if got.Cmp(k.RTP) > 0 {
			k.RTP = got
		}
	}
	var out []KindReturn
	best := new(big.Rat)
	for k := Straight; k <= Orphelins; k++ {
		if kr := byKind[k]; kr != nil {
			out = append(out, *kr)
			if kr.RTP.Cmp(best) > 0 {
				best = kr.RTP
			}
		}
	}
	return out, best, nil
}
