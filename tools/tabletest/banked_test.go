package tabletest

import (
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"

	commonv1 "github.com/croupier/croupier/gen/croupier/common/v1"
	walletv1 "github.com/croupier/croupier/gen/croupier/wallet/v1"
	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/proof"
	"github.com/croupier/croupier/shared/wheel"
	"github.com/croupier/croupier/tools/platform"
)

// banked is a banked table under test with its funded players.
type banked struct {
	u   *unit
	id  string
	acc map[string]string
}

func (u *unit) bankedTable(sp table.BankedSpec, players ...string) *banked {
	u.t.Helper()
	if sp.Currency == "" {
		sp.Currency = "EUR"
	}
	if sp.Limits.Table.Min == 0 {
		sp.Limits = table.BankedLimits{Table: round.Limit{Min: 100, Max: 100_000}}
	}
	sum, err := u.st.Core.CreateBankedTable(u.ctx, sp)
	if err != nil {
		u.t.Fatal(err)
	}
	b := &banked{u: u, id: sum.ID, acc: map[string]string{}}
	w := platform.NewClients(u.st.URL, platform.Bearer(u.st.OperatorToken())).Wallet
	for _, p := range players {
		acct, err := platform.Fund(u.ctx, w, u.st.Partner, p, sp.Currency, 1_000_000)
		if err != nil {
			u.t.Fatal(err)
		}
		b.acc[p] = acct
		if _, err := u.st.Core.JoinBanked(u.ctx, sum.ID, b.who(p), p, sp.Currency); err != nil {
			u.t.Fatal(err)
		}
	}
	return b
}

func (b *banked) who(p string) table.Caller { return table.Caller{Player: p, Partner: b.u.st.Partner} }

