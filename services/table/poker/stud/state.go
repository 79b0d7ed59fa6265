package stud

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// State is a stud hand.
type State = hand.State

// Engine runs the hands of one table's rules.
type Engine struct {
	rules   profile.Rules
	variant Variant
}

// New validates rules once and returns their engine.
func New(rules profile.Rules) (*Engine, error) {
	v, err := VariantOf(rules.Game)
	if err != nil {
		return nil, err
	}
	if err := rules.Validate(); err != nil {
		return nil, fmt.Errorf("stud: %w", err)
	}
	return &Engine{rules: rules, variant: v}, nil
}

// Rules returns the engine's rules.
func (e *Engine) Rules() profile.Rules { return e.rules }

// Variant returns the engine's variant.
func (e *Engine) Variant() Variant { return e.variant }

// Start begins a hand: antes or blinds, the first cards, the first player
// to act.
func (e *Engine) Start(setup hand.Setup) (*State, []hand.Event, error) {
	s := new(State)
	ev, err := e.StartInto(s, setup)
	if err != nil {
		return nil, nil, err
	}
	return s, ev, nil
}

// StartInto is Start reusing dst's memory.
func (e *Engine) StartInto(dst *State, setup hand.Setup) ([]hand.Event, error) {
	return hand.Start(e.variant, e.rules, setup, dst)
}
