package holdem_test

import (
	"testing"

	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
)

func six() []int64 { return []int64{1000, 1000, 1000, 1000, 1000, 1000} }

// docs/rules/gr-variant-texas-holdem.md §7 vector 1 (R1): button S1, SB S2, BB S3:
// S4 acts first, then S5.
func TestGRHoldemV1PreflopOrder(t *testing.T) {
	g := start(t, rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12), 0, six(), nil)
	g.toAct(3)
	g.act(3, betting.Fold, 0)
	g.toAct(4)
}

// Vector 2 (R2.4): button S1, S2 folded preflop: S3 leads the flop.
func TestGRHoldemV2PostflopOrder(t *testing.T) {
	g := start(t, rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12), 0, six(), nil)
	for _, s := range []int{3, 4, 5, 0} {
		g.act(s, betting.Call, 0)
	}
	g.act(1, betting.Fold, 0)
	g.act(2, betting.Check, 0)
	if g.s.Street != 1 {
		t.Fatalf("street %d", g.s.Street)
	}
	g.toAct(2)
}

// Vectors 3–6 (SD 1–3): who shows first.
func TestGRHoldemShowOrder(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12)
	r.Options.Muck = profile.ShowAll // every hand shows, so the order is visible
	play := func(moves func(g *game)) []int {
		g := start(t, r, 0, six(), nil)
		moves(g)
		return g.shows()
	}
	limpAll := func(g *game) {
		for _, s := range []int{3, 4, 5, 0, 1} {
			g.act(s, betting.Call, 0)
		}
		g.act(2, betting.Check, 0)
	}
	checkRound := func(g *game) {
		for _, s := range []int{1, 2, 3, 4, 5, 0} {
			if g.s.ToAct() == s {
				g.act(s, betting.Check, 0)
			}
		}
	}
	// A: on the river S5 bets and S2 calls → S5 first.
	got := play(func(g *game) {
		limpAll(g)
		checkRound(g)
		checkRound(g)
		g.act(1, betting.Check, 0)
		g.act(2, betting.Check, 0)
		g.act(3, betting.Check, 0)
		g.act(4, betting.Bet, 4)
		g.act(5, betting.Fold, 0)
		g.act(0, betting.Fold, 0)
		g.act(1, betting.Call, 0)
		g.act(2, betting.Fold, 0)
		g.act(3, betting.Fold, 0)
	})
	if got[0] != 4 {
		t.Errorf("A: show order %v, want S5 (seat 4) first", got)
	}
	// B: river checked through; S2 raised on the turn → S2 first.
	got = play(func(g *game) {
		limpAll(g)
		checkRound(g)
		g.act(1, betting.Bet, 2)
		g.act(2, betting.Raise, 4)
		g.act(3, betting.Fold, 0)
		g.act(4, betting.Fold, 0)
		g.act(5, betting.Fold, 0)
		g.act(0, betting.Fold, 0)
		g.act(1, betting.Call, 0)
		checkRound(g)
	})
	if got[0] != 2 {
		t.Errorf("B: show order %v, want the turn raiser (seat 2) first", got)
	}
	// C: S6 raised preflop, every later street checked → S6 first.
	got = play(func(g *game) {
		g.act(3, betting.Call, 0)
		g.act(4, betting.Call, 0)
		g.act(5, betting.Raise, 6)
		for _, s := range []int{0, 1, 2, 3, 4} {
			g.act(s, betting.Call, 0)
		}
		checkRound(g)
		checkRound(g)
		checkRound(g)
	})
	if got[0] != 5 {
		t.Errorf("C: show order %v, want the preflop raiser (seat 5) first", got)
	}
	// D: everyone limps, every street checked → the first after the button.
	got = play(func(g *game) {
		limpAll(g)
		checkRound(g)
		checkRound(g)
		checkRound(g)
	})
	if got[0] != 1 {
		t.Errorf("D: show order %v, want seat 1 (first after the button) first", got)
	}
}

