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

// A decision names the wait it answers (Turn.Seq), and no wait is 0,
// which means "the current one": a hit sent again for the wait the first
// hit answered (a double click, a retry under a new key) is a replay, not
// a second card, and another decision for that wait is stale. Waits
// start at 1 in every round.
func TestADecisionForAnAnsweredWaitIsStale(t *testing.T) {
	g := newGame(t, rules(t, CZ))
	for round := 1; round <= 2; round++ {
		g.open("ann 1 100")
		g.deal("5s", "6d", "3h") // 8 against the dealer's 6
		seq := g.s.Turn.Seq
		if seq == 0 {
			t.Fatalf("round %d: the first wait is numbered 0, which means the current one", round)
		}
		g.do(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Hit, Seq: seq})
		g.cards("2c")
		// The same hit again is a replay; a stand for that wait is stale.
		g.replay(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Hit, Seq: seq})
		g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Stand, Seq: seq}, ReasonStaleTurn)
		g.do(Command{Kind: CmdDecide, Player: "ann", Box: 1, Hand: 1, Action: Stand, Seq: g.s.Turn.Seq})
		g.cards("Tc", "9s") // the dealer: 6 + 10 + 9, bust
		if !g.s.Phase.Over() {
			t.Fatalf("round %d did not end: %v", round, g.s.Stage)
		}
	}
}
