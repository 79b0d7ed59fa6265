package house

import (
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
)

// An rng roulette round from open to paid: the draw decides, every player
// gets his own settlement and payment, and the escrow is empty once every
// intent is done (cz-european-roulette.md §3, §7).
func TestRNGRouletteRoundSettlesAndPays(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	h.join("p:ben")
	h.open("17")
	h.place("p:ann", bet("a1", "straight:17", 10), bet("a2", "red", 5))
	h.place("p:ben", bet("b1", "black", 20))
	h.wallet()
	if h.tb.Escrowed != 35 {
		t.Fatalf("escrowed %d, want 35", h.tb.Escrowed)
	}
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	evs := h.must(&Command{Kind: CmdResult, Round: 1})
	if got := kinds(evs); !slices.Equal(got, []EventKind{EvResult, EvSettled, EvSettled}) {
		t.Fatalf("events %v", got)
	}
	res, _ := find(evs, EvResult, "")
	if res.Winner != "17" || res.Verdict != round.Valid || res.Spin == nil || res.Spin.Label != "17" {
		t.Fatalf("result %+v", res)
	}
	ann, _ := find(evs, EvSettled, "p:ann")
	// straight 17 wins 35:1 and its stake stays; 17 is black, red loses.
	if ann.Won != 350 || ann.Paid != 360 || ann.Stake != 15 {
		t.Fatalf("ann %+v", ann)
	}
	paid := h.wallet()
	if h.tb.Escrowed != 0 || len(h.tb.Intents) != 0 || len(h.tb.Stakes) != 0 {
		t.Fatalf("escrowed %d, intents %v, stakes %v", h.tb.Escrowed, h.tb.Intents, h.tb.Stakes)
	}
	if e, ok := find(paid, EvPaid, "p:ben"); !ok || e.Paid != 40 || e.Won != 20 {
		t.Fatalf("ben paid %+v", e)
	}
}

// A dealer reports the spin; the table marks it physical so that the
// spin-validity rules apply (cz §5.2–5.3). A result without a spin, or
// with the other game's, is BAD_SPIN; an RNG draw at a dealer table is
// refused.
func TestDealerRouletteRound(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultDealer, nil))
	h.join("p:ann")
	h.refuse(&Command{Kind: CmdOpen, Round: 1, Draw: &Draw{Outcome: "o", Commitment: []byte{1}}}, ReasonDealerTable)
	h.open("")
	h.place("p:ann", bet("a1", "dozen:1", 30))
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.refuse(&Command{Kind: CmdResult, Round: 1}, round.ReasonBadSpin)
	h.refuse(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 1}}, round.ReasonBadSpin)
	spin := &roulette.Spin{Pocket: 23, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 12} // pocket 23 is 1
	evs := h.must(&Command{Kind: CmdResult, Round: 1, Roulette: spin})
	res, _ := find(evs, EvResult, "")
	if res.Winner != "1" || res.Spin.Source != "dealer" || res.Spin.Wheel != round.Clockwise {
		t.Fatalf("result %+v spin %+v", res, res.Spin)
	}
	if e, _ := find(evs, EvSettled, "p:ann"); e.Won != 60 {
		t.Fatalf("ann %+v", e)
	}
	// The same report again is a replay; another is refused.
	if !h.tb.Same(&Command{Kind: CmdResult, Round: 1, Roulette: spin}) {
		t.Fatal("the same result again is not a replay")
	}
	h.refuse(&Command{Kind: CmdResult, Round: 1, Roulette: &roulette.Spin{Pocket: 2, Wheel: round.Anticlockwise, Ball: round.Clockwise, Revolutions: 12}}, round.ReasonRoundOver)
}

