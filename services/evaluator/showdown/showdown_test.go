package showdown

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/reason"
	"github.com/croupier/croupier/shared/split"
)

func cs(t *testing.T, s string) []card.Card {
	t.Helper()
	c, err := card.ParseString(s)
	if err != nil {
		t.Fatalf("bad test cards %q: %v", s, err)
	}
	return c
}

func settle(t *testing.T, req Request) Result {
	t.Helper()
	res, err := Settle(req)
	if err != nil {
		t.Fatalf("Settle: %v", err)
	}
	return res
}

func awards(r PotResult) map[int]int64 {
	m := map[int]int64{}
	for _, a := range r.Awards {
		m[a.Seat] = a.Amount
	}
	return m
}

// tie builds a Hold'em showdown where the given seats all play the same
// board (a royal flush) and the others hold nothing better.
func tie(t *testing.T, seats []int, amount, unit int64, button, size int, rule split.OddChip) Result {
	t.Helper()
	holes := []string{"2c 3d", "2d 3h", "2h 3s", "2s 4c", "4d 5c", "4h 5d", "4s 5h", "5s 6c", "6d 7c"}
	var ss []Seat
	for i, s := range seats {
		ss = append(ss, Seat{Seat: s, Hole: cs(t, holes[i])})
	}
	return settle(t, Request{
		Game: rank.GameHigh, Board: cs(t, "As Ks Qs Js Ts"), Seats: ss,
		Pots: []Pot{{Amount: amount, Eligible: seats}}, OddChip: rule, Button: button, TableSize: size, ChipUnit: unit,
	})
}

// docs/rules/gr-regulation-1-variants-and-terms.md §8 vector 15: button at seat 5,
// seats 3 and 7 tie for €25 with €1 chips: seat 7 (first clockwise after
// the button) gets €13, seat 3 €12. Three-way €100 tie (seats 2, 6, 9,
// button 8): €33 each and the extra €1 to seat 9.
func TestGrRegulation1Vector15OddChip(t *testing.T) {
	r := tie(t, []int{3, 7}, 25, 1, 5, 10, split.FirstAfterButton)
	if a := awards(r.Pots[0]); a[7] != 13 || a[3] != 12 {
		t.Errorf("two-way: %v, want seat 7 13 and seat 3 12", a)
	}
	r = tie(t, []int{2, 6, 9}, 100, 1, 8, 10, split.FirstAfterButton)
	if a := awards(r.Pots[0]); a[9] != 34 || a[2] != 33 || a[6] != 33 {
		t.Errorf("three-way: %v, want seat 9 34, seats 2 and 6 33", a)
	}
}

