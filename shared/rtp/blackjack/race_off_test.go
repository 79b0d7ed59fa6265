//go:build !race

package blackjack

// raceEnabled: under the race detector one computation takes ten times as
// long and finds nothing (it runs on one goroutine); see numeric.
const raceEnabled = false
