package casinotexas

import (
	"encoding/json"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The round's lifecycle (package round, "The command lifecycle"): a zero
// State takes only CmdOpen and a shuffle; an open while a round runs is
// refused and one naming the round opened is a replay; a command for
// another round is WRONG_ROUND; a second close is a replay.
func TestLifecycle(t *testing.T) {
	g := newTable(t, rules(t))
	g.refuse(place("ann", 1, BetAnte, 10), round.ReasonNoRound)
	g.refuse(Command{Kind: CmdClose}, round.ReasonNoRound)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Check}, round.ReasonNoRound)
	g.refuse(Command{Kind: CmdTimeout}, round.ReasonNoRound)
	g.refuse(Command{Kind: CmdVoid, Reason: "x"}, round.ReasonNoRound)
	g.refuse(Command{Kind: 99}, round.ReasonUnknownCommand)
	g.do(Command{Kind: CmdOpen, Round: 1})
	g.replay(Command{Kind: CmdOpen, Round: 1})
	g.refuse(Command{Kind: CmdOpen}, round.ReasonRoundRunning)
	g.refuse(Command{Kind: CmdClose, Round: 2}, round.ReasonWrongRound)
	g.do(place("ann", 1, BetAnte, 10))
	g.do(Command{Kind: CmdClose, Round: 1})
	g.replay(Command{Kind: CmdClose})
	g.refuse(Command{Kind: CmdOpen}, round.ReasonRoundRunning)
	if g.s.Escrow() != 20 || g.s.Stage != Dealing || g.s.Street != PreFlop {
		t.Fatalf("escrow %d, stage %s, street %s", g.s.Escrow(), g.s.Stage, g.s.Street)
	}
}

// A round is plain data: stored as JSON in the middle of its decisions
// and read back on another replica, it plays on exactly as the one that
// stayed in memory (ARCHITECTURE principle 1).
func TestStateResumesFromJSON(t *testing.T) {
	g := threeBoxes(t, "dealer_first_card_face_up", "false", "fold_keeps_ante_blind_in_action", "true")
	g.decide("ann", 1, Play, 40)
	b, err := json.Marshal(g.s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !sameState(&back, &g.s) {
		t.Fatalf("read back:\n%s\nwas\n%s", encode(t, back), b)
	}
	rest := []Command{
		{Kind: CmdDecide, Player: "ben", Box: 3, Action: Check},
		{Kind: CmdTimeout},
		{Kind: CmdCard, Card: card.MustParse("2c")},
		{Kind: CmdCard, Card: card.MustParse("9s")},
		{Kind: CmdCard, Card: card.MustParse("8c")},
		{Kind: CmdCard, Card: card.MustParse("7d")},
		{Kind: CmdDecide, Player: "ben", Box: 3, Action: Play, Amount: 20},
		{Kind: CmdTimeout},
		{Kind: CmdCard, Card: card.MustParse("2d")},
		{Kind: CmdCard, Card: card.MustParse("5s")},
		{Kind: CmdCard, Card: card.MustParse("4c")},
		{Kind: CmdDecide, Player: "cy", Box: 5, Action: Fold},
	}
	for _, c := range rest {
		want, err1 := Apply(g.r, &g.s, c)
		got, err2 := Apply(g.r, &back, c)
		if err1 != nil || err2 != nil || encode(t, got) != encode(t, want) {
			t.Fatalf("%s: %v %v\n%s\nwant %s", c.Kind, err1, err2, encode(t, got), encode(t, want))
		}
	}
	if back.Phase != round.Settled || !sameState(&back, &g.s) {
		t.Fatalf("%s", encode(t, back))
	}
}
