package casinotexas

import (
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// §3: an Ante brings its Blind, of the same amount under the same id:
// both stakes go into the round's escrow; the Blind is never placed on
// its own.
func TestAnteBringsItsBlind(t *testing.T) {
	g := newTable(t, rules(t))
	g.do(Command{Kind: CmdOpen})
	c := Command{Kind: CmdPlace, Player: "ann", Box: 2, Bets: []round.Bet{{ID: "a", Amount: 25}}} // no spot: an Ante on the Box
	evs := g.do(c)
	want := []round.Bet{{ID: "a", Player: "ann", Spot: "box:2/ante", Amount: 25}, {ID: "a", Player: "ann", Spot: "box:2/blind", Amount: 25}}
	if len(evs) != 1 || !slices.Equal(evs[0].Bets, want) || !slices.Equal(g.s.Bets, want) || g.s.Escrow() != 50 {
		t.Fatalf("%+v; bets %+v", evs, g.s.Bets)
	}
	g.replay(c)
	g.refuse(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "b", Spot: "box:2/blind", Amount: 25}}}, round.ReasonBadSpot)
	g.do(Command{Kind: CmdClose})
	if b := g.s.Boxes[0]; b.Ante != 25 || b.Blind != 25 || b.AnteID != "a" || b.Player != "ann" {
		t.Fatalf("%+v", b)
	}
}

// A placement's refusals, each leaving the round as it was: one player a
// box, one box a player (§2, §9 note 2), Trips with an Ante (§9 note 3),
// the spots a player may bet on, the limits of each kind (§1, §3), two
// bets on one spot in one placement.
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
		{"Trips on another player's box", []string{"trips_alone", "true"}, "ben", []round.Bet{bet("b1", "box:1/trips", 5)}, ReasonBoxTaken},
		{"a second box", nil, "ann", []round.Bet{bet("a2", "box:2/ante", 10)}, ReasonOneBox},
		{"Trips on a second box", []string{"trips_alone", "true"}, "ann", []round.Bet{bet("a2", "box:2/trips", 5)}, ReasonOneBox},
		{"two boxes at once", nil, "ben", []round.Bet{bet("b1", "box:2/ante", 10), bet("b2", "box:3/ante", 10)}, ReasonOneBox},
		{"Trips without an Ante", []string{"several_boxes", "true"}, "ann", []round.Bet{bet("a2", "box:2/trips", 5)}, ReasonNoAnte},
		{"the Play is not placed", nil, "ann", []round.Bet{bet("a2", "box:1/play", 30)}, round.ReasonBadSpot},
		{"a box past the table's", []string{"boxes", "3"}, "ben", []round.Bet{bet("b1", "box:4/ante", 10)}, round.ReasonBadSpot},
		{"a box past six", nil, "ben", []round.Bet{bet("b1", "box:7/ante", 10)}, round.ReasonBadSpot},
		{"not canonical", nil, "ben", []round.Bet{bet("b1", "box:02/ante", 10)}, round.ReasonBadSpot},
		{"under the Ante minimum", nil, "ben", []round.Bet{bet("b1", "box:2/ante", 9)}, round.ReasonBetOutsideLimits},
		{"over the Ante maximum", nil, "ben", []round.Bet{bet("b1", "box:2/ante", 501)}, round.ReasonBetOutsideLimits},
		{"over the Trips maximum", nil, "ann", []round.Bet{bet("a2", "box:1/trips", 101)}, round.ReasonBetOutsideLimits},
		{"two Antes on one box", nil, "ben", []round.Bet{bet("b1", "box:2/ante", 10), bet("b2", "box:2/ante", 20)}, round.ReasonBadBet},
		{"a bet id reused", nil, "ann", []round.Bet{bet("ann1ante", "box:1/ante", 20)}, round.ReasonBetIDConflict},
		{"the Ante's id for Trips", nil, "ann", []round.Bet{bet("ann1ante", "box:1/trips", 5)}, round.ReasonBetIDConflict},
		{"no player", nil, "", []round.Bet{bet("x", "box:2/ante", 10)}, round.ReasonBadBet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTable(t, rules(t, tc.opts...))
			g.open("ann 1 10")
			c := Command{Kind: CmdPlace, Player: tc.player, Bets: tc.bets}
			g.refuse(c, tc.reason)
			if _, err := CheckPlace(g.r, &g.s, c); apierr.Reason(err) != tc.reason {
				t.Errorf("CheckPlace: %v", err)
			}
		})
	}
}

