package blackjack

import "github.com/croupier/croupier/shared/card"

// Points is a card's count: 2–10 their face value, J, Q and K ten, an ace
// eleven (it counts one where eleven would bust the hand: Value)
// (cz-blackjack.md §5; ru-blackjack.md §1.2).
func Points(c card.Card) int { return int(points[c]) }

// points are Points by card, counted once, for every value a Card can
// hold (one that is not a card counts as its rank says, ten), so that a
// card indexes it without a bounds check.
var points = func() (p [256]uint8) {
	for c := range p {
		p[c] = uint8(points1(card.Card(c)))
	}
	return p
}()

// hardPoints are Value's count of a card: its points with an ace as one
// in the low bits, and anAce set for an ace.
var hardPoints = func() (h [256]uint8) {
	for c := range h {
		h[c] = points[c]
		if points[c] == 11 {
			h[c] = 1 | anAce
		}
	}
	return h
}()

// anAce marks an ace in hardPoints, above any card's points.
const anAce = 0x40

func points1(c card.Card) int {
	switch r := c.Rank(); {
	case r == card.Ace:
		return 11
	case r >= card.Ten:
		return 10
	default:
		return int(r) + 2
	}
}

// Value is a hand's total: each ace counts 11 unless that takes the
// total over 21, then 1 (cz §5; ru §3.33–3.34, T1 "6, A" is 7/17, T2 "6,
// A, 8" is 15). Soft reports an ace still counting 11, so that the total
// could also be read 10 less.
//
// Counted with every ace as one, at most one ace can count eleven (two
// would make at least 22): one does when the total then stays within 21.
// It is worked out without branches (b2i): which way they would go is
// the cards', which no CPU can foresee, and Value is asked often.
func Value(cards []card.Card) (total int, soft bool) {
	aces := uint8(0)
	for _, c := range cards {
		p := hardPoints[c]
		total += int(p &^ anAce)
		aces |= p
	}
	soft = b2i(aces&anAce != 0)&b2i(total <= 11) != 0
	return total + 10*b2i(soft), soft
}

// b2i is 1 for true, 0 for false, which the compiler makes without a
// branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// IsBlackjack reports two cards making 21: an ace and a ten-value card
// (cz §5; ru §3.38). Whether a hand's two-card 21 is a blackjack also
// depends on the hand coming from a split (cz §10.5; ru §3.36): the
// engine asks that separately.
func IsBlackjack(cards []card.Card) bool {
	return len(cards) == 2 && Points(cards[0])+Points(cards[1]) == 21 // an ace (11) and a ten
}

// isTen is a ten-value card.
func isTen(c card.Card) bool { return Points(c) == 10 }

// isAce is an ace.
func isAce(c card.Card) bool { return c.Rank() == card.Ace }

// pair reports two cards a player may split: of equal point value
// (cz §0; ru §3.20, N2) or, by the rank rule, of the same rank.
func pair(a, b card.Card, by SplitRule) bool {
	if by == ByRank {
		return a.Rank() == b.Rank()
	}
	return Points(a) == Points(b)
}

// sevens reports three sevens (cz §6.6 "7-7-7"), of one suit when suited.
func sevens(cards []card.Card, suited bool) bool {
	if len(cards) != 3 {
		return false
	}
	for _, c := range cards {
		if c.Rank() != card.Seven || (suited && c.Suit() != cards[0].Suit()) {
			return false
		}
	}
	return true
}
