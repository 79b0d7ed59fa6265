package round

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// Paytable is what a bet pays by the line its hand hits: Pays[l] to one
// on top of the stake returned. L names the lines (package banked's Line
// for the poker games). Which lines a bet has, and what a hand below them
// does (loses, pushes), is the bet's rule, which its engine keeps and
// passes to Validate and Set: a table must hold every line of its bet and
// no other, so that an operator's table cannot leave a hand unpaid by
// omission nor pay one the bet does not have.
//
// A table is part of a table's public description and of each round's
// record. Set never writes into a map a copy of the table shares: a
// table's rules may be copied freely.
type Paytable[L ~string] struct {
	Pays map[L]Ratio `json:"pays"`
	// Source says where the table comes from: the rules' clause for a
	// table read from the source, SourceOperator once an operator set a
	// line, SourcePlaceholder for a shipped default the source lacks.
	Source string `json:"source"`
}

// Sources of a paytable besides a clause of the rules.
const (
	// SourceOperator: an operator set a line of the table.
	SourceOperator = "operator"
	// SourcePlaceholder: a default the engine ships where the source has
	// no table, labelled so that nobody takes it for the source's.
	SourcePlaceholder = "placeholder, not from the source"
)

// Pay is what a winning stake on line l is paid on top of it; ok is
// false when the table has no line l, and the bet's rule decides.
func (p Paytable[L]) Pay(l L, stake int64) (won int64, ok bool) {
	q, ok := p.Pays[l]
	if !ok {
		return 0, false
	}
	return q.Pay(stake), true
}

// Set sets line l, one of lines, to value written "3:2", and labels the
// table the operator's.
func (p *Paytable[L]) Set(lines []L, l L, value string) error {
	if !slices.Contains(lines, l) {
		return fmt.Errorf("no line %q (have %v)", l, lines)
	}
	var q Ratio
	if err := q.UnmarshalText([]byte(value)); err != nil {
		return fmt.Errorf("line %s: %w", l, err)
	}
	m := maps.Clone(p.Pays)
	if m == nil {
		m = map[L]Ratio{}
	}
	m[l] = q
	p.Pays, p.Source = m, SourceOperator
	return nil
}

// Validate reports every line of lines missing or paying outside 0:1 to
// most:1, every line the bet does not have, and a table without a
// source, each error naming the table ("trips paytable flush: missing").
func (p Paytable[L]) Validate(name string, lines []L, most int64) error {
	var errs []error
	for _, l := range lines {
		if err := p.Pays[l].Check(most); err != nil {
			errs = append(errs, fmt.Errorf("%s paytable %s: %w", name, l, err))
		}
	}
	for _, l := range slices.Sorted(maps.Keys(p.Pays)) {
		if !slices.Contains(lines, l) {
			errs = append(errs, fmt.Errorf("%s paytable %s: not a line of the bet (have %v)", name, l, lines))
		}
	}
	if p.Source == "" {
		errs = append(errs, fmt.Errorf("%s paytable without its source (the rules' clause, operator, or placeholder)", name))
	}
	return errors.Join(errs...)
}
