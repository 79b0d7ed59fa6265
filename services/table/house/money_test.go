package house

import (
	"fmt"
	"slices"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/apierr"
)

// A placement's hold that can never be posted (expired, voided) takes its
// bets back while betting is open: the player is told, no money moves
// for them, and the escrow never counts them.
func TestFailedPostWhileBettingCancelsItsBets(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	h.open("0")
	h.place("p:ann", bet("a1", "red", 10))
	h.place("p:ann", bet("a2", "black", 20))
	evs := h.must(&Command{Kind: CmdIntentsDone, Done: []string{h.post("hold-2")}, Failed: map[string]string{h.post("hold-1"): "HOLD_EXPIRED"}})
	if got := kinds(evs); !slices.Equal(got, []EventKind{EvStakeFailed, EvCancelled}) {
		t.Fatalf("events %v", got)
	}
	if evs[0].Player != "p:ann" || evs[0].Reason != "HOLD_EXPIRED" || evs[0].Stake != 10 || evs[1].Reason != CancelStakeFailed {
		t.Fatalf("events %+v", evs)
	}
	if h.tb.Escrowed != 20 || len(h.tb.engine().bets()) != 1 {
		t.Fatalf("escrowed %d, bets %v", h.tb.Escrowed, h.tb.engine().bets())
	}
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1})
	settles := 0
	for _, in := range h.tb.Intents {
		if in.Kind == IntentSettle {
			settles++
			if in.Lost != 20 || in.Returned != 0 {
				t.Fatalf("settle %+v: the failed stake's refund moved money", in)
			}
		}
	}
	h.wallet()
	if settles != 1 || h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 {
		t.Fatalf("settles %d, escrowed %d, stakes %v", settles, h.tb.Escrowed, h.tb.Stakes)
	}
	if rec := h.tb.lastRecord(t); len(rec.Failed) != 1 || rec.Staked != 20 || rec.House != 20 {
		t.Fatalf("record failed %v staked %d house %d", rec.Failed, rec.Staked, rec.House)
	}
}

// Lines of a stake whose post is not done yet wait in the stake: the
// round's settlement pays them only once the stake is in the escrow, and
// not at all if the post fails.
func TestSettlementWaitsForTheStakesPost(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	h.join("p:ben")
	h.open("32")
	h.place("p:ann", bet("a1", "red", 10)) // 32 is red
	h.place("p:ben", bet("b1", "red", 10))
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1})
	for _, in := range h.tb.Intents {
		if in.Kind == IntentSettle {
			t.Fatalf("a settle before the stake is posted: %+v", in)
		}
	}
	h.must(&Command{Kind: CmdIntentsDone, Done: []string{h.post("hold-1")}})
	in, ok := h.settleOf("p:ann")
	if !ok || in.Won != 10 || in.Returned != 10 {
		t.Fatalf("ann's settle %+v %v (intents %v)", in, ok, h.tb.Intents)
	}
	h.must(&Command{Kind: CmdIntentsDone, Failed: map[string]string{h.post("hold-2"): "HOLD_NOT_FOUND"}})
	h.wallet()
	if h.tb.Escrowed != 0 || len(h.tb.Stakes) != 0 || len(h.tb.Intents) != 0 {
		t.Fatalf("escrowed %d stakes %v intents %v", h.tb.Escrowed, h.tb.Stakes, h.tb.Intents)
	}
}

// A settle is not runnable while the same player has a post pending for
// that round or an earlier one: the stake is in the escrow before it is
// paid out.
func TestSettleIsNotRunnableBeforeThePlayersPost(t *testing.T) {
	tb := New(config(t, GameRoulette, "cz", ResultRNG, nil))
	tb.Status = Paused // no round to open
	tb.Intents = []Intent{
		{ID: "post:h2", Kind: IntentPost, Player: "p:ann", Round: 2, Due: 10},
		{ID: "settle:1", Kind: IntentSettle, Player: "p:ann", Round: 1, Due: 5},
		{ID: "settle:2", Kind: IntentSettle, Player: "p:ann", Round: 2, Due: 5},
		{ID: "settle:3", Kind: IntentSettle, Player: "p:ben", Round: 2, Due: 50},
	}
	var ids []string
	for _, in := range tb.Runnable(20) {
		ids = append(ids, in.ID)
	}
	if !slices.Equal(ids, []string{"post:h2", "settle:1"}) {
		t.Fatalf("runnable %v", ids)
	}
	if d, _ := tb.NextDue(); d.Kind != DueIntents || d.At != 5 {
		t.Fatalf("due %+v", d)
	}
}

