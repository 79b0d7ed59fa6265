package roulette

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// FuzzParseSpot: the spot parser never panics, refuses with BAD_SPOT only,
// and a parsed spot's canonical name parses back to the same spot.
func FuzzParseSpot(f *testing.F) {
	for _, s := range []string{
		"straight:17", "split:5-2", "street:25-26-27", "trio:0-2-3", "corner:0-1-2-3", "corner:7-8-10-11",
		"sixline:16-21", "sixline:16-17-18-19-20-21", "dozen:1", "column:2", "red", "high", "straight:00",
		"split:0-00", "topline", "neighbours:5", "zero_spiel", "voisins", "tiers", "orphelins", "split:1--2",
		"straight:", ":", "corner:0-00-1-2", "sixline:0-5",
	} {
		f.Add(s)
	}
	single := rules(f, CZ)
	double := rules(f, RU, "wheel", "double_zero", "top_line", "true")
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []Rules{single, double} {
			sp, err := ParseSpot(r, s)
			if err != nil {
				if apierr.Reason(err) != round.ReasonBadSpot {
					t.Fatalf("%q: %v", s, err)
				}
				continue
			}
			again, err := ParseSpot(r, sp.Name)
			if err != nil || again.Name != sp.Name || again.Kind != sp.Kind || again.covers != sp.covers {
				t.Fatalf("%q parsed as %+v, its name as %+v, %v", s, sp, again, err)
			}
			if sp.covers == 0 {
				t.Fatalf("%q covers nothing", s)
			}
		}
	})
}
