package casinopoker

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// The exact figures add the deals up one class of suits at a time, so a
// strategy must decide alike on a deal and on its image under any
// permutation of the suits.
func TestSimpleStrategiesAreSuitBlind(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 20_000
	if raceEnabled {
		n = 2_000
	}
	for range n {
		deck := card.Deck(1)
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		p := rng.IntN(len(suitPerms))
		var img [7]card.Card
		for i := range img {
			img[i] = permCard[p][deck[i]]
		}
		hole, board := [2]card.Card(deck[:2]), [5]card.Card(deck[2:7])
		hole2, board2 := [2]card.Card(img[:2]), [5]card.Card(img[2:7])
		flop, flop2 := [3]card.Card(board[:3]), [3]card.Card(board2[:3])
		if SimpleHoldem(hole, flop) != SimpleHoldem(hole2, flop2) ||
			SimplePreflop(hole) != SimplePreflop(hole2) ||
			simpleTexasFlop(hole, flop) != simpleTexasFlop(hole2, flop2) ||
			simpleTexasRiver(hole, board) != simpleTexasRiver(hole2, board2) {
			t.Fatalf("%s | %s decided otherwise under suit permutation %v", card.Join(hole[:]), card.Join(board[:]), suitPerms[p])
		}
	}
}

// SimpleHoldem's rules, one vector each.
func TestSimpleHoldem(t *testing.T) {
	for _, tc := range []struct {
		hole, flop string
		call       bool
	}{
		{"2c 7d", "9h 4h Kh", false}, // nothing
		{"2h 7d", "9h 4h Kh", true},  // four to a flush
		{"8c 7d", "9h 6s Kh", true},  // 6-7-8-9, open-ended
		{"Jc 2d", "Qh Ks Ah", false}, // J-Q-K-A is one-ended, a jack with a 2
		{"3c 2d", "4h 5s Kh", true},  // 2-3-4-5, open at both ends
		{"7c 2d", "7h Js 4c", true},  // a pair that plays a hole card
		{"7c 2d", "Kh Ks 4c", false}, // the flop's pair, no ten in hand
		{"Tc 2d", "Kh Ks 4c", true},  // the flop's pair, a ten in hand
		{"8c 3d", "Kh Ks Kc", false}, // the flop's three of a kind
		{"Ac 2d", "Jh 8s 4c", true},  // an ace
		{"Qc 3d", "Jh 8s 4c", false}, // a queen with a 3
		{"Qc 4d", "Jh 8s 5c", true},  // a queen with a 4
		{"9c 4d", "Jh 8s 2c", false}, // a nine with a 4
		{"9c 5d", "Jh 8s 2c", true},  // a nine with a 5
		{"8c 7d", "Jh 4s 2c", false}, // an eight
	} {
		hole, flop := [2]card.Card(cards(t, tc.hole)), [3]card.Card(cards(t, tc.flop))
		if got := SimpleHoldem(hole, flop); got != tc.call {
			t.Errorf("%s on %s: call %v, want %v", tc.hole, tc.flop, got, tc.call)
		}
	}
}

// SimpleCasinoTexas's rules, one vector each.
func TestSimpleCasinoTexas(t *testing.T) {
	s := SimpleCasinoTexas()
	for _, tc := range []struct {
		hole, board string // a flop for the flop rule, five cards for the river
		want        bool
	}{
		{"3c 3d", "", true}, {"2c 2d", "", false}, {"Ac 2d", "", true}, {"Kc 2c", "", true},
		{"Kc 4d", "", false}, {"Kc 5d", "", true}, {"Qc 6c", "", true}, {"Qc 7d", "", false},
		{"Qc 8d", "", true}, {"Jc 8c", "", true}, {"Jc 9d", "", false}, {"Jc Td", "", true}, {"Tc 9c", "", false},
		{"9c 6d", "9h Ks 2c", true},        // a pair that plays a hole card
		{"2c 2d", "9h Ks 3c", false},       // pocket twos
		{"2c 6d", "2h Ks 3c", true},        // a pair of twos from the flop and a hole card
		{"Ts 4d", "9s Ks 3s", true},        // four to a flush with the ten of the suit
		{"9s 4d", "Ts Ks 3s", false},       // four to a flush, the nine of the suit
		{"6c 4d", "Kh Kc 9s", false},       // the flop's pair
		{"6c 4d", "Kh Kc 9s 6h 2d", true},  // river: two pair with a hole card
		{"6c 4d", "Kh Kc 9s 8h 2d", false}, // river: the board's pair, many outs
		{"Ac Qd", "Kh 9c 7s 4h 2d", true},  // river: A-Q high, 15 outs
		{"7c 3d", "Kh Jc 9s 5h 2d", false}, // river: 7-high, too many outs
	} {
		hole := [2]card.Card(cards(t, tc.hole))
		var got bool
		switch b := cards(t, tc.board); len(b) {
		case 0:
			got = s.Preflop(hole)
		case 3:
			got = s.Flop(hole, [3]card.Card(b))
		default:
			got = s.River(hole, [5]card.Card(b))
		}
		if got != tc.want {
			t.Errorf("%s / %s: play %v, want %v", tc.hole, tc.board, got, tc.want)
		}
	}
}
