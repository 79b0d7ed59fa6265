package round

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The index answers exactly as a scan (BookOf) through any sequence of
// what the engines do to a round's bets (appends, removals anywhere, a
// fresh round's slice) and reorderings in place.
func TestIndexAgreesWithAScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var x Index
	var live, cancelled []Bet
	players := []string{"p:a", "p:b", "p:c", "q:a"}
	id := 0
	for step := range 20_000 {
		switch k := rng.IntN(10); {
		case k < 6:
			id++
			live = append(live, Bet{ID: fmt.Sprint(id), Player: players[rng.IntN(len(players))], Spot: "red", Amount: 1})
		case k < 8 && len(live) > 0:
			i := rng.IntN(len(live))
			cancelled = append(cancelled, live[i])
			live = slices.Delete(live, i, i+1)
		case k < 9:
			// A fresh slice with a bet at the old last place (a new round).
			if rng.IntN(20) == 0 {
				live, cancelled = nil, nil
			}
		default:
			// The same bets reordered in place.
			rng.Shuffle(len(live), func(i, j int) { live[i], live[j] = live[j], live[i] })
		}
		p := players[rng.IntN(len(players))]
		got, want := x.Book(p, live, cancelled), BookOf(p, live, cancelled)
		if !slices.Equal(got.Live, want.Live) || !slices.Equal(got.Cancelled, want.Cancelled) {
			t.Fatalf("step %d: index %+v, scan %+v", step, got, want)
		}
	}
}

// A nil index scans.
func TestNilIndexScans(t *testing.T) {
	var x *Index
	b := x.Book("p:a", []Bet{{ID: "1", Player: "p:a"}, {ID: "2", Player: "p:b"}}, nil)
	if len(b.Live) != 1 || b.Live[0].ID != "1" {
		t.Fatalf("%+v", b)
	}
}
