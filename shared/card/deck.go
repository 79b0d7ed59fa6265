package card

// Deck returns n standard decks in the canonical order: deck by deck, each
// 2c 2d 2h 2s 3c ... As. The RNG shuffles this order; a shuffle is therefore
// fully described by the permutation it applied.
func Deck(n int) []Card {
	out := make([]Card, 0, n*NumCards)
	for d := 0; d < n; d++ {
		for c := Card(0); c < NumCards; c++ {
			out = append(out, c)
		}
	}
	return out
}
