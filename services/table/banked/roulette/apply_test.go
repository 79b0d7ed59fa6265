package roulette

import (
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
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
	if !reflect.DeepEqual(want, got) {
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
	betting := Open(nil)
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
		{"unknown spot, whole batch refused", betting, place("ben", bet("b1", "red", 5), bet("b2", "split:1-5", 5)), ReasonBadSpot},
		{"over the limit", betting, place("ben", bet("b1", "red", 101)), ReasonOutsideLimits},
		{"stacked over the spot maximum", betting, place("ann", bet("a3", "split:5-2", 91)), ReasonOutsideLimits},
		{"track piece over the spot maximum (cz: no track cap)", betting, place("ann", bet("a3", "split:12-15", 10), bet("a4", "zero_game", 4*91)), ReasonOutsideLimits},
		{"no player", betting, place("", bet("b1", "red", 5)), ReasonBadBet},
		{"another player's bet in the batch", betting, place("ben", round.Bet{ID: "b1", Player: "cat", Spot: "red", Amount: 5}), ReasonBadBet},
		{"no bet id", betting, place("ben", bet("", "red", 5)), ReasonBadBet},
		{"id placed with other content", betting, place("ann", bet("a1", "split:2-5", 11)), ReasonBetConflict},
		{"id placed by another player", betting, place("ben", bet("a1", "split:2-5", 10)), ReasonBetConflict},
		{"id of a cancelled bet", betting, place("ann", bet("a2", "red", 5)), ReasonBetConflict},
		{"id twice in a batch", betting, place("ben", bet("b1", "red", 5), bet("b1", "black", 5)), ReasonBetConflict},
		{"cancel another player's bet", betting, Command{Kind: CmdCancel, Player: "ben", BetIDs: []string{"a1"}}, ReasonUnknownBet},
		{"cancel an unknown bet", betting, Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"a1", "zz"}}, ReasonUnknownBet},
		{"result before no more bets", betting, Command{Kind: CmdResult, Spin: &Spin{Pocket: 0}}, ReasonNotClosed},
		{"place after no more bets", closed, place("ben", bet("b1", "red", 5)), ReasonBettingClosed},
		{"no spin", closed, Command{Kind: CmdResult}, ReasonBadSpin},
		{"no such pocket", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 37}}, ReasonBadSpin},
		{"label not the pocket's", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Label: "17"}}, ReasonBadSpin},
		{"dealer spin without directions", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Dealer: true, Revolutions: 12}}, ReasonBadSpin},
		{"unknown fault", closed, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1, Reported: []Fault{99}}}, ReasonBadSpin},
		{"close a settled round", settled, Command{Kind: CmdClose}, ReasonRoundOver},
		{"result twice", settled, Command{Kind: CmdResult, Spin: &Spin{Pocket: 1}}, ReasonRoundOver},
		{"void a settled round", settled, Command{Kind: CmdVoid}, ReasonRoundOver},
		{"place in a settled round", settled, place("ben", bet("b1", "red", 5)), ReasonRoundOver},
		{"unknown command", betting, Command{Kind: 99}, ReasonBadCommand},
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
	s := Open(nil)
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

// cz §8: the operator voids the round, open or closed: every bet returned.
func TestOperatorVoidRefundsEverything(t *testing.T) {
	r := rules(t, CZ)
	for _, closeFirst := range []bool{false, true} {
		s := Open(nil)
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

// cz §5.2: the wheel reverses every spin, across rounds: Next carries the
// last physical spin.
func TestNextRoundCarriesTheLastSpin(t *testing.T) {
	r := rules(t, CZ)
	s := Open(nil)
	mustApply(t, r, &s, Command{Kind: CmdClose})
	mustApply(t, r, &s, Command{Kind: CmdResult, Spin: &Spin{Pocket: 4, Dealer: true, Wheel: Clockwise, Ball: Anticlockwise, Revolutions: 14}})
	n := s.Next()
	if n.Phase != round.Betting || n.Prev == nil || n.Prev.Wheel != Clockwise || len(n.Bets) != 0 {
		t.Fatalf("next %+v", n)
	}
	mustApply(t, r, &n, Command{Kind: CmdClose})
	mustApply(t, r, &n, Command{Kind: CmdResult, Spin: &Spin{Pocket: 4, Dealer: true, Wheel: Clockwise, Ball: Anticlockwise, Revolutions: 14}})
	if n.Phase != round.Voided {
		t.Errorf("same direction twice: %v", n.Phase)
	}
}
