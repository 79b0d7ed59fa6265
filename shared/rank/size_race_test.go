//go:build race

package rank

// Under the race detector the oracle comparisons run a twentieth of their
// size and the seven-card enumeration covers the hands holding 2♣ 2♦; the
// full sizes run without -race in `make evaluator-full` (mk/evaluator.mk),
// which `make test` and so CI run.
const (
	randomSevenHands = 500_000
	randomOmahaHands = 50_000
	fullSevenCards   = false
)
