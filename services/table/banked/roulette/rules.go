// Package roulette is the pure roulette engine: the table's rules (the
// "cz" European profile of docs/rules/cz-european-roulette.md and the
// "ru" colour-chip profile of docs/rules/ru-american-roulette.md), the
// layout and announced bets a spot string names, the validity of a
// physical spin, a round's transitions and its settlement. It does no I/O:
// the table core stores the State, applies Commands and moves the money
// the Settlement's lines say.
//
// The shape is every banked game's (package round): Rules (rules.go), the
// spots and the stake checks (bet.go), the spin and its validity
// (spin.go), the round's State (state.go), the transition function Apply
// with a method per command (apply.go) and its events (event.go), and
// Settle (settle.go); the layout's numbers and geometry (layout.go) and
// the racetrack's announced bets (announced.go) are roulette's own.
package roulette

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/wheel"
)

// Profile names.
const (
	// CZ is the Czech European roulette (docs/rules/cz-european-roulette.md).
	CZ = "cz"
	// RU is the Russian colour-chip "American" roulette with a racetrack
	// (docs/rules/ru-american-roulette.md).
	RU = "ru"
)

// Profiles lists the named profiles, the default first.
func Profiles() []string { return []string{CZ, RU} }

// WheelType is the wheel a table spins.
type WheelType uint8

// Wheel types.
const (
	// SingleZero is the 37-pocket European wheel, the default of both
	// profiles (ru-american-roulette.md, box at the top: "American" names
	// the colour-chip table style, not a 0/00 wheel).
	SingleZero WheelType = iota + 1
	// DoubleZero is the optional 38-pocket 0/00 wheel (ru N1).
	DoubleZero
)

var wheelNames = round.Enum[WheelType]{Type: "wheel", Names: []string{"", "single_zero", "double_zero"}}

func (w WheelType) String() string { return wheelNames.String(w) }

// MarshalText writes the wheel type's name.
func (w WheelType) MarshalText() ([]byte, error) { return wheelNames.Text(w) }

// UnmarshalText reads a wheel type's name.
func (w *WheelType) UnmarshalText(b []byte) error { return wheelNames.Parse(b, w) }

// Wheel returns the wheel order of w (shared/wheel owns the orders).
func (w WheelType) Wheel() wheel.Wheel {
	if w == DoubleZero {
		return wheel.American()
	}
	return wheel.European()
}

// Toggle is an option that defaults by the wheel: Auto is on for one
// wheel type and off for the other.
type Toggle uint8

// Toggle values.
const (
	Auto Toggle = iota
	On
	Off
)

var toggleNames = round.Enum[Toggle]{Type: "toggle", Names: []string{"auto", "on", "off"}}

func (t Toggle) String() string { return toggleNames.String(t) }

// MarshalText writes the toggle's name.
func (t Toggle) MarshalText() ([]byte, error) { return toggleNames.Text(t) }

// UnmarshalText reads a toggle's name, or true (on) or false (off).
func (t *Toggle) UnmarshalText(b []byte) error {
	switch string(b) {
	case "true":
		b = []byte("on")
	case "false":
		b = []byte("off")
	}
	return toggleNames.Parse(b, t)
}

// InvalidSpin is what an invalid spin does to the round.
type InvalidSpin uint8

// Invalid-spin handling.
const (
	// InvalidVoids: the game is void and the bets are returned
	// (cz-european-roulette.md §5.3, §8).
	InvalidVoids InvalidSpin = iota + 1
	// InvalidRespins: "no spin", the dealer spins again; the bets stay and players
	// may change, remove or keep them (ru-american-roulette.md §3.22).
	InvalidRespins
)

var invalidSpinNames = round.Enum[InvalidSpin]{Type: "invalid spin handling", Names: []string{"", "void", "respin"}}

func (v InvalidSpin) String() string { return invalidSpinNames.String(v) }

