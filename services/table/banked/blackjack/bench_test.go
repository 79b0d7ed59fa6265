package blackjack

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/cputime"
)

// BenchmarkBlackjackRounds is the engine alone on one goroutine, each
// profile at its defaults: seven boxes, each with one player betting
// every round and playing the fixed basic strategy (strategy_test.go),
// declining insurance and even money, surrendering where the chart says;
// the cards from a shuffled shoe of the profile's decks (6 cz, 8 ru) by
// position, a new shoe when the reshuffle marker, three quarters in, has
// come out. The commands go through AppendApply with one reused buffer
// of events, as a simulation would send them; the "apply" runs send
// them through Apply, whose events are each the caller's own. It reports
// rounds/s, and ns/op and allocs/op are per round; rounds/cpu-s is the
// rate per second of the process's CPU time, which holds when other work
// shares the machine.
func BenchmarkBlackjackRounds(b *testing.B) {
	for _, profile := range Profiles() {
		b.Run(profile, func(b *testing.B) { benchRounds(b, profile, false) })
	}
	for _, profile := range Profiles() {
		b.Run(profile+"-apply", func(b *testing.B) { benchRounds(b, profile, true) })
	}
}

func benchRounds(b *testing.B, profile string, owned bool) {
	bt := newBenchTable(b, profile, owned)
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

// benchTable is the benchmark's table: its dealer and its seven players.
type benchTable struct {
	tb    testing.TB
	r     Rules
	s     State
	owned bool
	evs   []Event
	bets  [MaxBoxes]Command
	rng   *rand.Rand
	shoe  []card.Card
	pos   int
	// window: the round's pre-play window had its answers.
	window   bool
	commands int
	events   int
	// log, when not nil, records every command applied (replay).
	log *[]Command
}

func newBenchTable(tb testing.TB, profile string, owned bool) *benchTable {
	bt := &benchTable{tb: tb, r: rules(tb, profile), owned: owned, rng: rand.New(rand.NewPCG(1, 2))}
	bt.shoe = card.Deck(bt.r.Decks)
	bt.pos = len(bt.shoe)
	for n := 1; n <= MaxBoxes; n++ {
		p := fmt.Sprintf("p%d", n)
		bt.bets[n-1] = Command{Kind: CmdPlace, Player: p, Box: n, Bets: []round.Bet{{ID: p + "-1", Amount: 10 * int64(1+n%3)}}}
	}
	return bt
}

// apply applies c, which the table knows to be accepted.
func (bt *benchTable) apply(c Command) {
	var evs []Event
	var err error
	if bt.owned {
		evs, err = Apply(bt.r, &bt.s, c)
	} else {
		evs, err = AppendApply(bt.evs[:0], &bt.r, &bt.s, &c)
		bt.evs = evs
	}
	if err != nil {
		bt.tb.Fatalf("round %d: %s %+v: %v", bt.s.Round, c.Kind, c, err)
	}
	bt.commands++
	bt.events += len(evs)
	if bt.log != nil {
		*bt.log = append(*bt.log, c)
	}
}

// round plays one round from its opening to its settlement.
func (bt *benchTable) round() {
	s := &bt.s
	bt.apply(Command{Kind: CmdOpen})
	for _, c := range bt.bets {
		bt.apply(c)
	}
	bt.apply(Command{Kind: CmdClose})
	bt.window = false
	for !s.Phase.Over() {
		switch s.Next.To {
		case ToShuffle:
			bt.rng.Shuffle(len(bt.shoe), func(i, j int) { bt.shoe[i], bt.shoe[j] = bt.shoe[j], bt.shoe[i] })
			bt.pos = 0
			bt.apply(Command{Kind: CmdShuffle, Marker: len(bt.shoe) * 3 / 4})
		case ToBurn, ToBox, ToDealer:
			bt.pos++
			bt.apply(Command{Kind: CmdCard, Card: bt.shoe[bt.pos-1], Pos: bt.pos})
		default:
			bt.play()
		}
	}
}

// play is the players' next command when no card is due: the window's
// answers, once, then the decisions; the clock when nobody is asked.
func (bt *benchTable) play() {
	s := &bt.s
	t := &s.Turn
	switch {
	case s.Stage == Window && !bt.window:
		bt.window = true
		bt.answerWindow()
	case t.Player != "":
		b := s.box(t.Box)
		h, _ := b.hand(t.Hand)
		a, surrender := basicPlay(&bt.r, b, h, s.Dealer[0])
		if surrender && bt.r.Options.Surrender == SurrenderHand && s.surrenderOpen(&bt.r, b, 0) == 0 {
			bt.apply(Command{Kind: CmdSurrender, Player: t.Player, Box: t.Box})
			return
		}
		bt.apply(Command{Kind: CmdDecide, Player: t.Player, Box: t.Box, Hand: t.Hand, Action: a, Seq: t.Seq})
	default:
		bt.apply(Command{Kind: CmdTimeout, Seq: t.Seq})
	}
}

// answerWindow declines insurance and even money against an ace and
// surrenders early where the chart says (ru §3.27).
func (bt *benchTable) answerWindow() {
	s := &bt.s
	up := s.Dealer[0]
	for i := range s.Boxes {
		b := &s.Boxes[i]
		h := &b.Hands[0]
		if s.Stage != Window || !h.Stakes[0].live() {
			continue
		}
		p := b.Bettors[0].Player
		switch {
		case isAce(up) && s.isBlackjack(&bt.r, h):
			bt.apply(Command{Kind: CmdEvenMoney, Player: p, Box: b.N, Decline: true})
		case isAce(up):
			bt.apply(Command{Kind: CmdInsure, Player: p, Box: b.N})
		}
		if bt.r.Options.Surrender != SurrenderEarly || s.Stage != Window || s.surrenderOffer(&bt.r, b, 0) != 0 {
			continue
		}
		if _, surrender := basicPlay(&bt.r, b, h, up); surrender {
			bt.apply(Command{Kind: CmdSurrender, Player: p, Box: b.N})
		}
	}
}

// TestAppendApplyAllocatesNothing holds AppendApply to what it says: in
// the steady state, the state and the events' buffer reused from round
// to round, a round allocates nothing (a slice may still grow now and
// then, for a round with more cards or splits than any before it).
func TestAppendApplyAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, profile := range Profiles() {
		bt := newBenchTable(t, profile, false)
		for range 2000 {
			bt.round()
		}
		// AllocsPerRun divides the count by the runs, rounding down: it
		// is 0 unless rounds allocate, not now and then.
		if n := testing.AllocsPerRun(2000, bt.round); n != 0 {
			t.Errorf("%s: %v allocations a round", profile, n)
		}
	}
}

