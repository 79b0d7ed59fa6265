package moneywheel

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
	_ round.SettleFunc[Rules, string]               = Settle
)

// limitedRules are the placeholder rules with a table sign: 10..100 on
// cherries, at most 50 on seven, 5..300 a player on the table.
func limitedRules(t testing.TB) Rules {
	r := placeholderRules(t)
	r.Limits = Limits{
		Boxes: map[string]round.Limit{Cherries: {Min: 10, Max: 100}, Seven: {Max: 50}},
		Table: round.Limit{Min: 5, Max: 300},
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

func place(player string, bets ...round.Bet) Command {
	return Command{Kind: CmdPlace, Player: player, Bets: bets}
}

func cancel(player string, ids ...string) Command {
	return Command{Kind: CmdCancel, Player: player, BetIDs: ids}
}

var (
	open    = Command{Kind: CmdOpen}
	closing = Command{Kind: CmdClose}
)

// TestApply drives a round through setup and checks that the last
// command is refused with reason (the state unchanged) or accepted with
// the event kinds given.
func TestApply(t *testing.T) {
	r := limitedRules(t)
	ann10 := place("ann", bet("a", "", Cherries, 10))
	dealer4 := Command{Kind: CmdResult, Spin: Spin{Source: FromDealer, Field: 0, Revolutions: 4}}
	seven := Command{Kind: CmdResult, Spin: rngSpin(0)} // field 0 is seven on the placeholder
	for _, tc := range []struct {
		name   string
		setup  []Command
		cmd    Command
		reason string      // refused with
		events []EventKind // else
	}{
		// Placing (cz-money-wheel.md §3, §4.1).
		{"place", []Command{open}, ann10, "", []EventKind{EvPlaced}},
		{"place before any round", nil, ann10, round.ReasonNoRound, nil},
		{"x has no box", []Command{open}, place("ann", bet("a", "", X, 10)), round.ReasonBadSpot, nil},
		{"unknown spot", []Command{open}, place("ann", bet("a", "", "lemon", 10)), round.ReasonBadSpot, nil},
		{"a batch is all or none", []Command{open}, place("ann", bet("a", "", Bell, 10), bet("b", "", X, 10)), round.ReasonBadSpot, nil},
		{"below the box minimum", []Command{open}, place("ann", bet("a", "", Cherries, 9)), round.ReasonBetOutsideLimits, nil},
		{"above the box maximum", []Command{open}, place("ann", bet("a", "", Seven, 51)), round.ReasonBetOutsideLimits, nil},
		{"box sums count", []Command{open, place("ann", bet("a", "", Seven, 30))}, place("ann", bet("b", "", Seven, 30)), round.ReasonBetOutsideLimits, nil},
		{"box sums are per player", []Command{open, place("ann", bet("a", "", Seven, 30))}, place("ben", bet("b", "", Seven, 30)), "", []EventKind{EvPlaced}},
		{"below the table minimum", []Command{open}, place("ann", bet("a", "", Bell, 4)), round.ReasonBetOutsideLimits, nil},
		{"above the table maximum", []Command{open}, place("ann", bet("a", "", Bell, 200), bet("b", "", Grapes, 101)), round.ReasonBetOutsideLimits, nil},
		{"zero", []Command{open}, place("ann", bet("a", "", Bell, 0)), round.ReasonBetOutsideLimits, nil},
		{"negative", []Command{open}, place("ann", bet("a", "", Bell, -10)), round.ReasonBetOutsideLimits, nil},
		{"no id", []Command{open}, place("ann", bet("", "", Bell, 10)), round.ReasonBadBet, nil},
		{"no player", []Command{open}, place("", bet("a", "", Bell, 10)), round.ReasonBadBet, nil},
		{"empty batch", []Command{open}, place("ann"), round.ReasonBadBet, nil},
		{"another player's bet", []Command{open}, place("ann", bet("a", "ben", Bell, 10)), round.ReasonBadBet, nil},
		{"an id twice in a batch", []Command{open}, place("ann", bet("a", "", Bell, 10), bet("a", "", Bell, 10)), round.ReasonBadBet, nil},
		{"replay", []Command{open, ann10}, ann10, "", nil},
		{"replay with more", []Command{open, ann10}, place("ann", bet("a", "", Cherries, 10), bet("b", "", Bell, 10)), "", []EventKind{EvPlaced}},
		{"same id, other amount", []Command{open, ann10}, place("ann", bet("a", "", Cherries, 20)), round.ReasonBetIDConflict, nil},
		{"same id, other spot", []Command{open, ann10}, place("ann", bet("a", "", Bell, 10)), round.ReasonBetIDConflict, nil},
		{"same id, other player", []Command{open, ann10}, place("ben", bet("a", "", Cherries, 10)), "", []EventKind{EvPlaced}},
		{"replay of a cancelled bet", []Command{open, ann10, cancel("ann", "a")}, ann10, "", nil},
		{"after no more bets", []Command{open, closing}, ann10, round.ReasonBettingClosed, nil},
		{"after the result", []Command{open, closing, seven}, ann10, round.ReasonRoundOver, nil},
		{"replay after no more bets", []Command{open, ann10, closing}, ann10, "", nil},
		{"wrong round", []Command{open}, Command{Kind: CmdPlace, Round: 2, Player: "ann", Bets: ann10.Bets}, round.ReasonWrongRound, nil},
		{"this round", []Command{open}, Command{Kind: CmdPlace, Round: 1, Player: "ann", Bets: ann10.Bets}, "", []EventKind{EvPlaced}},

		// Cancelling.
		{"cancel", []Command{open, ann10}, cancel("ann", "a"), "", []EventKind{EvCancelled}},
		{"cancel replay", []Command{open, ann10, cancel("ann", "a")}, cancel("ann", "a"), "", nil},
		{"cancel unknown", []Command{open, ann10}, cancel("ann", "b"), round.ReasonUnknownBet, nil},
		{"cancel another's", []Command{open, ann10}, cancel("ben", "a"), round.ReasonUnknownBet, nil},
		{"cancel twice in one", []Command{open, ann10}, cancel("ann", "a", "a"), round.ReasonBadBet, nil},
		{"cancel nothing", []Command{open, ann10}, cancel("ann"), round.ReasonBadBet, nil},
		{"cancel after no more bets", []Command{open, ann10, closing}, cancel("ann", "a"), round.ReasonBettingClosed, nil},
		{"cancel to below the box minimum", []Command{open, ann10, place("ann", bet("b", "", Cherries, 1))}, cancel("ann", "a"), round.ReasonBetOutsideLimits, nil},
		{"cancel both", []Command{open, ann10, place("ann", bet("b", "", Cherries, 1))}, cancel("ann", "a", "b"), "", []EventKind{EvCancelled}},

		// Closing and the result (§4.2–4.6).
		{"close", []Command{open}, closing, "", []EventKind{EvClosed}},
		{"close twice", []Command{open, closing}, closing, "", nil},
		{"close a settled round", []Command{open, closing, seven}, closing, round.ReasonRoundOver, nil},
		{"result while betting", []Command{open, ann10}, seven, round.ReasonBettingOpen, nil},
		{"result", []Command{open, ann10, closing}, seven, "", []EventKind{EvResult, EvSettled}},
		{"void result", []Command{open, ann10, closing}, dealer4, "", []EventKind{EvResult, EvVoided}},
		{"rng never void", []Command{open, ann10, closing}, Command{Kind: CmdResult, Spin: Spin{Source: FromRNG, Field: 3}}, "", []EventKind{EvResult, EvSettled}},
		{"malformed result", []Command{open, ann10, closing}, Command{Kind: CmdResult, Spin: Spin{Source: FromRNG, Field: 30}}, round.ReasonBadSpin, nil},
		{"rng peg", []Command{open, ann10, closing}, Command{Kind: CmdResult, Spin: Spin{Source: FromRNG, Field: 3, Peg: true}}, round.ReasonBadSpin, nil},
		{"result replay", []Command{open, ann10, closing, seven}, seven, "", nil},
		{"another result", []Command{open, ann10, closing, seven}, Command{Kind: CmdResult, Spin: rngSpin(1)}, round.ReasonRoundOver, nil},

		// Choices for a void spin (§4.4 (a)/(b)).
		{"choose", []Command{open}, Command{Kind: CmdChoose, Player: "ann", Choice: Refund}, "", []EventKind{EvChosen}},
		{"choose again", []Command{open, {Kind: CmdChoose, Player: "ann", Choice: Refund}}, Command{Kind: CmdChoose, Player: "ann", Choice: Refund}, "", nil},
		{"choose nothing", []Command{open}, Command{Kind: CmdChoose, Player: "ann"}, ReasonBadChoice, nil},
		{"choose after settlement", []Command{open, closing, seven}, Command{Kind: CmdChoose, Player: "ann", Choice: Refund}, round.ReasonRoundOver, nil},
		{"refund after the void", []Command{open, ann10, closing, dealer4}, Command{Kind: CmdChoose, Player: "ann", Choice: Refund}, "", []EventKind{EvRefunded}},
		{"carry after the refund", []Command{open, ann10, closing, dealer4, {Kind: CmdChoose, Player: "ann", Choice: Refund}},
			Command{Kind: CmdChoose, Player: "ann", Choice: Carry}, ReasonAlreadyRefunded, nil},

		// The operator's void.
		{"operator void", []Command{open, ann10}, Command{Kind: CmdVoid, Reason: "wheel jammed"}, "", []EventKind{EvVoided}},
		{"operator void closed", []Command{open, ann10, closing}, Command{Kind: CmdVoid, Reason: "wheel jammed"}, "", []EventKind{EvVoided}},
		{"operator void without reason", []Command{open, ann10}, Command{Kind: CmdVoid}, round.ReasonNoReason, nil},
		{"operator void settled", []Command{open, ann10, closing, seven}, Command{Kind: CmdVoid, Reason: "late"}, round.ReasonRoundOver, nil},
		{"operator void of the carried", []Command{open, ann10, closing, dealer4}, Command{Kind: CmdVoid, Reason: "game over"}, "", []EventKind{EvVoided}},

		// Opening.
		{"open", nil, open, "", []EventKind{EvOpened}},
		{"open while betting", []Command{open}, open, round.ReasonRoundRunning, nil},
		{"open while closed", []Command{open, closing}, open, round.ReasonRoundRunning, nil},
		{"close before any round", nil, closing, round.ReasonNoRound, nil},
		{"open after settlement", []Command{open, closing, seven}, open, "", []EventKind{EvOpened}},
		{"open replay", []Command{open}, Command{Kind: CmdOpen, Round: 1}, "", nil},
		{"open skipping a round", nil, Command{Kind: CmdOpen, Round: 2}, round.ReasonWrongRound, nil},
		{"unknown command", []Command{open}, Command{Kind: 99}, round.ReasonUnknownCommand, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s State
			for _, c := range tc.setup {
				mustApply(t, r, &s, c)
			}
			before := s.Clone()
			evs, err := Apply(r, &s, tc.cmd)
			if tc.reason != "" {
				if apierr.Reason(err) != tc.reason {
					t.Fatalf("%v, want reason %s", err, tc.reason)
				}
				if evs != nil || !sameState(s, before) {
					t.Fatalf("refused, yet events %+v or state\n%+v\nwas\n%+v", evs, s, before)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var kinds []EventKind
			for _, e := range evs {
				kinds = append(kinds, e.Kind)
				if e.Round != s.Round {
					t.Errorf("event of round %d in round %d", e.Round, s.Round)
				}
			}
			if !reflect.DeepEqual(kinds, tc.events) {
				t.Fatalf("events %v, want %v", kinds, tc.events)
			}
			if tc.events == nil && !sameState(s, before) {
				t.Fatalf("a replay changed the state\n%+v\nwas\n%+v", s, before)
			}
		})
	}
}

// TestCancelRefunds: a cancelled stake leaves the escrow with a refund
// line, and the bet leaves the round's bets for its cancelled ones.
func TestCancelRefunds(t *testing.T) {
	r := limitedRules(t)
	var s State
	mustApply(t, r, &s, open)
	mustApply(t, r, &s, place("ann", bet("a", "", Cherries, 10), bet("b", "", Bell, 20)))
	evs := mustApply(t, r, &s, cancel("ann", "b"))
	if want := round.Refund(bet("b", "ann", Bell, 20)); len(evs[0].Lines) != 1 || evs[0].Lines[0] != want {
		t.Fatalf("lines %+v", evs[0].Lines)
	}
	if len(s.Bets) != 1 || s.Bets[0].ID != "a" || s.Escrow() != 10 {
		t.Fatalf("bets %+v, escrow %d", s.Bets, s.Escrow())
	}
	if len(s.Cancelled) != 1 || s.Cancelled[0] != bet("b", "ann", Bell, 20) || len(s.Lines) != 1 {
		t.Fatalf("cancelled %+v, lines %+v", s.Cancelled, s.Lines)
	}
}

// TestVoidChoicesPerPlayer is docs/rules/cz-money-wheel.md §4.4: each
// player chooses; ann takes her refund, ben says nothing and carries (the
// default, §7), cy carries on a table whose default is refund. The next
// game starts with the carried bets, their owners' choices kept.
func TestVoidChoicesPerPlayer(t *testing.T) {
	r := placeholderRules(t)
	if err := r.Set("void", "refund"); err != nil {
		t.Fatal(err)
	}
	var s State
	mustApply(t, r, &s, open)
	mustApply(t, r, &s, place("ann", bet("a", "", Melon, 10)))
	mustApply(t, r, &s, place("ben", bet("b", "", Melon, 20)))
	mustApply(t, r, &s, place("cy", bet("c", "", Star, 30)))
	mustApply(t, r, &s, Command{Kind: CmdChoose, Player: "ben", Choice: Carry})
	mustApply(t, r, &s, Command{Kind: CmdChoose, Player: "cy", Choice: Carry})
	mustApply(t, r, &s, closing)
	evs := mustApply(t, r, &s, Command{Kind: CmdResult, Spin: Spin{Source: FromDealer, Field: 2, Revolutions: 3, Direction: round.Clockwise}})
	v := evs[1]
	if len(v.Lines) != 1 || v.Lines[0].BetID != "a" || v.Lines[0].Returned != 10 {
		t.Fatalf("refunds %+v", v.Lines)
	}
	if len(v.Bets) != 2 || s.Escrow() != 50 {
		t.Fatalf("carried %+v, escrow %d", v.Bets, s.Escrow())
	}
	// After the void cy changes his mind: his 30 come back.
	evs = mustApply(t, r, &s, Command{Kind: CmdChoose, Player: "cy", Choice: Refund})
	if evs[0].Kind != EvRefunded || evs[0].Lines[0] != round.Refund(bet("c", "cy", Star, 30)) || s.Escrow() != 20 {
		t.Fatalf("%+v, escrow %d", evs, s.Escrow())
	}
	evs = mustApply(t, r, &s, open)
	if len(evs[0].Bets) != 1 || evs[0].Bets[0] != bet("b", "ben", Melon, 20) || s.Escrow() != 20 {
		t.Fatalf("carried in %+v, escrow %d", evs[0].Bets, s.Escrow())
	}
	if !reflect.DeepEqual(s.Choices, map[string]VoidChoice{"ben": Carry}) {
		t.Fatalf("choices %v", s.Choices)
	}
	// The carried bet is a bet of the new game: it may be cancelled, and
	// a retried placement of it is a replay.
	if evs := mustApply(t, r, &s, place("ben", bet("b", "", Melon, 20))); evs != nil {
		t.Fatalf("replay of the carried bet: %+v", evs)
	}
	evs = mustApply(t, r, &s, cancel("ben", "b"))
	if evs[0].Lines[0].Returned != 20 || s.Escrow() != 0 {
		t.Fatalf("%+v", evs)
	}
}

// TestOperatorVoidRefundsEveryone: whatever the players chose, the
// operator's void refunds every bet (cz-european-roulette.md §8 as the
// issue applies it to every wheel game).
func TestOperatorVoidRefundsEveryone(t *testing.T) {
	r := placeholderRules(t)
	var s State
	mustApply(t, r, &s, open)
	mustApply(t, r, &s, place("ann", bet("a", "", Melon, 10), bet("b", "", Seven, 5)))
	mustApply(t, r, &s, Command{Kind: CmdChoose, Player: "ann", Choice: Carry})
	evs := mustApply(t, r, &s, Command{Kind: CmdVoid, Reason: "pointer broke"})
	if len(evs[0].Lines) != 2 || s.Escrow() != 0 || len(s.Carried) != 0 || s.Reason != "pointer broke" {
		t.Fatalf("%+v, escrow %d", evs, s.Escrow())
	}
	evs = mustApply(t, r, &s, open)
	if len(evs[0].Bets) != 0 || len(s.Bets) != 0 {
		t.Fatalf("carried %+v", evs[0].Bets)
	}
}

// sameState compares two states as data: the bet index is a cache of the
// bets, not part of the round.
func sameState(a, b State) bool {
	a.index, b.index = nil, nil
	return reflect.DeepEqual(a, b)
}
