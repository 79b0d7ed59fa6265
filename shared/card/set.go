package card

import "math/bits"

// Set is a set of cards from one deck as a 52-bit mask. It is a value:
// Add and Remove return the new set.
type Set uint64

// SetOf returns the set holding cs.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Has reports whether c is in the set.
func (s Set) Has(c Card) bool { return s&(1<<c) != 0 }

// Add returns the set with c added.
func (s Set) Add(c Card) Set { return s | 1<<c }

// Remove returns the set without c.
func (s Set) Remove(c Card) Set { return s &^ (1 << c) }

// Len returns the number of cards in the set.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Cards returns the cards in ascending order.
func (s Set) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for m := uint64(s); m != 0; m &= m - 1 {
		out = append(out, Card(bits.TrailingZeros64(m)))
	}
	return out
}
