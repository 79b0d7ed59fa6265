//go:build race

package poker

// Under the race detector the property test plays fewer hands; the full
// million runs without it (make engines-property, mk/engines.mk).
const propertyHands = 6_000

// exportHands: TestPokerStarsExportAddsUp under the race detector; the
// 20,000 run without it (make hh-check).
const exportHands = 2_000
