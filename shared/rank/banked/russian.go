package banked

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// Combination is a paying combination: its paytable line and the cards
// that define it (the pair, the two pairs, the trips, the quads, all five
// cards of a straight, flush, full house or straight flush, or the ace and
// the king of an Ace-King), most significant first.
type Combination struct {
	Line  Line
	Cards []card.Card
	// strength orders combinations of the same line.
	strength uint32
}

func (c Combination) better(d Combination) bool {
	if lineOrder[c.Line] != lineOrder[d.Line] {
		return lineOrder[c.Line] > lineOrder[d.Line]
	}
	return c.strength > d.strength
}

// RussianCombinations returns the main and the second combination of a
// Russian poker box of 5 or 6 cards (docs/rules/ru-russian-poker.md §4.13–4.16, §7).
//
// The main combination is the best five-card hand (Ace-King counts as a
// combination, the minimum game of §4.18's heading). The second is the
// best combination whose defining cards include at least one card outside
// the main combination's defining cards (the spec's suggested algorithm,
// N4) and that is not the main combination again with another card of the
// same rank (7-7-7-K-K-K gives K-K-K-7-7 and 7-7-7-K-K, §4.11, not two
// kings-full): on five cards only an Ace-King beside a lower combination can be
// one; on six cards three pairs give two "two pair" combinations (§4.9)
// and two sets of trips two full houses (§4.11). Four of a kind is its
// four cards, so its kicker makes no second (K-K-K-K-2 has none); six
// suited cards make two flushes, the second holding the sixth card (N4
// read literally). ok is false when the box holds no second combination.
// A main line of HighCard is no combination.
func RussianCombinations(cs []card.Card) (main, second Combination, ok bool) {
	h := rank.Describe(cs...)
	main = Combination{Line: LineOf(h.Value), strength: uint32(h.Value)}
	switch main.Line {
	case Pair, AceKing:
		main.Cards = h.Cards[:2:2]
	case Trips:
		main.Cards = h.Cards[:3:3]
	case TwoPair, Quads:
		main.Cards = h.Cards[:4:4]
	case HighCard, NoLine:
		main.Cards = nil
	default:
		main.Cards = h.Cards[:]
	}
	inMain := card.SetOf(main.Cards...)
	mainRanks := ranksOf(main.Cards)
	consider := func(c Combination) {
		if card.SetOf(c.Cards...)&^inMain == 0 {
			return // no card outside the main combination
		}
		if c.Line == main.Line && ranksOf(c.Cards) == mainRanks {
			return // the main combination with a card swapped for its twin
		}
		if !ok || c.better(second) {
			second, ok = c, true
		}
	}
	eachCombination(cs, consider)
	return main, second, ok
}

// eachCombination calls f with every paying combination among the cards:
// each pair, two pair, trips, quads and Ace-King by its defining cards, and
// each five-card straight, flush, full house and straight flush.
func eachCombination(cs []card.Card, f func(Combination)) {
	n := len(cs)
	part := func(l Line, cards ...card.Card) {
		sorted := append([]card.Card(nil), cards...)
		for i := 1; i < len(sorted); i++ { // most significant first
			for j := i; j > 0 && sorted[j] > sorted[j-1]; j-- {
				sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
			}
		}
		f(Combination{Line: l, Cards: sorted, strength: uint32(rank.UpCards(sorted...))})
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			a, b := cs[i], cs[j]
			if a.Rank() == b.Rank() {
				part(Pair, a, b)
				for k := j + 1; k < n; k++ {
					if cs[k].Rank() != a.Rank() {
						continue
					}
					part(Trips, a, b, cs[k])
					for l := k + 1; l < n; l++ {
						if cs[l].Rank() == a.Rank() {
							part(Quads, a, b, cs[k], cs[l])
						}
					}
				}
				// Two pair: this pair with a pair of a lower rank.
				for k := 0; k < n; k++ {
					for l := k + 1; l < n; l++ {
						c, d := cs[k], cs[l]
						if c.Rank() == d.Rank() && c.Rank() < a.Rank() {
							part(TwoPair, a, b, c, d)
						}
					}
				}
			}
			if a.Rank() == card.Ace && b.Rank() == card.King || a.Rank() == card.King && b.Rank() == card.Ace {
				part(AceKing, a, b)
			}
		}
	}
	if n < 5 {
		return
	}
	var five [5]card.Card
	var pick func(start, k int)
	pick = func(start, k int) {
		if k == 5 {
			v := rank.Best(five[:]...)
			// Four of a kind is defined by its four cards, not the five
			// with its kicker (§7, N4), and the pairs above give it so:
			// taken with the kicker it would have a card outside the main
			// quads and be paid again as the second (K-K-K-K-2).
			if c := v.Category(); c >= rank.Straight && c != rank.Quads {
				h := rank.Describe(five[:]...)
				f(Combination{Line: LineOf(v), Cards: append([]card.Card(nil), h.Cards[:]...), strength: uint32(v)})
			}
			return
		}
		for i := start; i <= n-(5-k); i++ {
			five[k] = cs[i]
			pick(i+1, k+1)
		}
	}
	pick(0, 0)
}

// ranksOf is the ranks of up to five cards in order, as one comparable
// number.
func ranksOf(cs []card.Card) uint32 {
	var k uint32
	for _, c := range cs {
		k = k<<4 | uint32(c.Rank()) + 1
	}
	return k
}
