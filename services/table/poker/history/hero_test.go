package history_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/profile"
)

var (
	dealtTo  = regexp.MustCompile(`^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?$`)
	brackets = regexp.MustCompile(`\[([^\]]*)\]`)
)

var studUSD = profile.Stakes{Currency: "USD", Exponent: 2, Unit: 25, Ante: 25, BringIn: 50, SmallBet: 100, BigBet: 200}

// One hero per export: a tracker takes the first player dealt face-down
// cards as the file's owner, so only the hero's are printed, whatever the
// record holds (the operator's export starts from the complete record).
// Stud up cards dealt to the others are printed as PokerStars prints them
// ("Dealt to X [9s]", then "Dealt to X [9s] [6h]"), up cards only, so that
// on the first street only the hero's line has his down cards (FPDB takes
// the player dealt three cards on 3rd street for the hero). No face-down
// card of another player appears unless it was shown.
func TestOneHeroPerExport(t *testing.T) {
	holdem := func(t *testing.T) *history.Record {
		tb := blinds(t, rulesOf(t, profile.GR, profile.Holdem, betting.NoLimit, usd), 4, 10000, 0)
		tb.act(3, betting.Fold, 0) // P4's cards are never shown
		tb.checkDown()
		return poker.Record(tb.s)
	}
	stud := func(t *testing.T) *history.Record {
		tb := deal(t, rulesOf(t, profile.RUSport, profile.SevenCardStud, betting.FixedLimit, studUSD), 4, 10000, 0)
		tb.act(tb.s.ToAct(), betting.BringIn, 0)
		tb.act(tb.s.ToAct(), betting.Fold, 0) // P3's cards are never shown
		tb.checkDown()
		return poker.Record(tb.s)
	}
	for _, tc := range []struct {
		name   string
		play   func(t *testing.T) *history.Record
		hero   int
		viewer bool // the hero's own copy of the record (else the complete one)
		first  int  // cards in the hero's first line
	}{
		{"hold'em, operator", holdem, -1, false, 2},
		{"hold'em, operator as seat 2", holdem, 1, false, 2},
		{"hold'em, player", holdem, 1, true, 2},
		{"stud, operator", stud, -1, false, 3},
		{"stud, operator as seat 4", stud, 3, false, 3},
		{"stud, player", stud, 3, true, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			full := tc.play(t)
			rec := full
			if tc.viewer {
				rec = full.For(tc.hero)
			}
			text := rec.PokerStars(history.PokerStarsOptions{Hero: tc.hero})
			heroName := ""
			if tc.hero >= 0 {
				heroName = full.Seat(tc.hero).Name
			}
			var heroes []string // players dealt face-down cards in the text
			for _, l := range strings.Split(text, "\n") {
				m := dealtTo.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				var s *history.Seat
				for i := range full.Seats {
					if full.Seats[i].Name == m[1] {
						s = &full.Seats[i]
					}
				}
				cards := strings.Fields(m[2] + " " + m[3])
				if m[1] == heroName {
					if len(strings.Fields(m[2])) == tc.first && m[3] == "" {
						heroes = append(heroes, m[1])
					}
					continue
				}
				if down := downCards(s, cards); len(down) > 0 {
					heroes = append(heroes, m[1])
					t.Errorf("%q shows %s's face-down %v", l, m[1], down)
				}
			}
			if want := btoi(tc.hero >= 0); len(heroes) != want || (want == 1 && heroes[0] != heroName) {
				t.Errorf("players dealt face-down cards in the text: %v, want %q only:\n%s", heroes, heroName, text)
			}
			var shown []string
			for _, m := range brackets.FindAllStringSubmatch(text, -1) {
				shown = append(shown, strings.Fields(m[1])...)
			}
			for _, s := range full.Seats {
				if s.Seat == tc.hero || s.Shown {
					continue
				}
				for _, c := range downCards(&s, s.Cards) {
					if slices.Contains(shown, c) {
						t.Errorf("%s's face-down %s is in the text:\n%s", s.Name, c, text)
					}
				}
			}
		})
	}
}

// downCards are the cards of cs that are s's face-down cards.
func downCards(s *history.Seat, cs []string) []string {
	var out []string
	for j, c := range s.Cards {
		if s.Up&(1<<j) == 0 && slices.Contains(cs, c) {
			out = append(out, c)
		}
	}
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