// Vector 7 (SD 6, §5) and docs/rules/ru-club-poker.md T1: a royal flush on the board
// plays for everyone: the pot splits.
func TestHoldemV7PlayTheBoardSplits(t *testing.T) {
	for _, name := range []string{profile.GR, profile.RUClub} {
		r := rules(t, name, profile.Holdem, betting.NoLimit, blinds12)
		shoe := arrange(t, 0, []int{0, 1, 2}, 2, map[int]string{0: "2h 3h", 1: "4d 5d", 2: "6c 7c"}, "As Ks Qs Js Ts")
		g := start(t, r, 0, []int64{100, 100, 100}, shoe)
		g.checkDown()
		for seat := range 3 {
			if g.s.Seats[seat].Won != 2 {
				t.Fatalf("%s: seat %d won %d, want a third of 6", name, seat, g.s.Seats[seat].Won)
			}
		}
	}
}

// docs/rules/ru-club-poker.md T2 (§3.3): two flushes A-J-9-6-3 of hearts and diamonds
// are equal: suits never break a tie.
func TestClubT2EqualFlushesTie(t *testing.T) {
	h, _ := card.ParseString("Ah Jh 9h 6h 3h")
	d, _ := card.ParseString("Ad Jd 9d 6d 3d")
	if rank.Best(h...) != rank.Best(d...) {
		t.Fatal("suits broke a tie")
	}
}

// docs/rules/gr-variant-omaha.md §7 vectors 1–5 (§5, B.74): exactly two hole cards
// and exactly three board cards.
func TestGROmahaTwoPlusThree(t *testing.T) {
	cases := []struct {
		name, hole, board string
		cat               rank.Category
		ranks             []card.Rank
	}{
		{"1 four-flush board, no flush", "Qs Qh 9d 8c", "As Ks 7s 4s 2h", rank.Pair, []card.Rank{card.Queen, card.Ace, card.King, card.Seven}},
		{"2 quads on board, trips", "As Ks 3d 4c", "9s 9h 9d 9c 2s", rank.Trips, []card.Rank{card.Nine, card.Ace, card.King}},
		{"3 board trips and hole pair, full house", "As Ah 7c 3d", "Ks Kh Kd 5c 2s", rank.FullHouse, []card.Rank{card.King, card.Ace}},
		{"4 one-card straight is no straight", "9h Ad 2c 3c", "5s 6s 7s 8d Kh", rank.HighCard, []card.Rank{card.Ace, card.King, card.Nine, card.Eight, card.Seven}},
		{"5 not a royal flush", "Ts 3c 4h 5d", "As Ks Qs Js 2d", rank.HighCard, []card.Rank{card.Ace, card.King, card.Queen, card.Ten, card.Five}},
	}
	r := rules(t, profile.GR, profile.Omaha, betting.PotLimit, blinds12)
	for _, c := range cases {
		shoe := arrange(t, 0, []int{0, 1}, 4, map[int]string{1: c.hole}, c.board)
		g := start(t, r, 0, []int64{100, 100}, shoe)
		g.checkDown()
		v := g.s.Seats[1].Value
		got, n := v.Ranks()
		if v.Category() != c.cat || !equalRanks(got[:n], c.ranks) {
			t.Errorf("vector %s: %s %v, want %s %v", c.name, v.Category(), got[:n], c.cat, c.ranks)
		}
	}
}

// gr-regulation-1 §8 vectors 9–10: an Omaha hand with one heart in the
// hand makes no flush; no straight from four board cards.
func TestGRReg1OmahaVectors(t *testing.T) {
	r := rules(t, profile.GR, profile.Omaha, betting.PotLimit, blinds12)
	for _, c := range []struct{ hole, board, want string }{
		{"Qh Jc 8s 2d", "Ah Kh 7h 4h 9c", "High card, Ace (A-K-Q-J-9)"},
		{"Ad 3c 4d 5h", "Ts Jd Qc Kh 2s", "High card, Ace (A-K-Q-J-5)"},
	} {
		shoe := arrange(t, 0, []int{0, 1}, 4, map[int]string{1: c.hole}, c.board)
		g := start(t, r, 0, []int64{100, 100}, shoe)
		g.checkDown()
		if got := g.s.Seats[1].Value.Name(); got != c.want {
			t.Errorf("%s on %s: %s, want %s", c.hole, c.board, got, c.want)
		}
	}
}

