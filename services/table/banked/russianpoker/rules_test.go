package russianpoker

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The Bet paytable ships as the spec's placeholder, labelled as not from
// the source (§8, N9), and is part of the rules' public JSON; the Royal
// Bonus table is the operator's: none by default, and then no Royal
// Bonus is offered.
func TestPaytablesAreOperatorData(t *testing.T) {
	r, err := Named(RU)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if r.Paytables.Bet.Source != round.SourcePlaceholder || r.Paytables.Bet.Pays[banked.Quads] != (round.Ratio{Num: 20, Den: 1}) {
		t.Fatalf("%+v", r.Paytables.Bet)
	}
	js := encode(t, r)
	if !strings.Contains(js, `"bet":{"pays":{`) || !strings.Contains(js, round.SourcePlaceholder) {
		t.Fatalf("the public JSON: %s", js)
	}
	var back Rules
	if err := json.Unmarshal([]byte(js), &back); err != nil || encode(t, back) != js {
		t.Fatalf("round trip: %v\n%s", err, encode(t, back))
	}
	r.Limits.Ante = round.Limit{Min: 10}
	g := newGame(t, r)
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 10))
	g.refuse(place("ann", 1, BetRoyalBonus, 5), ReasonNoRoyalBonus)
	for _, m := range Legal(r, &g.s, "ann") {
		if m.Spot == Spot(1, BetRoyalBonus) {
			t.Fatalf("a Royal Bonus move without its table: %+v", m)
		}
	}
	if err := r.Set("bet_pays.flush", "6:1"); err != nil || r.Paytables.Bet.Source != round.SourceOperator {
		t.Fatalf("%v %+v", err, r.Paytables.Bet)
	}
}

// Validate reports every line missing, out of bounds or not the bet's,
// every bad limit and option, all at once.
func TestValidateReportsEveryProblem(t *testing.T) {
	r := rules(t)
	if err := r.Set("bet_pays.high_card", "1:1"); err == nil {
		t.Fatal("a Bet line below Ace-King")
	}
	if err := r.Set("bet_pays.pair", "1001:1"); err == nil {
		t.Fatal("a line over 1000:1")
	}
	if err := r.Set("royal_bonus", "any"); err == nil {
		t.Fatal("an unknown reading")
	}
	if err := r.Set("lock_in", "always"); err == nil {
		t.Fatal("an unknown lock-in")
	}
	if err := r.Set("nope", "1"); err == nil {
		t.Fatal("an unknown option")
	}
	delete(r.Paytables.RoyalBonus.Pays, banked.Trips)
	r.Paytables.Bet.Pays = map[Line]round.Ratio{banked.Pair: {Num: -1, Den: 1}}
	r.Boxes, r.Limits.Ante, r.Limits.MaxPayout, r.Options.RoyalBonus, r.Options.LockIn = 5, round.Limit{Min: 20, Max: 10}, -1, 0, 9
	err := r.Validate()
	for _, want := range []string{"royal_bonus paytable trips: missing", "bet paytable ace_king: missing", "bet paytable pair",
		"boxes 5", "ante limit", "max payout", "royal_bonus: unknown", "lock_in: unknown"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: want %q", err, want)
		}
	}
	for _, name := range OptionNames() {
		if name == "royal_bonus" || name == "boxes" || name == "bettors" || name == "lock_in" || name == "both_improvements" || name == "failed_buy_pays_ante" {
			continue
		}
		if !strings.Contains(name, "_pays.") {
			t.Errorf("option %s", name)
		}
	}
}