// BenchmarkBlackjackReplay is the engine alone, without its player: the
// rounds BenchmarkBlackjackRounds' table plays (seven boxes, basic
// strategy, shuffled shoes) are recorded once, command by command, and
// replayed through AppendApply, so choosing the moves, shuffling and
// building the commands are not timed. The replay starts again from a
// new table after the last recorded round (once every 4,096 rounds).
func BenchmarkBlackjackReplay(b *testing.B) {
	for _, profile := range Profiles() {
		b.Run(profile, func(b *testing.B) {
			const recorded = 4096
			var log []Command
			bt := newBenchTable(b, profile, false)
			bt.log = &log
			ends := make([]int, 0, recorded)
			for range recorded {
				bt.round()
				ends = append(ends, len(log))
			}
			r := bt.r
			var s State
			var evs []Event
			var err error
			i, from := 0, 0
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				for k := from; k < ends[i]; k++ {
					if evs, err = AppendApply(evs[:0], &r, &s, &log[k]); err != nil {
						b.Fatalf("replaying command %d %+v: %v", k, log[k], err)
					}
				}
				from, i = ends[i], i+1
				if i == recorded {
					s, i, from = State{}, 0, 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rounds/s")
			if cpu := cputime.Process() - cpu; cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "rounds/cpu-s")
			}
		})
	}
}
