package casinopoker

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The showdown's sweep counts, for every holding beside a board, what a
// comparison with each of the 990 dealer holdings finds; and the nets
// summed from its counts are the spec's settlement (settleCall, settle)
// summed over them: gr-casino-holdem.md §6.1, cz-casino-texas-holdem.md
// §6 (best of seven only: the Czech game has no two-plus-three rule).
func TestShowdownCountsEveryDealerHolding(t *testing.T) {
	numeric(t)
	rng := rand.New(rand.NewPCG(16, 2026))
	for _, tc := range []struct {
		name string
		eval Evaluator
		q    banked.Qualifier
	}{
		{"gr best of seven, pair of fours", BestOfSeven, banked.PairOfFoursOrBetter},
		{"ru two plus three, pair of fours", TwoPlusThree, banked.PairOfFoursOrBetter},
		{"cz best of seven, any pair", BestOfSeven, banked.AnyPair},
		{"ace-king", BestOfSeven, banked.AceKingOrBetter},
	} {
		t.Run(tc.name, func(t *testing.T) {
			qual, ok := lowestQualifying(tc.q)
			if !ok {
				t.Fatal("not a threshold")
			}
			s := newShowdown(tc.eval, qual)
			gr := HoldemRules{Ante: GreekAnte(), Qualifier: tc.q, Eval: tc.eval}
			cz := CasinoTexasRules{Blind: CzechBlind(), Qualifier: tc.q}
			ante, blind := gr.Ante.byValue(), cz.Blind.byValue()
			for _, board := range testBoards(rng, 6) {
				s.deal(board)
				for _, i := range []int{0, 1, 99, 540, 1000, 1080, rng.IntN(restPairs)} {
					checkHolding(t, s, i, tc.q, gr, cz, ante[s.value[i]], blind[s.value[i]])
				}
			}
		})
	}
}

// testBoards deals n random sorted boards, and boards where ties and
// non-qualifying dealers abound.
func testBoards(rng *rand.Rand, n int) [][5]card.Card {
	var out [][5]card.Card
	for _, s := range []string{"As Ah Kd Kc Qs", "2c 3d 4h 5s 6c", "9s 9h 9d 9c 2s", "2c 7d 9h Js Kc", "Ts Js Qs Ks As"} {
		b := [5]card.Card(cardList(s))
		sortCards(b[:])
		out = append(out, b)
	}
	for range n {
		deck := card.Deck(1)
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		b := [5]card.Card(deck[:5])
		sortCards(b[:])
		out = append(out, b)
	}
	return out
}

func checkHolding(t *testing.T, s *showdown, i int, q banked.Qualifier, gr HoldemRules, cz CasinoTexasRules, ante, blind float64) {
	t.Helper()
	hole := s.cards[i]
	used := card.SetOf(append(hole[:], s.board[:]...)...)
	pv := s.eval.valueOf(hole, s.board)
	var want [6]int
	var call, base, play float64
	for b := range card.Card(card.NumCards) {
		for a := range b {
			if used.Has(a) || used.Has(b) {
				continue
			}
			dealer := [2]card.Card{a, b}
			dv := s.eval.valueOf(dealer, s.board)
			k := 0
			switch {
			case dv == pv:
				k = 1
			case dv > pv:
				k = 2
			}
			want[k]++
			if !q.Qualifies(dv) {
				want[3+k]++
			}
			call += gr.settleCall(hole, dealer, s.board)
			p := playOf(cz, hole, dealer, s.board)
			base += cz.settle(hole, dealer, s.board, 1) - p
			play += p
		}
	}
	got := [6]int{int(s.below[i]), int(s.equal[i]), s.above(i), int(s.nqBelow[i]), int(s.nqEqual[i]), int(s.nqAbove[i])}
	if s.value[i] != pv || got != want {
		t.Fatalf("%s on %s: value %d/%d, below/equal/above and not qualifying %v, want %v",
			card.Join(hole[:]), card.Join(s.board[:]), s.value[i], pv, got, want)
	}
	if got := callNet(s, i, ante); got != call {
		t.Errorf("%s on %s: call net %v, settled one by one %v", card.Join(hole[:]), card.Join(s.board[:]), got, call)
	}
	if b, p := texasNet(s, i, blind); s.eval == BestOfSeven && (b != base || p != play) {
		t.Errorf("%s on %s: Ante+Blind %v and Play %v, settled one by one %v and %v", card.Join(hole[:]), card.Join(s.board[:]), b, p, base, play)
	}
}

// playOf is the net of one unit of Play: a Play of 2 less a Play of 1.
func playOf(r CasinoTexasRules, hole, dealer [2]card.Card, board [5]card.Card) float64 {
	return r.settle(hole, dealer, board, 2) - r.settle(hole, dealer, board, 1)
}

func TestLowestQualifying(t *testing.T) {
	for _, tc := range []struct {
		q    banked.Qualifier
		low  string // the weakest qualifying five cards
		miss string // the strongest that fail
	}{
		{banked.PairOfFoursOrBetter, "4c 4d 2h 3s 5c", "3c 3d Ah Ks Qc"},
		{banked.AnyPair, "2c 2d 3h 4s 5c", "Ac Kd Qh Js 9c"},
		{banked.AceKingOrBetter, "Ac Kd 2h 3s 4c", "Ac Qd Jh Ts 9c"},
	} {
		q, ok := lowestQualifying(tc.q)
		low, miss := rank.Best(cardList(tc.low)...), rank.Best(cardList(tc.miss)...)
		if !ok || q != low || miss != low-1 {
			t.Errorf("%v: lowest %d (%v), want %d (%v) just above %d", tc.q, q, ok, low, low.Name(), miss)
		}
	}
}

// cardList parses a list the test wrote.
func cardList(s string) []card.Card {
	cs, err := card.ParseString(s)
	if err != nil {
		panic(err)
	}
	return cs
}
