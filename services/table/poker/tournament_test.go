package poker

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card"
)

// greekHand starts a four-handed Greek Hold'em hand at blinds 10/20 with
// the given stacks, under the tournament rules or the cash rules.
func greekHand(t *testing.T, st betting.Structure, tournament bool, stacks ...int64) *hand.State {
	t.Helper()
	r, err := profile.Named(profile.GR, profile.Holdem, st)
	if err != nil {
		t.Fatal(err)
	}
	if tournament {
		r = r.ForTournament()
	}
	r = r.WithStakes(profile.Stakes{Unit: 1, SmallBlind: 10, BigBlind: 20})
	r.Rake.Mode = 0
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	setup := hand.Setup{ID: "h", Button: 0, Shoe: card.Deck(1),
		Posts: []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}}}
	for i, s := range stacks {
		setup.Players = append(setup.Players, hand.Player{Seat: i, Stack: s})
	}
	s := new(hand.State)
	if _, err := Start(r, setup, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func act(t *testing.T, s *hand.State, seat int, k betting.Kind, amount int64) {
	t.Helper()
	if s.ToAct() != seat {
		t.Fatalf("seat %d to act, want %d", s.ToAct(), seat)
	}
	if _, err := Apply(s, hand.Action{Seat: seat, Kind: k, Amount: amount}); err != nil {
		t.Fatalf("seat %d %v %d: %v", seat, k, amount, err)
	}
}

// gr-regulation-2 A5 [TOURN] (G3.19(4)(b)): in fixed limit an all-in of
// at least half the bet is a full bet: a player who acted before it may
// raise again. Under the cash rule (A2: only a full raise reopens) he may
// only call. Fixed limit 20/40: UTG (seat 3) raises to 40, the button
// (seat 0) goes all in for 50 (10 over, half the 20 increment): UTG's
// turn comes back.
func TestGRTournamentHalfBetAllInReopensLimitBetting(t *testing.T) {
	for _, tc := range []struct {
		tournament bool
		reraise    bool
	}{{true, true}, {false, false}} {
		s := greekHand(t, betting.FixedLimit, tc.tournament, 50, 500, 500, 500)
		act(t, s, 3, betting.Raise, 40)
		act(t, s, 0, betting.AllIn, 0)
		act(t, s, 1, betting.Fold, 0)
		act(t, s, 2, betting.Call, 0)
		raise := false
		for _, l := range s.Legal(3, nil) {
			raise = raise || l.Kind == betting.Raise
		}
		if raise != tc.reraise {
			t.Fatalf("tournament %t: UTG may raise again %t, want %t", tc.tournament, raise, tc.reraise)
		}
	}
}

// gr-regulation-2 C2 [TOURN] (G3.12 ¶2): two equal chips, each more than
// half the bet faced and no more than it, put out silently, are a call at a
// tournament table; at a cash table the 50 % rule (C1) makes them a raise.
func TestGRTournamentTwoEqualChipsAreACall(t *testing.T) {
	for _, tc := range []struct {
		tournament bool
		want       betting.Kind
	}{{true, betting.Call}, {false, betting.Raise}} {
		s := greekHand(t, betting.NoLimit, tc.tournament, 5000, 5000, 5000, 5000)
		act(t, s, 3, betting.Raise, 1200)
		evs, err := Apply(s, hand.Action{Seat: 0, Chips: &betting.Chips{Chips: []int64{1000, 1000}}})
		if err != nil {
			t.Fatal(err)
		}
		got := betting.NoKind
		for _, e := range evs {
			if e.Kind == hand.EvActed && e.Seat == 0 {
				got = e.Action
			}
		}
		if got != tc.want {
			t.Fatalf("tournament %t: two 1000 chips facing 1200 read as %v, want %v", tc.tournament, got, tc.want)
		}
	}
}
