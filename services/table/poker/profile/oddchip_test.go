package profile

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/shared/split"
)

// The table's two odd-chip rules were its own vocabulary (pot.OddChipWhole
// = 1, pot.OddChipEach = 2) before the one in shared/split: every option
// name still means what it did, a stored table's rules decode to the same
// rule, and the split is the one the table made — "whole" the evaluator's
// first-after-the-button, "each" its one-at-a-time.
func TestOddChipOptionsKeepTheirMeaning(t *testing.T) {
	cases := []struct {
		names  []string
		rule   split.OddChip
		stored string
		// 100 in units of 5 three ways (gr-regulation-1 §8 vector 15).
		shares []int64
	}{
		{[]string{"whole", "first-after-button", "worst-position", "worst_position"}, split.FirstAfterButton, `"odd_chip":1`, []int64{40, 30, 30}},
		{[]string{"each", "one-at-a-time"}, split.OneAtATime, `"odd_chip":2`, []int64{35, 35, 30}},
	}
	for _, c := range cases {
		for _, name := range c.names {
			r := must(t, GR, Holdem, betting.NoLimit, eur)
			if err := r.Set("odd_chip", name); err != nil || r.Options.OddChip != c.rule {
				t.Fatalf("odd_chip=%s: %v (%v), want %v", name, r.Options.OddChip, err, c.rule)
			}
			if err := r.Validate(); err != nil {
				t.Fatalf("odd_chip=%s: %v", name, err)
			}
			b, err := json.Marshal(r.Options)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), c.stored) {
				t.Fatalf("odd_chip=%s stored as %s, want %s", name, b, c.stored)
			}
		}
		var o Options
		if err := json.Unmarshal([]byte("{"+c.stored+"}"), &o); err != nil || o.OddChip != c.rule {
			t.Fatalf("stored %s decodes to %v (%v), want %v", c.stored, o.OddChip, err, c.rule)
		}
		var got []int64
		for k := range 3 {
			got = append(got, split.Share(100, 5, 3, k, o.OddChip, 0))
		}
		if !reflect.DeepEqual(got, c.shares) {
			t.Fatalf("%v splits 100/5 three ways %v, want %v", c.rule, got, c.shares)
		}
	}
	// The table places odd chips by seat alone: the rules that are not its
	// two stay refused.
	for _, rule := range []split.OddChip{0, split.WorstPosition, split.HighestSuit, 9} {
		r := must(t, GR, Holdem, betting.NoLimit, eur)
		r.Options.OddChip = rule
		if r.Validate() == nil {
			t.Errorf("odd-chip rule %d accepted", rule)
		}
	}
}