// ru §3.20–3.22: a spin whose ball left the wheel is "no spin": betting
// reopens for a new window with the bets kept, and the next valid spin
// settles them.
func TestRUNoSpinReopensTheWindow(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "ru", ResultDealer, nil))
	h.join("p:ann")
	h.open("")
	h.place("p:ann", bet("a1", "straight:5", 10))
	h.now += 15000
	h.refuse(h.placing("p:ann", bet("a2", "red", 10)), round.ReasonBettingClosed) // the window is over (ru §3.25)
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.now += 5000
	evs := h.must(&Command{Kind: CmdResult, Round: 1, Roulette: &roulette.Spin{Pocket: 3, Wheel: round.Clockwise, Ball: round.Anticlockwise,
		Revolutions: 5, Reported: []roulette.Fault{roulette.BallLeftWheel}}})
	if len(evs) != 1 || evs[0].Kind != EvNoSpin || evs[0].ClosesAt != h.now+15000 || evs[0].Verdict != round.Respin {
		t.Fatalf("no spin: %+v", evs)
	}
	if !slices.Equal(evs[0].Spin.Faults, []string{"ball_left_wheel"}) || h.tb.Phase() != round.Betting {
		t.Fatalf("faults %v, phase %v", evs[0].Spin.Faults, h.tb.Phase())
	}
	h.wallet()
	if d, _ := h.tb.NextDue(); d.Kind != DueClose || d.At != h.now+15000 {
		t.Fatalf("due %+v", d)
	}
	h.place("p:ann", bet("a2", "red", 10)) // players may change their bets (ru §3.22)
	h.must(&Command{Kind: CmdClose, Round: 1})
	evs = h.must(&Command{Kind: CmdResult, Round: 1, Roulette: &roulette.Spin{Pocket: 19, Wheel: round.Anticlockwise, Ball: round.Clockwise, Revolutions: 5}})
	if e, _ := find(evs, EvSettled, "p:ann"); len(e.Lines) != 2 || e.Won != 360 {
		t.Fatalf("settled %+v", e) // pocket 19 is 5, red: 35:1 and 1:1 (ru §4.1)
	}
	rec := h.tb.lastRecord(t)
	if len(rec.Spins) != 2 || rec.Spins[0].Faults[0] != "ball_left_wheel" {
		t.Fatalf("record spins %+v", rec.Spins)
	}
}

// cz §5.2–5.3, §8: a wheel that turns the same way as on its previous
// spin makes the spin invalid: the game is void and every bet returned.
func TestCZInvalidSpinVoidsTheRound(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultDealer, nil))
	h.join("p:ann")
	h.join("p:ben")
	h.open("")
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1, Roulette: &roulette.Spin{Pocket: 0, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 12}})
	h.now += 20000
	h.open("")
	h.place("p:ann", bet("a1", "red", 10))
	h.place("p:ben", bet("b1", "straight:0", 5), bet("b2", "odd", 5))
	h.wallet()
	h.must(&Command{Kind: CmdClose, Round: 2})
	evs := h.must(&Command{Kind: CmdResult, Round: 2, Roulette: &roulette.Spin{Pocket: 0, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 12}})
	if got := kinds(evs); !slices.Equal(got, []EventKind{EvVoided, EvRefunded, EvRefunded}) {
		t.Fatalf("events %v", got)
	}
	if !slices.Equal(evs[0].Spin.Faults, []string{"wheel_not_reversed"}) || evs[0].Verdict != round.Void {
		t.Fatalf("void %+v", evs[0])
	}
	if e, _ := find(evs, EvRefunded, "p:ben"); e.Paid != 10 || len(e.Lines) != 2 {
		t.Fatalf("ben %+v", e)
	}
	h.wallet()
	if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 {
		t.Fatalf("escrowed %d stakes %v", h.tb.Escrowed, h.tb.Stakes)
	}
}

