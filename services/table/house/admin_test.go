package house

import (
	"slices"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/shared/apierr"
)

// Every refusal names its reason and leaves the table byte for byte as it
// was (the harness compares the snapshot before and after each command).
func TestRefusals(t *testing.T) {
	type setup func(h *harness)
	betting := func(h *harness) { h.join("p:ann"); h.open("5"); h.place("p:ann", bet("a1", "red", 10)) }
	closed := func(h *harness) { betting(h); h.must(&Command{Kind: CmdClose, Round: 1}) }
	ended := func(h *harness) { closed(h); h.must(&Command{Kind: CmdResult, Round: 1}) }
	full := func(h *harness) {
		for i := range h.tb.Config.MaxPlayers {
			h.join(string(rune('a'+i)) + ":p")
		}
	}
	for _, tc := range []struct {
		name   string
		setup  setup
		c      Command
		reason string
	}{
		{"unknown command", nil, Command{Kind: 99}, ReasonUnknownCommand},
		{"open without a draw", nil, Command{Kind: CmdOpen, Round: 1}, ReasonNoDraw},
		{"open with a draw off the wheel", nil, Command{Kind: CmdOpen, Round: 1, Draw: &Draw{Outcome: "o", Commitment: []byte{1}, Pocket: 37}}, ReasonBadDraw},
		{"open with a draw of the wrong label", nil, Command{Kind: CmdOpen, Round: 1, Draw: &Draw{Outcome: "o", Commitment: []byte{1}, Pocket: 1, Label: "31"}}, ReasonBadDraw},
		{"open with a draw without its commitment", nil, Command{Kind: CmdOpen, Round: 1, Draw: &Draw{Outcome: "o", Pocket: 1}}, ReasonBadDraw},
		{"open of a round ahead", nil, Command{Kind: CmdOpen, Round: 3}, round.ReasonWrongRound},
		{"open while a round runs", betting, Command{Kind: CmdOpen, Round: 2, Draw: &Draw{Outcome: "o", Commitment: []byte{1}}}, round.ReasonRoundRunning},
		{"open of a paused table", func(h *harness) { h.must(&Command{Kind: CmdPause}) }, Command{Kind: CmdOpen, Round: 1}, ReasonNotOpen},
		{"join without an account", nil, Command{Kind: CmdJoin, Who: "p:x", Name: "x"}, ReasonBadPlayer},
		{"join a full table", full, Command{Kind: CmdJoin, Who: "p:x", Name: "x", Account: "a"}, ReasonTableFull},
		{"join a closing table", func(h *harness) { betting(h); h.must(&Command{Kind: CmdCloseTable}) },
			Command{Kind: CmdJoin, Who: "p:x", Name: "x", Account: "a"}, ReasonTableClosing},
		{"leave without joining", nil, Command{Kind: CmdLeave, Who: "p:x"}, ReasonNotJoined},
		{"place without joining", betting, Command{Kind: CmdPlace, Who: "p:x", Hold: "h", Bets: []round.Bet{bet("x", "red", 1)}, Amount: 1}, ReasonNotJoined},
		{"place too many bets", betting, Command{Kind: CmdPlace, Who: "p:ann", Hold: "h", Bets: manyBets(20), Amount: 20}, ReasonTooManyBets},
		{"place on no spot", betting, Command{Kind: CmdPlace, Who: "p:ann", Hold: "h", Bets: []round.Bet{bet("x", "purple", 1)}, Amount: 1}, round.ReasonBadSpot},
		{"place over the table limit", betting, Command{Kind: CmdPlace, Who: "p:ann", Hold: "h", Bets: []round.Bet{bet("x", "odd", 2000)}, Amount: 2000}, round.ReasonBetOutsideLimits},
		{"place after no more bets", closed, Command{Kind: CmdPlace, Who: "p:ann", Hold: "h", Bets: []round.Bet{bet("x", "odd", 1)}, Amount: 1}, round.ReasonBettingClosed},
		{"place for another round", betting, Command{Kind: CmdPlace, Who: "p:ann", Round: 2, Hold: "h", Bets: []round.Bet{bet("x", "odd", 1)}, Amount: 1}, round.ReasonWrongRound},
		{"cancel an unknown bet", betting, Command{Kind: CmdCancel, Who: "p:ann", BetIDs: []string{"zz"}}, round.ReasonUnknownBet},
		{"cancel after no more bets", closed, Command{Kind: CmdCancel, Who: "p:ann", BetIDs: []string{"a1"}}, round.ReasonBettingClosed},
		{"cancel without joining", betting, Command{Kind: CmdCancel, Who: "p:x", BetIDs: []string{"a1"}}, ReasonNotJoined},
		{"choose at roulette", betting, Command{Kind: CmdChoose, Who: "p:ann", Choice: moneywheel.Refund}, ReasonUnsupported},
		{"close before the first round", nil, Command{Kind: CmdClose}, round.ReasonNoRound},
		{"close an ended round", ended, Command{Kind: CmdClose, Round: 1}, round.ReasonRoundOver},
		{"result while betting", betting, Command{Kind: CmdResult, Round: 1}, round.ReasonBettingOpen},
		{"a spin at an rng table", closed, Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{}}, ReasonRNGTable},
		{"result of another round", closed, Command{Kind: CmdResult, Round: 2}, round.ReasonWrongRound},
		{"void without a reason", betting, Command{Kind: CmdVoid}, round.ReasonNoReason},
		{"void before the first round", nil, Command{Kind: CmdVoid, Reason: "r"}, round.ReasonNoRound},
		{"void a settled round", ended, Command{Kind: CmdVoid, Round: 1, Reason: "r"}, round.ReasonRoundOver},
		{"pause a closing table", func(h *harness) { h.must(&Command{Kind: CmdPause}); betting2(h) }, Command{Kind: CmdPause}, ReasonNotOpen},
		{"resume an open table held nowhere", func(h *harness) { betting(h); h.must(&Command{Kind: CmdCloseTable}) }, Command{Kind: CmdResume}, ReasonNotPaused},
		{"finish an open table", nil, Command{Kind: CmdFinishClose}, ReasonNotClosing},
		{"finish while the round runs", func(h *harness) { betting(h); h.must(&Command{Kind: CmdCloseTable}) }, Command{Kind: CmdFinishClose}, round.ReasonRoundRunning},
		{"finish with money pending", func(h *harness) { ended(h); h.must(&Command{Kind: CmdCloseTable}) }, Command{Kind: CmdFinishClose}, ReasonMoneyPending},
		{"freeze without a reason", nil, Command{Kind: CmdFreeze}, ReasonNoReason},
		{"a window too short", nil, Command{Kind: CmdSettings, Window: time.Second}, ReasonBadSettings},
		{"a pause too long", nil, Command{Kind: CmdSettings, Window: 10 * time.Second, Pause: 2 * time.Minute}, ReasonBadSettings},
		{"a player at a frozen table", func(h *harness) { betting(h); h.must(&Command{Kind: CmdFreeze, Reason: game.ReasonEscrowMismatch}) },
			Command{Kind: CmdPlace, Who: "p:ann", Hold: "h", Bets: []round.Bet{bet("x", "odd", 1)}, Amount: 1}, ReasonUnderReview},
		{"the clock at a frozen table", func(h *harness) { betting(h); h.must(&Command{Kind: CmdFreeze, Reason: game.ReasonRewound}) },
			Command{Kind: CmdClose, Round: 1}, ReasonUnderReview},
		{"anything at a closed table", func(h *harness) { h.must(&Command{Kind: CmdCloseTable}) }, Command{Kind: CmdResume}, ReasonTableClosed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
			if tc.setup != nil {
				tc.setup(h)
			}
			c := tc.c
			h.refuse(&c, tc.reason)
		})
	}
}

