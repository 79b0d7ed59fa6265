package moneywheel

import (
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/wheel"
)

// docs/rules/cz-money-wheel.md §1: the segment table's payouts, the boxes
// matching shared/wheel's symbols less X, and §4.4/§7's defaults.
func TestCZProfileFromSpec(t *testing.T) {
	r := placeholderRules(t)
	want := map[string]int64{Cherries: 2, Bell: 3, Grapes: 4, Melon: 8, Star: 10, Seven: 25}
	if len(r.Pays) != len(want) {
		t.Fatalf("pays %v", r.Pays)
	}
	for s, n := range want {
		if r.Pays[s] != n {
			t.Errorf("%s pays %d:1, want %d:1", s, r.Pays[s], n)
		}
	}
	if got := slices.DeleteFunc(wheel.MoneySymbols(), func(s string) bool { return s == X }); !slices.Equal(got, Boxes()) {
		t.Errorf("boxes %v, wheel symbols %v", Boxes(), wheel.MoneySymbols())
	}
	if r.Options != (Options{MinRevolutions: 5, Void: Carry}) {
		t.Errorf("options %+v", r.Options)
	}
	if !r.Wheel.Placeholder || r.Wheel.Name != wheel.PlaceholderName {
		t.Errorf("the shipped layout is not marked a placeholder: %+v", r.Wheel)
	}
	if err := r.Validate(); err != nil {
		t.Error(err)
	}
	if !slices.Equal(Profiles(), []string{CZ}) {
		t.Errorf("profiles %v", Profiles())
	}
}

// docs/rules/cz-money-wheel.md §7: the operator supplies the order; any
// order with the counts of §1 is accepted, anything else refused.
func TestNamedChecksTheLayout(t *testing.T) {
	good := wheel.MoneyPlaceholder()
	rev := slices.Clone(good.Labels)
	slices.Reverse(rev)
	op, err := wheel.ParseMoney("casino-7", strings.Join(rev, ","))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := Named(CZ, op); err != nil || r.Wheel.Placeholder || !slices.Equal(r.Wheel.Labels, rev) {
		t.Fatalf("operator layout: %+v %v", r.Wheel, err)
	}
	bad := map[string]wheel.Wheel{
		"29 fields":   {Name: "w", Labels: good.Labels[:29]},
		"no seven":    {Name: "w", Labels: append([]string{Cherries}, good.Labels[1:]...)},
		"upper case":  {Name: "w", Labels: append([]string{"Seven"}, good.Labels[1:]...)},
		"no name":     {Labels: good.Labels},
		"roulette":    wheel.European(),
		"empty wheel": {},
	}
	for name, w := range bad {
		if _, err := Named(CZ, w); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	for _, p := range []string{"", "CZ", "gr", "ru"} {
		if _, err := Named(p, good); err == nil {
			t.Errorf("profile %q accepted", p)
		}
	}
}

func TestSetOptions(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		ok         bool
		want       Options
	}{
		{"void", "refund", true, Options{MinRevolutions: 5, Void: Refund}},
		{"void", "carry", true, Options{MinRevolutions: 5, Void: Carry}},
		{"min_revolutions", "10", true, Options{MinRevolutions: 10, Void: Carry}},
		{"void", "keep", false, Options{}},
		{"min_revolutions", "0", false, Options{}},
		{"min_revolutions", "five", false, Options{}},
		{"peg", "next", false, Options{}},
	} {
		r := placeholderRules(t)
		err := r.Set(tc.key, tc.value)
		if (err == nil) != tc.ok {
			t.Errorf("Set(%s, %s): %v", tc.key, tc.value, err)
			continue
		}
		if tc.ok && r.Options != tc.want {
			t.Errorf("Set(%s, %s): %+v", tc.key, tc.value, r.Options)
		}
		if !tc.ok && r.Options != placeholderRules(t).Options {
			t.Errorf("refused Set(%s, %s) changed %+v", tc.key, tc.value, r.Options)
		}
	}
}

func TestValidateRefuses(t *testing.T) {
	for name, edit := range map[string]func(*Rules){
		"profile":      func(r *Rules) { r.Profile = "gr" },
		"layout":       func(r *Rules) { r.Wheel.Labels = r.Wheel.Labels[1:] },
		"no payout":    func(r *Rules) { delete(r.Pays, Seven) },
		"x pays":       func(r *Rules) { r.Pays[X] = 1 },
		"limit range":  func(r *Rules) { r.Limits.Table = round.Limit{Min: 10, Max: 5} },
		"negative min": func(r *Rules) { r.Limits.Boxes = map[string]round.Limit{Bell: {Min: -1}} },
		"x limit":      func(r *Rules) { r.Limits.Boxes = map[string]round.Limit{X: {Max: 5}} },
		"revolutions":  func(r *Rules) { r.Options.MinRevolutions = 0 },
		"void choice":  func(r *Rules) { r.Options.Void = 0 },
	} {
		r := placeholderRules(t)
		edit(&r)
		if r.Validate() == nil {
			t.Errorf("%s: valid", name)
		}
	}
}

func TestVoidChoiceText(t *testing.T) {
	for _, c := range []VoidChoice{Carry, Refund} {
		b, _ := c.MarshalText()
		var back VoidChoice
		if err := back.UnmarshalText(b); err != nil || back != c {
			t.Errorf("%s: %v %v", c, back, err)
		}
	}
	var v VoidChoice
	if v.UnmarshalText([]byte("Carry")) == nil {
		t.Error("folded case")
	}
}
