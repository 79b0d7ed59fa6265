package splitpoker

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The ru profile is ru-split-poker.md's defaults: four boxes (§2.3), the
// literal Royal Bonus (§6, N4), the Royal Bonus kept after a buy of cards
// (N5), no dark play (§2.5, N6); both paytables placeholders labelled as
// not from the source (§8.1, §8.2 are missing).
func TestNamedRU(t *testing.T) {
	r, err := Named(RU)
	if err != nil {
		t.Fatal(err)
	}
	if r.Boxes != 4 || r.Options != (Options{RoyalBonus: Literal, BuyKeepsRoyalBonus: true}) {
		t.Fatalf("%+v", r)
	}
	for _, p := range []Paytable{r.Paytables.Pays, r.Paytables.RoyalBonus} {
		if !strings.Contains(p.Source, "placeholder, not from ru-split-poker.md") {
			t.Errorf("source %q does not say it is a placeholder", p.Source)
		}
	}
	if q := r.Paytables.Pays.Pays[banked.Pair]; q != (round.Ratio{Num: 1, Den: 1}) {
		t.Errorf("the placeholder pays %s on a pair", q)
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := Named("gr"); err == nil {
		t.Error("an unknown profile named")
	}
}

// Every name OptionNames lists is one Set takes; a paytable line set
// makes its table the operator's.
func TestSetEveryOption(t *testing.T) {
	values := map[string]string{"boxes": "3", "royal_bonus": "pair_of_kings_or_better", "max_dark_boxes": "2", "buy_keeps_royal_bonus": "false"}
	for _, name := range OptionNames() {
		r := rules(t)
		v, ok := values[name]
		if !ok {
			v = "3:2"
		}
		if err := r.Set(name, v); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
		}
		if encode(t, r) == encode(t, rules(t)) {
			t.Errorf("%s=%s changed nothing", name, v)
		}
		if strings.HasPrefix(name, paysKey) && r.Paytables.Pays.Source != round.SourceOperator ||
			strings.HasPrefix(name, royalBonusPaysKey) && r.Paytables.RoyalBonus.Source != round.SourceOperator {
			t.Errorf("%s: the paytable is still labelled as before", name)
		}
	}
}

func TestSetRefuses(t *testing.T) {
	for _, kv := range [][2]string{
		{"nonsense", "1"}, {"boxes", "four"}, {"royal_bonus", "generous"}, {"max_dark_boxes", "many"},
		{"pays.ace_king", "1:1"}, {"pays.high_card", "1:1"}, {"royal_bonus_pays.pair_of_aces", "1:1"},
		{"pays.flush", "2"}, {"pays.flush", "-1:1"}, {"pays.flush", "1001:1"}, {"royal_bonus_pays.flush", "1:0"},
	} {
		r := rules(t)
		if err := r.Set(kv[0], kv[1]); err == nil {
			t.Errorf("%s=%s set", kv[0], kv[1])
		}
	}
}

// Validate reports every problem at once: a paytable line missing, out
// of bounds or not the bet's, a table without its source (operator data:
// every line present, non-negative, bounded), the boxes, the limits, the
// caps, the options, the profile.
func TestValidate(t *testing.T) {
	r := rules(t)
	r.Profile = "gr"
	r.Boxes = 5
	r.Limits.Ante = round.Limit{Min: 50, Max: 10}
	r.Limits.MaxPayout = -1
	delete(r.Paytables.Pays.Pays, banked.Flush)
	r.Paytables.RoyalBonus.Pays[banked.AceKing] = round.Ratio{Num: 1, Den: 1}
	r.Paytables.RoyalBonus.Source = ""
	r.Options.RoyalBonus = 9
	r.Options.MaxDarkBoxes = 4
	err := r.Validate()
	if err == nil {
		t.Fatal("valid")
	}
	for _, want := range []string{"profile", "boxes 5", "ante limit", "max payout", "pays paytable flush: missing",
		"royal_bonus paytable ace_king", "without its source", "royal_bonus: unknown", "max_dark_boxes 4"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q not reported in %v", want, err)
		}
	}
}

// A table's rules are its public description, the paytables with their
// sources and the caps included: they read back from JSON as they were.
func TestRulesJSON(t *testing.T) {
	r := rules(t, "pays.royal_flush", "200:1", "royal_bonus", "pair_of_kings_or_better")
	r.Limits.MaxPayout, r.Limits.RoyalBonusMaxPayout = 5000, 1000
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"royal_flush":"200:1"`, `"source":"operator"`, `"source":"placeholder, not from ru-split-poker.md (§8.2 missing)"`,
		`"royal_bonus":"pair_of_kings_or_better"`, `"max_payout":5000`, `"royal_bonus_max_payout":1000`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s not in %s", want, b)
		}
	}
	var back Rules
	if err := json.Unmarshal(b, &back); err != nil || encode(t, back) != encode(t, r) {
		t.Fatalf("%v: %+v, want %+v", err, back, r)
	}
}
