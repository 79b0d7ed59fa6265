package blackjack

// shoe holds how many cards of each value the full shoe has. An infinite
// shoe holds the proportions instead and never changes as cards are dealt:
// the limit the finite figures approach as the decks grow.
type shoe struct {
	n        [values]float64
	size     float64
	infinite bool
}

// newShoe returns a shoe of the given number of 52-card decks.
func newShoe(decks int) shoe {
	var s shoe
	d := float64(decks)
	for v := 1; v < ten; v++ {
		s.n[v-1] = 4 * d
	}
	s.n[ten-1] = 16 * d
	s.size = 52 * d
	return s
}

// infiniteShoe returns the shoe dealt with replacement.
func infiniteShoe() shoe {
	var s shoe
	for v := 1; v < ten; v++ {
		s.n[v-1] = 1.0 / 13
	}
	s.n[ten-1] = 4.0 / 13
	s.size = 1
	s.infinite = true
	return s
}

// removal is the cards already out of the shoe: the up card, the player's
// cards and any other cards the calculation accounts for.
type removal struct {
	count [values]int
	cards int
}

func (r *removal) add(v, k int) {
	r.count[v-1] += k
	r.cards += k
}

func (r *removal) addHand(h *hand) {
	for i, k := range h.count {
		r.count[i] += int(k)
	}
	r.cards += int(h.cards)
}

// draws returns the probability of each value being the next card dealt.
// A value the removal has exhausted has probability 0.
func (s *shoe) draws(r *removal) (p [values]float64) {
	if s.infinite {
		return s.n
	}
	left := s.size - float64(r.cards)
	for i := range p {
		if k := s.n[i] - float64(r.count[i]); k > 0 {
			p[i] = k / left
		}
	}
	return p
}

// possible reports whether the removal can come out of the shoe at all.
func (s *shoe) possible(r *removal) bool {
	if s.infinite {
		return true
	}
	for i, k := range r.count {
		if float64(k) > s.n[i] {
			return false
		}
	}
	return true
}
