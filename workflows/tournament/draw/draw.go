// Package draw is the seat draw and the button draw at the start of a
// tournament (GR H.9, H.10; RU §5.2, §5.3; docs/rules/cz-tournaments.md §6.3). The
// randomness comes from the RNG service as draw values; these functions
// turn them into tables, seats and buttons, so the same values always give
// the same seating and the draw can be audited from the RNG's log.
package draw

import (
	"fmt"
	"sort"
)

// Sizes spreads n players over ceil(n/seats) tables as evenly as possible:
// no two tables differ by more than one player (docs/rules/tournaments.md §7 DEFAULT
// for H.9).
func Sizes(n, seats int) []int {
	if n <= 0 || seats <= 0 {
		return nil
	}
	tables := (n + seats - 1) / seats
	out := make([]int, tables)
	for i := range out {
		out[i] = n / tables
		if i < n%tables {
			out[i]++
		}
	}
	return out
}

// Spread returns the seats k players use at a table of `seats` seats,
// spaced as evenly as the table allows.
func Spread(k, seats int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i * seats / k
	}
	return out
}

// Place is a table (0-based) and a seat.
type Place struct {
	Table int `json:"t"`
	Seat  int `json:"s"`
}

// Assign seats n players (in registration order) by a random permutation:
// perm holds n distinct values in [0, n) from the RNG, and player i takes
// slot perm[i] of the slots listed table by table (H.10: each entrant's
// table and seat decided by a computerised random draw).
func Assign(n, seats int, perm []int32) ([]Place, error) {
	if len(perm) != n {
		return nil, fmt.Errorf("draw: %d draw values for %d players", len(perm), n)
	}
	var slots []Place
	for t, k := range Sizes(n, seats) {
		for _, s := range Spread(k, seats) {
			slots = append(slots, Place{Table: t, Seat: s})
		}
	}
	seen := make([]bool, n)
	out := make([]Place, n)
	for i, v := range perm {
		if v < 0 || int(v) >= n || seen[v] {
			return nil, fmt.Errorf("draw: value %d is out of range or repeated", v)
		}
		seen[v] = true
		out[i] = slots[v]
	}
	return out, nil
}

// HighCard is the button draw of RU §5.3.1–5.3.2: one card face up to each
// player in seat order starting left of the dealer; the highest card gets
// the button, equal ranks broken by suit ♠ > ♥ > ♦ > ♣. cards are distinct
// values 0..51 in the shared card order (rank*4 + suit, clubs lowest), one
// per seat in seats; the highest value wins.
func HighCard(seats []int, cards []int32) (int, error) {
	if len(seats) == 0 || len(cards) != len(seats) {
		return 0, fmt.Errorf("draw: %d cards for %d seats", len(cards), len(seats))
	}
	order := append([]int(nil), seats...)
	sort.Ints(order)
	best := 0
	for i, c := range cards {
		if c < 0 || c > 51 {
			return 0, fmt.Errorf("draw: card %d out of range", c)
		}
		if c > cards[best] {
			best = i
		}
	}
	return order[best], nil
}