// wait polls the table until cond holds.
func (b *banked) wait(what string, cond func(v house.View) bool) house.View {
	b.u.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		v, err := b.u.st.Core.BankedView(b.u.ctx, b.id, game.Viewer{Internal: true})
		if err != nil {
			b.u.t.Fatal(err)
		}
		if cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			b.u.t.Fatalf("%s: not within 30s; table %+v", what, v)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// settledMoney waits until the table owes the wallet nothing.
func (b *banked) settledMoney() {
	b.u.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		pending := true
		err := b.u.st.Core.ReadGame(b.u.ctx, b.id, func(t game.Table) { pending = t.MoneyPending() })
		if err != nil {
			b.u.t.Fatal(err)
		}
		if !pending {
			return
		}
		if time.Now().After(deadline) {
			b.u.t.Fatal("the table's money intents were not carried out within 30s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (b *banked) balance(p string) int64 {
	b.u.t.Helper()
	w := platform.NewClients(b.u.st.URL, platform.Bearer(b.u.st.OperatorToken())).Wallet
	n, err := platform.Balance(b.u.ctx, w, b.acc[p])
	if err != nil {
		b.u.t.Fatal(err)
	}
	return n
}

// escrowIsZero checks the round escrow with the wallet: zero once every
// round is settled.
func (b *banked) escrowIsZero() {
	b.u.t.Helper()
	w := platform.NewClients(b.u.st.URL, platform.Bearer(b.u.st.OperatorToken())).Wallet
	res, err := w.CheckEscrow(b.u.ctx, connect.NewRequest(&walletv1.CheckEscrowRequest{TableId: b.id, Currency: "EUR",
		Kind: walletv1.AccountKind_ACCOUNT_KIND_ROUND_ESCROW}))
	if err != nil {
		b.u.t.Fatal(err)
	}
	if res.Msg.GetBalance() != 0 {
		b.u.t.Fatalf("round escrow holds %d after the round was settled", res.Msg.GetBalance())
	}
	if got, err := b.u.st.Core.AuditEscrow(b.u.ctx, b.id); err != nil || got != table.EscrowMatch {
		b.u.t.Fatalf("escrow audit: %s %v", got, err)
	}
}

func pocketOf(label string) int { return slices.Index(wheel.European().Labels, label) }

// A dealer's roulette round through the core: bets held and posted,
// "no more bets", the dealer's spin judged (cz-european-roulette.md §5),
// every player settled in one batch, the escrow back to zero, and each
// player's record holding his own bets only.
func TestBankedDealerRouletteRound(t *testing.T) {
	u := newUnit(t, table.Options{})
	b := u.bankedTable(table.BankedSpec{Name: "live", Game: house.GameRoulette, Profile: roulette.CZ, Source: house.ResultDealer,
		Window: time.Minute}, "alice", "bob")
	core := u.st.Core
	b.wait("round 1 open", func(v house.View) bool { return v.Round == 1 && v.Phase == "betting" })
	pa, err := core.PlaceBets(u.ctx, b.id, b.who("alice"), 0, []round.Bet{{ID: "a1", Spot: "straight:17", Amount: 100}, {ID: "a2", Spot: "red", Amount: 200}}, "ka")
	if err != nil || pa.Stake != 300 || pa.Replayed {
		t.Fatalf("alice's bets: %+v %v", pa, err)
	}
	again, err := core.PlaceBets(u.ctx, b.id, b.who("alice"), 0, []round.Bet{{ID: "a1", Spot: "straight:17", Amount: 100}, {ID: "a2", Spot: "red", Amount: 200}}, "ka")
	if err != nil || !again.Replayed || again.Stake != 300 {
		t.Fatalf("a retried placement: %+v %v", again, err)
	}
	if _, err := core.PlaceBets(u.ctx, b.id, b.who("bob"), 0, []round.Bet{{ID: "b1", Spot: "split:20-17", Amount: 100}}, "kb"); err != nil {
		t.Fatal(err)
	}
	if _, err := core.PlaceBets(u.ctx, b.id, b.who("bob"), 0, []round.Bet{{ID: "b2", Spot: "straight:37", Amount: 100}}, "kb2"); apierr.Reason(err) != round.ReasonBadSpot {
		t.Fatalf("a bet off the layout: %v", err)
	}
	if err := core.CloseBetting(u.ctx, b.id, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := core.PlaceBets(u.ctx, b.id, b.who("bob"), 0, []round.Bet{{ID: "b3", Spot: "red", Amount: 100}}, "kb3"); apierr.Reason(err) != round.ReasonBettingClosed {
		t.Fatalf("a late bet (cz §8): %v", err)
	}
	sp := &roulette.Spin{Pocket: pocketOf("17"), Label: "17", Wheel: round.Clockwise, Ball: round.Anticlockwise, Revolutions: 12}
	j, err := core.ReportSpin(u.ctx, b.id, 0, table.SpinReport{Roulette: sp})
	if err != nil || j.Verdict != round.Valid || j.Winner != "17" {
		t.Fatalf("the dealer's spin: %+v %v", j, err)
	}
	b.settledMoney()
	// alice: 17 straight pays 35:1 with the stake back (3,600), red loses
	// 200 (17 is black); bob's split pays 17:1 (1,800).
	if got := b.balance("alice"); got != 1_000_000-300+3_600 {
		t.Fatalf("alice's balance %d", got)
	}
	if got := b.balance("bob"); got != 1_000_000-100+1_800 {
		t.Fatalf("bob's balance %d", got)
	}
	b.escrowIsZero()
	rec, err := core.RoundRecord(u.ctx, b.id, house.RoundID(b.id, 1), game.Viewer{Player: b.who("alice").Key(), Partner: u.st.Partner})
	if err != nil || len(rec.Bets) != 2 || rec.Winner != "17" || rec.Players != 2 {
		t.Fatalf("alice's record: %+v %v", rec, err)
	}
	recall, err := core.GameRecall(u.ctx, b.id, game.Viewer{Player: b.who("bob").Key(), Partner: u.st.Partner})
	if err != nil || len(recall.Rounds) != 1 || len(recall.Rounds[0].Bets) != 1 || recall.Rounds[0].Bets[0].Spot != "split:17-20" {
		t.Fatalf("bob's recall: %+v %v", recall, err)
	}
}

// An rng round: the draw's commitment is published when betting opens,
// the clock closes the window and applies the draw, and the revealed
// outcome verifies against the commitment.
func TestBankedRNGRouletteRoundIsProvablyFair(t *testing.T) {
	u := newUnit(t, table.Options{})
	b := u.bankedTable(table.BankedSpec{Name: "rng", Game: house.GameRoulette, Profile: roulette.CZ, Source: house.ResultRNG,
		Window: house.MinWindow, Pause: -1}, "alice")
	core := u.st.Core
	v := b.wait("round 1 open", func(v house.View) bool { return v.Round == 1 && v.Phase == "betting" })
	if len(v.Commitment) == 0 || v.Outcome == "" {
		t.Fatalf("an rng round opens with its commitment: %+v", v)
	}
	if v.Spin != nil || v.Winner != "" {
		t.Fatalf("the draw shows before no more bets: %+v", v)
	}
	var bets []round.Bet
	for i, s := range []string{"red", "black", "dozen:1", "dozen:2", "dozen:3", "straight:0"} {
		bets = append(bets, round.Bet{ID: string(rune('a' + i)), Spot: s, Amount: 100})
	}
	if _, err := core.PlaceBets(u.ctx, b.id, b.who("alice"), 1, bets, "k1"); err != nil {
		t.Fatal(err)
	}
	done := b.wait("round 1 over", func(v house.View) bool { return len(v.Last) > 0 })
	b.settledMoney()
	won := done.Last[0].Winner
	want := int64(1_000_000 - 600)
	for _, l := range roulette.Settle(mustRules(t), bets, mustNumber(t, won)).Lines {
		want += l.Paid()
	}
	if got := b.balance("alice"); got != want {
		t.Fatalf("alice's balance %d, want %d after %s", got, want, won)
	}
	b.escrowIsZero()
	p, err := core.RoundProof(u.ctx, b.id, house.RoundID(b.id, 1), game.Viewer{})
	if err != nil || p.Reveal == nil {
		t.Fatalf("proof: %+v %v", p, err)
	}
	if string(p.Commitment) != string(v.Commitment) || p.Outcome != v.Outcome {
		t.Fatal("the proof's commitment is not the one published when betting opened")
	}
	if err := proof.Verify(p.Reveal); err != nil {
		t.Fatalf("the reveal does not verify: %v", err)
	}
	if p.Reveal.GetOutcome().GetPocketLabel() != won {
		t.Fatalf("revealed %s, the round paid %s", p.Reveal.GetOutcome().GetPocketLabel(), won)
	}
}

func mustRules(t *testing.T) roulette.Rules {
	r, err := roulette.Named(roulette.CZ)
	if err != nil {
		t.Fatal(err)
	}
	r.Limits.Table = round.Limit{Min: 100, Max: 100_000}
	return r
}

func mustNumber(t *testing.T, label string) roulette.Number {
	var n roulette.Number
	if err := n.UnmarshalText([]byte(label)); err != nil {
		t.Fatal(err)
	}
	return n
}

// A refused bet changes nothing: not the table (its version), not the
// player's wallet (balance and amount held), whatever refuses it (the
// layout, the limits, the phase, the player's own conflict, funds).
func TestBankedRefusedBetChangesNothing(t *testing.T) {
	u := newUnit(t, table.Options{})
	b := u.bankedTable(table.BankedSpec{Name: "refusals", Game: house.GameRoulette, Profile: roulette.CZ, Source: house.ResultDealer,
		Window: time.Minute, Limits: table.BankedLimits{Table: round.Limit{Min: 100, Max: 10_000}}}, "alice")
	core := u.st.Core
	b.wait("round 1 open", func(v house.View) bool { return v.Phase == "betting" })
	if _, err := core.PlaceBets(u.ctx, b.id, b.who("alice"), 0, []round.Bet{{ID: "a1", Spot: "red", Amount: 100}}, "k1"); err != nil {
		t.Fatal(err)
	}
	w := platform.NewClients(u.st.URL, platform.Bearer(u.st.OperatorToken())).Wallet
	state := func() (uint64, int64, int64) {
		var v uint64
		if err := core.ReadGame(u.ctx, b.id, func(t game.Table) { v = t.Revision() }); err != nil {
			t.Fatal(err)
		}
		res, err := w.GetAccount(u.ctx, connect.NewRequest(&walletv1.GetAccountRequest{AccountId: b.acc["alice"]}))
		if err != nil {
			t.Fatal(err)
		}
		return v, res.Msg.GetAccount().GetBalance(), res.Msg.GetAccount().GetHeld()
	}
	for _, tc := range []struct {
		name   string
		bets   []round.Bet
		reason string
	}{
		{"off the layout", []round.Bet{{ID: "x", Spot: "split:1-5", Amount: 100}}, round.ReasonBadSpot},
		{"under the minimum", []round.Bet{{ID: "x", Spot: "red", Amount: 99}}, round.ReasonBetOutsideLimits},
		{"over the maximum", []round.Bet{{ID: "x", Spot: "red", Amount: 10_001}}, round.ReasonBetOutsideLimits},
		{"an announced bet not a multiple of its chips", []round.Bet{{ID: "x", Spot: "voisins", Amount: 1000}}, round.ReasonBetOutsideLimits},
		{"a bet id reused for another bet", []round.Bet{{ID: "a1", Spot: "black", Amount: 100}}, round.ReasonBetIDConflict},
		{"more than the player has", []round.Bet{{ID: "x", Spot: "red", Amount: 10_000}, {ID: "y", Spot: "black", Amount: 10_000},
			{ID: "z", Spot: "odd", Amount: 10_000}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v0, bal0, held0 := state()
			bets := tc.bets
			if tc.reason == "" {
				// Drain the account so the batch's stake exceeds it.
				cage, err := w.OpenAccount(u.ctx, connect.NewRequest(&walletv1.OpenAccountRequest{Kind: walletv1.AccountKind_ACCOUNT_KIND_EXTERNAL,
					OwnerId: u.st.Partner, PartnerId: u.st.Partner, Currency: "EUR"}))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := w.Transfer(u.ctx, connect.NewRequest(&walletv1.TransferRequest{IdempotencyKey: "drain",
					Transfer: &walletv1.TransferSpec{DebitAccountId: b.acc["alice"], CreditAccountId: cage.Msg.GetAccount().GetId(),
						Amount: &commonv1.Money{Amount: bal0 - held0 - 20_000, Currency: "EUR"}, Kind: walletv1.TransferKind_TRANSFER_KIND_WITHDRAWAL}})); err != nil {
					t.Fatal(err)
				}
				v0, bal0, held0 = state()
			}
			_, err := core.PlaceBets(u.ctx, b.id, b.who("alice"), 0, bets, "k-"+tc.name)
			if err == nil || (tc.reason != "" && apierr.Reason(err) != tc.reason) {
				t.Fatalf("refused with %v, want %s", err, tc.reason)
			}
			if v1, bal1, held1 := state(); v1 != v0 || bal1 != bal0 || held1 != held0 {
				t.Fatalf("the refusal changed the table v%d→v%d or the wallet balance %d→%d, held %d→%d", v0, v1, bal0, bal1, held0, held1)
			}
		})
	}
}
