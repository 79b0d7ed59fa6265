// Package rake computes the house commission of a poker cash game: a
// percentage of each pot rounded down to the currency unit under a per-hand
// cap (gr-regulation-2 G6.1, docs/rules/cz-cash-game-texas-holdem.md §4), or a time
// charge per seated player (gr-regulation-2 G6.1 mode 2).
package rake

import (
	"errors"
	"fmt"
)

// Mode is how the house takes its commission.
type Mode uint8

// Modes.
const (
	// None: no commission (tournament tables: the fee is the rake).
	None Mode = iota
	// PotPercent: a percentage of each pot, capped per hand (G6.1 mode 1).
	PotPercent
	// TimeCharge: a fixed amount per seated player per period, sitting-out
	// players included, paid in advance (G6.1 mode 2). No pot rake.
	TimeCharge
)

var modeNames = [...]string{"none", "pot-percent", "time-charge"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// MarshalText writes the mode name.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a mode name.
func (m *Mode) UnmarshalText(b []byte) error {
	for i, n := range modeNames {
		if n == string(b) {
			*m = Mode(i)
			return nil
		}
	}
	return fmt.Errorf("rake: unknown mode %q", b)
}

// Config is a table's commission. Amounts are in the currency's minor units.
type Config struct {
	Mode Mode `json:"mode"`
	// BasisPoints is the pot percentage in hundredths of a percent: 500 is
	// 5 %. Greek tables take 1 %–5 % (G6.1).
	BasisPoints int64 `json:"basis_points,omitempty"`
	// Cap is the most taken in one hand, 0 for none: 10 × the big blind in
	// Greece (G6.1), 300 Kč in the Czech cash game (§4).
	Cap int64 `json:"cap,omitempty"`
	// Unit is what the rake is rounded down to: €1 in Greece ("any fraction
	// of €1 is rounded down"), the smallest chip elsewhere.
	Unit int64 `json:"unit,omitempty"`
	// NoFlopNoDrop takes nothing from a hand that ended before the first
	// shared cards (the flop; in stud, before the second betting round).
	NoFlopNoDrop bool `json:"no_flop_no_drop,omitempty"`
	// Charge is the time charge per seated player per period (TimeCharge).
	Charge int64 `json:"charge,omitempty"`
}

// Validate reports a commission that cannot be applied.
func (c Config) Validate() error {
	switch c.Mode {
	case None:
		return nil
	case PotPercent:
		var errs []error
		if c.BasisPoints <= 0 || c.BasisPoints > 10000 {
			errs = append(errs, fmt.Errorf("rake percentage %d bp is out of range", c.BasisPoints))
		}
		if c.Unit <= 0 {
			errs = append(errs, errors.New("rake unit must be positive"))
		}
		if c.Cap < 0 {
			errs = append(errs, errors.New("rake cap must not be negative"))
		}
		return errors.Join(errs...)
	case TimeCharge:
		if c.Charge <= 0 {
			return errors.New("time charge must be positive")
		}
		return nil
	}
	return fmt.Errorf("unknown rake mode %d", c.Mode)
}

// Of returns the rake of one pot of amount, before the hand's cap: the
// percentage rounded down to the unit.
func (c Config) Of(amount int64) int64 {
	if c.Mode != PotPercent || amount <= 0 {
		return 0
	}
	r := amount * c.BasisPoints / 10000
	return r / c.Unit * c.Unit
}

// Take returns the rake of each pot (amounts in pot order, the main pot
// first) into dst: each pot's percentage, and the hand's cap filled from the
// main pot onwards. sawFlop is false for a hand that ended before the first
// shared cards (no flop, no drop). Every share is a multiple of the unit.
func (c Config) Take(amounts []int64, sawFlop bool, dst []int64) []int64 {
	dst = dst[:0]
	left := c.Cap
	for _, a := range amounts {
		r := int64(0)
		if c.Mode == PotPercent && (sawFlop || !c.NoFlopNoDrop) {
			r = c.Of(a)
			if c.Cap > 0 {
				r = min(r, left/c.Unit*c.Unit)
				left -= r
			}
		}
		dst = append(dst, r)
	}
	return dst
}

// TimeChargeOf is what a seated player with stack pays for one period: the
// charge, or the whole stack if it is smaller.
func (c Config) TimeChargeOf(stack int64) int64 {
	if c.Mode != TimeCharge {
		return 0
	}
	return min(c.Charge, max(stack, 0))
}
