package blackjack

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

var update = flag.Bool("update", false, "rewrite the golden strategy charts in testdata/")

// The basic strategy charts of both profiles' defaults, regenerated and
// compared with the committed ones (go test -run Golden -update rewrites
// them).
func TestStrategyChartsGolden(t *testing.T) {
	for name, r := range map[string]Rules{"cz": CZ(), "ru": RU()} {
		res, err := Cached(r)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", name+".txt")
		got := res.Strategy.String()
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s chart changed; got\n%s\nwant\n%s", name, got, want)
		}
	}
}

func TestDecide(t *testing.T) {
	cz, _ := Cached(CZ())
	ru, _ := Cached(RU())
	for _, c := range []struct {
		name                       string
		s                          *Strategy
		hand, up                   string
		canDouble, canSplit, canSr bool
		want                       Action
	}{
		{"16 v T surrenders early", &cz.Strategy, "Tc 6d", "Kh", true, false, true, Surrender},
		{"16 v T without surrender stands", &cz.Strategy, "Tc 6d", "Kh", true, false, false, Stand},
		{"15 v T surrenders", &cz.Strategy, "9c 6d", "Qh", true, false, true, Surrender},
		{"16 v 9 surrenders (no hole card, not an ace)", &cz.Strategy, "9c 7d", "9h", true, false, true, Surrender},
		{"16 v A may not surrender: hits", &cz.Strategy, "9c 7d", "Ah", true, false, false, Hit},
		{"11 v T hits without a hole card", &cz.Strategy, "6c 5d", "Th", true, false, true, Hit},
		{"11 v 9 doubles", &cz.Strategy, "6c 5d", "9h", true, false, true, Double},
		{"11 v 9 after a split without DAS hits", &cz.Strategy, "6c 5d", "9h", false, false, false, Hit},
		{"A,7 v 4 doubles", &cz.Strategy, "As 7d", "4h", true, false, true, Double},
		{"A,7 v 4 three cards stands", &cz.Strategy, "As 3d 4c", "4h", false, false, false, Stand},
		{"A,7 v 9 hits", &cz.Strategy, "As 7d", "9h", true, false, true, Hit},
		{"8,8 v 6 splits", &cz.Strategy, "8s 8d", "6h", true, true, true, Split},
		{"8,8 v 6 at the hand limit stands on 16", &cz.Strategy, "8s 8d", "6h", true, false, false, Stand},
		{"8,8 v T surrenders", &cz.Strategy, "8s 8d", "Th", true, true, true, Surrender},
		{"A,A v 6 splits", &cz.Strategy, "As Ad", "6h", true, true, true, Split},
		{"A,A v A hits without a hole card", &cz.Strategy, "As Ad", "Ah", true, true, false, Hit},
		{"K,Q v 6 stands", &cz.Strategy, "Ks Qd", "6h", true, true, true, Stand},
		{"7,7 v T hits for the 7-7-7 bonus", &cz.Strategy, "7s 7d", "Th", true, true, true, Hit},
		{"7,7 v T surrenders in ru (no bonus)", &ru.Strategy, "7s 7d", "Th", true, true, true, Surrender},
		{"a 21 stands", &ru.Strategy, "Ts As", "Th", false, false, false, Stand},
		{"a split hand's first card draws", &ru.Strategy, "8s", "6h", false, false, false, Hit},
		{"12 v 4 stands", &ru.Strategy, "Ts 2d", "4h", true, false, true, Stand},
		{"12 v 3 hits", &ru.Strategy, "Ts 2d", "3h", true, false, true, Hit},
	} {
		hand, err := card.ParseString(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.s.Decide(hand, card.MustParse(c.up), c.canDouble, c.canSplit, c.canSr); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestPlayCodes(t *testing.T) {
	for p, want := range map[Play]string{
		PlayHit: "H", 0: "S", PlayDouble | PlayHit: "D", PlayDouble: "Ds", PlaySplit: "P",
		PlaySurrender | PlayHit: "Rh", PlaySurrender: "Rs", PlaySurrender | PlaySplit: "Rp",
		PlaySurrender | PlayDouble | PlayHit: "Rd", PlaySurrender | PlayDouble: "Rds",
	} {
		if got := p.String(); got != want {
			t.Errorf("%08b: %q, want %q", p, got, want)
		}
	}
}
