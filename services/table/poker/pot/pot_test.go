package pot

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

func seats(s ...int) Seats {
	var out Seats
	for _, x := range s {
		out = out.Add(x)
	}
	return out
}

// gr-regulation-1 §8 vector 12 (B.3, B.66, B.93): A 50 all-in, B 120 all-in,
// C and D 200, E 30 folded: main 230 {A B C D}, side 210 {B C D}, side 160
// {C D}; A's best hand wins his 50 plus 50 from each of B, C, D and E's 30.
func TestGRSidePotsByLevel(t *testing.T) {
	contrib := []int64{50, 120, 200, 200, 30}
	got := Build(contrib, seats(0, 1, 2, 3), nil)
	want := []Pot{
		{Amount: 230, Level: 50, Eligible: seats(0, 1, 2, 3)},
		{Amount: 210, Level: 120, Eligible: seats(1, 2, 3)},
		{Amount: 160, Level: 200, Eligible: seats(2, 3)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("pots %+v, want %+v", got, want)
	}
}

// gr-regulation-1 §8 vector 13: B all-in 120 first, A calls all-in 50
// after, C and D call 120: the main pot is at A's level (200), side 210.
func TestGRSidePotsFollowLevelNotChronology(t *testing.T) {
	got := Build([]int64{50, 120, 120, 120}, seats(0, 1, 2, 3), nil)
	want := []Pot{
		{Amount: 200, Level: 50, Eligible: seats(0, 1, 2, 3)},
		{Amount: 210, Level: 120, Eligible: seats(1, 2, 3)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("pots %+v, want %+v", got, want)
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vector 4: A all-in 100, B and C 500:
// main 300, side 800.
func TestCZSidePot(t *testing.T) {
	got := Build([]int64{100, 500, 500}, seats(0, 1, 2), nil)
	if len(got) != 2 || got[0].Amount != 300 || got[1].Amount != 800 || got[1].Eligible != seats(1, 2) {
		t.Fatalf("pots %+v", got)
	}
}

// A folded seat's chips above every live level are not lost: they join the
// top pot (the forfeited insufficient bet of docs/rules/betting-rules-ru-sports.md D8).
func TestFoldedChipsAboveTopLevelJoinLastPot(t *testing.T) {
	got := Build([]int64{300, 400, 300}, seats(0, 2), nil)
	if len(got) != 1 || got[0].Amount != 1000 || got[0].Eligible != seats(0, 2) {
		t.Fatalf("pots %+v", got)
	}
}

// gr-regulation-1 §8 vector 15 and gr-regulation-2 §12.2 "Split pot" (G7.8,
// N17): 25 between two in units of 1 → 13 to the first winner after the
// button, 12; 100 three ways → 34/33/33; 100 in units of 5 three ways → 40,
// 30, 30 (whole remainder) or 35, 35, 30 (chip by chip).
func TestGRSplitOddChips(t *testing.T) {
	cases := []struct {
		amount, unit int64
		n            int
		rule         OddChip
		want         []int64
	}{
		{25, 1, 2, OddChipWhole, []int64{13, 12}},
		{100, 1, 3, OddChipWhole, []int64{34, 33, 33}},
		{100, 5, 3, OddChipWhole, []int64{40, 30, 30}},
		{100, 5, 3, OddChipEach, []int64{35, 35, 30}},
		// docs/rules/betting-rules-ru-sports.md D12 (§5.9.3): 275 in 25s between two:
		// 125 each, the odd 25 to the first winner clockwise from the button.
		{275, 25, 2, OddChipEach, []int64{150, 125}},
		// docs/rules/ru-club-poker.md T11: 101 between two → 51 and 50.
		{101, 1, 2, OddChipEach, []int64{51, 50}},
		// docs/rules/cz-cash-game-texas-holdem.md §10 vector 8: 25 between the SB (first
		// after the button) and the button → 13 and 12.
		{25, 1, 2, OddChipWhole, []int64{13, 12}},
	}
	for _, c := range cases {
		var got []int64
		var sum int64
		for k := 0; k < c.n; k++ {
			s := Share(c.amount, c.unit, c.n, k, c.rule)
			got = append(got, s)
			sum += s
		}
		if !reflect.DeepEqual(got, c.want) || sum != c.amount {
			t.Fatalf("split %d/%d by %d rule %d: %v, want %v", c.amount, c.unit, c.n, c.rule, got, c.want)
		}
	}
}

// Property: pots conserve every chip, each pot's eligible seats are the
// seats in hand that reached its level, and shares of a split add up and
// are multiples of the unit except the first's dust.
func TestBuildAndShareConserveChips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var dst []Pot
	for range 20000 {
		n := 2 + rng.IntN(9)
		contrib := make([]int64, n)
		var in Seats
		var total int64
		for i := range contrib {
			contrib[i] = int64(rng.IntN(6)) * 25
			if rng.IntN(3) > 0 {
				in = in.Add(i)
			}
			total += contrib[i]
		}
		dst = Build(contrib, in, dst)
		var sum int64
		for _, p := range dst {
			sum += p.Amount
			if p.Eligible&^in != 0 {
				t.Fatalf("pot %+v eligible outside hand %v", p, in.List())
			}
			for i := range contrib {
				if in.Has(i) && contrib[i] >= p.Level != p.Eligible.Has(i) && p.Level <= maxIn(contrib, in) {
					t.Fatalf("contrib %v in %v: pot %+v eligibility of %d", contrib, in.List(), p, i)
				}
			}
		}
		if in != 0 && sum != total {
			t.Fatalf("contrib %v in %v: pots %+v sum %d, want %d", contrib, in.List(), dst, sum, total)
		}
		for _, p := range dst {
			w := 1 + rng.IntN(4)
			rule := OddChip(1 + rng.IntN(2))
			var s int64
			for k := range w {
				s += Share(p.Amount, 25, w, k, rule)
			}
			if s != p.Amount {
				t.Fatalf("shares of %d by %d sum to %d", p.Amount, w, s)
			}
		}
	}
}

func maxIn(contrib []int64, in Seats) int64 {
	var m int64
	for i, c := range contrib {
		if in.Has(i) {
			m = max(m, c)
		}
	}
	return m
}

func TestSeatsJSONRoundTrip(t *testing.T) {
	p := Pot{Amount: 10, Level: 5, Eligible: seats(0, 3, 9)}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"amount":10,"level":5,"eligible":[0,3,9]}` {
		t.Fatalf("json %s", b)
	}
	var q Pot
	if err := json.Unmarshal(b, &q); err != nil || q != p {
		t.Fatalf("round trip %+v %v", q, err)
	}
}

// docs/rules/betting-rules-ru-sports.md D12 (§5.9.3): a pot of 275 with a smallest
// chip of 25 split between two: 125 each and the odd 25 to the first
// winner clockwise from the button; with three winners the odd chips go
// one at a time clockwise (GAP default).
func TestRUD12SplitOddChipClockwise(t *testing.T) {
	if a, b := Share(275, 25, 2, 0, OddChipEach), Share(275, 25, 2, 1, OddChipEach); a != 150 || b != 125 {
		t.Fatalf("two winners %d %d", a, b)
	}
	var got []int64
	for k := range 3 {
		got = append(got, Share(250, 25, 3, k, OddChipEach))
	}
	if !reflect.DeepEqual(got, []int64{100, 75, 75}) {
		t.Fatalf("three winners %v", got)
	}
}
