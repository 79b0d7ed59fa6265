package view

import (
	"regexp"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/croupier/croupier/services/table/live"
	"github.com/croupier/croupier/services/table/poker/profile"
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
						for _, c := range cardsOf(te) {
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

var cardRE = regexp.MustCompile(`^[2-9TJQKA][cdhs]$`)

// cardsOf is every card notation in any string field of m.
func cardsOf(m proto.Message) []string {
	var out []string
	var walk func(protoreflect.Message)
	walk = func(m protoreflect.Message) {
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.IsMap():
			case fd.IsList():
				l := v.List()
				for i := 0; i < l.Len(); i++ {
					if fd.Kind() == protoreflect.MessageKind {
						walk(l.Get(i).Message())
					} else if fd.Kind() == protoreflect.StringKind && cardRE.MatchString(l.Get(i).String()) {
						out = append(out, l.Get(i).String())
					}
				}
			case fd.Kind() == protoreflect.MessageKind:
				walk(v.Message())
			case fd.Kind() == protoreflect.StringKind && cardRE.MatchString(v.String()):
				out = append(out, v.String())
			}
			return true
		})
	}
	walk(m.ProtoReflect())
	return out
}
