// Package wheel holds the wheel layouts the RNG spins: the 37-pocket
// European wheel, the 38-pocket 0/00 wheel and the 30-segment money wheel.
// A spin picks a pocket index uniformly; the layout maps it to a label.
package wheel

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	rngv1 "github.com/croupier/croupier/gen/croupier/rng/v1"
)

// Wheel is one layout: the labels of its pockets in wheel order.
type Wheel struct {
	Kind rngv1.Wheel
	// Name identifies the layout in outcomes and audit records.
	Name string
	// Labels are the pockets in wheel order (clockwise).
	Labels []string
	// Placeholder marks a layout that is not the operator's real wheel.
	Placeholder bool
}

// Size is the number of pockets.
func (w Wheel) Size() int { return len(w.Labels) }

// europeanOrder is docs/rules/cz-european-roulette.md §1.1, clockwise from 0.
var europeanOrder = []int{0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26}

// americanOrder is docs/rules/ru-american-roulette.md §1.1 (optional double-zero
// wheel), clockwise from 0; -1 stands for 00.
var americanOrder = []int{0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, -1, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2}

func labels(order []int) []string {
	out := make([]string, len(order))
	for i, n := range order {
		if n < 0 {
			out[i] = "00"
		} else {
			out[i] = strconv.Itoa(n)
		}
	}
	return out
}

// European is the 37-pocket single-zero wheel of docs/rules/cz-european-roulette.md §1.1.
func European() Wheel {
	return Wheel{Kind: rngv1.Wheel_WHEEL_EUROPEAN, Name: "european", Labels: labels(europeanOrder)}
}

// American is the 38-pocket 0/00 wheel of docs/rules/ru-american-roulette.md §1.1 (N1 option).
func American() Wheel {
	return Wheel{Kind: rngv1.Wheel_WHEEL_AMERICAN, Name: "american", Labels: labels(americanOrder)}
}

// MoneySegments is the number of fields on the money wheel (docs/rules/cz-money-wheel.md §1).
const MoneySegments = 30

// moneyCounts is the segment table of docs/rules/cz-money-wheel.md §1.
var moneyCounts = map[string]int{
	"cherries": 9, "bell": 6, "grapes": 5, "melon": 3, "star": 2, "seven": 1, "x": 4,
}

// MoneySymbols lists the money wheel's symbols.
func MoneySymbols() []string {
	return []string{"cherries", "bell", "grapes", "melon", "star", "seven", "x"}
}

// MoneyCounts returns how many fields each symbol has (docs/rules/cz-money-wheel.md §1).
func MoneyCounts() map[string]int {
	out := make(map[string]int, len(moneyCounts))
	for k, v := range moneyCounts {
		out[k] = v
	}
	return out
}

// PlaceholderName names the shipped placeholder money-wheel layout.
const PlaceholderName = "money-placeholder-v1"

// placeholderOrder has the source's counts; the order itself is made up,
// because docs/rules/cz-money-wheel.md §7 says the source does not give it. Operators
// replace it with their physical wheel's order.
const placeholderOrder = "seven,cherries,bell,cherries,grapes,cherries,x,bell,cherries,melon," +
	"grapes,cherries,star,bell,x,cherries,grapes,bell,melon,cherries," +
	"x,grapes,bell,cherries,star,melon,grapes,bell,cherries,x"

// MoneyPlaceholder is the labelled placeholder money-wheel layout.
func MoneyPlaceholder() Wheel {
	w, err := ParseMoney(PlaceholderName, placeholderOrder)
	if err != nil {
		panic(err) // the constant above is checked by the tests
	}
	w.Placeholder = true
	return w
}

// ParseMoney reads an operator's money-wheel layout: 30 comma-separated
// symbols in wheel order. It must have exactly the counts of
// docs/rules/cz-money-wheel.md §1 (cherries 9, bell 6, grapes 5, melon 3, star 2,
// seven 1, x 4).
func ParseMoney(name, order string) (Wheel, error) {
	if name == "" || strings.ContainsAny(name, " \t\n,") {
		return Wheel{}, fmt.Errorf("money wheel: layout name %q must be a non-empty word", name)
	}
	if name == "european" || name == "american" {
		return Wheel{}, fmt.Errorf("money wheel: layout name %q is reserved", name)
	}
	var syms []string
	for _, s := range strings.Split(order, ",") {
		syms = append(syms, strings.ToLower(strings.TrimSpace(s)))
	}
	var errs []error
	if len(syms) != MoneySegments {
		errs = append(errs, fmt.Errorf("money wheel %s: %d segments, want %d", name, len(syms), MoneySegments))
	}
	got := map[string]int{}
	for i, s := range syms {
		if _, ok := moneyCounts[s]; !ok {
			errs = append(errs, fmt.Errorf("money wheel %s: segment %d %q is not one of %s", name, i, s, strings.Join(MoneySymbols(), ", ")))
			continue
		}
		got[s]++
	}
	for _, s := range MoneySymbols() {
		if got[s] != moneyCounts[s] && len(errs) == 0 {
			errs = append(errs, fmt.Errorf("money wheel %s: %d %s segments, want %d (cz-money-wheel.md §1)", name, got[s], s, moneyCounts[s]))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return Wheel{}, err
	}
	return Wheel{Kind: rngv1.Wheel_WHEEL_MONEY, Name: name, Labels: slices.Clone(syms)}, nil
}
