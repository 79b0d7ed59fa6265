package payout

import (
	"math/rand/v2"
	"testing"
)

func amounts(ps []Prize) map[string]int64 {
	m := map[string]int64{}
	for _, p := range ps {
		m[p.ID] += p.Amount
	}
	return m
}

// docs/rules/tournaments.md T29 (GR H.33): pool €10,000, winners with 50,000 / 30,000
// / 20,000 chips, proportional → €5,000 / €3,000 / €2,000.
func TestT29ProRataSplit(t *testing.T) {
	got := amounts(ByChips(1000000, []Finisher{{ID: "a", Place: 1, Chips: 50000}, {ID: "b", Place: 2, Chips: 30000}, {ID: "c", Place: 3, Chips: 20000}}))
	if got["a"] != 500000 || got["b"] != 300000 || got["c"] != 200000 {
		t.Fatalf("%v", got)
	}
}

// docs/rules/tournaments.md T30 (GR H.33): the same, equal → €3,333.33 each and the
// €0.01 remainder (DEFAULT) to the chip leader.
func TestT30EqualSplit(t *testing.T) {
	got := amounts(Equal(1000000, []Finisher{{ID: "b", Place: 2, Chips: 30000}, {ID: "a", Place: 1, Chips: 50000}, {ID: "c", Place: 3, Chips: 20000}}))
	if got["a"] != 333334 || got["b"] != 333333 || got["c"] != 333333 {
		t.Fatalf("%v", got)
	}
}

// docs/rules/tournaments.md T15 (GR H.31): X and Y bust at different tables in the
// same hand-for-hand hand with 14 left: both 13th, and the 13th and 14th
// prizes are pooled and split 50/50 (DEFAULT).
func TestT15TiedPlacesPoolTheirPrizes(t *testing.T) {
	bps := make([]int32, 14)
	// 14 paid places: 1,000 bps for 1st, the rest spread so that 13th and
	// 14th differ.
	rest := int32(9000)
	for i := 1; i < 14; i++ {
		bps[i] = int32(14-i) * 100
		rest -= bps[i]
	}
	bps[0] = rest
	pool := int64(1000000)
	prizes := PlacePrizes(pool, bps)
	fs := []Finisher{{ID: "x", Place: 13, Order: 1}, {ID: "y", Place: 13, Order: 0}}
	got, err := ByPlace(pool, bps, fs)
	if err != nil {
		t.Fatal(err)
	}
	m := amounts(got)
	want := prizes[12] + prizes[13]
	if m["x"]+m["y"] != want || m["x"]-m["y"] > 1 || m["y"]-m["x"] > 1 {
		t.Fatalf("x %d y %d, want %d split evenly", m["x"], m["y"], want)
	}
	for _, p := range got {
		if p.Place != 13 {
			t.Fatalf("%s listed at place %d", p.ID, p.Place)
		}
	}
}

func TestPlacePrizesRemainderToFirst(t *testing.T) {
	got := PlacePrizes(1001, []int32{5000, 3000, 2000})
	if got[0] != 501 || got[1] != 300 || got[2] != 200 {
		t.Fatalf("%v", got)
	}
}

func TestByPlaceRejectsOverlappingTies(t *testing.T) {
	_, err := ByPlace(100, []int32{10000}, []Finisher{{ID: "a", Place: 2}, {ID: "b", Place: 2}, {ID: "c", Place: 3}})
	if err == nil {
		t.Fatal("two tied on 2nd cover 3rd: a player on 3rd is an error")
	}
}

// Property: every split pays the pool to the unit, nobody gets a negative
// amount, and a tie group's members differ by at most one unit.
func TestPropertySplitsPayThePool(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		pool := r.Int64N(1_000_000_000_000)
		k := 1 + r.IntN(20)
		var fs []Finisher
		place := 1
		for place <= k {
			tie := 1 + r.IntN(3)
			for j := 0; j < tie; j++ {
				fs = append(fs, Finisher{ID: string(rune('a'+len(fs))) + "", Place: place, Chips: r.Int64N(1000) + 1, Order: j})
			}
			place += tie
		}
		bps := make([]int32, k)
		left := int32(10000)
		for i := k - 1; i > 0; i-- {
			bps[i] = left / int32(2*(i+1))
			if bps[i] == 0 {
				bps[i] = 1
			}
			left -= bps[i]
		}
		bps[0] = left
		for _, split := range [][]Prize{Equal(pool, fs), ByChips(pool, fs), must(ByPlace(pool, bps, fs))} {
			var sum int64
			for _, p := range split {
				if p.Amount < 0 {
					t.Fatalf("negative prize %+v", p)
				}
				sum += p.Amount
			}
			// A place table pays only the places it covers; with ties
			// running past the table the pool is still paid whole when
			// every place of it is taken.
			if sum != pool && len(split) == len(fs) && place-1 >= k {
				t.Fatalf("paid %d of %d", sum, pool)
			}
		}
	}
}

func must(p []Prize, err error) []Prize {
	if err != nil {
		panic(err)
	}
	return p
}
