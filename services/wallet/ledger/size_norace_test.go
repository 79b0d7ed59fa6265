//go:build !race

package ledger_test

// The size: at least 100,000 transfers and holds.
const (
	sqliteModelOps   = 100_000
	postgresModelOps = 100_000
)
