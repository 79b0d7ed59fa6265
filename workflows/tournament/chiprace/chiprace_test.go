package chiprace

import (
	"math/rand/v2"
	"testing"
)

// docs/rules/tournaments.md T23 (GR H.18): race-off of the 25-point chips at a table
// of 9: the cards go out starting with the player left of the button, and
// no player receives more than one new chip.
func TestT23ChipRaceStartsLeftOfButtonOneChipEach(t *testing.T) {
	// Seat order from the player left of the button; everyone holds odd
	// 25s worth 75 besides his 100s.
	stacks := []int64{1075, 2075, 575, 975, 3075, 1075, 475, 2075, 1275}
	cards := []int32{51, 3, 40, 12, 7, 30, 22, 9, 45} // dealt in that order
	r, err := Race(stacks, 25, 100, cards)
	if err != nil {
		t.Fatal(err)
	}
	for i := range stacks {
		if r.Cards[i] != cards[i] {
			t.Fatalf("player %d (from the button's left) got card %d, want %d: dealing order", i, r.Cards[i], cards[i])
		}
		gain := r.Stacks[i] - stacks[i]/100*100
		if gain != 0 && gain != 100 {
			t.Fatalf("player %d gained %d: at most one chip", i, gain)
		}
	}
	// Pool 9 × 75 = 675 → 6 chips and 75 over, which is half a chip or
	// more and buys a seventh: the seven highest cards (51, 45, 40, 30, 22,
	// 12, 9) win.
	wantWin := map[int]bool{0: true, 8: true, 2: true, 5: true, 6: true, 3: true, 7: true}
	for i := range stacks {
		if r.Won[i] != wantWin[i] {
			t.Fatalf("player %d won=%v, want %v", i, r.Won[i], wantWin[i])
		}
	}
	if r.Dropped != 0 {
		t.Fatalf("dropped %d, want 0", r.Dropped)
	}
}

// docs/rules/tournaments.md §10 DEFAULT 3: a remainder of half a chip or more buys one.
func TestHalfChipRemainderBuysOne(t *testing.T) {
	r, err := Race([]int64{150, 125}, 25, 100, []int32{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	// Pool 50 + 25 = 75 ≥ half of 100: one chip, to the higher card.
	if r.Stacks[0] != 100 || r.Stacks[1] != 200 || r.Dropped != 0 {
		t.Fatalf("%+v", r)
	}
}

// docs/rules/tournaments.md §10 DEFAULT 4: nobody is raced out.
func TestNobodyRacedOut(t *testing.T) {
	r, _ := Race([]int64{25, 25, 25, 1000}, 25, 100, []int32{10, 20, 30})
	for i, s := range r.Stacks {
		if s == 0 {
			t.Fatalf("player %d raced out", i)
		}
	}
}

// GR H.18 / B.83: the 25s go only when the next level needs none.
func TestNeededOnlyWhenTheLevelAllows(t *testing.T) {
	inPlay := []int64{25, 100, 500}
	if _, _, ok := Needed(inPlay, 100, 200, 25); ok {
		t.Fatal("an ante of 25 still needs the 25s")
	}
	if low, high, ok := Needed(inPlay, 100, 200, 0); !ok || low != 25 || high != 100 {
		t.Fatal("blinds 100/200 no ante: race the 25s into 100s")
	}
}

// Property: the race changes the chips in play by less than one high chip
// per player, every stack is a multiple of the high chip afterwards and
// positive if it was positive.
func TestPropertyRace(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 5000; iter++ {
		n := 2 + r.IntN(9)
		stacks := make([]int64, n)
		var before, racers int64
		for i := range stacks {
			stacks[i] = 25 * (1 + r.Int64N(400))
			before += stacks[i]
			if stacks[i]%100 != 0 {
				racers++
			}
		}
		perm := r.Perm(52)
		cards := make([]int32, racers)
		for i := range cards {
			cards[i] = int32(perm[i])
		}
		res, err := Race(stacks, 25, 100, cards)
		if err != nil {
			t.Fatal(err)
		}
		var after int64
		for i, s := range res.Stacks {
			if s%100 != 0 || (stacks[i] > 0 && s == 0) {
				t.Fatalf("stack %d -> %d", stacks[i], s)
			}
			after += s
		}
		if d := after - before; d <= -int64(n)*100 || d >= int64(n)*100 {
			t.Fatalf("chips %d -> %d", before, after)
		}
	}
}