// The wallet's answers: unknown ids are another replica's (a no-op), an
// id both done and failed is refused, a settle reported failed stays
// pending to be retried.
func TestIntentsDoneAnswers(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	h.open("1")
	h.place("p:ann", bet("a1", "red", 10))
	if !h.tb.Same(&Command{Kind: CmdIntentsDone, Done: []string{"post:other"}}) {
		t.Fatal("an answer about no intent of the table's is not a no-op")
	}
	h.refuse(&Command{Kind: CmdIntentsDone, Done: []string{h.post("hold-1")}, Failed: map[string]string{h.post("hold-1"): "X"}}, ReasonBadIntents)
	h.refuse(&Command{Kind: CmdIntentsDone, Failed: map[string]string{h.post("hold-1"): ""}}, ReasonBadIntents)
	h.wallet()
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1})
	id := h.tb.Intents[0].ID
	if !h.tb.Same(&Command{Kind: CmdIntentsDone, Failed: map[string]string{id: "BANK_EMPTY"}}) {
		t.Fatal("a settle reported failed is dropped")
	}
	h.must(&Command{Kind: CmdIntentsDone, Done: []string{id}})
	if h.tb.MoneyPending() || h.tb.Escrowed != 0 {
		t.Fatalf("pending %v escrowed %d", h.tb.MoneyPending(), h.tb.Escrowed)
	}
	if e, ok := h.tb.Escrow(); !ok || e.Amount != 0 || e.Currency != "EUR" {
		t.Fatalf("escrow %+v %v", e, ok)
	}
}

// A placement's hold is for exactly its new bets, used once, and a replay
// of a committed placement changes nothing (the service voids the spare
// hold: HasHold says it was never committed).
func TestPlacementHoldsAndReplays(t *testing.T) {
	h := newHarness(t, config(t, GameRoulette, "cz", ResultRNG, nil))
	h.join("p:ann")
	h.open("1")
	c := h.placing("p:ann", bet("a1", "red", 10), bet("a2", "split:2-5", 4))
	bad := *c
	bad.Amount = 13
	h.refuse(&bad, ReasonBadAmount)
	h.must(c)
	replay := *c
	replay.Hold = "hold-retry"
	if !h.tb.Same(&replay) || h.tb.HasHold("hold-retry") || !h.tb.HasHold(c.Hold) {
		t.Fatal("a replayed placement")
	}
	fresh, err := h.tb.CheckPlace("p:ann", 1, []round.Bet{bet("a2", "split:5-2", 4), bet("a3", "odd", 6)})
	if err != nil || len(fresh) != 1 || fresh[0].ID != "a3" || fresh[0].Player != "p:ann" {
		t.Fatalf("check %v %v", fresh, err)
	}
	reused := h.placing("p:ann", bet("a3", "odd", 6))
	reused.Hold = c.Hold
	h.refuse(reused, ReasonHoldReused)
	h.refuse(&Command{Kind: CmdPlace, Who: "p:ann", Round: 1, Bets: []round.Bet{bet("a3", "odd", 6)}, Amount: 6}, ReasonNoHold)
	h.refuse(h.placing("p:ann", bet("a1", "black", 10)), round.ReasonBetIDConflict)
	if _, err := h.tb.CheckPlace("p:nobody", 1, []round.Bet{bet("x", "odd", 1)}); apierr.Reason(err) != ReasonNotJoined {
		t.Fatalf("a stranger's placement: %v", err)
	}
}

// A round's settlements go to the wallet in batches of SettleGroup
// players: 70 players are three wallet batches (32, 32 and 6), each
// named after its first settle, and Runnable gives a batch whole only
// once every player in it has all his stakes posted.
func TestSettlementsGoToTheWalletInBatches(t *testing.T) {
	c := config(t, GameRoulette, "cz", ResultRNG, nil)
	c.MaxPlayers = 200
	h := newHarness(t, c)
	var who []string
	for i := range 70 {
		p := fmt.Sprintf("p:%03d", i)
		who = append(who, p)
		h.join(p)
	}
	h.open("0")
	for _, p := range who {
		h.place(p, bet("x", "red", 10))
	}
	// The last player places again; that post is not done when the
	// round ends: his settle (of the first stake) waits, and its batch.
	lastPlayer := who[len(who)-1]
	var done []string
	for _, in := range h.tb.Intents {
		done = append(done, in.ID)
	}
	h.place(lastPlayer, bet("y", "black", 10))
	late := h.tb.Intents[len(h.tb.Intents)-1].ID
	h.must(&Command{Kind: CmdIntentsDone, Done: done})
	h.now += 15000
	h.must(&Command{Kind: CmdClose, Round: 1})
	h.must(&Command{Kind: CmdResult, Round: 1})
	sizes := map[string]int{}
	for _, in := range h.tb.Intents {
		if in.Kind == IntentSettle {
			sizes[in.Batch]++
		}
	}
	if len(sizes) != 3 || sizes[""] != 0 {
		t.Fatalf("batches %v, want 32, 32 and 6", sizes)
	}
	run := h.tb.Runnable(h.now + IntentGrace.Milliseconds())
	checkWholeBatches(t, h.tb, run)
	settles := 0
	for _, in := range run {
		if in.Kind == IntentSettle {
			settles++
		}
	}
	if settles != 2*SettleGroup {
		t.Fatalf("%d settles runnable before the last post, want the two full batches'", settles)
	}
	h.must(&Command{Kind: CmdIntentsDone, Done: []string{late}})
	run = h.tb.Runnable(h.now + IntentGrace.Milliseconds())
	checkWholeBatches(t, h.tb, run)
	if len(run) < 71 {
		t.Fatalf("%d runnable after the last post, want every settle", len(run))
	}
}