// docs/rules/gr-regulation-2-general-operation.md §9 (G7.8, N17): pot €100, lowest
// chip €5, three winners: €30 each and the €10 remainder to the first tied
// winner after the button.
func TestGrRegulation2WholeRemainderToFirstWinner(t *testing.T) {
	r := tie(t, []int{2, 4, 6}, 100, 5, 3, 9, split.FirstAfterButton)
	if a := awards(r.Pots[0]); a[4] != 40 || a[6] != 30 || a[2] != 30 {
		t.Errorf("%v, want seat 4 40, seats 6 and 2 30", a)
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vector 8: a pot of 25 split between the
// SB (first after the button) and the button: SB 13, button 12.
func TestCzCashGameVector8WorstPosition(t *testing.T) {
	r := tie(t, []int{1, 2}, 25, 1, 1, 6, split.WorstPosition) // button seat 1, SB seat 2
	if a := awards(r.Pots[0]); a[2] != 13 || a[1] != 12 {
		t.Errorf("%v, want SB (seat 2) 13 and the button 12", a)
	}
}

// docs/rules/ru-club-poker.md T11: pot 101 split between two, smallest chip 1: 51 to
// the winner first left of the button, 50 to the other. T1: a board royal
// flush splits three ways.
func TestRuClubPokerT11AndT1(t *testing.T) {
	r := tie(t, []int{2, 8}, 101, 1, 5, 9, split.FirstAfterButton)
	if a := awards(r.Pots[0]); a[8] != 51 || a[2] != 50 {
		t.Errorf("T11: %v, want seat 8 51 and seat 2 50", a)
	}
	r = tie(t, []int{1, 3, 5}, 300, 1, 1, 6, split.FirstAfterButton)
	if a := awards(r.Pots[0]); a[1] != 100 || a[3] != 100 || a[5] != 100 {
		t.Errorf("T1: %v, want 100 each", a)
	}
}

// docs/rules/betting-rules-ru-sports.md D12: pot 275, smallest chip 25, two winners:
// 125 each and the odd 25 chip to the first winner clockwise from the
// button. §5.9.3 GAP default: several odd chips go one at a time.
func TestRuSportsD12OddChipAndOneAtATime(t *testing.T) {
	r := tie(t, []int{4, 7}, 275, 25, 6, 9, split.OneAtATime)
	if a := awards(r.Pots[0]); a[7] != 150 || a[4] != 125 {
		t.Errorf("D12: %v, want seat 7 150, seat 4 125", a)
	}
	// 4 winners, 11 units of 25: 2 units each and one unit to each of the
	// first three clockwise from the button (seat 6): seats 7, 9, 2.
	r = tie(t, []int{2, 4, 7, 9}, 275, 25, 6, 9, split.OneAtATime)
	if a := awards(r.Pots[0]); a[7] != 75 || a[9] != 75 || a[2] != 75 || a[4] != 50 {
		t.Errorf("one at a time: %v", a)
	}
	// The same pot, whole remainder: seat 7 takes all three units.
	r = tie(t, []int{2, 4, 7, 9}, 275, 25, 6, 9, split.FirstAfterButton)
	if a := awards(r.Pots[0]); a[7] != 125 || a[9] != 50 || a[2] != 50 || a[4] != 50 {
		t.Errorf("whole remainder: %v", a)
	}
}

// Stud: the odd chip goes to the tied winner with the highest card by suit.
func TestHighestSuitOddChipInStud(t *testing.T) {
	// Seats 1 and 2 tie with A-K-Q-J-9 high; seat 2's ace is the A♠.
	res := settle(t, Request{
		Game: rank.GameHigh,
		Seats: []Seat{
			{Seat: 1, Hole: cs(t, "Ah Kd Qc Jh 9c 3d 2c")},
			{Seat: 2, Hole: cs(t, "As Kc Qd Jd 9d 3h 2d")},
			{Seat: 3, Hole: cs(t, "Ac Kh Qh Jc 8c 3s 2h")},
		},
		Pots:    []Pot{{Amount: 101, Eligible: []int{1, 2, 3}}},
		OddChip: split.HighestSuit, TableSize: 8,
	})
	if a := awards(res.Pots[0]); a[2] != 51 || a[1] != 50 || a[3] != 0 {
		t.Errorf("%v, want seat 2 51 and seat 1 50", a)
	}
}

// gr-regulation-1 §8 vector 12: side pots €230 {A,B,C,D}, €210 {B,C,D},
// €160 {C,D}. A holds the best hand and wins the main pot; B the next best
// wins side pot 1; C beats D for side pot 2.
func TestGrRegulation1Vector12SidePots(t *testing.T) {
	const a, b, c, d = 1, 2, 3, 4
	res := settle(t, Request{
		Game:  rank.GameHigh,
		Board: cs(t, "Ks 9h 7d 4c 2s"),
		Seats: []Seat{
			{Seat: a, Hole: cs(t, "Kh Kd")}, // trips
			{Seat: b, Hole: cs(t, "9s 9d")}, // lower trips
			{Seat: c, Hole: cs(t, "Ac Kc")}, // pair of kings
			{Seat: d, Hole: cs(t, "Qc Jc")}, // king high
		},
		Pots: []Pot{
			{Amount: 230, Eligible: []int{a, b, c, d}},
			{Amount: 210, Eligible: []int{b, c, d}},
			{Amount: 160, Eligible: []int{c, d}},
		},
		OddChip: split.FirstAfterButton, Button: 4, TableSize: 6, ChipUnit: 1,
	})
	want := []map[int]int64{{a: 230}, {b: 210}, {c: 160}}
	for i, w := range want {
		got := awards(res.Pots[i])
		if len(got) != len(w) || got[a] != w[a] || got[b] != w[b] || got[c] != w[c] {
			t.Errorf("pot %d: %v, want %v", i, got, w)
		}
	}
	if res.Pots[0].Winning.Category() != rank.Trips {
		t.Errorf("main pot won with %v", res.Pots[0].Winning)
	}
}

// Omaha showdown uses the exact two-plus-three rule (docs/rules/gr-variant-omaha.md
// §7 vector 1: the four-flush board gives S1 no flush).
func TestOmahaShowdownUsesTwoPlusThree(t *testing.T) {
	res := settle(t, Request{
		Game:  rank.GameOmaha,
		Board: cs(t, "As Ks 7s 4s 2h"),
		Seats: []Seat{
			{Seat: 1, Hole: cs(t, "Qs Qh 9d 8c")}, // pair of queens, no flush
			{Seat: 2, Hole: cs(t, "Jc Jd 3h 3c")}, // pair of jacks
		},
		Pots:    []Pot{{Amount: 50, Eligible: []int{1, 2}}},
		OddChip: split.FirstAfterButton, Button: 2, TableSize: 6,
	})
	if a := awards(res.Pots[0]); a[1] != 50 {
		t.Errorf("%v, want seat 1 to win 50", a)
	}
}

// Property: every pot's awards sum to the pot, shares differ by at most the
// remainder, winners hold the best eligible hand, and every winner but the
// odd-chip recipients gets a whole number of chip units.
func TestSplitsSumToThePot(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for i := 0; i < 20_000; i++ {
		size := 2 + rng.IntN(9)
		nSeats := 2 + rng.IntN(size-1)
		perm := rng.Perm(52)
		seats := rng.Perm(size)[:nSeats]
		var ss []Seat
		k := 0
		board := []card.Card{card.Card(perm[0]), card.Card(perm[1]), card.Card(perm[2]), card.Card(perm[3]), card.Card(perm[4])}
		k = 5
		if i%3 == 0 { // many ties: everyone plays the board
			board = cs(t, "As Ks Qs Js Ts")
			used := card.SetOf(board...)
			perm = perm[:0]
			for c := 0; c < 52; c++ {
				if !used.Has(card.Card(c)) {
					perm = append(perm, c)
				}
			}
			k = 0
		}
		for _, s := range seats {
			ss = append(ss, Seat{Seat: s + 1, Hole: []card.Card{card.Card(perm[k]), card.Card(perm[k+1])}})
			k += 2
		}
		var eligible []int
		for _, s := range ss {
			if rng.IntN(3) > 0 || len(eligible) == 0 {
				eligible = append(eligible, s.Seat)
			}
		}
		unit := []int64{1, 5, 25}[rng.IntN(3)]
		amount := rng.Int64N(10_000)
		rule := split.OddChip(1 + rng.IntN(4))
		res, err := Settle(Request{Game: rank.GameHigh, Board: board, Seats: ss, Pots: []Pot{{Amount: amount, Eligible: eligible}},
			OddChip: rule, Button: 1 + rng.IntN(size), TableSize: size, ChipUnit: unit})
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		best := rank.Value(0)
		for _, s := range eligible {
			best = max(best, res.Hands[s].Value)
		}
		for _, a := range res.Pots[0].Awards {
			sum += a.Amount
			if res.Hands[a.Seat].Value != best {
				t.Fatalf("seat %d won with %v, best is %v", a.Seat, res.Hands[a.Seat].Value, best)
			}
		}
		if sum != amount {
			t.Fatalf("awards %v sum to %d, pot %d", res.Pots[0].Awards, sum, amount)
		}
		aw := res.Pots[0].Awards
		lo, hi := aw[0].Amount, aw[0].Amount
		for _, a := range aw {
			lo, hi = min(lo, a.Amount), max(hi, a.Amount)
		}
		if hi-lo > amount-int64(len(aw))*(amount/unit/int64(len(aw))*unit) {
			t.Fatalf("shares %v differ by more than the remainder", aw)
		}
	}
}

func TestSettleRejectsBadRequests(t *testing.T) {
	good := func() Request {
		return Request{
			Game: rank.GameHigh, Board: cs(t, "As Ks Qs Js 2d"),
			Seats:   []Seat{{Seat: 1, Hole: cs(t, "3c 4c")}, {Seat: 2, Hole: cs(t, "5c 6c")}},
			Pots:    []Pot{{Amount: 10, Eligible: []int{1, 2}}},
			OddChip: split.FirstAfterButton, Button: 1, TableSize: 6,
		}
	}
	tests := []struct {
		name   string
		mutate func(*Request)
		want   string
	}{
		{"duplicate card across seats", func(r *Request) { r.Seats[1].Hole = cs(t, "3c 7c") }, reason.DuplicateCard},
		{"card on the board and in a hand", func(r *Request) { r.Seats[1].Hole = cs(t, "As 7c") }, reason.DuplicateCard},
		{"three hole cards in Omaha", func(r *Request) { r.Game = rank.GameOmaha }, reason.WrongCardCount},
		{"eligible seat without cards", func(r *Request) { r.Pots[0].Eligible = []int{1, 3} }, reason.BadPot},
		{"negative pot", func(r *Request) { r.Pots[0].Amount = -1 }, reason.BadPot},
		{"no eligible seat", func(r *Request) { r.Pots[0].Eligible = nil }, reason.BadPot},
		{"seat twice", func(r *Request) { r.Seats[1].Seat = 1 }, reason.BadSeat},
		{"seat off the table", func(r *Request) { r.Seats[1].Seat = 7 }, reason.BadSeat},
		{"button off the table", func(r *Request) { r.Button = 0 }, reason.BadSeat},
		{"unknown odd-chip rule", func(r *Request) { r.OddChip = 0 }, reason.BadOption},
		{"unknown game", func(r *Request) { r.Game = 0 }, reason.UnknownGame},
		{"negative chip unit", func(r *Request) { r.ChipUnit = -5 }, reason.BadPot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := good()
			tt.mutate(&req)
			if _, err := Settle(req); apierr.Reason(err) != tt.want {
				t.Errorf("err = %v, want reason %s", err, tt.want)
			}
		})
	}
	if _, err := Settle(good()); err != nil {
		t.Fatalf("the good request: %v", err)
	}
}

func FuzzSettle(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8}, uint8(2), int64(101), int64(1), uint8(1), uint8(1), uint8(6))
	f.Fuzz(func(t *testing.T, b []byte, nSeats uint8, amount, unit int64, rule, button, size uint8) {
		cards := make([]card.Card, len(b))
		for i, x := range b {
			cards[i] = card.Card(x)
		}
		req := Request{Game: rank.GameHigh, OddChip: split.OddChip(rule % 6), Button: int(button), TableSize: int(size), ChipUnit: unit}
		if len(cards) >= 5 {
			req.Board, cards = cards[:5], cards[5:]
		}
		var eligible []int
		for s := 1; s <= int(nSeats%10) && len(cards) >= 2; s++ {
			req.Seats = append(req.Seats, Seat{Seat: s, Hole: cards[:2]})
			eligible = append(eligible, s)
			cards = cards[2:]
		}
		req.Pots = []Pot{{Amount: amount, Eligible: eligible}}
		res, err := Settle(req)
		if err != nil {
			return
		}
		var sum int64
		for _, a := range res.Pots[0].Awards {
			sum += a.Amount
		}
		if sum != amount {
			t.Fatalf("awards sum to %d, pot %d", sum, amount)
		}
	})
}
