package house

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
)

// What the clock owes through a round: the first round at once, the
// close at the window's end, a placement's stake into the escrow at no
// more bets (the window's end, or the close if earlier), an rng result at
// once after it (a dealer's comes from the dealer), the settlements as
// soon as recorded, the next round after the pause.
func TestNextDueThroughRounds(t *testing.T) {
	for _, src := range []Source{ResultRNG, ResultDealer} {
		h := newHarness(t, config(t, GameRoulette, "cz", src, nil))
		want := func(kind DueKind, at int64) {
			t.Helper()
			d, ok := h.tb.NextDue()
			if !ok || d.Kind != kind || d.At != at {
				t.Fatalf("%v: due %+v %v, want %v at %d", src, d, ok, kind, at)
			}
			if got, _ := h.tb.Due(); got != at {
				t.Fatalf("Due %d", got)
			}
		}
		want(DueOpen, 0)
		h.join("a:ann")
		h.open("4")
		opened := h.now
		want(DueClose, opened+15000)
		h.place("a:ann", bet("a1", "red", 5))
		// The stake is due into the escrow at the window's end.
		if in := h.tb.Intents[0]; in.Kind != IntentPost || in.Due != opened+15000 {
			t.Fatalf("post %+v, want due at the window's end", in)
		}
		if d, _ := h.tb.NextDue(); d.At != opened+15000 {
			t.Fatalf("due %+v, want the window's end", d)
		}
		h.now = opened + 10000
		h.must(&Command{Kind: CmdClose, Round: 1})
		// Closed early: the stake is due now.
		if in := h.tb.Intents[0]; in.Due != h.now {
			t.Fatalf("post %+v, want due at the close", in)
		}
		h.wallet()
		if src == ResultRNG {
			want(DueResult, h.now)
			h.must(&Command{Kind: CmdResult, Round: 1})
		} else {
			if d, ok := h.tb.NextDue(); ok {
				t.Fatalf("a dealer table waiting for its dealer owes %+v", d)
			}
			h.must(&Command{Kind: CmdResult, Round: 1, Roulette: &roulette.Spin{Pocket: 4, Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 10}})
		}
		want(DueOpen, h.now+2000) // the settle's due is later, after IntentGrace
		h.must(&Command{Kind: CmdPause})
		want(DueIntents, h.now+3000)
		h.wallet()
		if d, ok := h.tb.NextDue(); ok {
			t.Fatalf("a paused table with nothing pending owes %+v", d)
		}
		h.must(&Command{Kind: CmdCloseTable})
		if !h.tb.Closed() {
			t.Fatal("an idle table did not close at once")
		}
	}
	if DueFinish.String() != "finish" || DueKind(9).String() != "due(9)" {
		t.Fatal(DueFinish.String())
	}
}