// betting2 opens a round on a paused table's behalf: resume, open, close
// the table (closing, the round running).
func betting2(h *harness) {
	h.must(&Command{Kind: CmdResume})
	h.join("p:ann")
	h.open("5")
	// A round with a bet plays out when the table closes (one nobody bet
	// in ends at once).
	h.place("p:ann", bet("a1", "red", 10))
	h.must(&Command{Kind: CmdCloseTable})
}

// Closing a table whose round nobody bet in ends the round void at once
// and closes: a dealer table does not wait for a spin nobody plays.
func TestClosingVoidsARoundNobodyBetIn(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultDealer, nil))
	h.join("p:ann")
	h.open("")
	evs := h.must(&Command{Kind: CmdCloseTable, Reason: "studio closes"})
	if h.tb.Status != Closed || !h.tb.Phase().Over() {
		t.Fatalf("status %s, phase %s", h.tb.Status, h.tb.Phase())
	}
	if got := kinds(evs); !slices.Contains(got, EvVoided) {
		t.Fatalf("events %v", got)
	}
	if r := h.tb.Results[len(h.tb.Results)-1]; r.Verdict != round.Void {
		t.Fatalf("result %+v: an operator's or a closing void is a void verdict", r)
	}
}

func manyBets(n int) []round.Bet {
	out := make([]round.Bet, n+1)
	for i := range out {
		out[i] = bet(string(rune('a'+i)), "red", 1)
	}
	return out
}

