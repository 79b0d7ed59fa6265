// Package payout divides a tournament's prize pool (GR H.32–H.34;
// docs/rules/tournaments.md §17–§18): a share per finishing place, or the last W
// players sharing equally or in proportion to their chips. Amounts are
// whole minor units and always add up to the pool exactly; the rounding
// rule is the spec's DEFAULT (not in source): floor to the unit, the
// remainder to the chip leader, or to the first in seat order.
package payout

import (
	"fmt"
	"math/big"
	"sort"
)

// Finisher is one player in the final ranking.
type Finisher struct {
	// ID identifies the player to the caller.
	ID string `json:"id"`
	// Place is his finishing place, 1 = winner; players tied on a place
	// share it (H.30, H.31) and the places they cover.
	Place int `json:"place"`
	// Chips at the end (the winners' in a shared payout).
	Chips int64 `json:"chips,omitempty"`
	// Order breaks remaining ties for the remainder: the lower, the sooner
	// (seat order from the button).
	Order int `json:"order,omitempty"`
}

// Prize is what one finisher receives.
type Prize struct {
	ID     string `json:"id"`
	Place  int    `json:"place"`
	Amount int64  `json:"amount"`
}

// share returns floor(pool × num / den) and the exact remainder flag.
func share(pool, num, den int64) int64 {
	var r big.Int
	r.Mul(big.NewInt(pool), big.NewInt(num))
	r.Quo(&r, big.NewInt(den))
	return r.Int64()
}

// PlacePrizes is the prize of each place 1..len(bps) of a place table:
// pool × bps / 10,000 rounded down, the remainder to first place.
func PlacePrizes(pool int64, bps []int32) []int64 {
	out := make([]int64, len(bps))
	var sum int64
	for i, b := range bps {
		out[i] = share(pool, int64(b), 10000)
		sum += out[i]
	}
	if len(out) > 0 {
		out[0] += pool - sum
	}
	return out
}

// ByPlace pays a place table. Players tied on a place pool the prizes of
// the places they cover and split them equally (docs/rules/tournaments.md §17 DEFAULT
// for H.31), the odd units one each to the tied players in (chips, order)
// order. Places past the table get nothing.
func ByPlace(pool int64, bps []int32, fs []Finisher) ([]Prize, error) {
	prizes := PlacePrizes(pool, bps)
	at := func(place int) int64 {
		if place >= 1 && place <= len(prizes) {
			return prizes[place-1]
		}
		return 0
	}
	sorted := append([]Finisher(nil), fs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Place < sorted[j].Place })
	var places []int
	groups := map[int][]Finisher{}
	for _, f := range sorted {
		if f.Place < 1 {
			return nil, fmt.Errorf("payout: %s has no place", f.ID)
		}
		if len(groups[f.Place]) == 0 {
			places = append(places, f.Place)
		}
		groups[f.Place] = append(groups[f.Place], f)
	}
	// Each group covers its place and the next len-1; the next group must
	// start after them, or places would be counted twice.
	for i := 1; i < len(places); i++ {
		if prev := places[i-1]; prev+len(groups[prev]) > places[i] {
			return nil, fmt.Errorf("payout: place %d overlaps the %d players tied on place %d", places[i], len(groups[prev]), prev)
		}
	}
	var out []Prize
	for _, p := range places {
		g := ordered(groups[p])
		var pooled int64
		for k := range g {
			pooled += at(p + k)
		}
		each := pooled / int64(len(g))
		rem := pooled - each*int64(len(g))
		for k, f := range g {
			amt := each
			if int64(k) < rem {
				amt++
			}
			out = append(out, Prize{ID: f.ID, Place: p, Amount: amt})
		}
	}
	return out, nil
}

// ordered sorts by chips (more first), then order.
func ordered(fs []Finisher) []Finisher {
	g := append([]Finisher(nil), fs...)
	sort.SliceStable(g, func(i, j int) bool {
		if g[i].Chips != g[j].Chips {
			return g[i].Chips > g[j].Chips
		}
		return g[i].Order < g[j].Order
	})
	return g
}

// Equal splits the pool equally among the winners (H.33); the remainder
// goes to the chip leader (T30: €3,333.33 each and €0.01 to him).
func Equal(pool int64, winners []Finisher) []Prize {
	if len(winners) == 0 {
		return nil
	}
	g := ordered(winners)
	each := pool / int64(len(g))
	out := make([]Prize, len(g))
	for i, f := range g {
		out[i] = Prize{ID: f.ID, Place: f.Place, Amount: each}
	}
	out[0].Amount += pool - each*int64(len(g))
	return out
}

// ByChips splits the pool in proportion to the winners' chips (H.33); the
// remainder goes to the chip leader. With no chips at all it splits equally.
func ByChips(pool int64, winners []Finisher) []Prize {
	if len(winners) == 0 {
		return nil
	}
	g := ordered(winners)
	var total int64
	for _, f := range g {
		total += f.Chips
	}
	if total <= 0 {
		return Equal(pool, winners)
	}
	out := make([]Prize, len(g))
	var sum int64
	for i, f := range g {
		out[i] = Prize{ID: f.ID, Place: f.Place, Amount: share(pool, f.Chips, total)}
		sum += out[i].Amount
	}
	out[0].Amount += pool - sum
	return out
}
