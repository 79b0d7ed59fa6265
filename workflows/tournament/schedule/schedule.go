// Package schedule is the tournament clock: which level is in force after
// a given amount of play, when the next change comes, and breaks
// (GR-ctx line 2521: the casino announces the levels and the times they
// change; docs/rules/tournaments.md §9: breaks are part of the structure and the
// clock stops during them and during a pause). A level change applies from
// the next hand (GR H.23): a hand is played at the level in force when its
// shuffle started.
package schedule

import (
	"time"

	"github.com/croupier/croupier/workflows/tournament/terms"
)

// Point is where the clock stands.
type Point struct {
	// Level is the 0-based level in force (the last one goes on forever).
	Level int
	// Break: the break after Level is on.
	Break bool
	// Left is the time until the next change (0 once the last level runs).
	Left time.Duration
}

// At returns the clock after `played` of tournament time (pauses excluded).
func At(levels []terms.Level, played time.Duration) Point {
	var t time.Duration
	for i, l := range levels {
		if played < t+l.Duration {
			return Point{Level: i, Left: t + l.Duration - played}
		}
		t += l.Duration
		if i == len(levels)-1 {
			return Point{Level: i}
		}
		if played < t+l.Break {
			return Point{Level: i, Break: true, Left: t + l.Break - played}
		}
		t += l.Break
	}
	return Point{}
}

// HandLevel is the level a hand is dealt at: the one in force when its
// shuffle started (H.23; T22).
func HandLevel(levels []terms.Level, shuffleAt time.Duration) int { return At(levels, shuffleAt).Level }
