package draw

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// docs/rules/tournaments.md §7 DEFAULT (GR H.9): tables = ceil(N / max), spread so no
// two tables differ by more than one.
func TestH9TableSizes(t *testing.T) {
	for _, c := range []struct {
		n, seats int
		want     []int
	}{{200, 9, []int{9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8}}, {10, 9, []int{5, 5}}, {9, 9, []int{9}}, {19, 10, []int{10, 9}}, {2, 9, []int{2}}} {
		got := Sizes(c.n, c.seats)
		if !slices.Equal(got, c.want) {
			t.Errorf("Sizes(%d,%d) = %v, want %v", c.n, c.seats, got, c.want)
		}
	}
	for n := 2; n < 3000; n += 7 {
		s := Sizes(n, 9)
		if slices.Max(s)-slices.Min(s) > 1 || slices.Max(s) > 9 || len(s) != (n+8)/9 {
			t.Fatalf("n=%d: %v", n, s)
		}
	}
}

// GR H.10: the draw seats every player once, at distinct (table, seat)
// places within the table size; a repeated draw value is refused.
func TestH10AssignIsABijection(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{2, 9, 10, 17, 200, 1001} {
		perm := make([]int32, n)
		for i, v := range r.Perm(n) {
			perm[i] = int32(v)
		}
		got, err := Assign(n, 9, perm)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[Place]bool{}
		for _, p := range got {
			if seen[p] || p.Seat < 0 || p.Seat >= 9 {
				t.Fatalf("n=%d: place %+v repeated or outside", n, p)
			}
			seen[p] = true
		}
	}
	if _, err := Assign(3, 9, []int32{0, 0, 1}); err == nil {
		t.Fatal("a repeated draw value must be refused")
	}
}

// RU §5.3.1–5.3.2 (and docs/rules/tournaments.md §22: high card by default): the
// highest card gets the button; equal ranks go by suit ♠ > ♥ > ♦ > ♣.
// gr-regulation-1 §8 vector 3: seats 1, 4, 6 draw 9♥, K♥, A♥ → seat 6.
func TestRU53HighCardButton(t *testing.T) {
	c := func(s string) int32 { x, _ := card.Parse(s); return int32(x) }
	b, err := HighCard([]int{1, 4, 6}, []int32{c("9h"), c("Kh"), c("Ah")})
	if err != nil || b != 6 {
		t.Fatalf("button %d %v, want 6", b, err)
	}
	b, _ = HighCard([]int{0, 3}, []int32{c("Ks"), c("Kh")})
	if b != 0 {
		t.Fatalf("K♠ beats K♥: button %d", b)
	}
}
