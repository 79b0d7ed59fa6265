//go:build integration && race

package load

// Under the race detector (make integration) the suites run smaller; `make
// table-integration`, which `make integration` runs too, runs them at full
// size without it.
const (
	leakHands           = 1_500
	leakTables          = 4
	podLossHands        = 300
	bankedRounds        = 2
	bankedPodLossRounds = 16
	// Blackjack leak test: rounds checked, rng tables (half cz, half ru).
	bjLeakRounds = 500
	bjLeakTables = 12
	// Casino poker leak test: rounds checked per game, rng tables each.
	pokerLeakRounds = 100
	pokerLeakTables = 4
)