func equalRanks(a, b []card.Rank) bool {
	if len(a) < len(b) {
		return false
	}
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// docs/rules/gr-variant-omaha.md §7 vector 6: button S1, SB S2, BB S3 → S4 first.
func TestGROmahaV6PreflopOrder(t *testing.T) {
	g := start(t, rules(t, profile.GR, profile.Omaha, betting.PotLimit, blinds12), 0, six(), nil)
	g.toAct(3)
}

// docs/rules/gr-variant-omaha.md §7 vector 7 (SD 1, N4): on the river S2 bets and S5
// calls: literally the caller, S5, shows first.
func TestGROmahaV7CallerShowsFirst(t *testing.T) {
	r := rules(t, profile.GR, profile.Omaha, betting.PotLimit, blinds12)
	r.Options.Muck = profile.ShowAll
	g := start(t, r, 0, six(), nil)
	for _, s := range []int{3, 4, 5, 0, 1} {
		g.act(s, betting.Call, 0)
	}
	g.act(2, betting.Check, 0)
	for range 2 {
		for range 6 {
			g.act(g.s.ToAct(), betting.Check, 0)
		}
	}
	g.act(1, betting.Bet, 4)
	for _, s := range []int{2, 3} {
		g.act(s, betting.Fold, 0)
	}
	g.act(4, betting.Call, 0)
	g.act(5, betting.Fold, 0)
	g.act(0, betting.Fold, 0)
	if got := g.shows(); got[0] != 4 {
		t.Fatalf("show order %v, want the caller S5 (seat 4) first", got)
	}
}

// docs/rules/betting-rules-ru-sports.md §5.9.2 and docs/rules/ru-club-poker.md §4.1: a checked
// last round shows from the first player after the button; after the first
// shows, a hand that cannot win is mucked unseen and only the winners show.
func TestRUShowdownOrderAndMuck(t *testing.T) {
	r := rules(t, profile.RUSport, profile.Holdem, betting.NoLimit, blinds12)
	// Seat 1 (first after the button) has the worst hand, seat 2 the best.
	shoe := arrange(t, 0, []int{0, 1, 2}, 2, map[int]string{0: "Qc Qd", 1: "2c 7d", 2: "Ac Ad"}, "Kh 9s 5c 4h 3s")
	g := start(t, r, 0, []int64{100, 100, 100}, shoe)
	g.checkDown()
	if got := g.shows(); len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 0 {
		t.Fatalf("show order %v, want 1, 2, 0", got)
	}
	if !g.s.Seats[1].Shown || !g.s.Seats[2].Shown || !g.s.Seats[0].Mucked {
		t.Fatalf("seat 1 shows first, seat 2 beats it and shows, seat 0 mucks: %+v", g.s.Seats[:3])
	}
	// A river bet makes the bettor show first.
	g = start(t, r, 0, []int64{100, 100, 100}, shoe)
	for range 3 {
		for g.s.Street < 3 {
			g.act(g.s.ToAct(), callOrCheck(g), 0)
		}
	}
	g.act(1, betting.Check, 0)
	g.act(2, betting.Bet, 2)
	g.act(0, betting.Call, 0)
	g.act(1, betting.Fold, 0)
	if got := g.shows(); got[0] != 2 {
		t.Fatalf("show order %v, want the river bettor first", got)
	}
}

func callOrCheck(g *game) betting.Kind {
	for _, l := range g.s.Legal(g.s.ToAct(), nil) {
		if l.Kind == betting.Check {
			return betting.Check
		}
	}
	return betting.Call
}

// docs/rules/gr-variant-texas-holdem.md §7 vector 9 (I2), gr-regulation-2 §9.1 and
// §12.2 "Misdeal and redeal": every bet goes back, blinds and antes
// included, no rake; the redeal with the same setup deals the first card to
// the same player (INV-05, INV-06).
func TestGRMisdealRefundsAndRedealsFromSamePlayer(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 1, BigBlind: 2, Ante: 1})
	g := start(t, r, 0, []int64{100, 80, 60}, nil)
	g.act(0, betting.Raise, 10)
	g.command(hand.Action{Command: hand.CmdMisdeal, Reason: "two hole cards exposed"})
	if g.s.Phase != hand.Misdeal || g.s.Rake != 0 {
		t.Fatalf("phase %s rake %d", g.s.Phase, g.s.Rake)
	}
	if got := g.stacks(); got[0] != 100 || got[1] != 80 || got[2] != 60 {
		t.Fatalf("stacks after misdeal %v, want 100 80 60", got)
	}
	g.reject(hand.Action{Seat: 1, Kind: betting.Call}, "HAND_OVER")
	redeal := start(t, r, 0, []int64{100, 80, 60}, nil)
	if redeal.s.Deals[0].Seat != g.s.Deals[0].Seat || redeal.s.Deals[0].Seat != 1 {
		t.Fatalf("first card to seat %d then %d, want seat 1 both times", g.s.Deals[0].Seat, redeal.s.Deals[0].Seat)
	}
}

