package russianpoker

import (
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// combinations are the lines of the box's main and second combinations
// (§4.13–4.16, N4), as package banked's RussianCombinations finds them,
// but for one case it gets wrong: it takes four of a kind with its
// kicker for a combination of its own (the five cards it ranks as a
// hand, where the quads' defining cards are four), which has a card
// outside the main quads and so becomes the second: K-K-K-K-2 would be
// paid four of a kind twice. For a hand holding four of a kind the
// second is found here from the cards outside them: a pair of them makes
// a full house with three of the four (six cards), else an ace and a king
// one of which is outside make an Ace-King, else there is none.
func combinations(cards []card.Card) (main, second Line, ok bool) {
	m, s, ok := banked.RussianCombinations(cards)
	if m.Line != banked.Quads {
		return m.Line, s.Line, ok
	}
	quad := m.Cards[0].Rank()
	var out []card.Card
	for _, c := range cards {
		if c.Rank() != quad {
			out = append(out, c)
		}
	}
	if len(out) == 2 && out[0].Rank() == out[1].Rank() {
		return m.Line, banked.FullHouse, true
	}
	var ace, king bool
	for _, c := range out {
		ace = ace || c.Rank() == card.Ace
		king = king || c.Rank() == card.King
	}
	if ace && (king || quad == card.King) || king && quad == card.Ace {
		return m.Line, banked.AceKing, true
	}
	return m.Line, banked.NoLine, false
}
