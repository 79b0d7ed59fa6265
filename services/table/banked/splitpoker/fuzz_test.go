package splitpoker

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// FuzzApply feeds the engine command sequences decoded from bytes (first
// byte: the rule variant; then six bytes a command, some of them "what the
// round needs next", so that rounds get played out). Apply must never
// panic; a refused command has a reason and leaves the state as it was,
// encoded and compared field by field; the money and the cards hold at
// every step as in TestPropertyRounds, and a round that ends has its
// escrow empty, its settlement balanced and, settled, its lines as
// package banked ranks the hands.
func FuzzApply(f *testing.F) {
	auto := []byte{12, 1, 1, 0, 20, 0}
	for _, seed := range [][]byte{
		{0},
		append([]byte{1}, repeat(auto, 100)...),
		append([]byte{2}, repeat(append(auto, 1, 3, 2, 1, 40, 0, 12, 2, 3, 0, 9, 0), 60)...),
		append([]byte{3}, repeat(append(auto, 6, 1, 1, 3, 8, 1, 7, 0, 0, 0, 0, 1, 5, 0, 0, 0, 0, 0), 50)...),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 6*200 {
			return
		}
		tb := newPtable(t, uint64(len(data)))
		tb.r = tb.rules[int(data[0])%len(tb.rules)]
		for data = data[1:]; len(data) >= 6; data = data[6:] {
			tb.fuzzStep(tb.decode(data[:6]))
		}
	})
}

func repeat(b []byte, n int) []byte {
	var out []byte
	for range n {
		out = append(out, b...)
	}
	return out
}

// decode reads a command from six bytes: what (a command kind, or from 10
// on what the round needs next), who, the box, the action and card, the
// amount, and flags (which wait, which deck position, which round, a card
// of the deck's or any byte, discards).
func (tb *ptable) decode(b []byte) Command {
	s := &tb.s
	c := Command{
		Kind: CommandKind(b[0] % 16), Player: tb.players[int(b[1])%len(tb.players)], Box: int(b[2] % 6),
		Action: Action(b[3] % 7), Amount: int64(b[4]) - 8,
		Seq: []int{0, s.Turn.Seq, s.Turn.Seq - 1, s.Turn.Seq + 1}[b[5]&3],
		Pos: []int{0, s.Shoe.Drawn + 1, s.Shoe.Drawn, s.Shoe.Drawn + 2}[b[5]>>2&3],
	}
	if b[1]%9 == 8 {
		c.Player = ""
	}
	c.Card = tb.leftCard(int(b[3]))
	if b[5]&0x10 != 0 {
		c.Card = card.Card(b[3])
	}
	switch c.Kind {
	case CmdPlace:
		c.Bets = []round.Bet{{ID: strconv.Itoa(int(b[4] % 16)), Spot: Spot(1+int(b[2]%4), BetKind(1+b[3]%5)), Amount: int64(b[4])}}
	case CmdCancel:
		c.BetIDs = []string{strconv.Itoa(int(b[4] % 16))}
	case CmdVoid:
		c.Reason = []string{"", "operator"}[b[5]>>5&1]
	case CmdOpen:
		c.Round = []int64{0, s.Round + 1, s.Round, s.Round + 2}[b[5]>>5&3]
	case CmdDecide:
		// A partition: the box's cards from a point, as many as the flags
		// say (seven a good split of a bought box's).
		if bx := s.box(c.Box); bx != nil && len(bx.Cards) > 0 && b[5]>>5 != 0 {
			for i := range []int{0, 2, 6, 7, 7, 7, 8}[b[5]>>5-1] {
				c.Cards = append(c.Cards, bx.Cards[(int(b[4])+i)%len(bx.Cards)])
			}
		}
	}
	if c.Kind > CmdVoid {
		return tb.needed(c)
	}
	return c
}

// needed turns c into what the round waits for: the next round, a bet or
// the close, a shuffle, a card, the move of the box whose turn it is, the
// clock.
func (tb *ptable) needed(c Command) Command {
	s := &tb.s
	switch {
	case s.Phase == 0 || s.Phase.Over():
		return Command{Kind: CmdOpen}
	case s.Phase == round.Betting && (len(s.Bets) == 0 || c.Box != 0):
		bet := round.Bet{ID: tb.betID(), Spot: Spot(1+c.Box%tb.r.Boxes, BetAnte), Amount: 10 + c.Amount&31}
		return Command{Kind: CmdPlace, Player: c.Player, Bets: []round.Bet{bet}}
	case s.Phase == round.Betting:
		return Command{Kind: CmdClose}
	case s.Next.To == ToShuffle:
		return Command{Kind: CmdShuffle}
	case s.Next.To != 0:
		return Command{Kind: CmdCard, Card: c.Card}
	}
	if moves := Legal(tb.r, s, s.Turn.Player); len(moves) > 0 && c.Amount&1 == 0 {
		m := moves[int((c.Amount+8)>>1)%len(moves)]
		return Command{Kind: m.Kind, Player: s.Turn.Player, Box: m.Box, Action: m.Action, Amount: m.Max, Cards: m.Cards}
	}
	return Command{Kind: CmdTimeout}
}

// fuzzStep applies c and checks it: a refusal changed nothing, encoded or
// field by field; an acceptance kept the money and the cards; a round
// that ended is balanced, and the next starts its own account.
func (tb *ptable) fuzzStep(c Command) {
	t, s := tb.t, &tb.s
	over := s.Phase == 0 || s.Phase.Over()
	copyState(&tb.before, s)
	evs, err := Apply(tb.r, s, c)
	if err != nil {
		if apierr.Reason(err) == "" {
			t.Fatalf("%s %+v refused without a reason: %v", c.Kind, c, err)
		}
		if after, before := encode(t, *s), encode(t, tb.before); after != before || !equalState(&tb.before, s) {
			t.Fatalf("%s %+v refused (%v) but the state changed:\n%s\nwas\n%s", c.Kind, c, err, after, before)
		}
		return
	}
	if over && !s.Phase.Over() && s.Phase != 0 {
		tb.stakes = tb.stakes[:0] // a new round: its own money
		tb.in, tb.out, tb.payouts, tb.house, tb.lines, tb.dealer = 0, 0, 0, 0, 0, 0
	}
	if c.Kind == CmdClose && len(evs) > 0 {
		tb.closedAt = len(s.Lines)
	}
	tb.take(evs)
	if !over && s.Phase.Over() {
		tb.checkEnd()
	}
}

// TestFuzzApplySeedsPlay checks that the fuzz seeds' "what the round
// needs" plays rounds out, so that the fuzzer starts from settled
// rounds, not only refusals.
func TestFuzzApplySeedsPlay(t *testing.T) {
	tb := newPtable(t, 1)
	tb.r = tb.rules[0]
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		b := []byte{byte(10 + rng.IntN(6)), byte(rng.IntN(10)), byte(rng.IntN(9)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(16))}
		tb.fuzzStep(tb.decode(b))
	}
	if tb.count["settled"] < 50 || tb.count["showdown"] < 10 {
		t.Fatalf("5000 steps of what the round needs: %v", tb.count)
	}
}