// Operators repeating themselves change nothing (Same), and a paused
// table lets the round in progress play out but opens no new one.
func TestPauseResumeAndRepeats(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	if !h.tb.Same(&Command{Kind: CmdJoin, Who: "p:ann", Name: "name of p:ann", Account: "acct-p:ann"}) {
		t.Fatal("the same join again is not a no-op")
	}
	h.open("5")
	h.must(&Command{Kind: CmdPause, Reason: "break"})
	for _, c := range []Command{{Kind: CmdPause}, {Kind: CmdOpen, Round: 1}, {Kind: CmdSettings, Window: 15 * time.Second, Pause: 2 * time.Second}} {
		if !h.tb.Same(&c) {
			t.Fatalf("%s is not a no-op", c.Kind)
		}
	}
	h.place("p:ann", bet("a1", "red", 10))
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1})
	h.wallet()
	if d, ok := h.tb.NextDue(); ok {
		t.Fatalf("a paused table owes %+v", d)
	}
	h.must(&Command{Kind: CmdResume})
	if !h.tb.Same(&Command{Kind: CmdResume}) {
		t.Fatal("resuming an open table is not a no-op")
	}
	if d, _ := h.tb.NextDue(); d.Kind != DueOpen || d.At != h.now+2000 {
		t.Fatalf("due %+v", d)
	}
	evs := h.must(&Command{Kind: CmdSettings, Window: 30 * time.Second, Pause: 0})
	if len(evs) != 1 || evs[0].Kind != EvTable || evs[0].Window != 30*time.Second {
		t.Fatalf("settings %+v", evs)
	}
	h.open("0")
	if h.tb.ClosesAt != h.now+30000 {
		t.Fatalf("closes at %d", h.tb.ClosesAt)
	}
}

// A frozen table owes nothing and takes only operators' commands and the
// wallet's answers; resuming lifts the hold, as at a poker table.
func TestFrozenTableTakesOperatorsOnly(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultRNG, nil))
	h.join("p:ann")
	h.open("bell")
	h.place("p:ann", bet("a1", "bell", 10))
	fr := h.tb.Freeze(game.ReasonEscrowMismatch).(*Command)
	h.must(fr)
	if h.tb.Frozen() != game.ReasonEscrowMismatch || h.tb.Status != Paused || !h.tb.Same(fr) {
		t.Fatalf("frozen %q status %v", h.tb.Frozen(), h.tb.Status)
	}
	if _, ok := h.tb.Due(); ok || len(h.tb.Runnable(1<<62)) != 0 {
		t.Fatal("a frozen table owes work")
	}
	h.refuse(&Command{Kind: CmdChoose, Who: "p:ann", Choice: moneywheel.Refund}, ReasonUnderReview)
	h.must(&Command{Kind: CmdIntentsDone, Done: []string{h.post("hold-1")}})
	h.must(&Command{Kind: CmdVoid, Round: 1, Reason: "escrow mismatch"})
	h.must(&Command{Kind: CmdResume})
	if h.tb.Frozen() != "" || h.tb.Status != Open {
		t.Fatalf("after resume: frozen %q status %v", h.tb.Frozen(), h.tb.Status)
	}
	if d, _ := h.tb.NextDue(); d.Kind != DueOpen || d.At != h.now+2000 {
		t.Fatalf("due %+v", d)
	}
}

