package seating

import (
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/shared/card"
)

func table(t *testing.T, name string, first int, seats ...int) *Table {
	t.Helper()
	r, err := profile.Named(name, profile.Holdem, betting.NoLimit)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10})
	r.Rake.Mode = 0
	tb := New(r, first)
	for _, s := range seats {
		if err := tb.Sit(s, "p"+string(rune('0'+s)), "", 1000, InPlay); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// play plans and plays a hand (everyone folds to the big blind, or a
// misdeal/refusal when cmd is set) and finishes it.
func play(t *testing.T, tb *Table, cmd hand.Command, refuser int) Plan {
	t.Helper()
	p, err := tb.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Rules.Validate(); err != nil {
		t.Fatal(err)
	}
	s := new(hand.State)
	if _, err := poker.Start(tb.Rules, p.Setup("h", card.Deck(1)), s); err != nil {
		t.Fatalf("plan %+v: %v", p, err)
	}
	if cmd != hand.NoCommand {
		if _, err := poker.Apply(s, hand.Action{Command: cmd, Seat: refuser}); err != nil {
			t.Fatal(err)
		}
	}
	for s.ToAct() >= 0 {
		if _, err := poker.Apply(s, hand.Action{Seat: s.ToAct(), Kind: betting.Fold}); err != nil {
			t.Fatal(err)
		}
	}
	tb.Finish(p, s)
	return p
}

func dealt(p Plan) []int {
	var out []int
	for _, pl := range p.Players {
		out = append(out, pl.Seat)
	}
	return out
}

// gr-regulation-1 §8 vector 4 (B.10, B.63, B.107): six players in seats
// 1–6, the button at seat 3: SB 4, BB 5, UTG 6; next hand button 4, SB 5,
// BB 6, UTG 1.
func TestGRBlindPositionsMove(t *testing.T) {
	tb := table(t, profile.GR, 2, 0, 1, 2, 3, 4, 5)
	p := play(t, tb, 0, 0)
	if p.Button != 2 || p.SmallBlind != 3 || p.BigBlind != 4 {
		t.Fatalf("first hand %+v", p)
	}
	p, _ = tb.Plan()
	if p.Button != 3 || p.SmallBlind != 4 || p.BigBlind != 5 {
		t.Fatalf("second hand %+v", p)
	}
}

// gr-regulation-2 §12.2 "Dead button" (G4.6): BTN 1, SB 2, BB 3 and seat 2
// leaves before posting: this hand seat 3 posts the BB and there is no SB;
// next hand the button is on the empty seat 2, seat 3 posts SB, seat 4 BB.
func TestGRDeadButton(t *testing.T) {
	tb := table(t, profile.GR, 9, 0, 1, 2, 3, 4, 9)
	play(t, tb, 0, 0) // button 9, SB 0, BB 1
	tb.Leave(1)       // seat 2 (index 1) was to post the small blind
	p := play(t, tb, 0, 0)
	if p.Button != 0 || p.SmallBlind != -1 || p.BigBlind != 2 {
		t.Fatalf("hand without SB %+v", p)
	}
	p, _ = tb.Plan()
	if p.Button != 1 || p.SmallBlind != 2 || p.BigBlind != 3 {
		t.Fatalf("next hand %+v, want button on the empty seat 1, SB 2, BB 3", p)
	}
	if tb.Seats[1].Occupied() {
		t.Fatal("the dead button seat is empty")
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §5.5: the moving button; both blinds every
// hand, even when a seat empties.
func TestCZMovingButtonBothBlinds(t *testing.T) {
	tb := table(t, profile.CZ, 8, 0, 1, 2, 3, 8)
	play(t, tb, 0, 0) // button 8, SB 0, BB 1
	tb.Leave(1)
	p := play(t, tb, 0, 0)
	if p.Button != 0 || p.SmallBlind != 2 || p.BigBlind != 3 {
		t.Fatalf("%+v, want button 0, SB 2, BB 3", p)
	}
}

// gr-regulation-2 §12.2 "Seat-change penalty" (G4.5, N18): players in
// seats 1–9; moving from 3 to 7 passes 4, 5 and 6 (three): wait for the
// big blind or post one; from 3 to 6 passes two: no penalty.
func TestGRSeatChangePenalty(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 1, 2, 3, 4, 5, 7, 8)
	play(t, tb, 0, 0)
	if err := tb.ChangeSeat(2, 6, false); err != nil {
		t.Fatal(err)
	}
	if tb.Seats[6].Entry != WaitBB {
		t.Fatalf("entry %d, want wait for the big blind", tb.Seats[6].Entry)
	}
	tb = table(t, profile.GR, 0, 0, 1, 2, 3, 4, 6, 7, 8)
	play(t, tb, 0, 0)
	if err := tb.ChangeSeat(2, 5, false); err != nil {
		t.Fatal(err)
	}
	if tb.Seats[5].Entry != InPlay {
		t.Fatal("two seats on: no penalty")
	}
	// Posting the penalty big blind deals him in at once.
	tb = table(t, profile.GR, 0, 0, 1, 2, 3, 4, 5, 7, 8)
	play(t, tb, 0, 0)
	if err := tb.ChangeSeat(2, 6, true); err != nil {
		t.Fatal(err)
	}
	p, _ := tb.Plan()
	if !reflect.DeepEqual(postsOf(p, 6), []hand.PostKind{hand.LiveBlind}) {
		t.Fatalf("posts of the mover %v", postsOf(p, 6))
	}
}

func postsOf(p Plan, seat int) []hand.PostKind {
	var out []hand.PostKind
	for _, x := range p.Posts {
		if x.Seat == seat {
			out = append(out, x.Kind)
		}
	}
	return out
}

// gr-regulation-2 G4.7 / N14: a new player waits for the big blind or posts
// one; he is not dealt in on the button without posting.
func TestGRNewPlayerEntry(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 1, 2, 3)
	play(t, tb, 0, 0) // button 0, SB 1, BB 2
	if err := tb.Sit(5, "new", "", 500, WaitBB); err != nil {
		t.Fatal(err)
	}
	p := play(t, tb, 0, 0) // button 1, SB 2, BB 3
	for _, s := range dealt(p) {
		if s == 5 {
			t.Fatal("a waiting player was dealt in before his big blind")
		}
	}
	p = play(t, tb, 0, 0) // BB reaches seat 5
	if p.BigBlind != 5 {
		t.Fatalf("big blind %d, want the newcomer", p.BigBlind)
	}
	if err := tb.Sit(4, "poster", "", 500, PostNow); err != nil {
		t.Fatal(err)
	}
	p, _ = tb.Plan()
	if !reflect.DeepEqual(postsOf(p, 4), []hand.PostKind{hand.LiveBlind}) {
		t.Fatalf("newcomer posting now: %v", postsOf(p, 4))
	}
	// On the button seat he waits.
	tb = table(t, profile.GR, 0, 0, 1, 2, 3)
	play(t, tb, 0, 0)
	play(t, tb, 0, 0) // button now at 1
	tb.Leave(2)
	if err := tb.Sit(2, "late", "", 500, PostNow); err != nil {
		t.Fatal(err)
	}
	p, _ = tb.Plan()
	if p.Button != 2 {
		t.Fatalf("button %d", p.Button)
	}
	for _, s := range dealt(p) {
		if s == 2 {
			t.Fatal("dealt in on the button without posting (G4.7)")
		}
	}
}

// docs/rules/cz-cash-game-texas-holdem.md §10 vector 9 (§5.6): a player who missed the
// blinds returns: in the small blind he posts SB dead and BB live; in the
// big blind the big blind only; on the button the button moves on and he
// posts the big blind.
func TestCZMissedBlinds(t *testing.T) {
	setup := func() *Table {
		tb := table(t, profile.CZ, 0, 0, 1, 2, 3, 4, 5)
		play(t, tb, 0, 0) // button 0, SB 1, BB 2
		tb.SitOut(4)
		play(t, tb, 0, 0) // button 1, SB 2, BB 3
		play(t, tb, 0, 0) // button 2, SB 3, BB 5: seat 4 missed the BB
		if !tb.Seats[4].MissedBig {
			t.Fatal("seat 4 did not miss the big blind")
		}
		return tb
	}
	// In the small blind: SB dead and BB live.
	tb := setup()
	tb.SitIn(4, true)
	p, _ := tb.Plan() // button 3, SB 4
	if p.SmallBlind != 4 || !reflect.DeepEqual(postsOf(p, 4), []hand.PostKind{hand.DeadSmall, hand.LiveBlind}) {
		t.Fatalf("return in the small blind: %+v", p)
	}

	// On the button: the button moves on and he posts the big blind.
	tb = setup()
	play(t, tb, 0, 0) // button 3, SB 5, BB 0 (seat 4 still away)
	tb.SitIn(4, true)
	p, _ = tb.Plan()
	if p.Button != 5 || !reflect.DeepEqual(postsOf(p, 4), []hand.PostKind{hand.LiveBlind}) {
		t.Fatalf("return on the button: %+v", p)
	}

	// Out of position: the big blind, live.
	tb = setup()
	play(t, tb, 0, 0) // button 3
	play(t, tb, 0, 0) // button 5
	tb.SitIn(4, true)
	p, _ = tb.Plan() // button 0, SB 1, BB 2
	if p.Button != 0 || !reflect.DeepEqual(postsOf(p, 4), []hand.PostKind{hand.LiveBlind}) {
		t.Fatalf("return out of position: %+v", p)
	}

	// In the big blind: just the big blind.
	tb = setup()
	for range 4 {
		play(t, tb, 0, 0) // buttons 3, 5, 0, 1
	}
	tb.SitIn(4, true)
	p, _ = tb.Plan() // button 2, SB 3, BB 4
	if p.BigBlind != 4 || !reflect.DeepEqual(postsOf(p, 4), []hand.PostKind{hand.BigBlind}) {
		t.Fatalf("return in the big blind: %+v", p)
	}
	play(t, tb, 0, 0)
	if tb.Seats[4].MissedBig {
		t.Fatal("the debt was not cleared")
	}
}

// gr-regulation-1 §8 vector 5 (B.8(c)): the big blind refuses to post: the
// hand is void, the button stays, and he is dealt out for a round.
func TestGRRefusalDealtOutForARound(t *testing.T) {
	tb := table(t, profile.GR, 2, 0, 1, 2, 3, 4, 5)
	p := play(t, tb, hand.CmdRefusePost, 4)
	if p.Button != 2 {
		t.Fatal(p)
	}
	next, _ := tb.Plan()
	if next.Button != 2 {
		t.Fatalf("button moved to %d after a cancelled hand", next.Button)
	}
	for _, s := range dealt(next) {
		if s == 4 {
			t.Fatal("the refuser was dealt in")
		}
	}
	for range 6 {
		play(t, tb, 0, 0)
	}
	p, _ = tb.Plan()
	if len(dealt(p)) != 6 {
		t.Fatalf("after a round he plays again: dealt %v", dealt(p))
	}
}

// gr-regulation-2 G2 (INV-05): after a misdeal the redeal has the same
// button and the same first card recipient.
func TestGRMisdealKeepsButton(t *testing.T) {
	tb := table(t, profile.GR, 2, 0, 1, 2, 3)
	p := play(t, tb, hand.CmdMisdeal, 0)
	q, _ := tb.Plan()
	if !reflect.DeepEqual(p, q) {
		t.Fatalf("redeal plan %+v, want %+v", q, p)
	}
}

// gr-regulation-1 B.57: heads-up, the literal rule puts the big blind on
// the button; the big blind alternates so nobody posts it twice running.
func TestHeadsUpRotation(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 5)
	p := play(t, tb, 0, 0)
	if p.Button != p.BigBlind {
		t.Fatalf("GR heads-up %+v: the button posts the big blind", p)
	}
	q := play(t, tb, 0, 0)
	if q.BigBlind == p.BigBlind {
		t.Fatal("the same player posted the big blind twice")
	}
	tb = table(t, profile.RUSport, 0, 0, 5)
	p = play(t, tb, 0, 0)
	if p.Button != p.SmallBlind {
		t.Fatalf("standard heads-up %+v: the button posts the small blind", p)
	}
}

