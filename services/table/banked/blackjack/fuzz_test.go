package blackjack

import (
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// FuzzApply feeds the engine command sequences decoded from bytes (first
// byte: the profile and a rule variant; then seven bytes a command, some
// of them "what the round needs next", so that rounds get played out).
// Apply must never panic; a refused command has a reason and leaves the
// state as it was, encoded and compared field by field; the money and the
// cards hold at every step as in TestPropertyRounds (stakes in = lines'
// stakes + escrow, each stake one line shaped as the rules pay, no shoe
// position twice, no card more often than the decks hold), and a round
// that ends has its escrow empty and its settlement balanced.
func FuzzApply(f *testing.F) {
	auto := []byte{20, 0, 1, 0x12, 20, 1, 7}
	for _, seed := range [][]byte{
		{0},
		append([]byte{1}, repeat(auto, 120)...),
		append([]byte{2}, repeat(append(auto, 13, 1, 1, 0x11, 10, 1, 3, 14, 2, 1, 0x14, 0, 0, 9), 60)...),
		append([]byte{5}, repeat(append(auto, 10, 3, 2, 0x16, 40, 0, 0, 11, 4, 2, 0x10, 0, 1, 5, 12, 3, 3, 0x17, 0, 0, 2), 40)...),
		append([]byte{8}, repeat(append(auto, 15, 0, 0, 0, 0, 3, 0, 16, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0), 40)...),
		append([]byte{11}, repeat(append(auto, 2, 2, 1, 0, 30, 0, 0, 3, 1, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 2, 255), 40)...),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 7*600 {
			return
		}
		profile := Profiles()[data[0]&1]
		tb := newPtable(t, profile, uint64(len(data)))
		tb.r = tb.rules[int(data[0]>>1)%len(tb.rules)]
		tb.owned = data[0]&0x80 != 0
		for data = data[1:]; len(data) >= 7; data = data[7:] {
			tb.fuzzStep(tb.decode(data[:7]))
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

// decode reads a command from seven bytes: what (a command kind, or from
// 17 on what the round needs next), who, the box, the hand and action,
// the amount, flags (a decline; which wait, which shoe position), and
// the card (from the shoe's left cards, or from 200 on any byte).
func (tb *ptable) decode(b []byte) Command {
	s := &tb.s
	c := Command{
		Kind: CommandKind(b[0] % 24), Player: tb.players[int(b[1])%len(tb.players)], Box: int(b[2] % 9),
		Hand: int(b[3]>>4) % 5, Action: Action(b[3] & 15 % 9), Amount: int64(b[4]) - 8, Decline: b[5]&1 != 0,
	}
	if b[1]%11 == 10 {
		c.Player = ""
	}
	c.Seq = []int{0, s.Turn.Seq, s.Turn.Seq - 1, s.Turn.Seq + 1}[b[5]>>1&3]
	c.Pos = []int{0, s.Shoe.Drawn + 1, s.Shoe.Drawn, s.Shoe.Drawn + 2}[b[5]>>3&3]
	c.Card = tb.leftCard(int(b[6]))
	if b[6] >= 200 {
		c.Card = card.Card(b[6] - 150)
	}
	switch c.Kind {
	case CmdPlace:
		tb.bet[0] = round.Bet{ID: betIDs[b[4]%16], Amount: int64(b[4])}
		c.Bets = tb.bet[:1]
	case CmdCancel:
		c.Bets, c.BetIDs = nil, []string{betIDs[b[4]%16]}
	case CmdShuffle:
		c.Cut, c.Marker = int(b[4])*2*int(b[5]>>5&1), int(b[6])*int(b[5]>>6)
	case CmdVoid:
		c.Reason = []string{"", "operator"}[b[5]>>5&1]
	case CmdOpen:
		c.Round = []int64{0, s.Round + 1, s.Round, s.Round + 2}[b[5]>>5&3]
	}
	if c.Kind > CmdVoid {
		return tb.needed(c)
	}
	return c
}

// leftCard is the k-th card, counted round, of those the shoe still
// holds: a card the engine accepts if one is due.
func (tb *ptable) leftCard(k int) card.Card {
	left := tb.r.size() - tb.s.Shoe.Out
	if left <= 0 {
		return card.Card(k % card.NumCards)
	}
	k %= left
	for i := range card.NumCards {
		if k -= tb.r.Decks - int(tb.s.Shoe.Seen[i]); k < 0 {
			return card.Card(i)
		}
	}
	return 0
}

// needed turns c into what the round waits for: a shoe, the next round,
// a bet or the close, a card, the player on turn's move, the clock.
func (tb *ptable) needed(c Command) Command {
	s := &tb.s
	switch {
	case !s.Shoe.Loaded || s.Next.To == ToShuffle:
		return Command{Kind: CmdShuffle}
	case s.Phase == 0 || s.Phase.Over():
		return Command{Kind: CmdOpen}
	case s.Phase == round.Betting && (len(s.Bets) == 0 || c.Box != 0):
		tb.bet[0] = round.Bet{ID: tb.betID(), Amount: 10 + c.Amount%40}
		return Command{Kind: CmdPlace, Player: c.Player, Box: 1 + c.Box%MaxBoxes, Bets: tb.bet[:1]}
	case s.Phase == round.Betting:
		return Command{Kind: CmdClose}
	case s.Next.To != 0:
		return Command{Kind: CmdCard, Card: c.Card}
	}
	p := s.Turn.Player
	if p == "" && s.Turn.Follow != 0 {
		if b := s.box(s.Turn.Box); b != nil {
			p = b.Bettors[int(c.Amount)&7%len(b.Bettors)].Player
		}
	}
	if moves := Legal(tb.r, s, p); len(moves) > 0 {
		m := moves[int(c.Amount)&31%len(moves)]
		return Command{Kind: m.Kind, Player: p, Box: m.Box, Hand: m.Hand, Action: m.Action, Decline: m.Decline, Amount: m.Max}
	}
	return Command{Kind: CmdTimeout}
}

// fuzzStep applies c and checks it: a refusal changed nothing, encoded or
// field by field; an acceptance kept the money and the cards; a round
// that ended is balanced, and the next starts its own account.
func (tb *ptable) fuzzStep(c Command) {
	t, s := tb.t, &tb.s
	over := s.Phase == 0 || s.Phase.Over()
	before := encode(t, *s)
	copyState(&tb.before, s)
	evs, err := tb.apply(c)
	if err != nil {
		if apierr.Reason(err) == "" {
			t.Fatalf("%s %+v refused without a reason: %v", c.Kind, c, err)
		}
		if after := encode(t, *s); after != before || !equalState(&tb.before, s) {
			t.Fatalf("%s %+v refused (%v) but the state changed:\n%s\nwas\n%s", c.Kind, c, err, after, before)
		}
		return
	}
	if over && !s.Phase.Over() && s.Phase != 0 {
		tb.stakes = tb.stakes[:0] // a new round: its own money
		tb.in, tb.out, tb.payouts, tb.house, tb.lines = 0, 0, 0, 0, 0
	}
	tb.take(evs)
	if !over && s.Phase.Over() {
		tb.checkEnd()
	}
}

// TestFuzzApplySeedsPlay checks that the fuzz seeds play rounds out, so
// that the fuzzer starts from settled rounds, not only refusals.
func TestFuzzApplySeedsPlay(t *testing.T) {
	tb := newPtable(t, CZ, 1)
	tb.r = tb.rules[0]
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		b := []byte{byte(17 + rng.IntN(7)), byte(rng.IntN(8)), byte(rng.IntN(9)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(200))}
		tb.fuzzStep(tb.decode(b))
	}
	if tb.count["settled"] < 20 {
		t.Fatalf("3000 steps of what the round needs settled %d rounds", tb.count["settled"])
	}
}
