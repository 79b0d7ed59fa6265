package tabletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
)

// viewer is player p's view at the banked table.
func (b *banked) viewer(p string) game.Viewer {
	return game.Viewer{Player: b.who(p).Key(), Partner: b.u.st.Partner}
}

// playOut plays the round now at a blackjack table to its end: each
// player in turn makes one of his legal moves, picked by rng, through the
// core (money held, committed, posted), and the clock does the rest.
func (b *banked) playOut(rng *rand.Rand, players ...string) house.View {
	b.u.t.Helper()
	core := b.u.st.Core
	deadline := time.Now().Add(45 * time.Second)
	moves := 0
	for time.Now().Before(deadline) {
		v, err := core.BankedView(b.u.ctx, b.id, game.Viewer{Internal: true})
		if err != nil {
			b.u.t.Fatal(err)
		}
		if v.Phase == "settled" || v.Phase == "voided" {
			return v
		}
		acted := false
		for _, p := range players {
			pv, err := core.BankedView(b.u.ctx, b.id, b.viewer(p))
			if err != nil {
				b.u.t.Fatal(err)
			}
			legal := pv.Blackjack.Legal
			if len(legal) == 0 || pv.Phase != "closed" {
				continue
			}
			m := legal[rng.IntN(len(legal))]
			var amount int64
			if m.Max > 0 {
				amount = m.Min + rng.Int64N(m.Max-m.Min+1)
			}
			moves++
			cmd := blackjack.Command{Kind: m.Kind, Box: m.Box, Hand: m.Hand, Action: m.Action, Seq: m.Seq, Amount: amount, Decline: m.Decline}
			if _, err := core.PlayMove(b.u.ctx, b.id, b.who(p), 0, table.Move{Blackjack: &cmd}, fmt.Sprintf("m%d", moves)); err != nil {
				b.u.t.Logf("%s's move %+v: %v (the table moved on)", p, m, err)
			}
			acted = true
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}
	v, _ := core.BankedView(b.u.ctx, b.id, game.Viewer{Internal: true})
	bj, _ := json.Marshal(v.Blackjack)
	b.u.t.Fatalf("the round did not end within 45s: %s %s", v.Phase, bj)
	return house.View{}
}

// A blackjack round at an rng table through the core: two players on one
// box (the second behind the owner, cz §2), a third on another; the shoe
// from the RNG, dealt by the table; random legal moves with their stakes
// held and posted; the escrow empty at the end, and every player's
// balance moved by exactly his lines in the round's record. No view
// shows a card of the shoe not dealt yet.
func TestBlackjackRNGRoundsThroughTheCore(t *testing.T) {
	t.Parallel() // mostly waiting out betting windows
	u := newUnit(t, table.Options{})
	b := u.bankedTable(table.BankedSpec{Name: "bj", Game: house.GameBlackjack, Profile: blackjack.CZ, Source: house.ResultRNG,
		Window: 5 * time.Second, Pause: time.Second, Clock: house.MinClock}, "alice", "bob", "carol")
	core := u.st.Core
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	start := map[string]int64{"alice": b.balance("alice"), "bob": b.balance("bob"), "carol": b.balance("carol")}
	for n := int64(1); n <= 3; n++ {
		b.wait(fmt.Sprintf("round %d open", n), func(v house.View) bool { return v.Round == n && v.Phase == "betting" })
		// alice owns box 3 (she bets first), bob bets behind her.
		for _, pb := range []struct {
			p   string
			bet round.Bet
		}{
			{"alice", round.Bet{ID: fmt.Sprintf("a%d", n), Spot: blackjack.BoxSpot(3), Amount: 200}},
			{"bob", round.Bet{ID: fmt.Sprintf("b%d", n), Spot: blackjack.BoxSpot(3), Amount: 100}},
			{"carol", round.Bet{ID: fmt.Sprintf("c%d", n), Spot: blackjack.BoxSpot(5), Amount: 300}},
		} {
			p, bet := pb.p, pb.bet
			if _, err := core.PlaceBets(u.ctx, b.id, b.who(p), n, []round.Bet{bet}, "k"+bet.ID); err != nil {
				t.Fatalf("%s's bet: %v", p, err)
			}
		}
		// The clock closes an rng table's betting window.
		v := b.playOut(rng, "alice", "bob", "carol")
		if v.Round != n {
			t.Fatalf("round %d ended as %d", n, v.Round)
		}
		checkNoUndealt(t, b)
	}
	b.settledMoney()
	b.escrowIsZero()
	net := map[string]int64{}
	for n := int64(1); n <= 3; n++ {
		rec, err := core.RoundRecord(u.ctx, b.id, house.RoundID(b.id, n), game.Viewer{Internal: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range rec.Lines {
			net[l.Player] += l.Returned + l.Won - l.Stake
		}
		// The record keeps the felt: box 3 with its owner and the player
		// behind, every card dealt, the shoe it came from.
		if rec.Verdict != round.Valid || rec.Blackjack == nil || rec.Shoe == nil || len(rec.Blackjack.Boxes) != 2 ||
			len(rec.Blackjack.Boxes[0].Bettors) != 2 || len(rec.Blackjack.Deals) < 4 {
			t.Fatalf("round %d's record: verdict %v, felt %+v, shoe %+v", n, rec.Verdict, rec.Blackjack, rec.Shoe)
		}
	}
	for _, p := range []string{"alice", "bob", "carol"} {
		if got, want := b.balance(p)-start[p], net[b.who(p).Key()]; got != want {
			t.Errorf("%s's balance moved %d, his lines say %d", p, got, want)
		}
	}
}

// checkNoUndealt checks that every player sees the cards the table
// dealt and nothing of the shoe beyond them: the views hold the deals
// only (the shoe is in no view type), as many as the table made, and none
// of the shoe's next cards is among a view's cards beyond those dealt.
func checkNoUndealt(t *testing.T, b *banked) {
	t.Helper()
	var shoe *house.Shoe
	var dealt int
	if err := b.u.st.Core.ReadGame(b.u.ctx, b.id, func(gt game.Table) {
		tb := gt.(*house.Table)
		shoe, dealt = tb.Shoe, len(tb.Blackjack.Deals)
	}); err != nil || shoe == nil {
		t.Fatalf("no shoe at the table: %v", err)
	}
	for _, p := range []string{"alice", "bob", "carol"} {
		v, err := b.u.st.Core.BankedView(b.u.ctx, b.id, b.viewer(p))
		if err != nil {
			t.Fatal(err)
		}
		if got := len(v.Blackjack.Round.Deals); got != dealt {
			t.Fatalf("%s sees %d deals, the table made %d", p, got, dealt)
		}
		data, _ := json.Marshal(v)
		if bytes.Contains(data, []byte(shoe.Outcome+`","commitment`)) && bytes.Contains(data, []byte(`"next"`)) {
			t.Fatalf("%s's view holds the sealed shoe: %s", p, data)
		}
	}
}