// MarshalText writes the handling's name.
func (v InvalidSpin) MarshalText() ([]byte, error) { return invalidSpinNames.Text(v) }

// UnmarshalText reads a handling's name.
func (v *InvalidSpin) UnmarshalText(b []byte) error { return invalidSpinNames.Parse(b, v) }

// Options are the rule choices the two sources make differently or leave
// open.
type Options struct {
	// Announced offers the racetrack bets; Auto is on for the single-zero
	// wheel and off for 0/00, where the sources define none (ru N1).
	Announced Toggle `json:"announced"`
	// Neighbours is how many wheel neighbours each side a
	// "neighbours:<n>" bet covers: 2 by default (cz §4.1 "as a rule";
	// ru N2), so 5 chips.
	Neighbours int `json:"neighbours"`
	// TrackCap: when a player's layout bet and a winning track piece on
	// the same spot together exceed the spot maximum, the maximum plays
	// and the excess is returned (ru §4.4, T17).
	TrackCap bool `json:"track_cap,omitempty"`
	// TopLine offers the five-number bet 0-00-1-2-3 on the 0/00 wheel.
	// Neither source has it (ru N1): off unless the table opts in.
	TopLine bool `json:"top_line,omitempty"`
	// InvalidSpin is what an invalid spin does (cz: void, ru: re-spin).
	InvalidSpin InvalidSpin `json:"invalid_spin"`
	// AlternateDirection: a dealer's wheel must turn the other way from
	// its previous spin (cz §5.2–5.3).
	AlternateDirection bool `json:"alternate_direction,omitempty"`
	// MinRevolutions is the fewest ball revolutions of a valid dealer
	// spin: cz 10 (§5.3 says such a spin "may" be declared invalid; the
	// default applies it, 0 leaves it to the operator's Void), ru 3
	// (§3.19–3.21).
	MinRevolutions int `json:"min_revolutions"`
}

// Limits are the table sign's bounds. A zero Min or Max of a bet kind is
// the table's.
type Limits struct {
	Table round.Limit `json:"table"`
	// Spot is the most one player may have on one spot (the table maximum
	// per bet, ru §3.5–3.6); 0 is the bet kind's maximum.
	Spot       int64       `json:"spot,omitempty"`
	Straight   round.Limit `json:"straight,omitzero"`
	Split      round.Limit `json:"split,omitzero"`
	Street     round.Limit `json:"street,omitzero"`
	Corner     round.Limit `json:"corner,omitzero"`
	SixLine    round.Limit `json:"six_line,omitzero"`
	TopLine    round.Limit `json:"top_line,omitzero"`
	Dozen      round.Limit `json:"dozen,omitzero"`
	Column     round.Limit `json:"column,omitzero"`
	EvenChance round.Limit `json:"even_chance,omitzero"`
}

// For returns the limit of one stake of kind k (an announced bet's pieces
// are limited as their own kinds, so k is a layout kind).
func (l Limits) For(k Kind) round.Limit {
	var own round.Limit
	switch k {
	case Straight:
		own = l.Straight
	case Split:
		own = l.Split
	case Street:
		own = l.Street
	case Corner:
		own = l.Corner
	case SixLine:
		own = l.SixLine
	case TopLine:
		own = l.TopLine
	case Dozen:
		own = l.Dozen
	case Column:
		own = l.Column
	case EvenChance:
		own = l.EvenChance
	}
	if own.Min == 0 {
		own.Min = l.Table.Min
	}
	if own.Max == 0 {
		own.Max = l.Table.Max
	}
	return own
}

// SpotMax is the most one player may have on one spot of kind k; 0 is no
// maximum.
func (l Limits) SpotMax(k Kind) int64 {
	if l.Spot > 0 {
		return l.Spot
	}
	return l.For(k).Max
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string    `json:"profile"`
	Wheel   WheelType `json:"wheel"`
	Limits  Limits    `json:"limits"`
	Options Options   `json:"options"`
}

