package blackjack

import "github.com/croupier/croupier/shared/card"

// The property run's players (property_test.go): when no card is due,
// whoever the round waits for acts, at random, legally or not, and now
// and then someone else tries what he may not.

// act is the players' or the clock's command when no card is due.
func (tb *ptable) act() {
	rng, s := tb.rng, &tb.s
	t := &s.Turn
	switch {
	case rng.IntN(20) == 0:
		tb.noise()
	case rng.IntN(25) == 0:
		tb.legalMove()
	case t.Follow != 0:
		tb.follow()
	case s.Stage == Window && (t.Player == "" || rng.IntN(2) == 0):
		tb.window()
	case t.Player != "":
		tb.decide()
	default:
		tb.timeout()
	}
}

// decide is the box owner's decision, a random one the hand may or may
// not take (Hit on 21, a double on three cards, a split of no pair are
// refused); or a co-bettor's or another player's, which must be refused
// (cz §2, §8; ru §3.18, §3.22); or a surrender; or the clock.
func (tb *ptable) decide() {
	rng, t := tb.rng, &tb.s.Turn
	switch rng.IntN(12) {
	case 0:
		b := tb.s.box(t.Box)
		p := b.Bettors[rng.IntN(len(b.Bettors))].Player
		if p == t.Player {
			p = tb.players[rng.IntN(len(tb.players))]
		}
		if p != t.Player {
			tb.count["not the owner's"]++
			a := []Action{Split, Double, Hit, Stand}[rng.IntN(4)]
			tb.refuse(Command{Kind: CmdDecide, Player: p, Box: t.Box, Hand: t.Hand, Action: a, Seq: rng.IntN(2) * t.Seq}, ReasonNotBoxOwner)
		}
		return
	case 1:
		tb.timeout()
		return
	case 2:
		b := &tb.s.Boxes[rng.IntN(len(tb.s.Boxes))]
		tb.try(Command{Kind: CmdSurrender, Player: b.Bettors[rng.IntN(len(b.Bettors))].Player, Box: b.N})
		return
	}
	a := []Action{Hit, Hit, Hit, Stand, Stand, Stand, Double, Split, Insure}[rng.IntN(9)]
	c := Command{Kind: CmdDecide, Player: t.Player, Box: t.Box, Hand: t.Hand, Action: a, Seq: rng.IntN(2) * t.Seq}
	if a == Double && rng.IntN(3) == 0 {
		c.Amount = rng.Int64N(60)
	}
	if _, err := tb.try(c); err == nil && c.Seq != 0 && rng.IntN(8) == 0 {
		tb.replay(c)
	}
}

// follow is a bettor's answer to the owner's double or split: he follows
// with his stake or some amount, or stays; or the clock answers.
func (tb *ptable) follow() {
	rng, t := tb.rng, &tb.s.Turn
	if rng.IntN(10) == 0 {
		tb.timeout()
		return
	}
	b := tb.s.box(t.Box)
	c := Command{Kind: CmdFollow, Player: b.Bettors[rng.IntN(len(b.Bettors))].Player, Box: t.Box, Hand: t.Hand, Decline: rng.IntN(3) == 0}
	if !c.Decline && rng.IntN(2) == 0 {
		c.Amount = rng.Int64N(60)
	}
	if _, err := tb.try(c); err == nil && rng.IntN(8) == 0 {
		tb.replay(c)
	}
}

// window is a bettor's answer in the pre-play window: insurance of a
// random amount (0 declines it), even money taken or declined, a
// surrender; or the clock, which closes it.
func (tb *ptable) window() {
	rng := tb.rng
	if rng.IntN(8) == 0 {
		tb.timeout()
		return
	}
	b := &tb.s.Boxes[rng.IntN(len(tb.s.Boxes))]
	bt := &b.Bettors[rng.IntN(len(b.Bettors))]
	c := Command{Kind: CmdSurrender, Player: bt.Player, Box: b.N}
	switch rng.IntN(3) {
	case 0:
		c.Kind, c.Amount = CmdInsure, rng.Int64N(bt.Stake/2+3)
	case 1:
		c.Kind, c.Decline = CmdEvenMoney, rng.IntN(2) == 0
	}
	if _, err := tb.try(c); err == nil && rng.IntN(8) == 0 {
		tb.replay(c)
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

// legalMove sends one of the moves Legal lists for a player at the
// table, within its bounds: it must be accepted.
func (tb *ptable) legalMove() {
	rng := tb.rng
	b := &tb.s.Boxes[rng.IntN(len(tb.s.Boxes))]
	p := b.Bettors[rng.IntN(len(b.Bettors))].Player
	moves := Legal(tb.r, &tb.s, p)
	if len(moves) == 0 {
		return
	}
	m := moves[rng.IntN(len(moves))]
	c := Command{Kind: m.Kind, Player: p, Box: m.Box, Hand: m.Hand, Action: m.Action, Decline: m.Decline, Seq: rng.IntN(2) * m.Seq}
	if m.Max > 0 && !m.Decline && (m.Kind == CmdInsure || rng.IntN(3) > 0) {
		c.Amount = m.Min + rng.Int64N(m.Max-m.Min+1)
	}
	tb.count["legal move"]++
	tb.must(c)
}

// noise is a random command, most of them refused, some accepted; its
// card is never one, so that the shoe the test follows stays the shoe.
func (tb *ptable) noise() {
	rng, s := tb.rng, &tb.s
	c := Command{
		Kind: CommandKind(rng.IntN(18)), Player: tb.players[rng.IntN(len(tb.players))], Box: rng.IntN(9), Hand: rng.IntN(6),
		Action: Action(rng.IntN(9)), Amount: rng.Int64N(120) - 5, Decline: rng.IntN(2) == 0, Card: card.Card(52 + rng.IntN(100)),
		Pos: rng.IntN(s.Shoe.Drawn + 3), Seq: rng.IntN(s.Turn.Seq + 2), Cut: rng.IntN(500), Marker: rng.IntN(500),
	}
	if rng.IntN(4) == 0 {
		c.Round = s.Round + int64(rng.IntN(3)) - 1
	}
	if rng.IntN(10) == 0 {
		c.Player = ""
	}
	tb.try(c)
}
