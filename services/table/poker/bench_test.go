package poker

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/rake"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/cputime"
)

// BenchmarkRandomHands plays complete hands per game and structure: six
// players (the maximum of 7 Card Stud) with 100 big blinds, a policy that
// mostly checks and calls so most hands reach the showdown, and shoes
// shuffled before the timer starts (the shoe is the RNG service's input to
// the engine, not the engine's work). It reports hands/s (one goroutine:
// run with GOMAXPROCS=1 for one core) and the share of hands that reached
// a showdown.
func BenchmarkRandomHands(b *testing.B) {
	for _, g := range games {
		for _, st := range structures {
			b.Run(fmt.Sprintf("%s/%s", g, st), func(b *testing.B) {
				benchHands(b, g, st, 6)
			})
		}
	}
}

func benchRules(g profile.Game, st betting.Structure) profile.Rules {
	r, err := profile.Named(profile.GR, g, st)
	if err != nil {
		panic(err)
	}
	s := profile.Stakes{Unit: 1, SmallBlind: 1, BigBlind: 2}
	if g.Stud() {
		s = profile.Stakes{Unit: 1, Ante: 1, MinBet: 4}
	}
	switch st {
	case betting.FixedLimit:
		s.SmallBet, s.BigBet = 4, 8
		if !g.Stud() {
			s.SmallBet, s.BigBet = 2, 4
		}
	case betting.SpreadLimit:
		s.SpreadMin, s.SpreadMax, s.MinBet = 2, 10, 2
	}
	r = r.WithStakes(s)
	r.Rake = rake.Config{Mode: rake.PotPercent, BasisPoints: 500, Unit: 1, Cap: 20}
	r.MaxSeats = g.MaxPlayers()
	if err := r.Validate(); err != nil {
		panic(err)
	}
	return r
}

func benchHands(b *testing.B, g profile.Game, st betting.Structure, players int) {
	rules := benchRules(g, st)
	players = min(players, g.MaxPlayers())
	rng := rand.New(rand.NewPCG(1, 2))
	shoes := make([][]card.Card, 1024)
	for i := range shoes {
		shoes[i] = shuffle(rng, make([]card.Card, 0, card.NumCards))
	}
	setup := hand.Setup{ID: "bench"}
	for i := range players {
		setup.Players = append(setup.Players, hand.Player{Seat: i, Stack: 200})
	}
	if rules.Blinds() {
		setup.Posts = []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}}
	}
	s := new(hand.State)
	legal := make([]betting.Legal, 0, 8)
	showdowns := 0
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		setup.Shoe = shoes[n%len(shoes)]
		n++
		if _, err := Start(rules, setup, s); err != nil {
			b.Fatal(err)
		}
		for s.Phase == hand.Betting {
			seat := s.ToAct()
			legal = s.Legal(seat, legal[:0])
			if _, err := Apply(s, policy(rng, seat, legal)); err != nil {
				b.Fatal(err)
			}
		}
		if s.Showdown {
			showdowns++
		}
	}
	cpu := cputime.Process() - cpu0
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
	if cpu > 0 {
		// Hands per second of CPU the process used: what one core gives
		// when the machine is shared and wall time counts the waiting.
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "cpu-hands/s")
	}
	b.ReportMetric(float64(showdowns)/float64(b.N), "showdowns/hand")
}

// policy checks or calls most of the time, bets or raises the minimum now
// and then, and folds rarely.
func policy(rng *rand.Rand, seat int, legal []betting.Legal) hand.Action {
	var passive, aggressive, forced betting.Legal
	fold := false
	for _, l := range legal {
		switch l.Kind {
		case betting.Check, betting.Call:
			passive = l
		case betting.Bet, betting.Raise, betting.Complete:
			aggressive = l
		case betting.BringIn:
			forced = l
		case betting.Fold:
			fold = true
		}
	}
	r := rng.IntN(100)
	switch {
	case forced.Kind != betting.NoKind && r < 80:
		return hand.Action{Seat: seat, Kind: forced.Kind}
	case aggressive.Kind != betting.NoKind && (r < 8 || passive.Kind == betting.NoKind):
		return hand.Action{Seat: seat, Kind: aggressive.Kind, Amount: aggressive.Min}
	case fold && passive.Kind == betting.Call && r > 92:
		return hand.Action{Seat: seat, Kind: betting.Fold}
	case passive.Kind != betting.NoKind:
		return hand.Action{Seat: seat, Kind: passive.Kind}
	}
	return hand.Action{Seat: seat, Kind: legal[len(legal)-1].Kind, Amount: legal[len(legal)-1].Min}
}
