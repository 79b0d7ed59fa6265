// Package chiprace removes chips no longer needed (gr-regulation-1 B.83
// "race off"; GR H.18; docs/rules/tournaments.md §10). Each player's whole multiples of
// the next chip are coloured up directly; the leftover low chips are pooled
// and raced for: every player with leftovers gets a card, dealt starting
// with the first player left of the button; the highest cards win one new
// chip each (never more than one) until the pool is used up, a remainder
// under half a chip dropped; nobody is raced out of the tournament
// (docs/rules/tournaments.md §10 DEFAULT, house policy under H.38).
package chiprace

import (
	"fmt"
	"sort"
)

// Needed returns the smallest chip that can be raced off before a level:
// the smallest chip in play when every forced bet of that level and of
// every later one (a race is never undone) is a multiple of the next chip.
// ok is false when nothing can go.
func Needed(inPlay []int64, amounts ...int64) (low, high int64, ok bool) {
	if len(inPlay) < 2 {
		return 0, 0, false
	}
	low, high = inPlay[0], inPlay[1]
	for _, a := range amounts {
		if a%high != 0 {
			return 0, 0, false
		}
	}
	return low, high, true
}

// Result is one table's race.
type Result struct {
	// Stacks after the race, in the order given.
	Stacks []int64 `json:"stacks"`
	// Won marks the players who won a chip in the race.
	Won []bool `json:"won"`
	// Cards are the cards dealt, -1 for players without leftovers.
	Cards []int32 `json:"cards"`
	// Dropped is the value of leftovers that bought no chip.
	Dropped int64 `json:"dropped"`
}

// Race runs the race of chips worth low into chips worth high at one table.
// stacks are in seat order starting with the first player left of the
// button (H.18(2)); cards holds one distinct card (0..51, higher wins) per
// player with leftovers, dealt in that same order.
func Race(stacks []int64, low, high int64, cards []int32) (Result, error) {
	if low <= 0 || high <= low || high%low != 0 {
		return Result{}, fmt.Errorf("chiprace: %d does not colour up into %d", low, high)
	}
	r := Result{Stacks: make([]int64, len(stacks)), Won: make([]bool, len(stacks)), Cards: make([]int32, len(stacks))}
	var pool int64
	var racers []int
	for i, s := range stacks {
		if s < 0 {
			return Result{}, fmt.Errorf("chiprace: negative stack %d", s)
		}
		r.Stacks[i] = s / high * high
		r.Cards[i] = -1
		if left := s - r.Stacks[i]; left > 0 {
			pool += left
			racers = append(racers, i)
		}
	}
	if len(cards) != len(racers) {
		return Result{}, fmt.Errorf("chiprace: %d cards for %d players with leftovers", len(cards), len(racers))
	}
	for k, i := range racers {
		r.Cards[i] = cards[k]
	}
	chips := pool / high
	if 2*(pool%high) >= high {
		chips++ // a remainder of half a chip or more still buys one
	}
	chips = min(chips, int64(len(racers)))
	r.Dropped = pool - chips*high
	if r.Dropped < 0 {
		r.Dropped = 0
	}
	order := append([]int(nil), racers...)
	sort.SliceStable(order, func(a, b int) bool { return r.Cards[order[a]] > r.Cards[order[b]] })
	for k := int64(0); k < chips; k++ {
		i := order[k]
		r.Stacks[i] += high
		r.Won[i] = true
	}
	for i, s := range stacks {
		if s > 0 && r.Stacks[i] == 0 {
			// Nobody is raced out (§10 DEFAULT 4): he keeps one chip.
			r.Stacks[i] = high
			r.Won[i] = true
		}
	}
	return r, nil
}
