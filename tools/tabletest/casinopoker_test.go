package tabletest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/croupier/croupier/services/table"
	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/services/table/game"
	"github.com/croupier/croupier/services/table/house"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/proof"
)

// pokerOut plays the round now at a casino poker table to its end: each
// player in turn makes one of his legal decisions, picked by rng, through
// the core (a Call's or a Play's money held, committed, posted), and the
// clock does the rest.
func (b *banked) pokerOut(rng *rand.Rand, players ...string) house.View {
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
			if pv.Phase != "closed" || len(pv.Poker.Legal) == 0 {
				continue
			}
			m := pv.Poker.Legal[rng.IntN(len(pv.Poker.Legal))]
			moves++
			mv := house.PokerMove{Kind: m.Kind, Box: m.Box, Action: m.Action, Amount: m.Min, Seq: m.Seq, Cards: m.Cards, Insurance: m.InsuranceMin}
			if m.Action == "exchange" {
				mv.Cards = discard(pv.Poker.Felt, m.Box)
			}
			if _, err := core.PlayMove(b.u.ctx, b.id, b.who(p), 0, table.Move{Poker: &mv}, fmt.Sprintf("m%d", moves)); err != nil {
				b.u.t.Logf("%s's move %+v: %v (the table moved on)", p, m, err)
			}
			acted = true
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}
	b.u.t.Fatalf("the round did not end within 45s")
	return house.View{}
}

// discard is an exchange's one card: the first of box n's that the
// player sees (one card for one Ante in Oasis and Russian poker; the
// rounds make one improvement, before which the box has no discards).
func discard(f house.Felt, n int) []card.Card {
	for _, b := range f.Boxes {
		if b.N == n && len(b.Cards) > 0 {
			return b.Cards[:1]
		}
	}
	return nil
}

// royalBonusPays is a Royal Bonus paytable set line by line (the stud
// games ship none: the operator's data), each line paying 1:1 more than
// the one below it.
func royalBonusPays(lines []string) map[string]string {
	out := map[string]string{}
	for i, l := range lines {
		out["royal_bonus_pays."+l] = fmt.Sprintf("%d:1", i+1)
	}
	return out
}

// lineNames are paytable lines' names.
func lineNames[L ~string](ls []L) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = string(l)
	}
	return out
}

