package casinoholdem

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The gr profile is the source's defaults: its paytables (§6.2, §6.3),
// auto bet adjustment (§3), the Call reserved at the deal (§9 note 5),
// the boxes' cards face up (§4.2), dealt box by box (§4.2), no burns.
func TestNamedGR(t *testing.T) {
	r, err := Named(GR)
	if err != nil {
		t.Fatal(err)
	}
	want := Options{ReduceToMax: true, ReserveCall: true, HoleCardsFaceUp: true, DealOrder: ByBox}
	if r.Options != want || r.Boxes != MaxBoxes || r.Paytables != GRPaytables() {
		t.Fatalf("%+v", r)
	}
	p := r.Paytables
	for l, q := range map[Line]Ratio{
		banked.RoyalFlush: {100, 1}, banked.StraightFlush: {20, 1}, banked.Quads: {10, 1}, banked.FullHouse: {3, 1},
		banked.Flush: {2, 1}, banked.Straight: {1, 1}, banked.Pair: {1, 1}, banked.HighCard: {1, 1}, banked.AceKing: {1, 1},
	} {
		if *p.Ante.at(l) != q {
			t.Errorf("gr §6.2: the Ante pays %s on %s, want %s", *p.Ante.at(l), l, q)
		}
	}
	for l, q := range map[Line]Ratio{
		banked.RoyalFlush: {25, 1}, banked.Flush: {25, 1}, banked.Straight: {7, 1}, banked.TwoPair: {7, 1}, PairOfAces: {7, 1},
	} {
		if *p.AABonus.at(l) != q {
			t.Errorf("gr §6.3: the AA Bonus pays %s on %s, want %s", *p.AABonus.at(l), l, q)
		}
	}
	if !strings.Contains(p.AnteSource, "§6.2") || !strings.Contains(p.AABonusSource, "§6.3") {
		t.Errorf("sources %q, %q", p.AnteSource, p.AABonusSource)
	}
	if _, err := Named("cz"); err == nil {
		t.Error("an unknown profile named")
	}
}

// Every name OptionNames lists is one Set takes; a paytable line set
// makes its table the operator's.
func TestSetEveryOption(t *testing.T) {
	values := map[string]string{"boxes": "3", "deal_order": "by_round", "light_boxes": "2", "max_dark_boxes": "1",
		"must_use_both_hole_cards": "true", "fold_settles_bonus": "true", "equal_antes": "true"}
	for _, name := range OptionNames() {
		r := rules(t)
		v, ok := values[name]
		switch {
		case ok:
		case strings.Contains(name, "_pays."):
			v = "3:2"
		default:
			v = "false"
		}
		if err := r.Set(name, v); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
		}
		if r == rules(t) && v != "false" {
			t.Errorf("%s=%s changed nothing", name, v)
		}
		switch {
		case strings.HasPrefix(name, antePaysKey) && r.Paytables.AnteSource != SourceOperator,
			strings.HasPrefix(name, aaBonusPaysKey) && r.Paytables.AABonusSource != SourceOperator:
			t.Errorf("%s: the paytable is still labelled %q", name, r.Paytables.AnteSource)
		}
	}
	r := rules(t, "ante_pays.flush", "3:1", "aa_bonus_pays.flush", "7:1", "burn_cards", "true", "deal_order", "by_box")
	if r.Paytables.Ante.Flush != (Ratio{3, 1}) || r.Paytables.AABonus.Flush != (Ratio{7, 1}) || !r.Options.BurnCards {
		t.Fatalf("%+v", r)
	}
}

func TestSetRefuses(t *testing.T) {
	for _, kv := range [][2]string{
		{"nonsense", "1"}, {"boxes", "seven"}, {"deal_order", "clockwise"}, {"burn_cards", "maybe"},
		{"ante_pays.ace_king", "1:1"}, {"ante_pays.pair_of_aces", "1:1"}, {"aa_bonus_pays.pair", "7:1"},
		{"ante_pays.flush", "2"}, {"ante_pays.flush", "-1:1"}, {"ante_pays.flush", "1001:1"}, {"ante_pays.flush", "1:0"},
		{"aa_bonus_pays.flush", "1:1001"},
	} {
		r := rules(t)
		if err := r.Set(kv[0], kv[1]); err == nil {
			t.Errorf("%s=%s set", kv[0], kv[1])
		}
	}
}

// Validate reports every problem at once: a paytable line missing or out
// of bounds (operator data: every category present, non-negative,
// bounded), the boxes, the limits, the profile.
func TestValidate(t *testing.T) {
	r := rules(t)
	r.Profile = "cz"
	r.Boxes = 8
	r.Limits.Ante = round.Limit{Min: 50, Max: 10}
	r.Limits.AABonus.Min = -1
	r.Paytables.Ante.Flush = Ratio{}
	r.Paytables.AABonus.RoyalFlush = Ratio{-5, 1}
	r.Paytables.AABonus.Quads = Ratio{5000, 1}
	r.Paytables.AnteSource = ""
	r.Options.DealOrder = 9
	err := r.Validate()
	if err == nil {
		t.Fatal("valid")
	}
	for _, want := range []string{"profile", "boxes 8", "ante limit", "aa_bonus limit", "ante paytable flush: missing",
		"aa_bonus paytable royal_flush", "aa_bonus paytable quads", "without its source", "deal_order"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not reported in %v", want, err)
		}
	}
	// 0:1 pays nothing on top, the stake returned: non-negative, allowed.
	r = rules(t, "aa_bonus_pays.two_pair", "0:1")
	if r.Paytables.AABonus.TwoPair != (Ratio{0, 1}) {
		t.Fatal(r.Paytables.AABonus)
	}
}

// A table's rules are its public description: they read back from JSON
// as they were, the paytables by line name and ratio.
func TestRulesJSON(t *testing.T) {
	r := rules(t, "deal_order", "by_round", "ante_pays.royal_flush", "200:1")
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"royal_flush":"200:1"`, `"pair_of_aces":"7:1"`, `"deal_order":"by_round"`, `"ante_source":"operator"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s not in %s", want, b)
		}
	}
	var back Rules
	if err := json.Unmarshal(b, &back); err != nil || back != r {
		t.Fatalf("%v: %+v, want %+v", err, back, r)
	}
}