// gr-regulation-2 §12.2 "After SA, the wrong card count for seat 5": not
// acted, its BB 10 goes back (M7); having called 30, the 30 stays (M8).
func TestGRVoidOneHand(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	// seats 0..5, button 2: SB 3, BB 4 ("seat 5" is seat index 4).
	g := start(t, r, 2, six(), nil)
	g.act(5, betting.Call, 0)
	g.act(0, betting.Call, 0)
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 4})
	if g.s.Stack(4) != 1000 || !g.s.Seats[4].Voided {
		t.Fatalf("not acted: stack %d, want the BB back (1000)", g.s.Stack(4))
	}
	g = start(t, r, 2, six(), nil)
	g.act(5, betting.Raise, 30)
	for _, s := range []int{0, 1, 2, 3} {
		g.act(s, betting.Fold, 0)
	}
	g.act(4, betting.Call, 0)
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 4})
	if g.s.Stack(4) != 970 || g.s.Phase != hand.Complete || g.s.Seats[5].Won != 65 {
		t.Fatalf("acted: stack %d phase %s seat 5 won %d; want 30 kept and seat 5 taking the pot", g.s.Stack(4), g.s.Phase, g.s.Seats[5].Won)
	}
}

// docs/rules/ru-club-poker.md T14 (§5.4) and docs/rules/betting-rules-ru-sports.md Appendix B
// item 7: a player with three hole cards who has called: his hand is dead
// and his chips stay in the pot; under the Russian rule even his forced
// bets stay when he has not acted (item 8).
func TestClubT14VoidedHandChipsStay(t *testing.T) {
	r := rules(t, profile.RUClub, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	r.Rake.Mode = 0
	g := start(t, r, 0, []int64{500, 500, 500}, nil)
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 2})
	if g.s.Stack(2) != 490 {
		t.Fatalf("forced bet returned: stack %d, want 490", g.s.Stack(2))
	}
}

