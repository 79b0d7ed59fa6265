package casinoholdem

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// A placement's refusals, each leaving the round as it was: one player a
// box, the AA Bonus with an Ante (§3), the spots a player may bet on, the
// limits of each kind (§1), two bets on one spot in one placement.
func TestPlaceRefusals(t *testing.T) {
	bet := func(id, spot string, amount int64) round.Bet { return round.Bet{ID: id, Spot: spot, Amount: amount} }
	for _, tc := range []struct {
		name   string
		opts   []string
		player string
		bets   []round.Bet
		reason string
	}{
		{"another player's box", nil, "ben", []round.Bet{bet("b1", "box:1/ante", 10)}, ReasonBoxTaken},
		{"a side bet on another player's box", nil, "ben", []round.Bet{bet("b1", "box:1/aa_bonus", 5)}, ReasonBoxTaken},
		{"an AA Bonus without an Ante", nil, "ann", []round.Bet{bet("a2", "box:2/aa_bonus", 5)}, ReasonNoAnte},
		{"the Call is not placed", nil, "ann", []round.Bet{bet("a2", "box:2/call", 20)}, round.ReasonBadSpot},
		{"a box past the table's", []string{"boxes", "3"}, "ann", []round.Bet{bet("a2", "box:4/ante", 10)}, round.ReasonBadSpot},
		{"not canonical", nil, "ann", []round.Bet{bet("a2", "box:02/ante", 10)}, round.ReasonBadSpot},
		{"no kind", nil, "ann", []round.Bet{bet("a2", "box:2", 10)}, round.ReasonBadSpot},
		{"under the Ante minimum", nil, "ann", []round.Bet{bet("a2", "box:2/ante", 9)}, round.ReasonBetOutsideLimits},
		{"over the Ante maximum, not reduced", []string{"reduce_to_max", "false"}, "ann", []round.Bet{bet("a2", "box:2/ante", 501)}, round.ReasonBetOutsideLimits},
		{"over the AA Bonus maximum, not reduced", []string{"reduce_to_max", "false"}, "ann", []round.Bet{bet("a2", "box:1/aa_bonus", 101)}, round.ReasonBetOutsideLimits},
		{"two Antes on one box", nil, "ann", []round.Bet{bet("a2", "box:2/ante", 10), bet("a3", "box:2/ante", 20)}, round.ReasonBadBet},
		{"a bet id reused", nil, "ann", []round.Bet{bet("ann1ante", "box:1/ante", 20)}, round.ReasonBetIDConflict},
		{"no player", nil, "", []round.Bet{bet("x", "box:2/ante", 10)}, round.ReasonBadBet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, rules(t, tc.opts...))
			g.open("ann 1 10")
			c := Command{Kind: CmdPlace, Player: tc.player, Bets: tc.bets}
			g.refuse(c, tc.reason)
			if _, err := CheckPlace(g.r, &g.s, c); apierr.Reason(err) != tc.reason {
				t.Errorf("CheckPlace: %v", err)
			}
		})
	}
}

// §3 auto bet adjustment: a bet over its maximum is reduced to it, and
// the same placement sent again is a replay of the reduced bet.
func TestReduceToMax(t *testing.T) {
	g := newGame(t, rules(t))
	g.do(Command{Kind: CmdOpen})
	c := Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a", Spot: "box:1/ante", Amount: 800}, {ID: "b", Spot: "box:1/aa_bonus", Amount: 250}}}
	evs := g.do(c)
	if len(evs) != 1 || evs[0].Bets[0].Amount != 500 || evs[0].Bets[1].Amount != 100 || evs[0].Reason == "" {
		t.Fatalf("%+v", evs)
	}
	if evs[0].Amount != 1000 {
		t.Errorf("the Call reserved (§9 note 5): %d, want 2 × 500", evs[0].Amount)
	}
	g.replay(c)
	if g.s.Escrow() != 600 {
		t.Errorf("escrow %d", g.s.Escrow())
	}
}

// A player's new bet on a spot replaces his old, refunded first; a
// cancel of the Ante takes the box's AA Bonus with it (§3: the AA Bonus
// is placed with the Ante); what a cancel or a replacement takes back is
// known, and a retry of it is a replay.
func TestReplaceAndCancel(t *testing.T) {
	g := newGame(t, rules(t, "reserve_call", "false"))
	g.open("ann 1 10 5", "ben 2 20")
	g.mark()
	evs := g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a9", Spot: "box:1/ante", Amount: 30}}})
	if kinds(evs)[0] != EvCancelled || evs[0].Reason != "replaced" || evs[0].Lines[0].Returned != 10 || evs[1].Amount != 0 {
		t.Fatalf("%+v", evs)
	}
	if g.s.Escrow() != 30+5+20 || g.s.Owner(1) != "ann" || g.s.Owner(2) != "ben" || g.s.Owner(3) != "" {
		t.Fatalf("escrow %d, owners %q %q", g.s.Escrow(), g.s.Owner(1), g.s.Owner(2))
	}
	c := Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a9"}}
	evs = g.do(c)
	if len(evs) != 1 || len(evs[0].Bets) != 2 || len(evs[0].Lines) != 2 || evs[0].Lines[1].Spot != "box:1/aa_bonus" {
		t.Fatalf("the Ante's cancel: %+v", evs)
	}
	g.replay(c)
	if g.s.Escrow() != 20 || g.s.Owner(1) != "" {
		t.Fatalf("escrow %d, owner %q", g.s.Escrow(), g.s.Owner(1))
	}
	g.do(place("cy", 1, BetAnte, 10)) // the box is free again
	g.refuse(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"zz"}}, round.ReasonUnknownBet)
	g.do(Command{Kind: CmdClose})
	g.refuse(place("dan", 3, BetAnte, 10), round.ReasonBettingClosed)
	g.refuse(Command{Kind: CmdCancel, Player: "ben", BetIDs: []string{"ben2ante"}}, round.ReasonBettingClosed)
	g.replay(place("cy", 1, BetAnte, 10)) // a placement retried after the close
	if got := []int{g.s.Boxes[0].N, g.s.Boxes[1].N}; len(g.s.Boxes) != 2 || !slices.Equal(got, []int{1, 2}) || g.s.Boxes[0].Player != "cy" {
		t.Fatalf("boxes %+v", g.s.Boxes)
	}
}

// Legal lists what a player may bet on, and every move it lists is
// accepted: a free box or his own, the AA Bonus where he has an Ante,
// the cancels of his bets.
func TestLegalBets(t *testing.T) {
	g := newGame(t, rules(t, "boxes", "3"))
	g.open("ann 1 10 5", "ben 2 20")
	moves := Legal(g.r, &g.s, "ann")
	var spots []string
	for _, m := range moves {
		spots = append(spots, m.Kind.String()+" "+m.Spot)
	}
	want := []string{"place box:1/ante", "place box:1/aa_bonus", "cancel box:1/ante", "cancel box:1/aa_bonus", "place box:3/ante"}
	if !slices.Equal(spots, want) {
		t.Fatalf("%v, want %v", spots, want)
	}
	for i, m := range moves {
		s := g.s.Clone()
		c := Command{Kind: m.Kind, Player: "ann", BetIDs: []string{m.BetID}}
		if m.Kind == CmdPlace {
			c = Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: string(rune('k' + i)), Spot: m.Spot, Amount: m.Max}}}
		}
		if _, err := Apply(g.r, &s, c); err != nil {
			t.Errorf("%+v: %v", m, err)
		}
	}
	if Legal(g.r, &g.s, "") != nil {
		t.Error("moves for nobody")
	}
}
