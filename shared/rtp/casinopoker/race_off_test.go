//go:build !race

package casinopoker

// raceEnabled: under the race detector an enumeration takes ten times as
// long and finds nothing the non-race run does not; see numeric.
const raceEnabled = false