// Named returns the rules of a named profile with its defaults; the limits
// are still to fill in.
func Named(profile string) (Rules, error) {
	r := Rules{Profile: profile, Wheel: SingleZero}
	o := &r.Options
	o.Neighbours = 2
	switch profile {
	case CZ:
		o.InvalidSpin = InvalidVoids
		o.AlternateDirection = true
		o.MinRevolutions = 10
	case RU:
		o.TrackCap = true
		o.InvalidSpin = InvalidRespins
		o.MinRevolutions = 3
	default:
		return Rules{}, fmt.Errorf("unknown roulette profile %q (have %v)", profile, Profiles())
	}
	return r, nil
}

// TakesAnnounced reports whether the table takes announced (racetrack) bets.
func (r Rules) TakesAnnounced() bool {
	switch r.Options.Announced {
	case On:
		return true
	case Off:
		return false
	}
	return r.Wheel == SingleZero
}

// Set overrides one option by its snake_case name, as CreateTable's
// options map carries them ("wheel": "double_zero"). Values are the
// options' text names, integers or booleans.
func (r *Rules) Set(key, value string) error {
	o := &r.Options
	b := []byte(value)
	switch key {
	case "wheel":
		return r.Wheel.UnmarshalText(b)
	case "announced":
		return o.Announced.UnmarshalText(b)
	case "neighbours":
		return setInt(key, value, &o.Neighbours)
	case "track_cap":
		return setBool(key, value, &o.TrackCap)
	case "top_line":
		return setBool(key, value, &o.TopLine)
	case "invalid_spin":
		return o.InvalidSpin.UnmarshalText(b)
	case "alternate_direction":
		return setBool(key, value, &o.AlternateDirection)
	case "min_revolutions":
		return setInt(key, value, &o.MinRevolutions)
	}
	return fmt.Errorf("unknown roulette option %q", key)
}

// Validate reports every problem that keeps the rules from being played.
// Set checks one option; Validate checks them together, so that the
// order a caller sets them in does not matter.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	o := r.Options
	if r.Wheel != SingleZero && r.Wheel != DoubleZero {
		add("unknown wheel %d", r.Wheel)
	}
	if r.Wheel == DoubleZero && o.Announced == On {
		add("announced bets are defined for the single-zero wheel only (ru-american-roulette.md N1)")
	}
	if r.Wheel != DoubleZero && o.TopLine {
		add("the top line 0-00-1-2-3 needs the double-zero wheel")
	}
	if o.Neighbours < 1 || 2*o.Neighbours+1 > 37 {
		add("neighbours %d each side: want 1 to 18", o.Neighbours)
	}
	if o.InvalidSpin != InvalidVoids && o.InvalidSpin != InvalidRespins {
		add("unknown invalid-spin handling %d", o.InvalidSpin)
	}
	if o.MinRevolutions < 0 {
		add("min revolutions %d is negative", o.MinRevolutions)
	}
	l := r.Limits
	for _, lim := range []round.Limit{l.Table, l.Straight, l.Split, l.Street, l.Corner, l.SixLine, l.TopLine, l.Dozen, l.Column, l.EvenChance} {
		if lim.Min < 0 || lim.Max < 0 || (lim.Max > 0 && lim.Min > lim.Max) {
			add("limit %+v: want 0 <= min <= max", lim)
		}
	}
	if l.Spot < 0 {
		add("spot maximum %d is negative", l.Spot)
	}
	return errors.Join(errs...)
}

// setBool sets *p to the boolean value of option key.
func setBool(key, value string, p *bool) error {
	v, err := strconv.ParseBool(value)
	if err != nil {
		return fmt.Errorf("option %s: %w", key, err)
	}
	*p = v
	return nil
}

// setInt sets *p to the integer value of option key.
func setInt(key, value string, p *int) error {
	v, err := strconv.Atoi(value)
	if err != nil {
		return fmt.Errorf("option %s: %w", key, err)
	}
	*p = v
	return nil
}
