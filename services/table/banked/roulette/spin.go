package roulette

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// Fault is why a spin is not valid.
type Fault uint8

// Faults. The first three are read from the spin's report; the others a
// dealer reports (ru §3.20's "no spin" list).
const (
	// WheelNotReversed: the wheel turned the same way as on the previous
	// spin (cz §5.2–5.3).
	WheelNotReversed Fault = iota + 1
	// BallWithWheel: the ball was launched the way the wheel turns (cz
	// §5.3, ru §3.20).
	BallWithWheel
	// FewRevolutions: fewer ball revolutions than the rules' minimum (cz
	// §5.3: 10, "may"; ru §3.20: 3).
	FewRevolutions
	// BallLeftWheel: the ball left the wheel (ru §3.20).
	BallLeftWheel
	// BallOnRim: the ball rode the turning rim for 3 or more turns without
	// dropping (ru §3.20, N6).
	BallOnRim
	// ForeignObject: something fell into the wheel during the spin (ru §3.20).
	ForeignObject
	// Declared: the pit boss or manager declared "no spin" (ru §3.20).
	Declared
	// BetsScattered: players scattered bets that cannot be restored (ru §3.20).
	BetsScattered
)

var faultNames = round.Enum[Fault]{Type: "spin fault", Names: []string{"", "wheel_not_reversed", "ball_with_wheel", "few_revolutions", "ball_left_wheel",
	"ball_on_rim", "foreign_object", "declared", "bets_scattered"}}

func (f Fault) String() string { return faultNames.String(f) }

// MarshalText writes the fault's name.
func (f Fault) MarshalText() ([]byte, error) { return faultNames.Text(f) }

// UnmarshalText reads a fault's name.
func (f *Fault) UnmarshalText(b []byte) error { return faultNames.Parse(b, f) }

// Spin is one spin's report: from the RNG (the pocket only) or from a live
// dealer's console (the pocket and how the spin went).
type Spin struct {
	// Pocket is the index in the wheel order (shared/wheel), Label its
	// number ("17", "00").
	Pocket int    `json:"pocket"`
	Label  string `json:"label"`
	// Dealer marks a physical spin, to which the spin-validity rules
	// apply (cz §10: an RNG game needs only the voiding path).
	Dealer bool `json:"dealer,omitempty"`
	// Wheel and Ball are the ways the wheel and the ball turned (dealer
	// spins).
	Wheel       round.Direction `json:"wheel,omitempty"`
	Ball        round.Direction `json:"ball,omitempty"`
	Revolutions int             `json:"revolutions,omitempty"`
	// Reported are the faults the dealer or the pit reports.
	Reported []Fault `json:"reported,omitempty"`
}

func (s Spin) clone() Spin {
	s.Reported = slices.Clone(s.Reported)
	return s
}

// CheckSpin reports why s is a report the engine cannot judge (BAD_SPIN):
// a dealer spin without both directions, an unknown direction or fault,
// negative revolutions. Validate's verdict is Malformed exactly then. A
// pocket off the wheel is refused only if the spin is valid (Apply): a
// no-spin (the ball left the wheel) may have none. The rules are the
// argument every engine's CheckSpin takes; roulette's judges the report
// alone.
func CheckSpin(_ Rules, s Spin) error {
	if s.Dealer && (s.Wheel == 0 || s.Ball == 0) {
		return apierr.Invalid(round.ReasonBadSpin, "a dealer spin reports the wheel and ball directions")
	}
	if s.Wheel > round.Anticlockwise || s.Ball > round.Anticlockwise {
		return apierr.Invalid(round.ReasonBadSpin, "unknown direction %d or %d", s.Wheel, s.Ball)
	}
	if s.Revolutions < 0 {
		return apierr.Invalid(round.ReasonBadSpin, "revolutions %d", s.Revolutions)
	}
	for _, f := range s.Reported {
		if f < WheelNotReversed || f > BetsScattered {
			return apierr.Invalid(round.ReasonBadSpin, "unknown fault %d", f)
		}
	}
	return nil
}

// Validate judges spin s, prev being the table's previous physical spin
// (nil if none), and returns the verdict and, for an invalid spin, its
// faults in order. An RNG spin is valid unless a fault is reported; a
// dealer spin must also follow the profile's physical rules. An invalid
// spin voids the round (cz §5.3, §8) or is spun again (Respin, ru §3.22),
// as the profile says. A report the engine cannot judge (a dealer spin
// without directions, an unknown fault) is Malformed.
func Validate(r Rules, prev *Spin, s Spin) (round.Verdict, []Fault) {
	if CheckSpin(r, s) != nil {
		return round.Malformed, nil
	}
	faults := slices.Clone(s.Reported)
	add := func(f Fault) {
		if !slices.Contains(faults, f) {
			faults = append(faults, f)
		}
	}
	if s.Dealer {
		o := r.Options
		if o.AlternateDirection && prev != nil && prev.Dealer && prev.Wheel != 0 && s.Wheel == prev.Wheel {
			add(WheelNotReversed)
		}
		if s.Ball == s.Wheel {
			add(BallWithWheel)
		}
		if s.Revolutions < o.MinRevolutions {
			add(FewRevolutions)
		}
	}
	if len(faults) == 0 {
		return round.Valid, nil
	}
	slices.Sort(faults)
	if r.Options.InvalidSpin == InvalidRespins {
		return round.Respin, faults
	}
	return round.Void, faults
}

// number checks the spin's pocket against the wheel and returns the
// winning number; the label, if given, must be the pocket's.
func (s Spin) number(w WheelType) (Number, error) {
	labels := w.Wheel().Labels
	if s.Pocket < 0 || s.Pocket >= len(labels) {
		return 0, apierr.Invalid(round.ReasonBadSpin, "pocket %d: the %s wheel has %d", s.Pocket, w, len(labels))
	}
	if s.Label != "" && s.Label != labels[s.Pocket] {
		return 0, apierr.Invalid(round.ReasonBadSpin, "pocket %d is %s, not %q", s.Pocket, labels[s.Pocket], s.Label)
	}
	n, _ := parseNumber(labels[s.Pocket], w)
	return n, nil
}
