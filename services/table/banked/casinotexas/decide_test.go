package casinotexas

import "testing"

// threeBoxes is a round at its first decision: ann on box 1, ben on box
// 3, cy on box 5, Antes 10, 10 and 20, Trips 5 each, the hole cards
// dealt: Ac/Ad to ann, Kc/Kd to ben, Qc/Qd to cy, 2h (face up) and 3h to
// the dealer; the board to come 9s 8c 7d, then 5s 4c, after burns.
func threeBoxes(t *testing.T, opts ...string) *table {
	g := newTable(t, rules(t, opts...))
	g.open("ann 1 10 5", "ben 3 10 5", "cy 5 20 5")
	g.deal("Ac", "Kc", "Qc", "2h", "Ad", "Kd", "Qd", "3h", "9s", "8c", "7d", "5s", "4c")
	g.cards("Ac", "Kc", "Qc", "2h", "Ad", "Kd", "Qd", "3h")
	g.mark()
	return g
}

// §4 steps 3, 5, 7: the boxes decide in turn from the dealer's left,
// each its own player only, on each street what the street offers; a
// decision out of turn, of another player, or of another size is refused
// and changes nothing.
func TestDecisionsInTurn(t *testing.T) {
	g := threeBoxes(t)
	if g.s.Turn != (Turn{Seq: 1, Box: 1, Player: "ann"}) || g.s.Street != PreFlop {
		t.Fatalf("turn %+v on %s", g.s.Turn, g.s.Street)
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 3, Action: Check}, ReasonNotYourTurn)
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 1, Action: Check}, ReasonNotBoxOwner)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 2, Action: Check}, ReasonUnknownBox)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: 9}, ReasonActionNotAllowed)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Fold}, ReasonActionNotAllowed) // no fold before the river
	for _, amount := range []int64{0, 10, 20, 50} {
		g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Play, Amount: amount}, ReasonBadAmount) // 3 or 4 ×
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Check, Amount: 10}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Check, Seq: 5}, ReasonStaleTurn)
	g.refuse(Command{Kind: CmdCard, Card: 40}, ReasonNoCardDue)
	moves := Legal(g.r, &g.s, "ann")
	if len(moves) != 3 || moves[0].Max != 30 || moves[1].Max != 40 || moves[2].Action != Check {
		t.Fatalf("legal %+v", moves)
	}
	if Legal(g.r, &g.s, "ben") != nil {
		t.Error("ben may act out of turn")
	}
	c := Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Play, Amount: 30}
	evs := g.do(c)
	if kinds(evs)[0] != EvDecided || evs[1].Kind != EvStaked || evs[1].Bets[0].Spot != "box:1/play" || evs[1].Bets[0].Amount != 30 ||
		evs[1].Bets[0].ID != "ann1ante" || evs[2].Kind != EvTurn || evs[2].Box != 3 || evs[2].Seq != 2 {
		t.Fatalf("%+v", evs)
	}
	g.replay(c) // the same decision, retried
	g.replay(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Play, Seq: 1})
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Check}, ReasonAlreadyDecided)
	g.decide("ben", 3, Check, 0)
	g.replay(Command{Kind: CmdDecide, Player: "ben", Box: 3, Action: Check}) // his last decision, retried
	g.decide("cy", 5, Check, 0)
	// The flop: ann played and decides no more; ben and cy decide again.
	g.cards("9s", "8c", "7d")
	if g.s.Street != Flop || g.s.Turn.Box != 3 {
		t.Fatalf("the flop: %s, turn %+v", g.s.Street, g.s.Turn)
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 3, Action: Play, Amount: 30}, ReasonBadAmount) // 2 × on the flop
	g.mark()
	g.decide("ben", 3, Play, 0) // 0 stands for the flop's one size
	g.decide("cy", 5, Check, 0)
	g.cards("5s", "4c")
	if g.s.Street != River || g.s.Turn.Box != 5 {
		t.Fatalf("the river: %s, turn %+v", g.s.Street, g.s.Turn)
	}
	g.refuse(Command{Kind: CmdDecide, Player: "cy", Box: 5, Action: Check}, ReasonActionNotAllowed) // no check at the river
	if moves := Legal(g.r, &g.s, "cy"); len(moves) != 2 || moves[0].Max != 20 || moves[1].Action != Fold {
		t.Fatalf("legal at the river %+v", moves)
	}
	g.decide("cy", 5, Play, 20)
	g.settled()
	if staked := g.events(EvStaked); len(staked) != 2 || staked[0].Amount != 20 || staked[1].Amount != 20 {
		t.Fatalf("staked %+v", staked)
	}
}

