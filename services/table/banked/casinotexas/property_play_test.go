package casinotexas

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The property run's players (property_test.go): when no card is due,
// the box whose turn it is decides, at random, right or wrong, and now
// and then someone else tries what he may not.

// act is the players' or the clock's command when no card is due.
func (tb *ptable) act() {
	switch tb.rng.IntN(24) {
	case 0:
		tb.noise()
	case 1, 2:
		tb.legalMove()
	case 3:
		tb.notTheOwner()
	case 4:
		tb.outOfTurn()
	case 5:
		tb.decidedBox()
	case 6, 7, 8:
		tb.timeout()
	default:
		tb.decide()
	}
}

// decide is the turn's player deciding at random: mostly what the street
// offers, at its sizes; now and then an action it does not offer, a size
// no street has, or a wait other than the current.
func (tb *ptable) decide() {
	rng, t, st := tb.rng, &tb.s.Turn, tb.s.Street
	b := tb.s.box(t.Box)
	c := Command{Kind: CmdDecide, Player: t.Player, Box: t.Box, Seq: rng.IntN(2) * t.Seq}
	sizes := multiples(st)
	switch k := rng.IntN(10); {
	case k < 4:
		c.Action = Play
		if st != PreFlop && rng.IntN(2) == 0 {
			break // 0 stands for the street's one size
		}
		c.Amount = sizes[rng.IntN(len(sizes))] * b.Ante
	case k < 8:
		c.Action = Check
		if st == River {
			c.Action = Fold
		}
	case k == 8:
		c.Action = Action(1 + rng.IntN(3)) // perhaps one the street does not offer
	default:
		c.Action, c.Amount = Play, b.Ante*(1+rng.Int64N(5))+rng.Int64N(2) // perhaps no size of this street's
	}
	if rng.IntN(20) == 0 {
		c.Seq = t.Seq + 1 + rng.IntN(2)
	}
	if _, err := tb.try(c); err == nil && rng.IntN(6) == 0 {
		tb.replay(c)
	}
}

// notTheOwner is another player deciding for the box whose turn it is:
// refused (only a box's player decides for it).
func (tb *ptable) notTheOwner() {
	t := &tb.s.Turn
	p := tb.players[tb.rng.IntN(len(tb.players))]
	if p == t.Player {
		return
	}
	tb.count["not the owner's"]++
	tb.refuse(Command{Kind: CmdDecide, Player: p, Box: t.Box, Action: Action(1 + tb.rng.IntN(3)), Seq: tb.rng.IntN(2) * t.Seq}, ReasonNotBoxOwner)
}

// outOfTurn is a box after the one whose turn it is deciding before it:
// refused (§4: each player in turn).
func (tb *ptable) outOfTurn() {
	for i := len(tb.s.Boxes) - 1; i >= 0; i-- {
		if b := &tb.s.Boxes[i]; b.decides(tb.s.Street) && b.N != tb.s.Turn.Box {
			tb.count["out of turn"]++
			tb.refuse(Command{Kind: CmdDecide, Player: b.Player, Box: b.N, Action: Play, Amount: b.Ante * multiples(tb.s.Street)[0]}, ReasonNotYourTurn)
			return
		}
	}
}

// decidedBox is a box with no decision left (it played or folded) trying
// another: refused.
func (tb *ptable) decidedBox() {
	for i := range tb.s.Boxes {
		if b := &tb.s.Boxes[i]; b.Ante > 0 && !b.decides(River) {
			a := Action(1 + tb.rng.IntN(3))
			if a == b.Action {
				a = a%3 + 1
			}
			tb.refuse(Command{Kind: CmdDecide, Player: b.Player, Box: b.N, Action: a}, ReasonAlreadyDecided)
			return
		}
	}
}

// timeout is the clock, for the current wait or without naming it; sent
// again for a wait that has ended, it is a replay.
func (tb *ptable) timeout() {
	c := Command{Kind: CmdTimeout, Seq: tb.rng.IntN(2) * tb.s.Turn.Seq}
	if _, err := tb.try(c); err == nil && c.Seq != 0 && tb.rng.IntN(4) == 0 {
		tb.replay(c)
	}
}

// legalMove sends one of the moves Legal lists for the player whose turn
// it is, within its bounds: it must be accepted.
func (tb *ptable) legalMove() {
	moves := Legal(tb.r, &tb.s, tb.s.Turn.Player)
	if len(moves) == 0 {
		tb.fatalf("no legal move for %q at %+v", tb.s.Turn.Player, tb.s.Turn)
	}
	m := moves[tb.rng.IntN(len(moves))]
	tb.count["legal move"]++
	tb.must(Command{Kind: m.Kind, Player: tb.s.Turn.Player, Box: m.Box, Action: m.Action, Amount: m.Max, Seq: tb.rng.IntN(2) * m.Seq})
}

// noise is a random command, most of them refused; its card is never
// one, so that the deck the test follows stays the deck.
func (tb *ptable) noise() {
	rng, s := tb.rng, &tb.s
	c := Command{
		Kind: CommandKind(rng.IntN(11)), Player: tb.players[rng.IntN(len(tb.players))], Box: rng.IntN(8),
		Action: Action(rng.IntN(5)), Amount: rng.Int64N(250) - 5, Card: card.Card(52 + rng.IntN(100)),
		Pos: rng.IntN(s.Shoe.Drawn + 3), Seq: rng.IntN(s.Turn.Seq + 2),
		Bets: []round.Bet{{ID: tb.betID(), Spot: Spot(rng.IntN(8), BetKind(rng.IntN(5))), Amount: rng.Int64N(100)}},
	}
	if c.Kind == CmdShuffle || c.Kind == CmdOpen || c.Kind == CmdClose || c.Kind == CmdVoid {
		c.Kind = CmdCancel // they would be accepted and change the round's course
	}
	if rng.IntN(4) == 0 {
		c.Round = s.Round + int64(rng.IntN(3)) - 1
	}
	if rng.IntN(10) == 0 {
		c.Player = ""
	}
	tb.try(c)
}
