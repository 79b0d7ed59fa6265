// Package moneywheel is the money wheel ("BigWin Magic Wheel") of
// docs/rules/cz-money-wheel.md as a pure engine: a vertical wheel of 30
// fields, six symbol boxes paying N:1 with the stake returned, an X that
// takes every bet, a spin void under 5 revolutions whose bets each player
// carries into the next game or takes back, and the peg rule.
//
// The shape is every banked game's (package round): Rules (rules.go), the
// boxes and the stake checks (bet.go), the spin and its validity
// (spin.go), the round's State (state.go), the transition function Apply
// with a method per command (apply.go) and its events (event.go), and
// Settle (settle.go); the players' choices for a void spin, which only
// the money wheel has, are choice.go. No I/O: the table core stores the
// state, moves the money the events' lines say and shows each viewer what
// he may see.
package moneywheel

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/wheel"
)

// CZ is the profile of docs/rules/cz-money-wheel.md, the only source.
const CZ = "cz"

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{CZ} }

// VoidChoice is what happens to a player's bets when the spin is void
// (cz-money-wheel.md §4.4: "each player chooses one of").
type VoidChoice uint8

// Void choices.
const (
	// Carry: (a) the original bet stays, at the same amount, for the new
	// game. The default (cz-money-wheel.md §7: "keep bet for the new game").
	Carry VoidChoice = iota + 1
	// Refund: (b) the croupier refunds the original bet.
	Refund
)

var voidChoiceNames = round.Enum[VoidChoice]{Type: "void choice", Names: []string{"", "carry", "refund"}}

func (v VoidChoice) String() string { return voidChoiceNames.String(v) }

// MarshalText writes the name.
func (v VoidChoice) MarshalText() ([]byte, error) { return voidChoiceNames.Text(v) }

// UnmarshalText reads a name.
func (v *VoidChoice) UnmarshalText(b []byte) error { return voidChoiceNames.Parse(b, v) }

// Options are the rule choices the table may override with Set.
type Options struct {
	// MinRevolutions is how many full revolutions a dealer's spin must
	// make to count (cz-money-wheel.md §4.3–4.4: at least 5).
	MinRevolutions int `json:"min_revolutions"`
	// Void is what a voided spin does with the bets of a player who has
	// not chosen (cz-money-wheel.md §7: carry).
	Void VoidChoice `json:"void"`
}

// Limits are a table sign's bounds. The source gives none
// (cz-money-wheel.md §3, §7), so a table's configuration sets them.
type Limits struct {
	// Boxes bounds one player's stake on one box in a round (the sum of his
	// bets on it); a box not listed has no bound of its own.
	Boxes map[string]round.Limit `json:"boxes,omitempty"`
	// Table bounds one player's total stake in a round, all boxes together.
	Table round.Limit `json:"table"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Wheel is the field order, which the source does not give
	// (cz-money-wheel.md §7): the operator's, or wheel.MoneyPlaceholder().
	Wheel wheel.Wheel `json:"wheel"`
	// Pays is N of each box's N:1 (cz-money-wheel.md §1); X has none.
	Pays    map[string]int64 `json:"pays"`
	Limits  Limits           `json:"limits"`
	Options Options          `json:"options"`
}

// Named returns the rules of profile on layout w, with the profile's
// defaults and no limits yet. The layout must have the spec's 30 fields
// and counts (wheel.ParseMoney checks them); its order is the operator's.
func Named(profile string, w wheel.Wheel) (Rules, error) {
	if profile != CZ {
		return Rules{}, fmt.Errorf("moneywheel: unknown profile %q (have %v)", profile, Profiles())
	}
	layout, err := checkLayout(w)
	if err != nil {
		return Rules{}, err
	}
	return Rules{
		Profile: profile,
		Wheel:   layout,
		// cz-money-wheel.md §1, segment table.
		Pays:    map[string]int64{Cherries: 2, Bell: 3, Grapes: 4, Melon: 8, Star: 10, Seven: 25},
		Options: Options{MinRevolutions: 5, Void: Carry},
	}, nil
}

// checkLayout reads w back through wheel.ParseMoney, the one owner of the
// counts, keeping the placeholder mark.
func checkLayout(w wheel.Wheel) (wheel.Wheel, error) {
	parsed, err := wheel.ParseMoney(w.Name, strings.Join(w.Labels, ","))
	if err != nil {
		return wheel.Wheel{}, fmt.Errorf("moneywheel: layout: %w", err)
	}
	if !slices.Equal(parsed.Labels, w.Labels) {
		return wheel.Wheel{}, fmt.Errorf("moneywheel: layout %s: labels must be the lower-case symbol names", w.Name)
	}
	parsed.Placeholder = w.Placeholder
	return parsed, nil
}

// Set overrides one option by its snake_case name, as a table's options
// map carries them ("void": "refund", "min_revolutions": "5").
func (r *Rules) Set(key, value string) error {
	o := &r.Options
	switch key {
	case "min_revolutions":
		v, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		if v < 1 {
			return fmt.Errorf("option %s: %d, want at least 1", key, v)
		}
		o.MinRevolutions = v
	case "void":
		var v VoidChoice
		if err := v.UnmarshalText([]byte(value)); err != nil || v == 0 {
			return fmt.Errorf("option %s: want carry or refund, got %q", key, value)
		}
		o.Void = v
	default:
		return fmt.Errorf("moneywheel: unknown option %q", key)
	}
	return nil
}

// Validate reports every problem that keeps the rules from being played.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.Profile != CZ {
		add("unknown profile %q", r.Profile)
	}
	if _, err := checkLayout(r.Wheel); err != nil {
		errs = append(errs, err)
	}
	for _, b := range Boxes() {
		if r.Pays[b] <= 0 {
			add("box %s has no payout", b)
		}
	}
	for s := range r.Pays {
		if !slices.Contains(Boxes(), s) {
			add("payout for %q, which has no box (cz-money-wheel.md §1)", s)
		}
	}
	checkLimit := func(what string, l round.Limit) {
		if l.Min < 0 || l.Max < 0 || (l.Max > 0 && l.Max < l.Min) {
			add("%s limit %d..%d is not a range", what, l.Min, l.Max)
		}
	}
	for s, l := range r.Limits.Boxes {
		if !slices.Contains(Boxes(), s) {
			add("limit for %q, which has no box", s)
		}
		checkLimit(s, l)
	}
	checkLimit("table", r.Limits.Table)
	if r.Options.MinRevolutions < 1 {
		add("min_revolutions %d: a spin turns the wheel at least once", r.Options.MinRevolutions)
	}
	if r.Options.Void != Carry && r.Options.Void != Refund {
		add("unknown void choice %d", r.Options.Void)
	}
	return errors.Join(errs...)
}

// Symbol is the symbol of field i in wheel order, "" outside the wheel.
func (r Rules) Symbol(i int) string {
	if i < 0 || i >= len(r.Wheel.Labels) {
		return ""
	}
	return r.Wheel.Labels[i]
}