// docs/rules/ru-club-poker.md T12–T13: exposed hole cards in the deal, or a duplicate
// card found mid-hand: the hand is void, every chip returned.
func TestClubT12T13VoidHandReturnsAll(t *testing.T) {
	r := rules(t, profile.RUClub, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	g := start(t, r, 0, []int64{500, 500, 500}, nil)
	g.act(0, betting.Raise, 40)
	g.act(1, betting.Call, 0)
	g.act(2, betting.Call, 0)
	g.act(1, betting.Bet, 100)
	g.command(hand.Action{Command: hand.CmdMisdeal, Reason: "duplicate card"})
	if got := g.stacks(); got[0] != 500 || got[1] != 500 || got[2] != 500 {
		t.Fatalf("stacks %v", got)
	}
}

// gr-regulation-2 G2.7 (M9): the only player left has a wrong card count:
// his hand is void and the pot is held for the casino's investigation,
// then paid as it decides. Under the Russian rule it goes to the others.
func TestLastPlayerVoided(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	g := start(t, r, 0, []int64{500, 500, 500}, nil)
	g.act(0, betting.Raise, 40)
	g.act(1, betting.Fold, 0)
	g.act(2, betting.Call, 0)
	g.act(2, betting.Bet, 50)
	g.act(0, betting.Fold, 0)
	if g.s.Phase != hand.Complete || g.s.Seats[2].Won != 85 {
		t.Fatalf("seat 2 alone takes the pot: %s %d", g.s.Phase, g.s.Seats[2].Won)
	}
	// His cards are then found to be wrong: he loses the pot.
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 2, Return: hand.VoidKeepBets})
	if g.s.Phase != hand.Dispute || g.s.Held != 85 || g.s.Seats[2].Won != 0 {
		t.Fatalf("phase %s held %d, want a dispute over 85", g.s.Phase, g.s.Held)
	}
	g.reject(hand.Action{Command: hand.CmdAward, Awards: []int64{40, 0, 40}}, "BAD_AWARD")
	g.command(hand.Action{Command: hand.CmdAward, Awards: []int64{45, 0, 40}})
	if g.s.Phase != hand.Complete || g.total() != 1500 {
		t.Fatalf("phase %s total %d", g.s.Phase, g.total())
	}

	r = rules(t, profile.RUClub, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	g = start(t, r, 0, []int64{500, 500, 500}, nil)
	g.act(0, betting.Raise, 40)
	g.act(1, betting.Fold, 0)
	g.act(2, betting.Fold, 0)
	if g.s.Phase != hand.Complete {
		t.Fatal("fold to one")
	}
	g = start(t, r, 0, []int64{500, 500, 500}, nil)
	g.act(0, betting.Raise, 40)
	g.act(1, betting.Call, 0)
	g.act(2, betting.Fold, 0)
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 1})
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 0})
	// Seats 1 and 0 voided; the pot of 90 goes to the other player in the
	// hand, seat 2 (docs/rules/betting-rules-ru-sports.md Appendix B item 9).
	if g.s.Phase != hand.Complete || g.s.Seats[2].Won != 90 {
		t.Fatalf("phase %s seat 2 won %d", g.s.Phase, g.s.Seats[2].Won)
	}
}

// gr-regulation-1 B.8(c) and §8 vector 5: the big blind dealt in without
// posting refuses to post: the hand is void, chips returned, button stays.
func TestGRRefusalToPostCancelsHand(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	g := start(t, r, 2, six(), nil)
	g.command(hand.Action{Command: hand.CmdRefusePost, Seat: 4})
	if g.s.Phase != hand.Cancelled || g.s.Refused != 4 || g.total() != 6000 {
		t.Fatalf("phase %s refused %d", g.s.Phase, g.s.Refused)
	}
}

