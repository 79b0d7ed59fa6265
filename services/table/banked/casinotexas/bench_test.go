package casinotexas

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/cputime"
	"github.com/croupier/croupier/shared/rank"
)

// BenchmarkCasinoTexasRounds is the engine alone on one goroutine at the
// cz defaults: six boxes, each with one player betting an Ante (and its
// Blind) every round and Trips on every other box, deciding by a simple
// rule (simpleDecision), the cards from a deck shuffled for each round,
// sent by position as an RNG table sends them. Every command goes through
// Apply, whose events are the caller's own. It reports rounds/s, and
// ns/op and allocs/op are per round; rounds/cpu-s is the rate per second
// of the process's CPU time, which holds when other work shares the
// machine.
func BenchmarkCasinoTexasRounds(b *testing.B) {
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
	b.ReportMetric(float64(bt.events)/float64(b.N), "events/round")
}

// benchTable is the benchmark's table: its dealer and its six players.
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
			bets = append(bets, round.Bet{ID: p + "-t", Spot: Spot(n, BetTrips), Amount: 5})
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
		a, amount := simpleDecision(s.Street, b.Cards, s.Board)
		bt.apply(Command{Kind: CmdDecide, Player: b.Player, Box: b.N, Action: a, Amount: amount * b.Ante, Seq: s.Turn.Seq})
	}
}

// simpleDecision is a simple rule, not the source's strategy (which it
// does not give, §6): Play 4 × with a pair or an ace in hand before the
// flop, 2 × with a pair or better on the flop, 1 × at the river with a
// pair or better, checking until then and folding the rest. It returns
// the action and a Play's size in Antes.
func simpleDecision(st Street, hole, board []card.Card) (Action, int64) {
	switch st {
	case PreFlop:
		if hole[0].Rank() == hole[1].Rank() || hole[0].Rank() == card.Ace || hole[1].Rank() == card.Ace {
			return Play, 4
		}
		return Check, 0
	case Flop:
		if rank.Best(append(hole[:2:2], board...)...).Category() >= rank.Pair {
			return Play, 2
		}
		return Check, 0
	}
	if rank.GameHigh.Eval(hole, board).Category() >= rank.Pair {
		return Play, 1
	}
	return Fold, 0
}
