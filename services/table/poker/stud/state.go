package stud

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// State is a stud hand.
type State = hand.State

// Engine runs the hands of one table's stud rules.
type Engine = hand.Engine[Variant]

// New validates rules once and returns their engine.
func New(rules profile.Rules) (*Engine, error) {
	v, err := VariantOf(rules.Game)
	if err != nil {
		return nil, err
	}
	e, err := hand.NewEngine(rules, v)
	if err != nil {
		return nil, fmt.Errorf("stud: %w", err)
	}
	return e, nil
}