// gr-regulation-1 §8 vector 14: A bets 100 on the river, B calls all-in for
// 40: A gets 60 back.
func TestGRUncalledBetReturned(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 1, BigBlind: 2})
	g := start(t, r, 0, []int64{500, 42, 500}, nil)
	g.act(0, betting.Call, 0)
	g.act(1, betting.Call, 0)
	g.act(2, betting.Check, 0)
	for g.s.Street < 3 {
		g.act(g.s.ToAct(), betting.Check, 0)
	}
	g.act(1, betting.Check, 0)
	g.act(2, betting.Bet, 100)
	g.act(0, betting.Fold, 0)
	ev := g.act(1, betting.AllIn, 0)
	var back int64
	for _, e := range ev {
		if e.Kind == hand.EvReturned {
			back = e.Amount
		}
	}
	if back != 60 {
		t.Fatalf("returned %d, want 60", back)
	}
	if g.total() != 1042 {
		t.Fatalf("chips %d", g.total())
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vector 4 and §4: A all-in 100, B and C
// 500 each: main 300, side 800, rake 5 % of each (15 + 40 = 55).
func TestCZSidePotAndRake(t *testing.T) {
	r, _ := profile.Named(profile.CZ, profile.Holdem, betting.NoLimit)
	r = r.WithStakes(profile.Stakes{Currency: "CZK", Unit: 5, SmallBlind: 5, BigBlind: 10})
	g := start(t, r, 0, []int64{100, 1000, 1000}, nil)
	g.act(0, betting.AllIn, 0)
	g.act(1, betting.Raise, 500)
	g.act(2, betting.Call, 0)
	g.checkDown()
	if len(g.s.Pots) != 2 || g.s.Pots[0].Amount != 300 || g.s.Pots[1].Amount != 800 || g.s.Rake != 55 {
		t.Fatalf("pots %+v rake %d", g.s.Pots, g.s.Rake)
	}
	if g.total() != 2100 {
		t.Fatalf("chips %d", g.total())
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vector 8 (§6.9): a pot of 25 split
// between the SB (first after the button) and the button: SB 13, BTN 12.
func TestCZOddChipToWorstPosition(t *testing.T) {
	r, _ := profile.Named(profile.CZ, profile.Holdem, betting.NoLimit)
	r = r.WithStakes(profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	r.Rake.Mode = 0
	// Button seat 0, SB seat 1, BB seat 2; BB folds to a raise after a
	// dead-money ante... use a 1-chip ante to reach 25: 3 + 10 + 10 + 2.
	r.Stakes.Ante = 1
	shoe := arrange(t, 0, []int{0, 1, 2}, 2, map[int]string{0: "Jc 9d", 1: "Jd 9c", 2: "5s 2c"}, "Ah Kd Qs 7c 4h")
	g := start(t, r, 0, []int64{100, 100, 100}, shoe)
	g.act(0, betting.Call, 0)
	g.act(1, betting.Call, 0)
	g.act(2, betting.Check, 0)
	g.checkDown()
	// Pot 33 (3 antes + 30): seat 2 holds 8-high and loses; 1 and 0 split.
	if g.s.Seats[1].Won != 17 || g.s.Seats[0].Won != 16 {
		t.Fatalf("SB won %d, BTN won %d; want 17 and 16", g.s.Seats[1].Won, g.s.Seats[0].Won)
	}
}

// gr-regulation-2 G4.4 / §12.2 "Straddle": BB 10 → straddle 20,
// re-straddle 40, a third is rejected; action starts after the last
// straddler, who acts last.
func TestGRStraddles(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	r.Options.Straddles = 2
	g := start(t, r, 0, six(), nil, hand.Post{Seat: 3, Kind: hand.Straddle}, hand.Post{Seat: 4, Kind: hand.Straddle})
	if g.s.Round.Seats[3].Bet != 20 || g.s.Round.Seats[4].Bet != 40 {
		t.Fatalf("straddles %d %d", g.s.Round.Seats[3].Bet, g.s.Round.Seats[4].Bet)
	}
	g.toAct(5)
	for _, s := range []int{5, 0, 1, 2, 3} {
		g.act(s, betting.Call, 0)
	}
	g.toAct(4)
	_, _, err := deal(t, r, hand.Setup{Button: 0, Players: []hand.Player{{Seat: 0, Stack: 99}, {Seat: 1, Stack: 99}, {Seat: 2, Stack: 99}, {Seat: 3, Stack: 99}, {Seat: 4, Stack: 99}, {Seat: 5, Stack: 99}},
		Posts: []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 2, Kind: hand.BigBlind}, {Seat: 3, Kind: hand.Straddle}, {Seat: 4, Kind: hand.Straddle}, {Seat: 5, Kind: hand.Straddle}},
		Shoe:  card.Deck(1)})
	if err == nil {
		t.Fatal("a third straddle was accepted")
	}
}

// gr-regulation-1 B.57 heads-up: literally the button posts the big blind
// and the other player acts first on every street; the standard option
// has the button post the small blind and act first preflop.
func TestHeadsUpBlindRule(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12)
	g := start(t, r, 0, []int64{100, 100}, nil)
	if g.s.Round.Seats[0].Bet != 2 || g.s.Round.Seats[1].Bet != 1 {
		t.Fatal("GR literal: the button posts the big blind")
	}
	g.toAct(1)
	g.act(1, betting.Call, 0)
	g.act(0, betting.Check, 0)
	g.toAct(1)
	r.Options.HeadsUp = profile.HeadsUpButtonSmallBlind
	g = start(t, r, 0, []int64{100, 100}, nil)
	if g.s.Round.Seats[0].Bet != 1 {
		t.Fatal("standard: the button posts the small blind")
	}
	g.toAct(0)
	g.act(0, betting.Call, 0)
	g.act(1, betting.Check, 0)
	g.toAct(1)
}

// Hole cards are private to their seat; observers see "??".
func TestEventsPrivacy(t *testing.T) {
	_, ev, err := deal(t, rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12), hand.Setup{Button: 0, Players: []hand.Player{{Seat: 0, Stack: 100}, {Seat: 1, Stack: 100}},
		Posts: []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 0, Kind: hand.BigBlind}}, Shoe: card.Deck(1)})
	if err != nil {
		t.Fatal(err)
	}
	var dealt int
	for _, x := range ev {
		if x.Kind != hand.EvDealt {
			continue
		}
		dealt++
		if !x.Private {
			t.Fatal("hole card event is public")
		}
		if x.Cards.N != 2 || x.For(x.Seat).Cards != x.Cards {
			t.Fatalf("the seat does not see its two cards: %+v", x)
		}
		for _, viewer := range []int{1 - x.Seat, -1} {
			if c := x.For(viewer).Cards; c.C[0] != hand.Hidden || c.C[1] != hand.Hidden || c.N != 2 {
				t.Fatalf("viewer %d sees %s", viewer, c)
			}
		}
	}
	if dealt != 2 {
		t.Fatalf("%d deal events, want one per player", dealt)
	}
}

