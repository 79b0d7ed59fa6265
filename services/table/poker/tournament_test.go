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

// tournaments.md T28 (gr-regulation-2 H.25): a player raised to 600 facing
// a bet of 200 and nobody has called when his hand is killed as a penalty:
// his hand is void, the 200 that was called stays in the pot and the 400
// nobody called goes back to him. The others play on.
func TestKilledHandReturnsTheUncalledRaise(t *testing.T) {
	s := greekHand(t, betting.NoLimit, true, 5000, 5000, 5000, 5000)
	act(t, s, 3, betting.Raise, 200)
	act(t, s, 0, betting.Raise, 600)
	evs, err := Apply(s, hand.Action{Seat: 0, Command: hand.CmdVoidSeat, Return: hand.VoidReturnUncalled, Reason: "penalty"})
	if err != nil {
		t.Fatal(err)
	}
	var back int64 = -1
	for _, e := range evs {
		if e.Kind == hand.EvHandVoided && e.Seat == 0 {
			back = e.Amount
		}
	}
	if back != 400 || s.Stack(0) != 4800 {
		t.Fatalf("returned %d, stack %d; want 400 returned and 4800 left", back, s.Stack(0))
	}
	var pot int64
	for i := range s.Round.Seats {
		pot += s.Round.Seats[i].Total
	}
	if pot != 10+20+200+200 {
		t.Fatalf("pot %d, want 430 (blinds, the bet and his called 200)", pot)
	}
	if s.Phase != hand.Betting || s.ToAct() != 1 {
		t.Fatalf("phase %v, seat %d to act; want the small blind to act next", s.Phase, s.ToAct())
	}
	// The others face the 200 that stands, not his 600, and the raiser of
	// the 200, whom nobody re-raised, does not act again.
	for _, l := range s.Legal(1, nil) {
		if l.Kind == betting.Call && l.Min != 200 {
			t.Fatalf("small blind calls to %d, want 200", l.Min)
		}
	}
	act(t, s, 1, betting.Call, 0)
	act(t, s, 2, betting.Call, 0)
	if s.Street != 1 || s.Phase != hand.Betting {
		t.Fatalf("street %d phase %v after the calls; want the flop", s.Street, s.Phase)
	}
}

// A killed first raise leaves the big blind his option (the blinds are
// the standing bet, the limper has acted).
func TestKilledFirstRaiseKeepsTheBigBlindsOption(t *testing.T) {
	s := greekHand(t, betting.NoLimit, true, 5000, 5000, 5000, 5000)
	act(t, s, 3, betting.Call, 0)
	act(t, s, 0, betting.Raise, 100)
	if _, err := Apply(s, hand.Action{Seat: 0, Command: hand.CmdVoidSeat, Return: hand.VoidReturnUncalled}); err != nil {
		t.Fatal(err)
	}
	if s.Stack(0) != 4980 {
		t.Fatalf("stack %d, want 4980: the 80 nobody called back, the 20 the blind matched in the pot", s.Stack(0))
	}
	act(t, s, 1, betting.Call, 0)
	check := false
	for _, l := range s.Legal(2, nil) {
		check = check || l.Kind == betting.Check
	}
	if s.ToAct() != 2 || !check {
		t.Fatalf("seat %d to act (check %t); want the big blind's option", s.ToAct(), check)
	}
	act(t, s, 2, betting.Check, 0)
	if s.Street != 1 {
		t.Fatalf("street %d; want the flop, the limper not asked again", s.Street)
	}
}
