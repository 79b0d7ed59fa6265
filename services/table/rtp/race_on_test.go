//go:build race

package rtp

// raceEnabled: under the race detector the enumerations and simulations
// take ten times as long and find nothing; see numeric.
const raceEnabled = true
