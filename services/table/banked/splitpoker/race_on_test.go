//go:build race

package splitpoker

// raceEnabled: the race detector slows every memory access ten times and
// finds nothing in a one-goroutine engine; the property run plays fewer
// rounds under it (propertyRounds).
const raceEnabled = true
