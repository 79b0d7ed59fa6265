package russianpoker

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The property run's players (property_test.go): when no card is due,
// the box whose turn it is decides, at random, right or wrong, and now
// and then someone else tries what he may not.

// act is the players' or the clock's command when no card is due.
func (tb *ptable) act() {
	rng, t := tb.rng, &tb.s.Turn
	switch rng.IntN(24) {
	case 0:
		tb.noise()
	case 1, 2:
		tb.legalMove()
	case 3:
		tb.notTheOwner()
	case 4:
		tb.outOfTurn()
	case 5, 6:
		tb.timeout()
	default:
		b := tb.s.box(t.Box)
		c := Command{Kind: CmdDecide, Player: t.Player, Box: t.Box, Seq: rng.IntN(2) * t.Seq}
		c.Action = tb.action(b)
		switch c.Action {
		case Exchange:
			c.Cards = tb.discards(b)
		case Bet:
			c.Insurance = tb.insurance(b)
		}
		switch rng.IntN(8) {
		case 0:
			c.Amount = tb.cost(b, c.Action, len(c.Cards))
		case 1:
			c.Amount = 1 + rng.Int64N(3*b.Bettors[0].Ante)
		case 2:
			c.Seq = t.Seq + 1 + rng.IntN(2)
		}
		if _, err := tb.try(c); err == nil && rng.IntN(6) == 0 {
			tb.replay(c)
		}
	}
}

// action is a random decision for box b, mostly one its stage allows.
func (tb *ptable) action(b *Box) Action {
	rng := tb.rng
	if rng.IntN(12) == 0 {
		return Action(1 + rng.IntN(5))
	}
	if tb.s.Stage == Buying {
		return []Action{Stop, Buy}[rng.IntN(2)]
	}
	switch rng.IntN(10) {
	case 0, 1:
		return Pass
	case 2, 3:
		if !b.Exchanged {
			return Exchange
		}
	case 4:
		if !b.Sixth {
			return Sixth
		}
	}
	return Bet
}

// discards are one to five of the box's cards, mostly few, now and then
// a bad exchange: none, six, a card not the box's, a card twice.
func (tb *ptable) discards(b *Box) []card.Card {
	rng := tb.rng
	perm := rng.Perm(len(b.Cards))
	var out []card.Card
	for _, i := range perm[:1+min(rng.IntN(3), rng.IntN(5))] {
		out = append(out, b.Cards[i])
	}
	switch rng.IntN(20) {
	case 0:
		return nil
	case 1:
		if len(b.Cards) == 6 {
			return b.Cards
		}
	case 2:
		return append(out, tb.leftCard(rng.IntN(52)))
	case 3:
		return append(out, out[0])
	}
	return out
}

// insurance is a random insurance for box b's Bet: mostly none, else
// within its bounds or just outside them, on any hand.
func (tb *ptable) insurance(b *Box) int64 {
	rng := tb.rng
	if rng.IntN(3) != 0 {
		return 0
	}
	lo, hi := insuranceBounds(&tb.r, b)
	switch rng.IntN(10) {
	case 0:
		return lo - 1
	case 1:
		return hi + 1
	}
	if hi < lo {
		return lo
	}
	return lo + rng.Int64N(hi-lo+1)
}

// cost is what action a costs box b, with n discards.
func (tb *ptable) cost(b *Box, a Action, _ int) int64 {
	ante := b.Bettors[0].Ante
	switch a {
	case Bet:
		return 2 * ante
	case Exchange, Sixth, Buy:
		return ante
	}
	return 0
}

// notTheOwner is another player deciding for the box whose turn it is:
// refused.
func (tb *ptable) notTheOwner() {
	t := &tb.s.Turn
	p := tb.players[tb.rng.IntN(len(tb.players))]
	if p == t.Player || t.Box == 0 {
		return
	}
	tb.count["not the owner's"]++
	tb.refuse(Command{Kind: CmdDecide, Player: p, Box: t.Box, Action: Action(1 + tb.rng.IntN(5)), Seq: tb.rng.IntN(2) * t.Seq}, ReasonNotBoxOwner)
}

// outOfTurn is a box after the one whose turn it is deciding before it:
// refused (§3.20, box by box).
func (tb *ptable) outOfTurn() {
	for i := len(tb.s.Boxes) - 1; i >= 0; i-- {
		b := &tb.s.Boxes[i]
		if b.N == tb.s.Turn.Box || tb.s.Turn.Box == 0 || tb.s.done(b) {
			continue
		}
		tb.count["out of turn"]++
		a := Bet
		if tb.s.Stage == Buying {
			a = Stop
		}
		tb.refuse(Command{Kind: CmdDecide, Player: b.player(), Box: b.N, Action: a}, ReasonNotYourTurn)
		return
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
	c := Command{Kind: m.Kind, Player: tb.s.Turn.Player, Box: m.Box, Action: m.Action, Amount: m.Max, Seq: tb.rng.IntN(2) * m.Seq}
	switch b := tb.s.box(m.Box); {
	case m.Action == Exchange:
		c.Cards = append([]card.Card(nil), b.Cards[:1+tb.rng.IntN(MaxExchange)]...)
	case m.InsuranceMax > 0 && tb.rng.IntN(2) == 0:
		c.Insurance = m.InsuranceMin + tb.rng.Int64N(m.InsuranceMax-m.InsuranceMin+1)
	}
	tb.must(c)
}

// noise is a random command, most of them refused; its card is never
// one, so that the deck the test follows stays the deck.
func (tb *ptable) noise() {
	rng, s := tb.rng, &tb.s
	c := Command{
		Kind: CommandKind(rng.IntN(11)), Player: tb.players[rng.IntN(len(tb.players))], Box: rng.IntN(6),
		Action: Action(rng.IntN(8)), Amount: rng.Int64N(120) - 5, Card: card.Card(52 + rng.IntN(100)), Insurance: rng.Int64N(3) * 10,
		Pos: rng.IntN(s.Shoe.Drawn + 3), Seq: rng.IntN(s.Turn.Seq + 2),
		Bets: []round.Bet{{ID: tb.betID(), Spot: Spot(rng.IntN(6), BetKind(rng.IntN(8))), Amount: rng.Int64N(100)}},
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
