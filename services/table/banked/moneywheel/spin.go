package moneywheel

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Source is where a table's results come from.
type Source uint8

// Result sources.
const (
	// FromRNG: the rng service draws a field uniformly over the 30
	// (cz-money-wheel.md §7); no wheel turns, so there are no revolutions
	// to count and no peg to stop on.
	FromRNG Source = iota + 1
	// FromDealer: a live dealer's console reports the physical spin.
	FromDealer
)

var sourceNames = round.Enum[Source]{Type: "result source", Names: []string{"", "rng", "dealer"}}

func (s Source) String() string { return sourceNames.String(s) }

// MarshalText writes the name.
func (s Source) MarshalText() ([]byte, error) { return sourceNames.Text(s) }

// UnmarshalText reads a name.
func (s *Source) UnmarshalText(b []byte) error { return sourceNames.Parse(b, s) }

// Spin is one result as its source reports it.
type Spin struct {
	Source Source `json:"source"`
	// Field is the index, in wheel order, of the field under the pointer.
	// With Peg, it is the field on the anticlockwise side of the peg the
	// pointer rests on; the other is Field+1 (the wheel's next field
	// clockwise, wrapping at 30).
	Field int `json:"field"`
	// Revolutions is how many full turns the wheel made (dealer mode).
	Revolutions int `json:"revolutions,omitempty"`
	// Direction is which way the wheel turned. It does not matter for the
	// game (cz-money-wheel.md §4.3) except to say which field of a peg
	// stop is the previous one.
	Direction round.Direction `json:"direction,omitempty"`
	// Peg: the pointer stopped on the peg after Field (dealer mode).
	Peg bool `json:"peg,omitempty"`
}

// CheckSpin reports why s cannot be a spin of the rules' wheel.
func CheckSpin(r Rules, s Spin) error {
	n := r.Wheel.Size()
	switch {
	case s.Field < 0 || s.Field >= n:
		return apierr.Invalid(round.ReasonBadSpin, "field %d is not on the %d-field wheel", s.Field, n)
	case s.Revolutions < 0:
		return apierr.Invalid(round.ReasonBadSpin, "%d revolutions", s.Revolutions)
	case s.Direction > round.Anticlockwise:
		return apierr.Invalid(round.ReasonBadSpin, "unknown direction %d", s.Direction)
	}
	switch s.Source {
	case FromRNG:
		// cz-money-wheel.md §7: for RNG a peg stop cannot happen.
		if s.Peg {
			return apierr.Invalid(round.ReasonBadSpin, "an rng result resolves to one field, never a peg (cz-money-wheel.md §7)")
		}
	case FromDealer:
		if s.Peg && s.Direction == 0 {
			return apierr.Invalid(round.ReasonBadSpin, "a peg stop needs the wheel's direction to tell the previous field (cz-money-wheel.md §4.5)")
		}
	default:
		return apierr.Invalid(round.ReasonBadSpin, "unknown result source %d", s.Source)
	}
	return nil
}

// Validate says whether s counts: Void for a dealer's spin under the
// minimum revolutions (cz-money-wheel.md §4.4), Malformed for a report
// CheckSpin refuses, else Valid. An rng result always has a valid spin.
func Validate(r Rules, s Spin) round.Verdict {
	if CheckSpin(r, s) != nil {
		return round.Malformed
	}
	if s.Source == FromDealer && s.Revolutions < r.Options.MinRevolutions {
		// The game is void and a new one starts (cz-money-wheel.md §4.4);
		// no verdict here is Respin.
		return round.Void
	}
	return round.Valid
}

// Winner is the index of the winning field of a well-formed spin.
//
// The peg rule (cz-money-wheel.md §4.5): on a peg "the previous field
// wins", read as §7 reads it, the field that had just passed under the
// pointer before the wheel stopped. The fields are in clockwise order, so
// a wheel turning clockwise brings them to the fixed pointer in falling
// order (…, Field+1, Field, Field-1, …): stopped on the peg between
// Field and Field+1, Field+1 has passed and wins. Turning anticlockwise
// they come in rising order, and Field wins.
func Winner(r Rules, s Spin) int {
	if n := r.Wheel.Size(); s.Peg && s.Direction == round.Clockwise && n > 0 {
		return (s.Field + 1) % n
	}
	return s.Field
}
