package roulette

import (
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// The engine has the surface every banked engine shares, with no adapter
// (package round, engine.go).
var (
	_ round.Rules                                   = (*Rules)(nil)
	_ round.State[State]                            = State{}
	_ round.ApplyFunc[Rules, State, Command, Event] = Apply
	_ round.SettleFunc[Rules, Number]               = Settle
)

func mustApply(t *testing.T, r Rules, s *State, c Command) []Event {
	t.Helper()
	ev, err := Apply(r, s, c)
	if err != nil {
		t.Fatalf("%v: %v", c.Kind, err)
	}
	return ev
}

func assertSame(t testing.TB, want, got State) {
	t.Helper()
	if !sameState(want, got) {
		t.Fatalf("state changed:\n got %+v\nwant %+v", got, want)
	}
}

func place(player string, bets ...round.Bet) Command {
	return Command{Kind: CmdPlace, Player: player, Bets: bets}
}

func bet(id, spot string, amount int64) round.Bet {
	return round.Bet{ID: id, Spot: spot, Amount: amount}
}

// Every refusal names its reason and leaves the round exactly as it was.
func TestApplyRefusals(t *testing.T) {
	r := rules(t, CZ)
	r.Limits.Table = round.Limit{Min: 1, Max: 100}
	betting := opened(t, r, nil)
	mustApply(t, r, &betting, place("ann", bet("a1", "split:2-5", 10), bet("a2", "voisins", 18)))
	mustApply(t, r, &betting, Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a2"}})
	closed := betting.Clone()
	mustApply(t, r, &closed, Command{Kind: CmdClose})
	settled := closed.Clone()
	mustApply(t, r, &settled, Command{Kind: CmdResult, Spin: &Spin{Pocket: 0}})
	for _, tc := range []struct {
		name   string
		s      State
		c      Command
		reason string
	}{
		{"unknown spot, whole batch refused", betting, place("ben", bet("b1", "red", 5), bet("b2", "split:1-5", 5)), round.ReasonBadSpot},
		{"over the limit", betting, place("ben", bet("b1", "red", 101)), round.ReasonBetOutsideLimits},
		{"stacked over the spot maximum", betting, place("ann", bet("a3", "split:5-2", 91)), round.ReasonBetOutsideLimits},
		{"track piece over the spot maximum (cz: no track cap)", betting, place("ann", bet("a3", "split:12-15", 10), bet("a4", "zero_game", 4*91)), round.ReasonBetOutsideLimits},
		{"no player", betting, place("", bet("b1", "red", 5)), round.ReasonBadBet},
		{"another player's bet in the batch", betting, place("ben", round.Bet{ID: "b1", Player: "cat", Spot: "red", Amount: 5}), round.ReasonBadBet},
		{"no bet id", betting, place("ben", bet("", "red", 5)), round.ReasonBadBet},
		{"id placed with other content", betting, place("ann", bet("a1", "split:2-5", 11)), round.ReasonBetIDConflict},
		{"id of a cancelled bet", betting, place("ann", bet("a2", "red", 5)), round.ReasonBetIDConflict},
		{"id twice in a batch", betting, place("ben", bet("b1", "red", 5), bet("b1", "black", 5)), round.ReasonBetIDConflict},
		{"cancel another player's bet", betting, Command{Kind: CmdCancel, Player: "ben", BetIDs: []string{"a1"}}, round.ReasonUnknownBet},
		{"cancel an unknown bet", betting, Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a1", "zz"}}, round.ReasonUnknownBet},
		{"result before no more bets", betting, Command{Kind: CmdResult, Spin: &Spin{Pocket: 0}}, round.ReasonBettingOpen},
		{"place after no more bets", closed, place("ben", bet("b1", "red", 5)), round.ReasonBettingClosed},
		{"no spin", closed, Command{Kind: CmdResult}, round.ReasonBadSpin},
		{"no such pocket", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 37}}, round.ReasonBadSpin},
		{"label not the pocket's", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Label: "17"}}, round.ReasonBadSpin},
		{"dealer spin without directions", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Dealer: true, Revolutions: 12}}, round.ReasonBadSpin},
		{"unknown fault", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Reported: []Fault{99}}}, round.ReasonBadSpin},
		{"close a settled round", settled, Command{Kind: CmdClose}, round.ReasonRoundOver},
		{"result twice", settled, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1}}, round.ReasonRoundOver},
		{"void a settled round", settled, Command{Kind: CmdVoid, Reason: "late"}, round.ReasonRoundOver},
		{"void without a reason", betting, Command{Kind: CmdVoid}, round.ReasonNoReason},
		{"place in a settled round", settled, place("ben", bet("b1", "red", 5)), round.ReasonRoundOver},
		{"unknown command", betting, Command{Kind: 99}, round.ReasonUnknownCommand},
		{"open while betting", betting, Command{Kind: CmdOpen}, round.ReasonRoundRunning},
		{"open while closed", closed, Command{Kind: CmdOpen}, round.ReasonRoundRunning},
		{"open skipping a round", settled, Command{Kind: CmdOpen, Round: 3}, round.ReasonWrongRound},
		{"a command for another round", betting, Command{Kind: CmdClose, Round: 2}, round.ReasonWrongRound},
		{"place before any round", State{}, place("ben", bet("b1", "red", 5)), round.ReasonNoRound},
		{"close before any round", State{}, Command{Kind: CmdClose}, round.ReasonNoRound},
		{"void before any round", State{}, Command{Kind: CmdVoid, Reason: "test"}, round.ReasonNoRound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.s.Clone()
			ev, err := Apply(r, &s, tc.c)
			if apierr.Reason(err) != tc.reason || ev != nil {
				t.Errorf("%v, %v; want %s", ev, err, tc.reason)
			}
			assertSame(t, tc.s, s)
		})
	}
}

