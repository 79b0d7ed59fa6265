package banked

import "github.com/croupier/croupier/shared/card"

// CompareSmall compares two Split poker small hands of two cards
// (docs/rules/ru-split-poker.md §4.2): a pair beats any non-pair; two pairs compare by
// rank and equal pairs are equal; two non-pairs compare the higher card,
// then the lower. Suits never count; the ace is high. It returns +1 when a
// is higher, -1 when b is, 0 when they are equal.
func CompareSmall(a, b [2]card.Card) int {
	ka, kb := smallKey(a), smallKey(b)
	switch {
	case ka > kb:
		return 1
	case ka < kb:
		return -1
	}
	return 0
}

func smallKey(h [2]card.Card) int {
	hi, lo := int(h[0].Rank()), int(h[1].Rank())
	if lo > hi {
		hi, lo = lo, hi
	}
	if hi == lo {
		return 1000 + hi
	}
	return hi*13 + lo
}