// Closing: the round in progress plays out and its money moves, then the
// clock finishes the close; the table leaves the lobby and has no escrow.
// The money wheel's bets carried from a void spin are refunded: no round
// will play them.
func TestClosingPlaysOutTheRoundAndRefundsCarriedBets(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultDealer, nil))
	h.join("p:ann")
	h.open("")
	h.place("p:ann", bet("a1", "melon", 10))
	h.wallet()
	h.must(&Command{Kind: CmdCloseTable, Reason: "end of shift"})
	if h.tb.Status != Closing || !h.tb.Same(&Command{Kind: CmdCloseTable}) {
		t.Fatalf("status %v", h.tb.Status)
	}
	h.must(&Command{Kind: CmdClose, Round: 1})
	evs := h.must(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 2, Revolutions: 1, Direction: round.Clockwise}})
	// The void spin carries ann's bet, and the closing table refunds it.
	if got := kinds(evs); !slices.Equal(got, []EventKind{EvVoided, EvRefunded, EvVoided, EvRefunded}) {
		t.Fatalf("events %v", got)
	}
	if e := evs[3]; e.Paid != 10 || e.Reason != VoidClosing {
		t.Fatalf("refund %+v", e)
	}
	if d, _ := h.tb.NextDue(); d.Kind != DueIntents {
		t.Fatalf("due %+v", d)
	}
	h.wallet()
	if d, _ := h.tb.NextDue(); d.Kind != DueFinish {
		t.Fatalf("due %+v", d)
	}
	h.must(&Command{Kind: CmdFinishClose})
	if !h.tb.Closed() || h.tb.Escrowed != 0 {
		t.Fatalf("closed %v escrowed %d", h.tb.Closed(), h.tb.Escrowed)
	}
	if _, ok := h.tb.Escrow(); ok {
		t.Fatal("a closed table has an escrow")
	}
	if _, ok := h.tb.Lobby(); ok {
		t.Fatal("a closed table stays in the lobby")
	}
	if _, ok := h.tb.Due(); ok {
		t.Fatal("a closed table owes work")
	}
}

// A table with no round running and no money pending closes at once.
func TestIdleTableClosesAtOnce(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "ru", ResultDealer, nil))
	evs := h.must(&Command{Kind: CmdCloseTable, Reason: "retired"})
	if !h.tb.Closed() || len(evs) != 1 || evs[0].Status != Closed {
		t.Fatalf("closed %v events %+v", h.tb.Closed(), evs)
	}
	if !h.tb.Same(&Command{Kind: CmdCloseTable}) || h.tb.Same(&Command{Kind: CmdPause}) {
		t.Fatal("closing a closed table again")
	}
}

// Joining, renaming and leaving: the player's bets in play still settle
// after he leaves, to the account they were held from.
func TestLeavingPlayersBetsStillSettle(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	evs := h.must(&Command{Kind: CmdJoin, Who: "p:ann", Name: "Ann", Account: "acct-p:ann"})
	if len(evs) != 1 || evs[0].Kind != EvJoined || evs[0].Name != "Ann" {
		t.Fatalf("rename %+v", evs)
	}
	h.open("3")
	h.place("p:ann", bet("a1", "straight:3", 10))
	h.wallet()
	h.must(&Command{Kind: CmdLeave, Who: "p:ann"})
	if len(h.tb.Players) != 0 || len(h.tb.Recent("p:ann")) != 0 {
		t.Fatal("ann is still at the table")
	}
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1})
	if len(h.tb.Intents) != 1 || h.tb.Intents[0].Account != "acct-p:ann" || h.tb.Intents[0].Won != 350 {
		t.Fatalf("intents %+v", h.tb.Intents)
	}
}

// The money wheel's own refusals pass through from its engine unchanged
// (cz-money-wheel.md §1: X has no box; §4.4: a choice is carry or
// refund, and refunded bets cannot be carried again).
func TestMoneyWheelRefusals(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultDealer, nil))
	h.join("a:ann")
	h.open("")
	h.refuse(h.placing("a:ann", bet("a1", "x", 5)), round.ReasonBadSpot)
	h.refuse(&Command{Kind: CmdChoose, Who: "a:ann", Round: 1, Choice: 7}, moneywheel.ReasonBadChoice)
	h.refuse(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 1, Revolutions: 9}}, round.ReasonBettingOpen)
	h.place("a:ann", bet("a1", "star", 5))
	h.must(&Command{Kind: CmdChoose, Who: "a:ann", Round: 1, Choice: moneywheel.Refund})
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.refuse(&Command{Kind: CmdResult, Round: 1, Roulette: &roulette.Spin{Pocket: 1}}, round.ReasonBadSpin)
	h.refuse(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 30, Revolutions: 9}}, round.ReasonBadSpin)
	h.must(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 1, Revolutions: 2}})
	h.refuse(&Command{Kind: CmdChoose, Who: "a:ann", Round: 1, Choice: moneywheel.Carry}, moneywheel.ReasonAlreadyRefunded)
	if _, err := h.tb.Step(live{}); apierr.Reason(err) != ReasonUnknownCommand || h.tb.Same(live{}) {
		t.Fatalf("another game's command: %v", err)
	}
}

// live is another game's command.
type live struct{}

func (live) Stamp(int64) {}
func (live) Op() string  { return "act" }
