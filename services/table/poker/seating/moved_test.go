package seating

import (
	"reflect"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
)

// docs/rules/tournaments.md T20 (gr-regulation-2 H.29(c)): a player moved
// into a seat between the button and the small blind is not dealt the next
// hand and is dealt from the following one, without posting; the blinds do
// not count him as having missed one.
func TestT20MovedIntoTheDeadHandSeatMissesOneHand(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 2, 3, 4, 5)
	play(t, tb, 0, 0) // button 0, SB 2, BB 3
	if err := tb.Sit(1, "moved", "", 800, Exempt); err != nil {
		t.Fatal(err)
	}
	tb.Moved(1, true, false)
	p := play(t, tb, 0, 0) // button 2, SB 3, BB 4: seat 1 sat between button 0 and SB 2
	if slices.Contains(dealt(p), 1) {
		t.Fatalf("dealt %v: the moved player was dealt the hand he misses (H.29(c))", dealt(p))
	}
	if tb.Seats[1].MissedBig || tb.Seats[1].MissedSmall {
		t.Fatal("missing the hand a move costs is not a missed blind")
	}
	p = play(t, tb, 0, 0)
	if !slices.Contains(dealt(p), 1) || len(postsOf(p, 1)) != 0 {
		t.Fatalf("dealt %v, posts %v: from the following hand he plays without posting", dealt(p), postsOf(p, 1))
	}
}

// docs/rules/tournaments.md T21 (gr-regulation-2 H.35): a player moved past
// his big blind posts it dead into the next pot he plays, once; in that
// hand's big blind he posts the big blind only.
func TestT21MovedPastTheBigBlindPostsItDead(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 1, 2, 3, 4)
	play(t, tb, 0, 0) // button 0, SB 1, BB 2
	if err := tb.Sit(6, "moved", "", 800, Exempt); err != nil {
		t.Fatal(err)
	}
	tb.Moved(6, false, true)
	p := play(t, tb, 0, 0) // button 1, SB 2, BB 3
	if !slices.Contains(dealt(p), 6) {
		t.Fatalf("dealt %v: the moved player is dealt in at once", dealt(p))
	}
	if got := postsOf(p, 6); !reflect.DeepEqual(got, []hand.PostKind{hand.DeadBig}) {
		t.Fatalf("posts %v, want one big blind dead (H.35)", got)
	}
	if tb.Seats[6].OwesDeadBig {
		t.Fatal("the dead big blind is owed once")
	}
	if p = play(t, tb, 0, 0); len(postsOf(p, 6)) != 0 {
		t.Fatalf("posts %v in the next hand", postsOf(p, 6))
	}

	// Moved into the next big blind: he pays that, not another dead.
	tb = table(t, profile.GR, 0, 0, 1, 2, 4)
	play(t, tb, 0, 0) // button 0, SB 1, BB 2: the next big blind is seat 3's
	if err := tb.Sit(3, "moved", "", 800, Exempt); err != nil {
		t.Fatal(err)
	}
	tb.Moved(3, false, true)
	p = play(t, tb, 0, 0)
	if p.BigBlind != 3 || !reflect.DeepEqual(postsOf(p, 3), []hand.PostKind{hand.BigBlind}) {
		t.Fatalf("big blind %d, posts %v: in the big blind he posts it once", p.BigBlind, postsOf(p, 3))
	}
}

// Before the first hand nobody has a blind to skip or a hand to miss:
// everyone is dealt in at the first hand (gr-regulation-1 B.20).
func TestMovedTermsBeforeTheFirstHandAreDropped(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 1)
	if err := tb.Sit(2, "moved", "", 800, Exempt); err != nil {
		t.Fatal(err)
	}
	tb.Moved(2, true, true)
	p := play(t, tb, 0, 0)
	if !slices.Contains(dealt(p), 2) || slices.Contains(postsOf(p, 2), hand.DeadBig) {
		t.Fatalf("dealt %v, posts %v", dealt(p), postsOf(p, 2))
	}
}
