package split

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// shares is every winner's Share of amount, clockwise from the button.
func shares(amount, unit int64, n int, rule OddChip, top int) []int64 {
	var got []int64
	for k := range n {
		got = append(got, Share(amount, unit, n, k, rule, top))
	}
	return got
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
		{25, 1, 2, FirstAfterButton, []int64{13, 12}},
		{100, 1, 3, FirstAfterButton, []int64{34, 33, 33}},
		{100, 5, 3, FirstAfterButton, []int64{40, 30, 30}},
		{100, 5, 3, OneAtATime, []int64{35, 35, 30}},
		// docs/rules/betting-rules-ru-sports.md D12 (§5.9.3): 275 in 25s between two:
		// 125 each, the odd 25 to the first winner clockwise from the button.
		{275, 25, 2, OneAtATime, []int64{150, 125}},
		// docs/rules/ru-club-poker.md T11: 101 between two → 51 and 50.
		{101, 1, 2, OneAtATime, []int64{51, 50}},
		// docs/rules/cz-cash-game-texas-holdem.md §10 vector 8: 25 between the SB (first
		// after the button) and the button → 13 and 12.
		{25, 1, 2, FirstAfterButton, []int64{13, 12}},
		{25, 1, 2, WorstPosition, []int64{13, 12}},
	}
	for _, c := range cases {
		got := shares(c.amount, c.unit, c.n, c.rule, 0)
		var sum int64
		for _, s := range got {
			sum += s
		}
		if !reflect.DeepEqual(got, c.want) || sum != c.amount {
			t.Fatalf("split %d/%d by %d rule %v: %v, want %v", c.amount, c.unit, c.n, c.rule, got, c.want)
		}
	}
}

// docs/rules/betting-rules-ru-sports.md D12 (§5.9.3): a pot of 275 with a smallest
// chip of 25 split between two: 125 each and the odd 25 to the first
// winner clockwise from the button; with three winners the odd chips go
// one at a time clockwise (GAP default).
func TestRUD12SplitOddChipClockwise(t *testing.T) {
	if got := shares(275, 25, 2, OneAtATime, 0); !reflect.DeepEqual(got, []int64{150, 125}) {
		t.Fatalf("two winners %v", got)
	}
	if got := shares(250, 25, 3, OneAtATime, 0); !reflect.DeepEqual(got, []int64{100, 75, 75}) {
		t.Fatalf("three winners %v", got)
	}
}

// gr-regulation-1 §9.7: under HighestSuit the whole remainder, dust
// included, goes to the winner the caller names as holding the highest
// card; a winner it cannot name is read as the first.
func TestHighestSuitRemainderToTop(t *testing.T) {
	cases := []struct {
		amount, unit int64
		n, top       int
		want         []int64
	}{
		{100, 5, 3, 2, []int64{30, 30, 40}},
		{101, 5, 3, 1, []int64{30, 41, 30}},
		{100, 5, 3, 7, []int64{40, 30, 30}},
		{100, 5, 3, -1, []int64{40, 30, 30}},
	}
	for _, c := range cases {
		if got := shares(c.amount, c.unit, c.n, HighestSuit, c.top); !reflect.DeepEqual(got, c.want) {
			t.Fatalf("%d/%d by %d to %d: %v, want %v", c.amount, c.unit, c.n, c.top, got, c.want)
		}
	}
}

// The rule numbers are in every stored table's rules (profile.Options
// JSON): 1 is the table's "whole", 2 its "each".
func TestStoredRuleNumbers(t *testing.T) {
	if FirstAfterButton != 1 || OneAtATime != 2 {
		t.Fatalf("FirstAfterButton %d, OneAtATime %d: stored tables read 1 and 2", FirstAfterButton, OneAtATime)
	}
}

// Property: under every rule the shares sum to the pot, every share but
// the one holding the dust is a multiple of the unit, and no two shares
// differ by more than the remainder.
func TestSharesConserveThePot(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		amount := rng.Int64N(5000)
		unit := []int64{0, 1, 5, 25, 100}[rng.IntN(5)]
		n := 1 + rng.IntN(9)
		rule := OddChip(1 + rng.IntN(4))
		top := rng.IntN(n)
		got := shares(amount, unit, n, rule, top)
		u := max(unit, 1)
		var sum, lo, hi int64 = 0, got[0], got[0]
		uneven := 0
		for _, s := range got {
			sum += s
			lo, hi = min(lo, s), max(hi, s)
			if s%u != 0 {
				uneven++
			}
		}
		if sum != amount || uneven > 1 || hi-lo > amount-amount/u/int64(n)*u*int64(n) {
			t.Fatalf("%d/%d by %d rule %v top %d: %v", amount, unit, n, rule, top, got)
		}
	}
	for _, k := range []int{-1, 3} {
		if s := Share(100, 1, 3, k, FirstAfterButton, 0); s != 0 {
			t.Fatalf("winner %d of 3 gets %d", k, s)
		}
	}
}
