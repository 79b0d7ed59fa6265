//go:build race

package studpoker

// raceEnabled: under the race detector the pinned runs take ten times as
// long and find nothing the non-race run does not.
const raceEnabled = true