// Rounds at an rng table of each casino poker game through the core:
// three players on three boxes, Antes and side bets, the deck from the
// RNG dealt by the table, random legal decisions with their stakes held
// and posted; the escrow empty at the end and every player's balance
// moved by exactly his lines in the rounds' records. What each player is
// shown of the others' face-down cards and of the dealer's is checked
// against the record, and every player's fairness proof opens the cards
// he saw — the board, the cards shown, his own — and no other, verified
// against the deck's commitment.
func TestCasinoPokerRNGRoundsThroughTheCore(t *testing.T) {
	// Each game's table waits out 5-s betting windows: they run side by
	// side (each on its own Redis).
	t.Parallel()
	for _, tc := range []struct {
		name, game, profile, side string
		options                   map[string]string
	}{
		{"casino_holdem/gr", house.GameCasinoHoldem, casinoholdem.GR, "aa_bonus", nil},
		{"casino_holdem/ru", house.GameCasinoHoldem, casinoholdem.RU, "aa_bonus", nil},
		{"casino_texas_holdem/cz", house.GameCasinoTexas, casinotexas.CZ, "trips", nil},
		{"oasis_poker/ru", house.GameOasis, oasis.RU, "royal_bonus", royalBonusPays(lineNames(oasis.RoyalBonusLines()))},
		{"russian_poker/ru", house.GameRussian, russianpoker.RU, "royal_bonus", royalBonusPays(lineNames(russianpoker.RoyalBonusLines()))},
		{"split_poker/ru", house.GameSplit, splitpoker.RU, "royal_bonus", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			u := newUnit(t, table.Options{})
			b := u.bankedTable(table.BankedSpec{Name: "cp", Game: tc.game, Profile: tc.profile, Options: tc.options, Source: house.ResultRNG,
				Window: 5 * time.Second, Pause: time.Second, Clock: house.MinClock,
				Limits: table.BankedLimits{Table: round.Limit{Min: 100, Max: 10_000}, ByKind: map[string]round.Limit{tc.side: {Min: 50, Max: 1000}}}},
				"alice", "bob", "carol")
			core := u.st.Core
			rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
			players := []string{"alice", "bob", "carol"}
			start := map[string]int64{}
			for _, p := range players {
				start[p] = b.balance(p)
			}
			const rounds = 3
			for n := int64(1); n <= rounds; n++ {
				b.wait(fmt.Sprintf("round %d open", n), func(v house.View) bool { return v.Round == n && v.Phase == "betting" })
				for i, p := range players {
					box := 2*i + 1
					if tc.side == "royal_bonus" {
						box = i + 1 // the stud games' four boxes (ru-oasis-poker §2.3)
					}
					bets := []round.Bet{{ID: fmt.Sprintf("a%d-%s", n, p), Spot: fmt.Sprintf("box:%d/ante", box), Amount: 100 * int64(1+i)}}
					if i != 1 {
						bets = append(bets, round.Bet{ID: fmt.Sprintf("s%d-%s", n, p), Spot: fmt.Sprintf("box:%d/%s", box, tc.side), Amount: 50})
					}
					if _, err := core.PlaceBets(u.ctx, b.id, b.who(p), n, bets, fmt.Sprintf("k%d%s", n, p)); err != nil {
						t.Fatalf("%s's bets: %v", p, err)
					}
				}
				if v := b.pokerOut(rng, players...); v.Round != n {
					t.Fatalf("round %d ended as %d", n, v.Round)
				}
			}
			b.settledMoney()
			b.escrowIsZero()
			net := map[string]int64{}
			for n := int64(1); n <= rounds; n++ {
				id := house.RoundID(b.id, n)
				rec, err := core.RoundRecord(u.ctx, b.id, id, game.Viewer{Internal: true})
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range rec.Lines {
					net[l.Player] += l.Returned + l.Won - l.Stake
				}
				if rec.Verdict != round.Valid || rec.Poker == nil || rec.Shoe == nil || len(rec.Poker.Boxes) != 3 || len(rec.Paytable) == 0 {
					t.Fatalf("round %d's record: verdict %v, felt %+v, deck %+v, paytable %d lines", n, rec.Verdict, rec.Poker, rec.Shoe, len(rec.Paytable))
				}
				checkPokerProofs(t, b, id, players)
			}
			for _, p := range players {
				if got, want := b.balance(p)-start[p], net[b.who(p).Key()]; got != want {
					t.Errorf("%s's balance moved %d, his lines say %d", p, got, want)
				}
			}
		})
	}
}

// checkPokerProofs checks every player's fairness proof of a finished
// round: it verifies against the deck's commitment, it opens exactly the
// cards the player's own record shows him (the board, the dealer's and
// the boxes' cards shown, his own box's), and those cards are where the
// record says they went.
func checkPokerProofs(t *testing.T, b *banked, roundID string, players []string) {
	t.Helper()
	core := b.u.st.Core
	for _, p := range append(players, "") {
		v := game.Viewer{}
		if p != "" {
			v = b.viewer(p)
		}
		rec, err := core.RoundRecord(b.u.ctx, b.id, roundID, v)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := core.RoundProof(b.u.ctx, b.id, roundID, v)
		if err != nil {
			t.Fatal(err)
		}
		if pr.Reveal != nil || pr.Opened == nil {
			t.Fatalf("%q's proof of %s: reveal %v, opened %v: a casino poker deck is opened, never revealed whole", p, roundID, pr.Reveal != nil, pr.Opened != nil)
		}
		if err := proof.VerifyShoe(pr.Opened, pr.Commitment, 1); err != nil {
			t.Fatalf("%q's proof of %s does not verify: %v", p, roundID, err)
		}
		var opened, shown []string
		for _, o := range pr.Opened.GetOpenings() {
			opened = append(opened, o.GetCard())
		}
		f := rec.Poker
		shown = append(card.Strings(f.Dealer), card.Strings(f.Board)...)
		for _, bx := range f.Boxes {
			shown = append(shown, card.Strings(bx.Cards)...)
		}
		slices.Sort(opened)
		slices.Sort(shown)
		if !slices.Equal(opened, shown) {
			t.Fatalf("%q's proof of %s opens %v; his record shows %v", p, roundID, opened, shown)
		}
	}
}
