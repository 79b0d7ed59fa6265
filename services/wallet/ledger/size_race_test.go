//go:build race

package ledger_test

// Under the race detector the pure-Go SQLite runs many times slower, so
// plain `go test -race` drives a smaller model; the full 100,000 operations
// run without -race in `make wallet-model` (invoked by `make test`, so CI
// runs it) and against PostgreSQL in the integration suite at full size.
const sqliteModelOps = 10_000
