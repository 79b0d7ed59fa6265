package casinoholdem

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// threeBoxes is a round at its decisions: ann on box 1, ben on box 3, cy
// on box 5, Antes 10, 10 and 20, AA Bonuses 5, the flop dealt. At the
// defaults the cards are Ac Ad to ann, Kc Kd to ben, Qc Qd to cy, 2h 3h
// to the dealer and the flop 9s 8c 7d.
func threeBoxes(t *testing.T, opts ...string) *game {
	g := newGame(t, rules(t, opts...))
	g.open("ann 1 10 5", "ben 3 10 5", "cy 5 20 5")
	g.deal()
	for _, c := range cardsOf(t, "Ac Ad Kc Kd Qc Qd 2h 3h 9s 8c 7d Js") {
		if g.s.Next.To == 0 {
			break
		}
		g.do(Command{Kind: CmdCard, Card: c})
	}
	g.mark()
	return g
}

// §4.3: the boxes decide in turn from the dealer's left, each its own
// player only; a decision out of turn, of another player, or not call or
// fold is refused and changes nothing.
func TestDecisionsInTurn(t *testing.T) {
	g := threeBoxes(t)
	if g.s.Turn != (Turn{Seq: 1, Box: 1, Player: "ann"}) {
		t.Fatalf("turn %+v", g.s.Turn)
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 3, Action: Call}, ReasonNotYourTurn)
	g.refuse(Command{Kind: CmdDecide, Player: "ben", Box: 1, Action: Call}, ReasonNotBoxOwner)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 2, Action: Call}, ReasonUnknownBox)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: 7}, ReasonActionNotAllowed)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Call, Amount: 30}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Fold, Amount: 10}, ReasonBadAmount)
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Call, Seq: 5}, ReasonStaleTurn)
	g.refuse(Command{Kind: CmdCard, Card: 40}, ReasonNoCardDue)
	moves := Legal(g.r, &g.s, "ann")
	if len(moves) != 2 || moves[0].Action != Call || moves[0].Min != 20 || moves[0].Max != 20 || moves[1].Action != Fold {
		t.Fatalf("legal %+v", moves)
	}
	if Legal(g.r, &g.s, "ben") != nil {
		t.Error("ben may act out of turn")
	}
	c := Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Call, Amount: 20}
	evs := g.do(c)
	if kinds(evs)[0] != EvDecided || evs[1].Kind != EvStaked || evs[1].Bets[0].Spot != "box:1/call" || evs[1].Bets[0].Amount != 20 ||
		evs[2].Kind != EvTurn || evs[2].Box != 3 || evs[2].Seq != 2 {
		t.Fatalf("%+v", evs)
	}
	g.replay(c)                                                                     // the same decision, retried
	g.replay(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Call, Seq: 1}) // naming its wait
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Fold}, ReasonAlreadyDecided)
	if g.s.Escrow() != 10+5+20+10+5+20+5 {
		t.Errorf("escrow %d", g.s.Escrow())
	}
}

// The clock's timeout folds the box whose decision is awaited, the safe
// default that puts no money in; a timeout for a wait that ended is a
// replay; one for a wait not yet begun, or with none awaited, is refused.
func TestTimeoutFolds(t *testing.T) {
	g := threeBoxes(t)
	g.refuse(Command{Kind: CmdTimeout, Seq: 2}, ReasonStaleTurn)
	evs := g.do(Command{Kind: CmdTimeout, Seq: 1})
	if evs[0].Kind != EvDecided || evs[0].Action != Fold || evs[0].Reason != "timeout" || evs[1].Kind != EvPaid || evs[1].Lines[0].Lost != 10 {
		t.Fatalf("%+v", evs)
	}
	g.replay(Command{Kind: CmdTimeout, Seq: 1})
	// A decision the clock took is not the player's to replay.
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Fold}, ReasonAlreadyDecided)
	g.decide("ben", 3, Call)
	g.do(Command{Kind: CmdTimeout, Seq: 3})
	g.refuse(Command{Kind: CmdTimeout}, ReasonNoDecisionDue)
	g.cards("5s", "4c")
	g.settled()
	g.refuse(Command{Kind: CmdTimeout}, round.ReasonRoundOver)
	g.replay(Command{Kind: CmdTimeout, Seq: 2})
	if d := g.s.Decisions; len(d) != 3 || !d[0].Timeout || d[1].Timeout || !d[2].Timeout {
		t.Fatalf("decisions %+v", d)
	}
}

// Every box folding ends the round at the last fold: the turn and the
// river are not dealt, the dealer's cards never shown (§4.3: "the round
// ends at once"); a box calling deals them and settles every called box
// against the dealer (§4.5–4.8).
func TestShowdownWhenSomeCall(t *testing.T) {
	g := threeBoxes(t)
	g.decide("ann", 1, Fold)
	g.decide("ben", 3, Fold)
	g.decide("cy", 5, Fold)
	g.settled()
	if len(g.s.Board) != 3 || g.s.DealerShown || len(g.events(EvShown)) != 0 || len(g.events(EvSettled)[0].Lines) != 0 {
		t.Fatalf("board %v, shown %v", g.s.Board, g.events(EvShown))
	}

	g = threeBoxes(t)
	g.decide("ann", 1, Call)
	g.decide("ben", 3, Fold)
	g.decide("cy", 5, Call)
	g.nextIs(ToBoard, 0)
	g.cards("5s", "4c")
	g.settled()
	// The dealer's 3h 2h on 9s 8c 7d 5s 4c is nine high, no straight: he
	// does not qualify. The Antes pay by their hands, ann's and cy's
	// pairs 1:1, the Calls are returned (§6.1); ann's pair of aces wins
	// the AA Bonus, cy's pair of queens does not (§6.3); ben folded.
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 35, 5, 0)
	g.wantLine("box:3/ante", 10, 0, 0, 10)
	g.wantLine("box:3/aa_bonus", 5, 0, 0, 5)
	g.noLine("box:3/call")
	g.wantLine("box:5/ante", 20, 20, 20, 0)
	g.wantLine("box:5/call", 40, 0, 40, 0)
	g.wantLine("box:5/aa_bonus", 5, 0, 0, 5)
	if s := g.events(EvSettled); len(s) != 1 || len(s[0].Order) != 2 || s[0].Order[0] != 1 || s[0].Order[1] != 5 {
		t.Fatalf("settled %+v", s)
	}
}
