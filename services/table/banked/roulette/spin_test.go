package roulette

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

func TestValidate(t *testing.T) {
	cz, ru := rules(t, CZ), rules(t, RU)
	cw := &Spin{Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 20}
	good := func(w, b round.Direction, rev int) Spin {
		return Spin{Dealer: true, Wheel: w, Ball: b, Revolutions: rev}
	}
	for _, tc := range []struct {
		name string
		r    Rules
		prev *Spin
		s    Spin
		want round.Verdict
		// faults are why an invalid spin is not valid, in order.
		faults []Fault
	}{
		{"cz §5.2 reversed, 10 revolutions", cz, cw, good(round.Anticlockwise, round.Clockwise, 10), round.Valid, nil},
		{"cz §5.3 wheel not reversed", cz, cw, good(round.Clockwise, round.Anticlockwise, 10), round.Void, []Fault{WheelNotReversed}},
		{"cz §5.3 ball with the wheel", cz, cw, good(round.Anticlockwise, round.Anticlockwise, 10), round.Void, []Fault{BallWithWheel}},
		{"cz §5.3 9 revolutions", cz, cw, good(round.Anticlockwise, round.Clockwise, 9), round.Void, []Fault{FewRevolutions}},
		{"cz §5.3 all three", cz, cw, good(round.Clockwise, round.Clockwise, 1), round.Void, []Fault{WheelNotReversed, BallWithWheel, FewRevolutions}},
		{"cz first spin of the table", cz, nil, good(round.Clockwise, round.Anticlockwise, 10), round.Valid, nil},
		{"cz §10 an RNG spin has no physical rules", cz, cw, Spin{}, round.Valid, nil},
		{"ru §3.19 3 revolutions, no alternation", ru, cw, good(round.Clockwise, round.Anticlockwise, 3), round.Valid, nil},
		{"ru §3.20 T16 2 revolutions", ru, cw, good(round.Clockwise, round.Anticlockwise, 2), round.Respin, []Fault{FewRevolutions}},
		{"ru §3.20 same direction", ru, nil, good(round.Clockwise, round.Clockwise, 9), round.Respin, []Fault{BallWithWheel}},
		{"ru §3.20 reported causes", ru, nil, Spin{Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 9,
			Reported: []Fault{BetsScattered, BallLeftWheel, BallOnRim, ForeignObject, Declared}},
			round.Respin, []Fault{BallLeftWheel, BallOnRim, ForeignObject, Declared, BetsScattered}},
		{"ru §3.20 pit declares no spin on an RNG table", ru, nil, Spin{Reported: []Fault{Declared}}, round.Respin, []Fault{Declared}},
		{"a dealer spin without directions", cz, cw, Spin{Dealer: true, Revolutions: 12}, round.Malformed, nil},
		{"an unknown fault", ru, nil, Spin{Reported: []Fault{99}}, round.Malformed, nil},
		{"an unknown direction", cz, nil, good(3, round.Clockwise, 12), round.Malformed, nil},
		{"negative revolutions", cz, nil, good(round.Anticlockwise, round.Clockwise, -1), round.Malformed, nil},
		{"cz with re-spin handling", rules(t, CZ, "invalid_spin", "respin"), cw, good(round.Clockwise, round.Anticlockwise, 12), round.Respin, []Fault{WheelNotReversed}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, faults := Validate(tc.r, tc.prev, tc.s)
			if got != tc.want || !slices.Equal(faults, tc.faults) {
				t.Errorf("%v %v, want %v %v", got, faults, tc.want, tc.faults)
			}
			// CheckSpin refuses exactly the reports Validate calls Malformed.
			if err := CheckSpin(tc.r, tc.s); (err != nil) != (tc.want == round.Malformed) || err != nil && apierr.Reason(err) != round.ReasonBadSpin {
				t.Errorf("CheckSpin %v", err)
			}
		})
	}
}
