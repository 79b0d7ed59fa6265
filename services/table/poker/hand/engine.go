package hand

import (
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
)

// Engine runs the hands of one table's rules with the variant V of its
// game. The game packages (holdem, stud) name their instantiation Engine,
// so every engine has the same methods whatever the game.
type Engine[V Variant] struct {
	rules   profile.Rules
	variant V
}

// NewEngine validates rules once and returns their engine with variant v.
func NewEngine[V Variant](rules profile.Rules, v V) (*Engine[V], error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	return &Engine[V]{rules: rules, variant: v}, nil
}

// Rules returns the engine's rules.
func (e *Engine[V]) Rules() profile.Rules { return e.rules }

// Variant returns the engine's variant.
func (e *Engine[V]) Variant() V { return e.variant }

// Start begins a hand: antes and blinds (or bring-in), the first cards,
// the first player to act.
func (e *Engine[V]) Start(setup Setup) (*State, []Event, error) {
	s := new(State)
	ev, err := e.StartInto(s, setup)
	if err != nil {
		return nil, nil, err
	}
	return s, ev, nil
}

// StartInto is Start reusing dst's memory.
func (e *Engine[V]) StartInto(dst *State, setup Setup) ([]Event, error) {
	return Start(e.variant, e.rules, setup, dst)
}

// Apply applies an action or operator command to a hand of the engine's
// game. A hand of another game is refused: its rules came with it, and
// the game package's Apply (or poker.Apply) runs it under them.
func (e *Engine[V]) Apply(s *State, a Action) ([]Event, error) {
	if s.Rules.Game != e.rules.Game {
		return nil, apierr.Invalid("WRONG_GAME", "a %v hand given to a %v engine", s.Rules.Game, e.rules.Game)
	}
	return Apply(e.variant, s, a)
}
