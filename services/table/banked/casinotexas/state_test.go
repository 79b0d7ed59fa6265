package casinotexas

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/croupier/croupier/shared/card"
)

// copyState makes dst a deep copy of src, reusing dst's storage: the
// property run keeps the state before every command it may see refused.
func copyState(dst, src *State) {
	old := *dst
	*dst = *src
	dst.Bets = append(old.Bets[:0], src.Bets...)
	dst.Cancelled = append(old.Cancelled[:0], src.Cancelled...)
	dst.Dealer = append(old.Dealer[:0], src.Dealer...)
	dst.Board = append(old.Board[:0], src.Board...)
	dst.Deals = append(old.Deals[:0], src.Deals...)
	dst.Decisions = append(old.Decisions[:0], src.Decisions...)
	dst.Lines = append(old.Lines[:0], src.Lines...)
	boxes := old.Boxes[:0]
	for i := range src.Boxes {
		boxes = slices.Grow(boxes, 1)[:i+1]
		cards := append(boxes[i].Cards[:0], src.Boxes[i].Cards...)
		boxes[i] = src.Boxes[i]
		boxes[i].Cards = cards
	}
	dst.Boxes = boxes
}

// sameState reports two states equal in every field, deeply
// (TestSameStateKnowsEveryField keeps it so): what "a refused command
// changes nothing" compares.
func sameState(a, b *State) bool {
	if a.Round != b.Round || a.Phase != b.Phase || a.Stage != b.Stage || a.Street != b.Street || a.DealerShown != b.DealerShown ||
		a.Burns != b.Burns || a.Turn != b.Turn || a.Next != b.Next || a.Shoe != b.Shoe || a.Reason != b.Reason {
		return false
	}
	if !slices.Equal(a.Bets, b.Bets) || !slices.Equal(a.Cancelled, b.Cancelled) || !slices.Equal(a.Dealer, b.Dealer) ||
		!slices.Equal(a.Board, b.Board) || !slices.Equal(a.Deals, b.Deals) || !slices.Equal(a.Decisions, b.Decisions) ||
		!slices.Equal(a.Lines, b.Lines) {
		return false
	}
	return slices.EqualFunc(a.Boxes, b.Boxes, sameBox)
}

// sameBox reports two boxes equal in every field (TestSameStateKnowsEveryField
// keeps it so).
func sameBox(x, y Box) bool {
	return x.N == y.N && x.Player == y.Player && x.AnteID == y.AnteID && x.TripsID == y.TripsID && x.Ante == y.Ante &&
		x.Blind == y.Blind && x.Trips == y.Trips && x.Play == y.Play && x.Decided == y.Decided && x.Action == y.Action &&
		x.Shown == y.Shown && x.Settled == y.Settled && slices.Equal(x.Cards, y.Cards)
}

// TestSameStateKnowsEveryField fails when State or Box gains a field,
// until sameState or sameBox compares it too; and checks that
// a Clone and a copy are the same as the state, deeply, and share nothing
// with it.
func TestSameStateKnowsEveryField(t *testing.T) {
	for typ, want := range map[reflect.Type]string{
		reflect.TypeFor[State](): "Round Phase Stage Street Bets Cancelled Boxes Dealer Board DealerShown Burns Turn Next Shoe Deals Decisions Lines Reason",
		reflect.TypeFor[Box]():   "N Player AnteID TripsID Ante Blind Trips Play Cards Decided Action Shown Settled",
	} {
		var got []string
		for f := range typ.Fields() {
			got = append(got, f.Name)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s has fields %v; sameState compares %s", typ, got, want)
		}
	}
	g := threeBoxes(t)
	g.decide("ann", 1, Check, 0)
	var copied State
	copyState(&copied, &g.s)
	for _, c := range []State{g.s.Clone(), copied} {
		if !sameState(&c, &g.s) || !reflect.DeepEqual(c, g.s) {
			t.Fatalf("a copy differs:\n%s\n%s", encode(t, c), encode(t, g.s))
		}
		c.Boxes[0].Cards[1] = card.MustParse("2s")
		c.Dealer[0] = card.MustParse("2s")
		if sameState(&c, &g.s) || g.s.Boxes[0].Cards[1] == c.Boxes[0].Cards[1] || g.s.Dealer[0] == c.Dealer[0] {
			t.Fatal("a copy shares its cards or a changed card is not seen")
		}
	}
}
