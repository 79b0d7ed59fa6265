//go:build race

package poker

// Under the race detector the property test plays fewer hands; the full
// million runs without it (make engines-property, mk/engines.mk).
const propertyHands = 6_000
