//go:build race

package rank

// Under the race detector the oracle comparisons run a tenth of their size
// and the seven-card enumeration covers the hands holding the A♠; the full
// sizes run without -race in `make evaluator-full` (mk/evaluator.mk), which
// CI runs.
const (
	randomSevenHands = 1_000_000
	randomOmahaHands = 100_000
	fullSevenCards   = false
)