// docs/rules/ru-club-poker.md T3, cz §10 vector 7 (§5.1), gr-regulation-1 §8 vector 3
// (B.20(b)): the highest card takes the button, spades over hearts.
func TestButtonDraw(t *testing.T) {
	if got := Draw(map[int]card.Card{1: card.MustParse("Kh"), 4: card.MustParse("Ks"), 6: card.MustParse("2c")}); got != 4 {
		t.Fatalf("K♠ vs K♥: seat %d", got)
	}
	if got := Draw(map[int]card.Card{0: card.MustParse("9h"), 3: card.MustParse("Kh"), 5: card.MustParse("Ah")}); got != 5 {
		t.Fatalf("9♥ K♥ A♥: seat %d", got)
	}
}

// gr-regulation-2 §8 mode 2 (G6.1): a time charge per seated player,
// sitting-out players included.
func TestTimeCharge(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 1, 2)
	tb.Rules.Rake.Mode, tb.Rules.Rake.Charge = 2, 300
	tb.SitOut(2)
	got := tb.TimeCharges()
	if len(got) != 3 || got[2] != 300 || tb.Seats[2].Stack != 700 {
		t.Fatalf("charges %v", got)
	}
}

// gr-regulation-1 A.2: a hand needs two players.
func TestBrokenGame(t *testing.T) {
	tb := table(t, profile.GR, 0, 0, 1)
	tb.SitOut(1)
	if _, err := tb.Plan(); err == nil {
		t.Fatal("planned a hand for one player")
	}
}

// A dead small blind's position wraps at the table's size: with the
// button in the last seat of a 9-seat table and the big blind in seat 1,
// the small blind's position is seat 0 — never seat 9, which the table
// does not have (every later deal failed with BAD_BUTTON; found by the
// tournament e2e).
func TestSmallPositionWrapsAtTheTableSize(t *testing.T) {
	for _, c := range []struct{ size, button, big, want int }{
		{9, 8, 1, 0},
		{9, 7, 0, 8},
		{10, 8, 1, 9},
		{6, 5, 1, 0},
	} {
		tb := &Table{}
		tb.Rules.MaxSeats = c.size
		if got := tb.smallPosition(Plan{Button: c.button, BigBlind: c.big, SmallBlind: -1}); got != c.want {
			t.Errorf("%d seats, button %d, big blind %d: small position %d, want %d", c.size, c.button, c.big, got, c.want)
		}
	}
}
