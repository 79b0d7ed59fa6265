package house

import (
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
