//go:build !race

package rank

// Sizes of the oracle comparisons and the seven-card enumeration (see
// size_race_test.go for the race-detector sizes).
const (
	randomSevenHands = 10_000_000
	randomOmahaHands = 1_000_000
	fullSevenCards   = true
)
