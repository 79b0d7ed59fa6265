//go:build race

package ledger_test

// Under the race detector the pure-Go SQLite and the PostgreSQL driver run
// many times slower, so `go test -race` drives smaller models (the race
// detector needs the 32 goroutines interleaving, not the count); the full
// 100,000 operations run without -race in `make wallet-model` (SQLite,
// invoked by `make test`) and `make wallet-model-postgres` (invoked by
// `make integration`), so CI runs both at full size.
const (
	sqliteModelOps   = 3_000
	postgresModelOps = 20_000
)
