package hand

import (
	"encoding/json"
	"fmt"

	"github.com/croupier/croupier/shared/card"
)

// Hidden stands for a card the viewer may not see. It prints as "??".
const Hidden card.Card = 255

// Cards is a short list of cards held by value (no allocation): a hand,
// a board, the cards of one deal.
type Cards struct {
	C [7]card.Card
	N uint8
}

// Add appends c.
func (cs *Cards) Add(c card.Card) {
	if int(cs.N) < len(cs.C) {
		cs.C[cs.N] = c
		cs.N++
	}
}

// Slice returns the cards as a slice of the array (no copy).
func (cs *Cards) Slice() []card.Card { return cs.C[:cs.N] }

// Len is the number of cards.
func (cs Cards) Len() int { return int(cs.N) }

// String writes the cards in notation, "??" for hidden ones.
func (cs Cards) String() string {
	b := make([]byte, 0, 3*int(cs.N))
	for i := 0; i < int(cs.N); i++ {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, cs.C[i].String()...)
	}
	return string(b)
}

// MarshalJSON writes the cards as notations ("As"), "??" for hidden ones.
func (cs Cards) MarshalJSON() ([]byte, error) {
	out := make([]string, cs.N)
	for i := range out {
		out[i] = cs.C[i].String()
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads notations written by MarshalJSON.
func (cs *Cards) UnmarshalJSON(b []byte) error {
	var l []string
	if err := json.Unmarshal(b, &l); err != nil {
		return err
	}
	if len(l) > len(cs.C) {
		return fmt.Errorf("hand: %d cards, at most %d", len(l), len(cs.C))
	}
	*cs = Cards{}
	for _, s := range l {
		if s == "??" {
			cs.Add(Hidden)
			continue
		}
		c, err := card.Parse(s)
		if err != nil {
			return err
		}
		cs.Add(c)
	}
	return nil
}

// CardsOf builds Cards from a slice (at most seven).
func CardsOf(cs ...card.Card) Cards {
	var out Cards
	for _, c := range cs {
		out.Add(c)
	}
	return out
}