// gr-regulation-2 M8: a bettor's hand voided with his bet kept in the pot,
// heads-up: the other player, still to act, takes the pot at once (found by
// FuzzHand; the chips of the void must not vanish).
func TestVoidLeavesOnePlayerWhoWins(t *testing.T) {
	r := rules(t, profile.GR, profile.Holdem, betting.NoLimit, profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	g := start(t, r, 0, []int64{500, 500}, nil) // GR heads-up: seat 1 SB acts first
	g.act(1, betting.Raise, 40)
	g.command(hand.Action{Command: hand.CmdVoidSeat, Seat: 1, Return: hand.VoidKeepBets})
	if g.s.Phase != hand.Complete || g.s.Seats[0].Won != 50 || g.total() != 1000 {
		t.Fatalf("phase %s won %d total %d", g.s.Phase, g.s.Seats[0].Won, g.total())
	}
}

// gr-regulation-1 §8 vector 23 (B.101, G3.11): a player still in the hand
// may not add chips; after folding he may.
func TestGRTableStakesTopUp(t *testing.T) {
	g := start(t, rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12), 0, []int64{80, 100, 100}, nil)
	if g.s.CanAddChips(0) {
		t.Fatal("top-up in the hand")
	}
	g.act(0, betting.Fold, 0)
	if !g.s.CanAddChips(0) {
		t.Fatal("no top-up after folding")
	}
}

// gr-regulation-1 §8 vector 20 (B.45, B.55): a shoe with a duplicate card
// (two 9♠) is defective and no hand starts from it.
func TestGRDefectiveShoeRejected(t *testing.T) {
	shoe := card.Deck(1)
	shoe[0] = card.MustParse("9s")
	_, _, err := deal(t, rules(t, profile.GR, profile.Holdem, betting.NoLimit, blinds12), hand.Setup{Button: 0, Players: []hand.Player{{Seat: 0, Stack: 10}, {Seat: 1, Stack: 10}},
		Posts: []hand.Post{{Seat: 1, Kind: hand.SmallBlind}, {Seat: 0, Kind: hand.BigBlind}}, Shoe: shoe})
	if apierr.Reason(err) != "BAD_SHOE" {
		t.Fatalf("duplicate card: %v", err)
	}
}

// gr-regulation-1 §8 vector 6 (B.7, B.10, B.63): FL €6/€12: BB €6, SB €2,
// €3 or €4; preflop and flop in €6 steps, turn and river in €12.
func TestGRFixedLimitDefaults(t *testing.T) {
	for _, sb := range []int64{200, 300, 400, 500} {
		r, _ := profile.Named(profile.GR, profile.Holdem, betting.FixedLimit)
		r = r.WithStakes(profile.Stakes{Currency: "EUR", Exponent: 2, Unit: 100, SmallBlind: sb, BigBlind: 600})
		if err := r.Validate(); (err == nil) != (sb != 500) {
			t.Fatalf("SB %d: %v", sb, err)
		}
		if r.StreetBet(0) != 600 || r.StreetBet(1) != 600 || r.StreetBet(2) != 1200 || r.StreetBet(3) != 1200 {
			t.Fatal("street bets")
		}
	}
}
