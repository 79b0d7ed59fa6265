package poker

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/holdem"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/stud"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

// headsUp starts a two-handed hand of game g under the Greek profile.
func headsUp(t *testing.T, g profile.Game, st betting.Structure, opts ...Option) *hand.State {
	t.Helper()
	r, err := profile.Named(profile.GR, g, st)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(profile.Stakes{Unit: 1, SmallBlind: 1, BigBlind: 2})
	r.Rake.Mode = 0
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	setup := hand.Setup{ID: "h", Button: 0, Shoe: card.Deck(1),
		Players: []hand.Player{{Seat: 0, Stack: 100}, {Seat: 1, Stack: 100}},
		Posts:   []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 0, Kind: hand.BigBlind}}}
	s := new(hand.State)
	if _, err := Start(r, setup, s, opts...); err != nil {
		t.Fatal(err)
	}
	return s
}

// Apply runs each hand under the game it was started with, whatever the
// last hand was, and refuses a hand of no known game, leaving it as it was.
func TestApplyRunsEachHandUnderItsOwnGame(t *testing.T) {
	hold := headsUp(t, profile.Holdem, betting.NoLimit)
	omaha := headsUp(t, profile.Omaha, betting.PotLimit)
	for _, c := range []struct {
		s    *hand.State
		hole int
	}{{hold, 2}, {omaha, 4}} {
		if n := int(c.s.CardsFor(0, 0).N); n != c.hole {
			t.Fatalf("%v: %d hole cards, want %d", c.s.Rules.Game, n, c.hole)
		}
		seat := c.s.ToAct()
		if _, err := Apply(c.s, hand.Action{Seat: seat, Kind: betting.Call}); err != nil {
			t.Fatalf("%v: call: %v", c.s.Rules.Game, err)
		}
		if c.s.ToAct() == seat {
			t.Fatalf("%v: the call was not applied", c.s.Rules.Game)
		}
	}

	unknown := hold.Clone()
	unknown.Rules.Game = 99
	seat := unknown.ToAct()
	if _, err := Apply(unknown, hand.Action{Seat: seat, Kind: betting.Check}); apierr.Reason(err) != "UNKNOWN_GAME" {
		t.Fatalf("a hand of game 99: %v, want UNKNOWN_GAME", err)
	}
	if unknown.ToAct() != seat || len(unknown.Log) != len(hold.Log) {
		t.Fatal("a refused hand changed")
	}
}

// CheckRanks sees the engine's showdown rank of every seat in the hand, and
// the hand is settled on the ranks it returns: equal ranks split the pot.
func TestCheckRanksDecidesTheShowdown(t *testing.T) {
	seen := map[int]rank.Value{}
	tie := CheckRanks(func(seat int, v rank.Value) rank.Value {
		seen[seat] = v
		return 1
	})
	s := headsUp(t, profile.Holdem, betting.NoLimit, tie)
	for s.ToAct() >= 0 {
		seat := s.ToAct()
		k := betting.Call
		for _, l := range s.Legal(seat, nil) {
			if l.Kind == betting.Check {
				k = betting.Check
			}
		}
		if _, err := Apply(s, hand.Action{Seat: seat, Kind: k}, tie); err != nil {
			t.Fatal(err)
		}
	}
	if !s.Showdown || len(seen) != 2 || seen[0] == 0 || seen[1] == 0 {
		t.Fatalf("showdown %v, ranks seen %v", s.Showdown, seen)
	}
	if s.Seats[0].Won != 2 || s.Seats[1].Won != 2 {
		t.Fatalf("won %d and %d, want the 4-chip pot split", s.Seats[0].Won, s.Seats[1].Won)
	}
}

// The look-up table is the one place a game gets its engine variant: the
// flop games holdem's (Omaha with its two-plus-three rule), the stud games
// stud's (7 Card with its seven cards); an unknown game has none.
func TestVariantOfEveryGame(t *testing.T) {
	for g, want := range map[profile.Game]hand.Variant{
		profile.Holdem:        holdem.Variant{},
		profile.Omaha:         holdem.Variant{Omaha: true},
		profile.FiveCardStud:  stud.Variant{},
		profile.SevenCardStud: stud.Variant{Seven: true},
	} {
		got, err := VariantOf(g)
		if err != nil || got != want {
			t.Errorf("VariantOf(%v) = %#v, %v; want %#v", g, got, err, want)
		}
	}
	for _, g := range []profile.Game{0, 5, 255} {
		if _, err := VariantOf(g); err == nil {
			t.Errorf("VariantOf(%d) accepted an unknown game", g)
		}
	}
}
