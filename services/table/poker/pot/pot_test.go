package pot

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/croupier/croupier/shared/split"
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

// Property: pots conserve every chip, each pot's eligible seats are the
// seats in hand that reached its level, and the table's two odd-chip rules
// split every pot it builds without losing a chip.
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
			rule := split.OddChip(1 + rng.IntN(2))
			var s int64
			for k := range w {
				s += split.Share(p.Amount, 25, w, k, rule, 0)
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