// A box deciding on a later street is announced anew, with its own wait:
// one box alone checks before the flop and on it.
func TestEveryStreetIsANewTurn(t *testing.T) {
	g := newTable(t, rules(t))
	g.open("ann 2 10")
	g.deal("Ac", "2h", "Ad", "3h", "9s", "8c", "7d", "5s", "4c")
	g.cards("Ac", "2h", "Ad", "3h")
	g.decide("ann", 2, Check, 0)
	g.mark()
	g.cards("9s", "8c", "7d")
	if turns := g.events(EvTurn); len(turns) != 1 || turns[0].Box != 2 || turns[0].Seq != 2 || turns[0].Street != Flop {
		t.Fatalf("turns %+v", turns)
	}
	// The pre-flop's wait named: her check there, retried, is a replay;
	// anything else for it is stale. Naming no wait, a check is this
	// street's.
	g.replay(Command{Kind: CmdDecide, Player: "ann", Box: 2, Action: Check, Seq: 1})
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 2, Action: Play, Seq: 1}, ReasonStaleTurn)
	g.decide("ann", 2, Check, 0)
	if g.s.Street != River || len(g.s.Decisions) != 2 {
		t.Fatalf("%s, decisions %+v", g.s.Street, g.s.Decisions)
	}
}

// The clock's default (§4: "assume a default of Check on the pre-flop and
// flop decisions and Fold on the river decision"): a check before the
// river, a fold at it, the safe default that puts no money in; a timeout
// for a wait that ended is a replay; one for a wait not yet begun, or
// with none awaited, is refused.
func TestTimeoutChecksThenFolds(t *testing.T) {
	g := threeBoxes(t)
	g.refuse(Command{Kind: CmdTimeout, Seq: 2}, ReasonStaleTurn)
	for range 3 {
		g.do(Command{Kind: CmdTimeout})
	}
	g.replay(Command{Kind: CmdTimeout, Seq: 1})
	if g.s.Stage != Dealing || g.s.Street != Flop {
		t.Fatalf("after three checks: %s %s", g.s.Stage, g.s.Street)
	}
	g.refuse(Command{Kind: CmdTimeout}, ReasonNoDecisionDue)
	g.cards("9s", "8c", "7d")
	for range 3 {
		g.do(Command{Kind: CmdTimeout})
	}
	g.cards("5s", "4c")
	g.mark()
	for range 3 {
		g.do(Command{Kind: CmdTimeout})
	}
	g.settled()
	for _, d := range g.s.Decisions {
		want := Check
		if d.Street == River {
			want = Fold
		}
		if !d.Timeout || d.Action != want {
			t.Errorf("%+v: want a timeout's %s", d, want)
		}
	}
	if paid := g.events(EvPaid); len(paid) != 3 || paid[0].Reason != "fold" {
		t.Fatalf("%+v", paid)
	}
	for _, spot := range []string{"box:1/ante", "box:1/blind", "box:3/ante", "box:5/blind"} {
		if l := g.line(spot); l.Lost != l.Stake {
			t.Errorf("%s: %+v", spot, l)
		}
	}
	// Trips on the final hands: ann's aces, ben's kings and cy's queens
	// are pairs on 9-8-7-5-4: lost; the board makes no straight with them.
	g.net("box:1/trips", 5, -5)
}
