package russianpoker

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/cputime"
	"github.com/croupier/croupier/shared/rank"
)

// BenchmarkRussianPokerRounds is the engine alone on one goroutine at the ru
// defaults: four boxes, each with one player betting an Ante every round
// and a Royal Bonus on every other box, deciding by a simple rule
// (simpleDecision), the cards from a deck shuffled for each round, sent
// by position as an RNG table sends them. Every command goes through
// Apply. It reports rounds/s, and ns/op and allocs/op are per round;
// rounds/cpu-s is the rate per second of the process's CPU time, which
// holds when other work shares the machine.
func BenchmarkRussianPokerRounds(b *testing.B) {
	bt := newBenchTable(b)
	b.ReportAllocs()
	cpu := cputime.Process()
	for b.Loop() {
		bt.round()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rounds/s")
	if cpu := cputime.Process() - cpu; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "rounds/cpu-s")
	}
	b.ReportMetric(float64(bt.commands)/float64(b.N), "commands/round")
}

// benchTable is the benchmark's table: its dealer and its four players.
type benchTable struct {
	tb       testing.TB
	r        Rules
	s        State
	bets     [MaxBoxes]Command
	rng      *rand.Rand
	deck     []card.Card
	commands int
}

func newBenchTable(tb testing.TB) *benchTable {
	bt := &benchTable{tb: tb, r: rules(tb), rng: rand.New(rand.NewPCG(1, 2)), deck: card.Deck(1)}
	for n := 1; n <= MaxBoxes; n++ {
		p := fmt.Sprintf("p%d", n)
		bets := []round.Bet{{ID: p + "-a", Spot: Spot(n, BetAnte), Amount: 10 * int64(1+n%3)}}
		if n%2 == 1 {
			bets = append(bets, round.Bet{ID: p + "-b", Spot: Spot(n, BetRoyalBonus), Amount: 5})
		}
		bt.bets[n-1] = Command{Kind: CmdPlace, Player: p, Bets: bets}
	}
	return bt
}

// apply applies c, which the table knows to be accepted.
func (bt *benchTable) apply(c Command) {
	if _, err := Apply(bt.r, &bt.s, c); err != nil {
		bt.tb.Fatalf("round %d: %s %+v: %v", bt.s.Round, c.Kind, c, err)
	}
	bt.commands++
}

// round plays one round from its opening to its settlement.
func (bt *benchTable) round() {
	s := &bt.s
	bt.rng.Shuffle(len(bt.deck), func(i, j int) { bt.deck[i], bt.deck[j] = bt.deck[j], bt.deck[i] })
	bt.apply(Command{Kind: CmdShuffle})
	bt.apply(Command{Kind: CmdOpen})
	for _, c := range bt.bets {
		bt.apply(c)
	}
	bt.apply(Command{Kind: CmdClose})
	for !s.Phase.Over() {
		if s.Next.To != 0 {
			pos := s.Shoe.Drawn + 1
			bt.apply(Command{Kind: CmdCard, Card: bt.deck[pos-1], Pos: pos})
			continue
		}
		b := s.box(s.Turn.Box)
		a, discards := simpleDecision(s.Stage, b)
		c := Command{Kind: CmdDecide, Player: b.player(), Box: b.N, Action: a, Cards: discards, Seq: s.Turn.Seq}
		if a == Bet && insurable(&bt.r, b) {
			c.Insurance = b.Bettors[0].Ante // the least
		}
		bt.apply(c)
	}
}

// simpleDecision is a simple rule, not a strategy (the source gives
// none): bet a pair or better, or Ace-King, insuring trips or better at
// the least; otherwise exchange the three lowest cards once, then pass
// what is still less; buy the dealer's game with a pair or better, stop
// with less.
func simpleDecision(st Stage, b *Box) (Action, []card.Card) {
	v := rank.Best(b.Cards...)
	rs, _ := v.Ranks()
	good := v.Category() >= rank.Pair || rs[0] == card.Ace && rs[1] == card.King
	switch {
	case st == Buying && v.Category() >= rank.Pair:
		return Buy, nil
	case st == Buying:
		return Stop, nil
	case good:
		return Bet, nil
	case b.Exchanged:
		return Pass, nil
	}
	low := slices.Clone(b.Cards)
	slices.Sort(low)
	return Exchange, low[:3]
}
