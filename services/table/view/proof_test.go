package view

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card/cardscan"
)

// Issue 11: the positions a viewer's fairness proof opens are exactly the
// cards his own stream showed in the hand — his hole cards, the board,
// face-up stud cards, shown hands — for every kind of viewer and game;
// never a folded or mucked hand, a burn or the stub.
func TestSeenPositionsAreWhatTheStreamShowed(t *testing.T) {
	for _, g := range []profile.Game{profile.Holdem, profile.Omaha, profile.SevenCardStud} {
		t.Run(g.String(), func(t *testing.T) {
			saw := make([]map[string]bool, len(viewers))
			checked, hidden := 0, 0
			playAt(t, g, 30, func(tab *live.Table, version uint64, events []live.Event) {
				for i, v := range viewers {
					for _, te := range Events("t1", version, events, 0, v, eventID) {
						if te.GetHandStarted() != nil {
							saw[i] = map[string]bool{}
						}
						if saw[i] == nil {
							continue
						}
						for _, c := range cardscan.Cards(te) {
							saw[i][c] = true
						}
					}
				}
				for _, e := range events {
					if e.Kind != live.EvHandEnded {
						continue
					}
					h := tab.Hand
					for i, v := range viewers {
						var opened []string
						for _, p := range SeenPositions(h, v) {
							opened = append(opened, h.Setup.Shoe[p].String())
						}
						var shown []string
						for c := range saw[i] {
							shown = append(shown, c)
						}
						slices.Sort(opened)
						slices.Sort(shown)
						if !slices.Equal(opened, shown) {
							t.Fatalf("hand %s, viewer %+v: positions give %v, the stream showed %v", h.ID, v, opened, shown)
						}
						checked++
						hidden += len(h.Setup.Shoe) - len(opened)
					}
				}
			})
			if checked == 0 || hidden == 0 {
				t.Fatalf("%d (hand, viewer) pairs checked, %d cards hidden", checked, hidden)
			}
		})
	}
}
