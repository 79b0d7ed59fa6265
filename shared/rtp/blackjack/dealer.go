package blackjack

import (
	"slices"
	"sync"
)

// Dealer outcomes, the index into a dist.
const (
	out17        = iota // 17 .. 21 are out17 .. out17+4
	outBust      = 5
	outBlackjack = 6
	outcomes     = 7
)

// dist is the probability of each dealer outcome.
type dist [outcomes]float64

// maxDealerCount bounds how many cards of one value a dealer's hand draws;
// buildDealerTable checks it.
const maxDealerCount = 15

// dealerHand is one way the dealer's hand can finish, the order of its cards
// forgotten: orders counts the orders in which the dealer draws exactly
// these cards and stops on the last, so that the probability of the hand
// from a shoe is orders × Π falling factorials of the values drawn / the
// falling factorial of the cards left.
type dealerHand struct {
	orders float64
	size   uint8
	out    uint8
	lo, hi uint16 // terms[lo:hi]
}

// dealerTable lists every finishing hand for one up card and soft-17 rule.
// A term packs a value index (high nibble) and how many of it (low nibble).
type dealerTable struct {
	hands []dealerHand
	terms []uint8
	most  [values]int // the most cards of each value a hand holds
}

// dealerTables[h17][up-1] are built once and shared read-only.
var dealerTables = sync.OnceValue(func() *[2][values]dealerTable {
	var t [2][values]dealerTable
	for up := 1; up <= values; up++ {
		t[0][up-1] = buildDealerTable(up, false)
		t[1][up-1] = buildDealerTable(up, true)
	}
	return &t
})

// buildDealerTable walks every sequence of cards the dealer can draw after
// the up card and groups them by composition. The second card is drawn
// after the players act (no hole card): a ten to an ace or an ace to a ten
// is a blackjack and ends the hand. The dealer draws to 16, stands on hard
// 17 and on soft 17 unless h17 (cz §5, ru §4.7).
func buildDealerTable(up int, h17 bool) dealerTable {
	type agg struct {
		orders float64
		out    uint8
	}
	seen := map[[values]uint8]*agg{}
	var drawn [values]uint8
	record := func(out int) {
		if a, ok := seen[drawn]; ok {
			a.orders++
			return
		}
		seen[drawn] = &agg{orders: 1, out: uint8(out)}
	}
	var walk func(hard int, hasAce bool, n int)
	walk = func(hard int, hasAce bool, n int) {
		if n == 1 && ((up == ace && drawn[ten-1] == 1) || (up == ten && drawn[0] == 1)) {
			record(outBlackjack)
			return
		}
		total, soft := hard, false
		if hasAce && hard+10 <= 21 {
			total, soft = hard+10, true
		}
		switch {
		case hard > 21:
			record(outBust)
			return
		case n > 0 && (total >= 18 || total == 17 && !(soft && h17)):
			record(out17 + total - 17)
			return
		}
		for v := 1; v <= values; v++ {
			drawn[v-1]++
			walk(hard+v, hasAce || v == ace, n+1)
			drawn[v-1]--
		}
	}
	walk(up, up == ace, 0)

	keys := make([][values]uint8, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [values]uint8) int { return slices.Compare(a[:], b[:]) })
	var t dealerTable
	for _, k := range keys {
		a := seen[k]
		h := dealerHand{orders: a.orders, out: a.out, lo: uint16(len(t.terms))}
		for i, c := range k {
			if c == 0 {
				continue
			}
			if c > maxDealerCount {
				panic("blackjack: dealer hand beyond maxDealerCount") // a build invariant, not input
			}
			t.terms = append(t.terms, uint8(i)<<4|c)
			h.size += c
			t.most[i] = max(t.most[i], int(c))
		}
		h.hi = uint16(len(t.terms))
		t.hands = append(t.hands, h)
	}
	return t
}

// eval returns the distribution of the dealer's outcome when the cards of
// rm (the up card among them) are out of the shoe.
func (t *dealerTable) eval(s *shoe, rm *removal) dist {
	// ff[v<<4|k] is the falling factorial of the cards of value v left, k
	// terms; inv[k] the reciprocal of the falling factorial of all cards left.
	var ff [values << 4]float64
	var inv [maxDealerCount*values + 1]float64
	most := 0
	for i := range values {
		left := s.n[i] - float64(rm.count[i])
		f := 1.0
		ff[i<<4] = 1
		for k := 1; k <= t.most[i]; k++ {
			if s.infinite {
				f *= s.n[i]
			} else {
				f *= max(left-float64(k-1), 0)
			}
			ff[i<<4|k] = f
		}
		most += t.most[i]
	}
	left := s.size - float64(rm.cards)
	f := 1.0
	inv[0] = 1
	for k := 1; k <= most && k < len(inv); k++ {
		if !s.infinite {
			f *= left - float64(k-1)
		}
		if f > 0 {
			inv[k] = 1 / f
		}
	}
	var d dist
	for _, h := range t.hands {
		p := h.orders * inv[h.size]
		for _, term := range t.terms[h.lo:h.hi] {
			p *= ff[term]
		}
		d[h.out] += p
	}
	return d
}

// standEV is the return of standing on a total of t (at most 21, not a
// blackjack) for one unit, a dealer blackjack losing it.
func standEV(d *dist, t int) float64 {
	ev := d[outBust] - d[outBlackjack]
	for i := range 5 {
		switch dt := 17 + i; {
		case dt < t:
			ev += d[out17+i]
		case dt > t:
			ev -= d[out17+i]
		}
	}
	return ev
}