// The options' other sides: a player may bet several boxes
// (SeveralBoxes), and Trips alone (TripsAlone), a box that is dealt, never
// decides and settles Trips only.
func TestSeveralBoxesAndTripsAlone(t *testing.T) {
	g := newTable(t, rules(t, "several_boxes", "true", "trips_alone", "true"))
	g.open("ann 1 10 5", "ann 2 0 5", "ben 3 10")
	g.deal("Ac", "Kc", "Qc", "2h", "Ad", "Kd", "Qd", "3h", "9s", "9c", "9d", "5s", "4c")
	g.cards("Ac", "Kc", "Qc", "2h", "Ad", "Kd", "Qd", "3h")
	if g.s.Turn.Box != 1 {
		t.Fatalf("turn %+v", g.s.Turn)
	}
	g.decide("ann", 1, Check, 0)
	if g.s.Turn.Box != 3 {
		t.Fatalf("the Trips-only box 2 decides: turn %+v", g.s.Turn)
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 2, Action: Check}, ReasonAlreadyDecided)
	g.decide("ben", 3, Play, 40)
	g.cards("9s", "9c", "9d")
	g.decide("ann", 1, Play, 20)
	g.cards("5s", "4c")
	g.settled()
	// Box 2's nines full of kings (the board's three nines): Trips 8:1.
	g.net("box:2/trips", 5, 40)
	g.noLine("box:2/ante")
	if g.s.Boxes[1].Shown {
		t.Error("a Trips-only box is not played against the dealer; nothing shows it")
	}
	// Box 1's nines full of aces beats the dealer's three nines: the Blind
	// 3:1, Trips 8:1.
	g.net("box:1/ante", 10, 10)
	g.net("box:1/play", 20, 20)
	g.net("box:1/blind", 10, 30)
	g.net("box:1/trips", 5, 40)
}

// A player's new bet on a spot replaces his old, refunded first (an Ante
// with its Blind); a cancel of the Ante takes its Blind and the box's
// Trips with it (§9 note 3: Trips goes with the Ante); what a cancel or a
// replacement takes back is known, and a retry of it is a replay.
func TestReplaceAndCancel(t *testing.T) {
	g := newTable(t, rules(t))
	g.open("ann 1 10 5", "ben 2 20")
	g.mark()
	evs := g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a9", Spot: "box:1/ante", Amount: 30}}})
	if len(evs) != 3 || evs[0].Reason != "replaced" || evs[1].Bets[0].Spot != "box:1/blind" || evs[1].Lines[0].Returned != 10 || evs[2].Kind != EvPlaced {
		t.Fatalf("%+v", evs)
	}
	if g.s.Escrow() != 30+30+5+20+20 || g.s.Owner(1) != "ann" || g.s.Owner(2) != "ben" || g.s.Owner(3) != "" {
		t.Fatalf("escrow %d, owners %q %q", g.s.Escrow(), g.s.Owner(1), g.s.Owner(2))
	}
	c := Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a9"}}
	evs = g.do(c)
	if len(evs) != 1 || len(evs[0].Bets) != 3 || len(evs[0].Lines) != 3 || evs[0].Lines[2].Spot != "box:1/trips" {
		t.Fatalf("the Ante's cancel: %+v", evs)
	}
	g.replay(c)
	if g.s.Escrow() != 40 || g.s.Owner(1) != "" {
		t.Fatalf("escrow %d, owner %q", g.s.Escrow(), g.s.Owner(1))
	}
	g.do(place("cy", 1, BetAnte, 10)) // the box is free again
	g.refuse(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"zz"}}, round.ReasonUnknownBet)
	g.do(Command{Kind: CmdClose})
	g.refuse(place("dan", 3, BetAnte, 10), round.ReasonBettingClosed)
	g.refuse(Command{Kind: CmdCancel, Player: "ben", BetIDs: []string{"ben2ante"}}, round.ReasonBettingClosed)
	g.replay(place("cy", 1, BetAnte, 10)) // a placement retried after the close
	if len(g.s.Boxes) != 2 || g.s.Boxes[0].Player != "cy" || g.s.Boxes[1].N != 2 || g.s.Boxes[1].Blind != 20 {
		t.Fatalf("boxes %+v", g.s.Boxes)
	}
}

// Legal lists what a player may bet on, and every move it lists is
// accepted: his one box (or any free box before he has one), Trips where
// he has an Ante, the cancels of his bets but the Blind, which goes with
// the Ante.
func TestLegalBets(t *testing.T) {
	g := newTable(t, rules(t, "boxes", "3"))
	g.open("ann 1 10 5", "ben 2 20")
	var spots []string
	for _, m := range Legal(g.r, &g.s, "ann") {
		spots = append(spots, m.Kind.String()+" "+m.Spot)
	}
	if want := []string{"place box:1/ante", "place box:1/trips", "cancel box:1/ante", "cancel box:1/trips"}; !slices.Equal(spots, want) {
		t.Fatalf("%v, want %v", spots, want)
	}
	moves := Legal(g.r, &g.s, "cy")
	if len(moves) != 1 || moves[0].Spot != "box:3/ante" || moves[0].Min != 10 || moves[0].Max != 500 {
		t.Fatalf("cy: %+v", moves)
	}
	for i, m := range append(Legal(g.r, &g.s, "ann"), moves...) {
		s := g.s.Clone()
		p := "ann"
		if m.Box == 3 {
			p = "cy"
		}
		c := Command{Kind: m.Kind, Player: p, BetIDs: []string{m.BetID}}
		if m.Kind == CmdPlace {
			c = Command{Kind: CmdPlace, Player: p, Bets: []round.Bet{{ID: string(rune('k' + i)), Spot: m.Spot, Amount: m.Max}}}
		}
		if _, err := Apply(g.r, &s, c); err != nil {
			t.Errorf("%+v: %v", m, err)
		}
	}
	if Legal(g.r, &g.s, "") != nil {
		t.Error("moves for nobody")
	}
}
