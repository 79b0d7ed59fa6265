//go:build !race

package poker

// propertyHands is the size of TestPropertyRandomHands without the race
// detector: the issue's ≥ 1,000,000 random hands.
const propertyHands = 1_000_000
