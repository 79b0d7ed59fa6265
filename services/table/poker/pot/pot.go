// Package pot divides the chips of a poker hand into the main pot and side
// pots by contribution level. Splitting a pot between its tied winners is
// shared/split's, the one pot splitter the evaluator's Showdown uses too.
package pot

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
)

// Seats is a set of seat numbers 0..15.
type Seats uint16

// Has reports whether seat is in the set.
func (s Seats) Has(seat int) bool { return s&(1<<seat) != 0 }

// Add returns the set with seat added.
func (s Seats) Add(seat int) Seats { return s | 1<<seat }

// Len is the number of seats in the set.
func (s Seats) Len() int { return bits.OnesCount16(uint16(s)) }

// List returns the seats in ascending order.
func (s Seats) List() []int {
	out := make([]int, 0, s.Len())
	for m := uint16(s); m != 0; m &= m - 1 {
		out = append(out, bits.TrailingZeros16(m))
	}
	return out
}

// MarshalJSON writes the seats as an array of seat numbers.
func (s Seats) MarshalJSON() ([]byte, error) { return json.Marshal(s.List()) }

// UnmarshalJSON reads an array of seat numbers.
func (s *Seats) UnmarshalJSON(b []byte) error {
	var l []int
	if err := json.Unmarshal(b, &l); err != nil {
		return err
	}
	var out Seats
	for _, x := range l {
		if x < 0 || x > 15 {
			return fmt.Errorf("pot: seat %d out of range", x)
		}
		out = out.Add(x)
	}
	*s = out
	return nil
}

// Pot is a main or side pot.
type Pot struct {
	// Amount is every chip in the pot.
	Amount int64 `json:"amount"`
	// Level is the contribution level that tops the pot.
	Level int64 `json:"level"`
	// Eligible are the seats that can win it.
	Eligible Seats `json:"eligible"`
}

// Build divides the hand's contributions into pots (gr-regulation-1 §6.5):
// contrib[i] is everything seat i put in, inHand the seats still contesting
// (not folded). For each distinct contribution level of the seats in hand,
// lowest first, the pot takes from every seat (folded ones included) what
// it put in between the previous level and this one; the seats in hand that
// reached the level may win it. So side pots follow the all-in amounts, not
// the order the all-ins came in (B.93, §9 item 6). Chips put in above the
// top level by folded seats join the last pot. dst is reused.
//
// Uncalled chips must have been returned first (betting.Round.EndStreet).
func Build(contrib []int64, inHand Seats, dst []Pot) []Pot {
	dst = dst[:0]
	var levels [16]int64
	n := 0
	for i, c := range contrib {
		if !inHand.Has(i) || c == 0 {
			continue
		}
		if !slices.Contains(levels[:n], c) {
			levels[n] = c
			n++
		}
	}
	slices.Sort(levels[:n])
	prev := int64(0)
	for _, lv := range levels[:n] {
		p := Pot{Level: lv}
		for i, c := range contrib {
			p.Amount += min(c, lv) - min(c, prev)
			if inHand.Has(i) && c >= lv {
				p.Eligible = p.Eligible.Add(i)
			}
		}
		dst = append(dst, p)
		prev = lv
	}
	var above int64
	for _, c := range contrib {
		above += max(c-prev, 0)
	}
	if above > 0 {
		if len(dst) == 0 {
			// Nobody in hand put anything in: the dead chips form one pot that
			// every seat in hand may win.
			dst = append(dst, Pot{Eligible: inHand})
		}
		dst[len(dst)-1].Amount += above
		dst[len(dst)-1].Level = prev + above
	}
	return dst
}
