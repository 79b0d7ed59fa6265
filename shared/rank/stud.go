package rank

import (
	"github.com/croupier/croupier/shared/card"
)

// UpValue is the strength of a stud up-card holding of 1..4 cards, for
// deciding who acts first on 4th street and later (docs/rules/gr-variant-5-card-stud.md
// R2–R4 and §5; docs/rules/gr-variant-7-card-stud.md R2–R5 and §5). Higher acts first.
// Distinct holdings from one deck never tie: equal combinations are broken
// by suit.
//
// The specs do not define partial-hand ranking; they assume (5-card stud
// N8, 7-card stud N3): quads > trips > two pair > pair > high cards,
// compared card by card; straights and flushes do not count with fewer than
// five cards; the ace is high. Equal combinations go to the highest suit
// (♠ > ♥ > ♦ > ♣, gr-regulation-2 §7.1 G5.1) of the highest-ranked card,
// and for a pair (or trips, quads) of the higher-suited card of that group.
// The zero UpValue means no valid holding.
type UpValue uint32

// UpCards returns the UpValue of 1..4 up cards (0 for another count).
// Community cards dealt in a deck shortage must not be passed: they never
// count for first to act (5-card stud I7, 7-card stud I8).
func UpCards(cards ...card.Card) UpValue {
	if len(cards) < 1 || len(cards) > 4 {
		return 0
	}
	var counts [13]uint8
	var topSuit [13]int8 // highest suit held of each rank, -1 if none
	for i := range topSuit {
		topSuit[i] = -1
	}
	for _, c := range cards {
		r := c.Rank() % 13
		counts[r]++
		if s := int8(c.Suit()); s > topSuit[r] {
			topSuit[r] = s
		}
	}
	// Ranks ordered by (count, rank), descending: the groups that decide.
	var order [4]card.Rank
	n := 0
	for want := uint8(4); want >= 1; want-- {
		for r := 12; r >= 0; r-- {
			if counts[r] == want {
				order[n] = card.Rank(r)
				n++
			}
		}
	}
	var cat Category
	switch {
	case counts[order[0]] == 4:
		cat = Quads
	case counts[order[0]] == 3:
		cat = Trips
	case counts[order[0]] == 2 && n >= 2 && counts[order[1]] == 2:
		cat = TwoPair
	case counts[order[0]] == 2:
		cat = Pair
	default:
		cat = HighCard
	}
	v := uint32(cat)
	for i := 0; i < 4; i++ {
		v <<= 4
		if i < n {
			v |= uint32(order[i]) + 1 // +1 so a missing card ranks below a Two
		}
	}
	return UpValue(v<<2 | uint32(topSuit[order[0]]))
}

// Category returns the holding's category: HighCard, Pair, TwoPair, Trips
// or Quads.
func (u UpValue) Category() Category { return Category(u >> 18) }

// FirstToAct returns the index of the holding that acts first on 4th street
// and later: the highest UpValue (docs/rules/gr-variant-5-card-stud.md R2 step 3;
// docs/rules/gr-variant-7-card-stud.md R2 step 3). It returns -1 when holdings is
// empty or a holding has no valid UpValue. Skipping an all-in player is
// the table engine's job (item 6): it passes only the holdings that may act.
func FirstToAct(holdings [][]card.Card) int {
	best, at := UpValue(0), -1
	for i, h := range holdings {
		u := UpCards(h...)
		if u == 0 {
			return -1
		}
		if u > best {
			best, at = u, i
		}
	}
	return at
}

// BringIn returns the index of the lowest single up card, the player who
// must open in an ante game's first round (docs/rules/gr-variant-5-card-stud.md R1;
// docs/rules/gr-variant-7-card-stud.md R1): lowest rank, ace high, and on equal ranks
// the lowest suit (♣ < ♦ < ♥ < ♠). The card integer order is exactly that
// order. It returns -1 for an empty slice or an invalid card.
func BringIn(up []card.Card) int {
	at := -1
	for i, c := range up {
		if !c.Valid() {
			return -1
		}
		if at < 0 || c < up[at] {
			at = i
		}
	}
	return at
}
