package casinotexas

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The cz profile is the source's defaults: six boxes (§1), its paytables
// as printed (§6), the dealer's first card face up (§4 step 2, §9 note
// 4), and every flagged option at the source's assumption: a fold loses
// the Ante and the Blind (§9 note 1), one box a player (§9 note 2), Trips
// with an Ante (§9 note 3), the Ante returned when the dealer does not
// qualify (§9 note 5).
func TestNamedCZ(t *testing.T) {
	r, err := Named(CZ)
	if err != nil {
		t.Fatal(err)
	}
	if r.Options != (Options{DealerFirstCardFaceUp: true}) || r.Boxes != 6 || !reflect.DeepEqual(r.Paytables, CZPaytables()) {
		t.Fatalf("%+v", r)
	}
	p := r.Paytables
	for l, q := range map[Line]round.Ratio{
		banked.RoyalFlush: {Num: 500, Den: 1}, banked.StraightFlush: {Num: 50, Den: 1}, banked.Quads: {Num: 10, Den: 1},
		banked.FullHouse: {Num: 3, Den: 1}, banked.Flush: {Num: 3, Den: 2}, banked.Straight: {Num: 1, Den: 1},
	} {
		if p.Blind.Pays[l] != q {
			t.Errorf("cz §6: the Blind pays %s on %s, want %s", p.Blind.Pays[l], l, q)
		}
	}
	for l, q := range map[Line]round.Ratio{
		banked.RoyalFlush: {Num: 50, Den: 1}, banked.StraightFlush: {Num: 40, Den: 1}, banked.Quads: {Num: 30, Den: 1},
		banked.FullHouse: {Num: 8, Den: 1}, banked.Flush: {Num: 7, Den: 1}, banked.Straight: {Num: 4, Den: 1}, banked.Trips: {Num: 3, Den: 1},
	} {
		if p.Trips.Pays[l] != q {
			t.Errorf("cz §6: Trips pays %s on %s, want %s", p.Trips.Pays[l], l, q)
		}
	}
	if len(p.Blind.Pays) != 6 || len(p.Trips.Pays) != 7 || !strings.Contains(p.Blind.Source, "§6") || !strings.Contains(p.Trips.Source, "§6") {
		t.Errorf("%+v", p)
	}
	if _, err := Named("gr"); err == nil {
		t.Error("an unknown profile named")
	}
}

// Every name OptionNames lists is one Set takes; a paytable line set
// makes its table the operator's and leaves the profile's defaults alone.
func TestSetEveryOption(t *testing.T) {
	for _, name := range OptionNames() {
		r := rules(t)
		v := map[bool]string{true: "3:2", false: "true"}[strings.Contains(name, "_pays.")]
		if name == "boxes" {
			v = "3"
		} else if name == "dealer_first_card_face_up" {
			v = "false"
		}
		if err := r.Set(name, v); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
		}
		if reflect.DeepEqual(r, rules(t)) {
			t.Errorf("%s=%s changed nothing", name, v)
		}
		if table, _, ok := strings.Cut(name, "_pays."); ok {
			src := map[string]string{"blind": r.Paytables.Blind.Source, "trips": r.Paytables.Trips.Source}[table]
			if src != round.SourceOperator {
				t.Errorf("%s: the paytable is still labelled %q", name, src)
			}
		}
	}
	if CZPaytables().Blind.Pays[banked.Flush] != (round.Ratio{Num: 3, Den: 2}) {
		t.Fatal("an operator's line changed the profile's defaults")
	}
}

func TestSetRefuses(t *testing.T) {
	for _, kv := range [][2]string{
		{"nonsense", "1"}, {"boxes", "six"}, {"trips_alone", "maybe"},
		{"blind_pays.trips", "1:1"}, {"blind_pays.pair", "1:1"}, {"trips_pays.two_pair", "1:1"}, {"trips_pays.ace_king", "1:1"},
		{"blind_pays.flush", "2"}, {"blind_pays.flush", "-1:1"}, {"blind_pays.flush", "1001:1"}, {"trips_pays.flush", "1:0"},
	} {
		r := rules(t)
		if err := r.Set(kv[0], kv[1]); err == nil {
			t.Errorf("%s=%s set", kv[0], kv[1])
		}
	}
}

// Validate reports every problem at once: a paytable line missing, out of
// bounds or not the bet's (operator data: every category present,
// non-negative, bounded), a table without its source, the boxes, the
// limits, the profile.
func TestValidate(t *testing.T) {
	r := rules(t)
	r.Profile = "gr"
	r.Boxes = 7
	r.Limits.Ante = round.Limit{Min: 50, Max: 10}
	r.Limits.Trips.Min = -1
	r.Paytables = CZPaytables()
	delete(r.Paytables.Blind.Pays, banked.Flush)
	r.Paytables.Trips.Pays[banked.RoyalFlush] = round.Ratio{Num: -5, Den: 1}
	r.Paytables.Trips.Pays[banked.Pair] = round.Ratio{Num: 1, Den: 1}
	r.Paytables.Blind.Source = ""
	err := r.Validate()
	if err == nil {
		t.Fatal("valid")
	}
	for _, want := range []string{"profile", "boxes 7", "ante limit", "trips limit", "blind paytable flush: missing",
		"trips paytable royal_flush", "trips paytable pair: not a line", "blind paytable without its source"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not reported in %v", want, err)
		}
	}
	// 0:1 pays nothing on top, the stake returned: non-negative, allowed.
	if r := rules(t, "trips_pays.trips", "0:1"); r.Paytables.Trips.Pays[banked.Trips] != (round.Ratio{Num: 0, Den: 1}) {
		t.Fatal(r.Paytables.Trips)
	}
}

// A table's rules are its public description: they read back from JSON
// as they were, the paytables by line name and ratio with their sources.
func TestRulesJSON(t *testing.T) {
	r := rules(t, "trips_alone", "true", "blind_pays.royal_flush", "1000:1")
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"royal_flush":"1000:1"`, `"flush":"3:2"`, `"trips_alone":true`, `"source":"operator"`, `"source":"cz-casino-texas-holdem.md §6, §9 note 9"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s not in %s", want, b)
		}
	}
	var back Rules
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, r) {
		t.Fatalf("%v: %+v, want %+v", err, back, r)
	}
}