// cz-money-wheel.md §4.4: a spin under 5 revolutions is void; a player
// who did not choose keeps his bet for the next game (§7: carry), one who
// chose a refund gets it back. The carried bet plays the next round and
// its stake stays in the escrow meanwhile.
func TestMoneyWheelVoidSpinCarriesOrRefunds(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultDealer, nil))
	h.join("p:ann")
	h.join("p:ben")
	h.open("")
	h.place("p:ann", bet("a1", "cherries", 10))
	h.place("p:ben", bet("b1", "bell", 10))
	h.must(&Command{Kind: CmdChoose, Who: "p:ben", Round: 1, Choice: moneywheel.Refund})
	h.wallet()
	h.must(&Command{Kind: CmdClose, Round: 1})
	evs := h.must(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 3, Revolutions: 4, Direction: round.Clockwise}})
	if got := kinds(evs); !slices.Equal(got, []EventKind{EvVoided, EvRefunded, EvRefunded}) {
		t.Fatalf("events %v", got)
	}
	ann, _ := find(evs, EvRefunded, "p:ann")
	ben, _ := find(evs, EvRefunded, "p:ben")
	if len(ann.Carried) != 1 || len(ann.Lines) != 0 || len(ben.Lines) != 1 || ben.Paid != 10 {
		t.Fatalf("ann %+v, ben %+v", ann, ben)
	}
	h.wallet()
	if h.tb.Escrowed != 10 {
		t.Fatalf("escrowed %d, want ann's carried 10", h.tb.Escrowed)
	}
	h.now += 10000
	h.open("")
	if e := h.events[len(h.events)-1]; e.Kind != EvOpened || e.BetCount != 1 || e.Stake != 10 {
		t.Fatalf("opened %+v", e)
	}
	h.must(&Command{Kind: CmdClose, Round: 2})
	field := slices.Index(h.tb.Config.Wheel.Wheel.Labels, "cherries")
	evs = h.must(&Command{Kind: CmdResult, Round: 2, Wheel: &moneywheel.Spin{Field: field, Revolutions: 6, Direction: round.Clockwise}})
	if e, _ := find(evs, EvSettled, "p:ann"); e.Won != 20 || e.Paid != 30 {
		t.Fatalf("ann %+v", e) // cherries 2:1, the stake returned (§5)
	}
	h.wallet()
	if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 {
		t.Fatalf("escrowed %d stakes %v", h.tb.Escrowed, h.tb.Stakes)
	}
}

// After a void spin a player who carried may still take his bets back:
// the refund is settled at once, not at the next round's end.
func TestMoneyWheelRefundAfterVoidSettlesAtOnce(t *testing.T) {
	h := newHarness(t, config(t, GameMoneyWheel, "cz", ResultDealer, nil))
	h.join("p:ann")
	h.open("")
	h.place("p:ann", bet("a1", "seven", 10), bet("a2", "star", 5))
	h.wallet()
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1, Wheel: &moneywheel.Spin{Field: 0, Revolutions: 2, Direction: round.Anticlockwise}})
	evs := h.must(&Command{Kind: CmdChoose, Who: "p:ann", Round: 1, Choice: moneywheel.Refund})
	if len(evs) != 1 || evs[0].Kind != EvRefunded || evs[0].Paid != 15 || evs[0].Player != "p:ann" {
		t.Fatalf("events %+v", evs)
	}
	var settles int
	for _, in := range h.tb.Intents {
		if in.Kind == IntentSettle {
			settles++
			if in.Returned != 15 || in.Round != 1 {
				t.Fatalf("settle %+v", in)
			}
		}
	}
	if settles != 1 {
		t.Fatalf("intents %+v", h.tb.Intents)
	}
	h.wallet()
	if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 {
		t.Fatalf("escrowed %d stakes %v", h.tb.Escrowed, h.tb.Stakes)
	}
}

// cz §8: the operator may void a round (betting or closed) for a reason
// he must give; every bet is returned.
func TestOperatorVoidRefundsEveryBet(t *testing.T) {
	for _, g := range []string{GameRoulette, GameMoneyWheel} {
		h := newHarness(t, config(t, g, "cz", ResultRNG, nil))
		h.join("p:ann")
		h.open(h.tb.engine().labels()[0])
		spot := "red"
		if g == GameMoneyWheel {
			spot = "bell"
		}
		h.place("p:ann", bet("a1", spot, 10))
		h.refuse(&Command{Kind: CmdVoid, Round: 1}, round.ReasonNoReason)
		h.must(&Command{Kind: CmdClose, Round: 1})
		evs := h.must(&Command{Kind: CmdVoid, Round: 1, Reason: "collusion suspected"})
		if got := kinds(evs); !slices.Equal(got, []EventKind{EvVoided, EvRefunded}) || evs[0].Reason != "collusion suspected" || evs[1].Paid != 10 {
			t.Fatalf("%s: events %+v", g, evs)
		}
		if !h.tb.Same(&Command{Kind: CmdVoid, Round: 1, Reason: "again"}) {
			t.Fatalf("%s: a second void is not a replay", g)
		}
		h.refuse(&Command{Kind: CmdResult, Round: 1}, round.ReasonRoundOver)
		h.wallet()
		if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 || len(h.tb.Intents) != 0 {
			t.Fatalf("%s: escrowed %d stakes %v intents %v", g, h.tb.Escrowed, h.tb.Stakes, h.tb.Intents)
		}
	}
}
