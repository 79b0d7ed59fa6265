package blackjack

import (
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// valueByDefinition is Value as the rules word it (cz §5; ru §3.33): each
// ace counts 11, then 1 for as many as the total needs to stay within 21.
func valueByDefinition(cards []card.Card) (int, bool) {
	total, aces := 0, 0
	for _, c := range cards {
		total += points1(c)
		if c.Rank() == card.Ace {
			aces++
		}
	}
	for total > 21 && aces > 0 {
		total -= 10
		aces--
	}
	return total, aces > 0
}

// TestValueIsItsDefinition checks Value, which counts without branches,
// against the definition for every hand of up to five cards by rank, and
// for values of a Card that are not cards.
func TestValueIsItsDefinition(t *testing.T) {
	var cards []card.Card
	var walk func(n int)
	walk = func(n int) {
		total, soft := Value(cards)
		if wt, ws := valueByDefinition(cards); total != wt || soft != ws {
			t.Fatalf("Value(%v) = %d %v, want %d %v", cards, total, soft, wt, ws)
		}
		if n == 0 {
			return
		}
		for r := card.Two; r <= card.Ace; r++ {
			cards = append(cards, card.New(r, card.Suit(n%4)))
			walk(n - 1)
			cards = cards[:len(cards)-1]
		}
	}
	walk(5)
	for c := card.NumCards; c < 256; c++ {
		odd := []card.Card{card.Card(c), card.New(card.Ace, card.Spades)}
		if total, soft := Value(odd); total != 21 || !soft || Points(card.Card(c)) != points1(card.Card(c)) {
			t.Fatalf("Value(%v) = %d %v; Points %d", odd, total, soft, Points(card.Card(c)))
		}
	}
}
