package round

// The surface every banked engine shares (the package documentation,
// "The common surface"), as Go types the table core can be written
// against. Each engine's tests check at compile time that the engine has
// it, with no adapter.

// Rules is what every engine's *Rules has: Set, one option by its
// snake_case name, and Validate, every problem at once.
type Rules interface {
	Set(key, value string) error
	Validate() error
}

// State is what every engine's State (S) has: Clone, a deep copy; Escrow,
// the stakes the round holds; Settlement, the round's lines.
type State[S any] interface {
	Clone() S
	Escrow() int64
	Settlement() Settlement
}

// ApplyFunc is every engine's Apply: rules R, the round's state S, a
// command C, and the events E it reports.
type ApplyFunc[R, S, C, E any] func(r R, s *S, c C) ([]E, error)

// SettleFunc is every engine's Settle: the bets settled on W, what won as
// the game's bets name it (roulette's Number, the money wheel's symbol).
type SettleFunc[R, W any] func(r R, bets []Bet, won W) Settlement