// A retried command that already took effect changes nothing and is not
// an error: a placement (its spot as the client spelled it), a cancel, a
// second "no more bets".
func TestApplyReplays(t *testing.T) {
	r := rules(t, CZ)
	s := opened(t, r, nil)
	mustApply(t, r, &s, place("ann", bet("a1", "split:5-2", 10), bet("a2", "red", 5)))
	if s.Bets[0].Spot != "split:2-5" || s.Bets[0].Player != "ann" {
		t.Fatalf("stored %+v", s.Bets[0])
	}
	mustApply(t, r, &s, Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a2"}})
	before := s.Clone()
	for _, c := range []Command{
		place("ann", bet("a1", "split:5-2", 10)),
		place("ann", bet("a1", "split:2-5", 10), bet("a1", "split:2-5", 10)),
		{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a2"}},
		{Kind: CmdOpen, Round: 1}, // opened already
	} {
		if ev := mustApply(t, r, &s, c); ev != nil {
			t.Errorf("%v replay: %+v", c.Kind, ev)
		}
		assertSame(t, before, s)
	}
	mustApply(t, r, &s, Command{Kind: CmdClose})
	closed := s.Clone()
	for _, c := range []Command{{Kind: CmdClose}, place("ann", bet("a1", "split:2-5", 10))} {
		if ev := mustApply(t, r, &s, c); ev != nil {
			t.Errorf("%v after close: %+v", c.Kind, ev)
		}
		assertSame(t, closed, s)
	}
	// A batch of a replay and a new bet places the new one.
	s = before.Clone()
	ev := mustApply(t, r, &s, place("ann", bet("a1", "split:2-5", 10), bet("a3", "odd", 5)))
	if len(ev) != 1 || len(ev[0].Bets) != 1 || ev[0].Bets[0].ID != "a3" || len(s.Bets) != 2 {
		t.Errorf("events %+v, bets %+v", ev, s.Bets)
	}
}

// A bet is known by its player and id (round.Book): another player may
// use the same id, and a cancel takes back only the canceller's bet,
// with a refund line.
func TestBetIDsArePerPlayer(t *testing.T) {
	r := rules(t, CZ)
	s := opened(t, r, nil)
	mustApply(t, r, &s, place("ann", bet("a1", "split:2-5", 10)))
	ev := mustApply(t, r, &s, place("ben", bet("a1", "split:2-5", 10)))
	if len(ev) != 1 || ev[0].Player != "ben" || len(s.Bets) != 2 {
		t.Fatalf("events %+v, bets %+v", ev, s.Bets)
	}
	ev = mustApply(t, r, &s, Command{Kind: CmdCancel, Player: "ben", BetIDs: []string{"a1"}})
	refund := round.Refund(round.Bet{ID: "a1", Player: "ben", Spot: "split:2-5", Amount: 10})
	if len(ev) != 1 || len(ev[0].Lines) != 1 || ev[0].Lines[0] != refund || len(s.Lines) != 1 || s.Lines[0] != refund {
		t.Fatalf("cancel %+v, lines %+v: want ben's refund", ev, s.Lines)
	}
	if len(s.Bets) != 1 || s.Bets[0].Player != "ann" || len(s.Cancelled) != 1 || s.Cancelled[0].Player != "ben" {
		t.Fatalf("bets %+v, cancelled %+v", s.Bets, s.Cancelled)
	}
}

// cz §8: the operator voids the round, open or closed: every bet returned.
func TestOperatorVoidRefundsEverything(t *testing.T) {
	r := rules(t, CZ)
	for _, closeFirst := range []bool{false, true} {
		s := opened(t, r, nil)
		mustApply(t, r, &s, place("ann", bet("a1", "straight:0", 10), bet("a2", "tiers", 12)))
		mustApply(t, r, &s, place("ben", bet("b1", "column:3", 7)))
		if closeFirst {
			mustApply(t, r, &s, Command{Kind: CmdClose})
		}
		ev := mustApply(t, r, &s, Command{Kind: CmdVoid, Reason: "collusion suspected"})
		if s.Phase != round.Voided || ev[0].Kind != EvVoided || ev[0].Reason != "collusion suspected" {
			t.Fatalf("phase %v, events %+v", s.Phase, ev)
		}
		st := s.Settlement()
		if err := st.Check(); err != nil || st.House() != 0 || len(st.Lines) != 3 || sumLines(st.Lines).returned != 29 {
			t.Errorf("refunds %+v, %v", st.Lines, err)
		}
	}
}

// cz §5.2: the wheel reverses every spin, across rounds: CmdOpen carries
// the last physical spin into the next round.
func TestNextRoundCarriesTheLastSpin(t *testing.T) {
	r := rules(t, CZ)
	s := opened(t, r, nil)
	mustApply(t, r, &s, Command{Kind: CmdClose})
	mustApply(t, r, &s, Command{Kind: CmdResult, Spin: &Spin{Pocket: 4, Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 14}})
	n := s.Clone()
	ev := mustApply(t, r, &n, Command{Kind: CmdOpen})
	if n.Phase != round.Betting || n.Prev == nil || n.Prev.Wheel != round.Clockwise || len(n.Bets) != 0 {
		t.Fatalf("next %+v", n)
	}
	if len(ev) != 1 || ev[0].Kind != EvOpened || ev[0].Round != 2 || !reflect.DeepEqual(ev[0].Spin, n.Prev) {
		t.Fatalf("opened %+v", ev)
	}
	mustApply(t, r, &n, Command{Kind: CmdClose})
	mustApply(t, r, &n, Command{Kind: CmdResult, Spin: &Spin{Pocket: 4, Dealer: true, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 14}})
	if n.Phase != round.Voided {
		t.Errorf("same direction twice: %v", n.Phase)
	}
}

// sameState compares two states as data: the bet index is a cache of the
// bets, not part of the round.
func sameState(a, b State) bool {
	a.index, b.index = nil, nil
	return reflect.DeepEqual(a, b)
}
