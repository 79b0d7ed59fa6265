package moneywheel

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// docs/rules/cz-money-wheel.md §4.3–4.4: a dealer's spin under 5 full
// revolutions is void; the direction does not matter. §7: an rng result
// is one field, so it has no revolutions to count and no peg.
func TestValidateSpin(t *testing.T) {
	r := placeholderRules(t)
	for _, tc := range []struct {
		name string
		spin Spin
		want round.Verdict
	}{
		{"dealer 5 revolutions", Spin{Source: FromDealer, Field: 3, Revolutions: 5}, round.Valid},
		{"dealer 4 revolutions", Spin{Source: FromDealer, Field: 3, Revolutions: 4, Direction: round.Anticlockwise}, round.Void},
		{"dealer 0 revolutions", Spin{Source: FromDealer, Field: 3}, round.Void},
		{"dealer 12 anticlockwise", Spin{Source: FromDealer, Field: 29, Revolutions: 12, Direction: round.Anticlockwise}, round.Valid},
		{"dealer peg", Spin{Source: FromDealer, Field: 29, Revolutions: 6, Direction: round.Clockwise, Peg: true}, round.Valid},
		{"dealer peg under 5", Spin{Source: FromDealer, Field: 2, Revolutions: 3, Direction: round.Clockwise, Peg: true}, round.Void},
		{"rng", Spin{Source: FromRNG, Field: 0}, round.Valid},
		{"rng peg", Spin{Source: FromRNG, Field: 0, Peg: true}, round.Malformed},
		{"dealer peg without direction", Spin{Source: FromDealer, Field: 2, Revolutions: 6, Peg: true}, round.Malformed},
		{"field 30", Spin{Source: FromRNG, Field: 30}, round.Malformed},
		{"field -1", Spin{Source: FromDealer, Field: -1, Revolutions: 6}, round.Malformed},
		{"negative revolutions", Spin{Source: FromDealer, Field: 1, Revolutions: -6}, round.Malformed},
		{"no source", Spin{Field: 1, Revolutions: 6}, round.Malformed},
		{"bad direction", Spin{Source: FromDealer, Field: 1, Revolutions: 6, Direction: 3}, round.Malformed},
	} {
		if got := Validate(r, tc.spin); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		if err := CheckSpin(r, tc.spin); (err != nil) != (tc.want == round.Malformed) || err != nil && apierr.Reason(err) != round.ReasonBadSpin {
			t.Errorf("%s: CheckSpin %v", tc.name, err)
		}
	}
	r.Options.MinRevolutions = 10
	if Validate(r, Spin{Source: FromDealer, Field: 1, Revolutions: 9}) != round.Void {
		t.Error("min_revolutions 10 took 9")
	}
}

// TestPegPreviousFieldAgainstDirection pins the reading of the peg rule
// (cz-money-wheel.md §4.5 "the previous field wins", §7 "the field that
// had just passed under the pointer"): the layout is in clockwise order,
// so turning clockwise the field after the peg in that order has passed
// the pointer and wins; turning anticlockwise the one before it does.
func TestPegPreviousFieldAgainstDirection(t *testing.T) {
	r := placeholderRules(t)
	for _, tc := range []struct {
		field int
		dir   round.Direction
		peg   bool
		want  int
	}{
		{0, round.Clockwise, true, 1},
		{0, round.Anticlockwise, true, 0},
		{17, round.Clockwise, true, 18},
		{17, round.Anticlockwise, true, 17},
		{29, round.Clockwise, true, 0}, // the peg between the last field and the first
		{29, round.Anticlockwise, true, 29},
		{17, round.Clockwise, false, 17}, // no peg: the field under the pointer
		{17, round.Anticlockwise, false, 17},
	} {
		s := Spin{Source: FromDealer, Field: tc.field, Revolutions: 5, Direction: tc.dir, Peg: tc.peg}
		if got := Winner(r, s); got != tc.want {
			t.Errorf("field %d %s peg=%v: winner %d, want %d", tc.field, tc.dir, tc.peg, got, tc.want)
		}
	}
}
