package casinoholdem

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// BenchmarkCasinoHoldemRounds is the engine alone on one goroutine at the
// gr defaults: seven boxes, each with one player betting an Ante every
// round and an AA Bonus on every other box, calling by a simple rule
// (simpleCall), the cards from a deck shuffled for each round, sent by
// position as an RNG table sends them. Every command goes through Apply,
// whose events are the caller's own. It reports rounds/s, and ns/op and
// allocs/op are per round; rounds/cpu-s is the rate per second of the
// process's CPU time, which holds when other work shares the machine.
func BenchmarkCasinoHoldemRounds(b *testing.B) {
	bt := newBenchTable(b)
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		bt.round()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rounds/s")
	if cpu := cpuTime() - cpu; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "rounds/cpu-s")
	}
	b.ReportMetric(float64(bt.commands)/float64(b.N), "commands/round")
	b.ReportMetric(float64(bt.events)/float64(b.N), "events/round")
}

// benchTable is the benchmark's table: its dealer and its seven players.
type benchTable struct {
	tb       testing.TB
	r        Rules
	s        State
	bets     [MaxBoxes]Command
	rng      *rand.Rand
	deck     []card.Card
	commands int
	events   int
}

func newBenchTable(tb testing.TB) *benchTable {
	bt := &benchTable{tb: tb, r: rules(tb), rng: rand.New(rand.NewPCG(1, 2)), deck: card.Deck(1)}
	for n := 1; n <= MaxBoxes; n++ {
		p := fmt.Sprintf("p%d", n)
		bets := []round.Bet{{ID: p + "-a", Spot: Spot(n, BetAnte), Amount: 10 * int64(1+n%3)}}
		if n%2 == 1 {
			bets = append(bets, round.Bet{ID: p + "-b", Spot: Spot(n, BetAABonus), Amount: 5})
		}
		bt.bets[n-1] = Command{Kind: CmdPlace, Player: p, Bets: bets}
	}
	return bt
}

// apply applies c, which the table knows to be accepted.
func (bt *benchTable) apply(c Command) {
	evs, err := Apply(bt.r, &bt.s, c)
	if err != nil {
		bt.tb.Fatalf("round %d: %s %+v: %v", bt.s.Round, c.Kind, c, err)
	}
	bt.commands++
	bt.events += len(evs)
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
		a := Fold
		if simpleCall(b.Cards, s.Board) {
			a = Call
		}
		bt.apply(Command{Kind: CmdDecide, Player: b.Player, Box: b.N, Action: a, Seq: s.Turn.Seq})
	}
}

// simpleCall is a simple call rule, not the source's strategy (which it
// does not give, §7): call with a pair or better on the first five cards,
// an ace or a king in hand, or four to a flush; fold the rest.
func simpleCall(hole, flop []card.Card) bool {
	if rank.TwoPlusThree(hole, flop).Category() >= rank.Pair {
		return true
	}
	if hole[0].Rank() >= card.King || hole[1].Rank() >= card.King {
		return true
	}
	var suits [4]int
	for _, c := range append(hole[:2:2], flop...) {
		suits[c.Suit()]++
	}
	return max(suits[0], suits[1], suits[2], suits[3]) >= 4
}
