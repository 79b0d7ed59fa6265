package schedule

import (
	"testing"
	"time"

	"github.com/croupier/croupier/workflows/tournament/terms"
)

var levels = []terms.Level{
	{SmallBlind: 25, BigBlind: 50, Duration: 20 * time.Minute},
	{SmallBlind: 50, BigBlind: 100, Duration: 20 * time.Minute, Break: 10 * time.Minute},
	{SmallBlind: 100, BigBlind: 200, Duration: 20 * time.Minute},
}

// docs/rules/tournaments.md T22 (GR H.23): the level 3 timer expires during hand #57:
// #57 finishes at level 2, #58 (the next shuffle) is at level 3.
func TestT22LevelChangeAppliesFromTheNextHand(t *testing.T) {
	end2 := 40*time.Minute + 10*time.Minute // level 2 ends, then the break
	hand57 := end2 - 30*time.Second         // shuffled before the expiry
	hand58 := end2 + 45*time.Second         // shuffled after it
	if got := HandLevel(levels, hand57); got != 1 {
		t.Fatalf("hand #57 at level %d, want level 2 (index 1)", got+1)
	}
	if got := HandLevel(levels, hand58); got != 2 {
		t.Fatalf("hand #58 at level %d, want level 3", got+1)
	}
}

// docs/rules/tournaments.md §9 DEFAULT: the break after a level stops the clock for its
// length; the last level goes on.
func TestBreaksAndTheLastLevel(t *testing.T) {
	cases := []struct {
		at   time.Duration
		want Point
	}{
		{0, Point{Level: 0, Left: 20 * time.Minute}},
		{20 * time.Minute, Point{Level: 1, Left: 20 * time.Minute}},
		{40 * time.Minute, Point{Level: 1, Break: true, Left: 10 * time.Minute}},
		{49 * time.Minute, Point{Level: 1, Break: true, Left: time.Minute}},
		{50 * time.Minute, Point{Level: 2, Left: 20 * time.Minute}},
		{5 * time.Hour, Point{Level: 2}},
	}
	for _, c := range cases {
		if got := At(levels, c.at); got != c.want {
			t.Errorf("At(%s) = %+v, want %+v", c.at, got, c.want)
		}
	}
}
