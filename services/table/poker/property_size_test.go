//go:build !race

package poker

// propertyHands is the size of TestPropertyRandomHands without the race
// detector: the issue's ≥ 1,000,000 random hands.
const propertyHands = 1_000_000

// exportHands is the size of TestPokerStarsExportAddsUp without the race
// detector (make hh-check reads its exports with hhp).
const exportHands = 20_000
