//go:build integration && !race

package load

// The full sizes the issue asks for: at least 10,000 hands scanned for
// leaks, at least 1,000 hands through pod losses.
const (
	leakHands    = 10_000
	leakTables   = 8
	podLossHands = 1_000
	// Banked tables: rounds per game and mode through the API, rounds
	// through pod losses.
	bankedRounds        = 4
	bankedPodLossRounds = 40
	// Blackjack leak test: rounds checked, rng tables (half cz, half ru).
	bjLeakRounds = 10_000
	bjLeakTables = 120
	// Casino poker leak test: rounds checked per game, rng tables each.
	// CI's size: six games of 300 rounds take about a minute on two
	// cores (CI's time is over budget already); CROUPIER_LEAK_ROUNDS=10000
	// is the full size (about 25 minutes).
	pokerLeakRounds = 300
	pokerLeakTables = 40
)
