package stud_test

import (
	"reflect"
	"testing"

	"github.com/croupier/croupier/services/table/poker"
	"github.com/croupier/croupier/services/table/poker/betting"
	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/stud"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/card"
)

// arrange builds a shoe giving each seat the named cards in the order it
// receives them (every seat staying in), burns and the rest from the deck.
func arrange(t *testing.T, v stud.Variant, button int, seats []int, cards map[int]string) []card.Card {
	t.Helper()
	used := card.Set(0)
	per := map[int][]card.Card{}
	for s, str := range cards {
		cs, err := card.ParseString(str)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if used.Has(c) {
				t.Fatalf("%s twice", c)
			}
			used = used.Add(c)
		}
		per[s] = cs
	}
	var filler []card.Card
	for _, c := range card.Deck(1) {
		if !used.Has(c) {
			filler = append(filler, c)
		}
	}
	next := func() card.Card { c := filler[0]; filler = filler[1:]; return c }
	var order []int
	for k := 1; k <= 10; k++ {
		for _, s := range seats {
			if s == (button+k)%10 {
				order = append(order, s)
			}
		}
	}
	got := map[int]int{}
	var shoe []card.Card
	for _, st := range v.Schedule() {
		if st.Burn {
			shoe = append(shoe, next())
		}
		for range st.Down + st.Up {
			for _, s := range order {
				if got[s] < len(per[s]) {
					shoe = append(shoe, per[s][got[s]])
				} else {
					shoe = append(shoe, next())
				}
				got[s]++
			}
		}
	}
	return append(shoe, filler...)
}

type game struct {
	t *testing.T
	s *hand.State
}

func studRules(t *testing.T, name string, g profile.Game, st betting.Structure, stakes profile.Stakes) profile.Rules {
	t.Helper()
	r, err := profile.Named(name, g, st)
	if err != nil {
		t.Fatal(err)
	}
	r = r.WithStakes(stakes)
	r.Rake.Mode = 0
	return r
}

var grStakes = profile.Stakes{Unit: 1, Ante: 1, SmallBet: 10, BigBet: 20}
var ruStakes = profile.Stakes{Unit: 1, Ante: 1, BringIn: 5, SmallBet: 10, BigBet: 20}

func start(t *testing.T, r profile.Rules, button int, stacks []int64, shoe []card.Card, posts ...hand.Post) *game {
	t.Helper()
	setup := hand.Setup{ID: "s", Button: button, Shoe: shoe, Posts: posts}
	for i, s := range stacks {
		if s > 0 {
			setup.Players = append(setup.Players, hand.Player{Seat: i, Stack: s})
		}
	}
	if shoe == nil {
		setup.Shoe = card.Deck(1)
	}
	s, _, err := deal(t, r, setup)
	if err != nil {
		t.Fatal(err)
	}
	return &game{t: t, s: s}
}

// deal starts a hand under r, which must be valid, through the engines'
// one entry.
func deal(t *testing.T, r profile.Rules, setup hand.Setup) (*hand.State, []hand.Event, error) {
	t.Helper()
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	s := new(hand.State)
	ev, err := poker.Start(r, setup, s)
	return s, ev, err
}

func (g *game) act(seat int, k betting.Kind, amount int64) {
	g.t.Helper()
	if _, err := poker.Apply(g.s, hand.Action{Seat: seat, Kind: k, Amount: amount}); err != nil {
		g.t.Fatalf("seat %d %s %d: %v", seat, k, amount, err)
	}
}

func (g *game) toAct(seat int) {
	g.t.Helper()
	if got := g.s.ToAct(); got != seat {
		g.t.Fatalf("to act %d, want %d", got, seat)
	}
}

func (g *game) legal(seat int) map[betting.Kind]betting.Legal {
	out := map[betting.Kind]betting.Legal{}
	for _, l := range g.s.Legal(seat, nil) {
		out[l.Kind] = l
	}
	return out
}

func (g *game) kinds(seat int) []betting.Kind {
	var out []betting.Kind
	for _, l := range g.s.Legal(seat, nil) {
		out = append(out, l.Kind)
	}
	return out
}

// checkRound checks (or calls) around until the street changes.
func (g *game) checkRound() {
	g.t.Helper()
	street := g.s.Street
	for g.s.ToAct() >= 0 && g.s.Street == street {
		k := betting.Call
		for _, l := range g.s.Legal(g.s.ToAct(), nil) {
			if l.Kind == betting.Check {
				k = betting.Check
			}
		}
		g.act(g.s.ToAct(), k, 0)
	}
}

// docs/rules/gr-variant-5-card-stud.md §7 vector 1 (R1, Γ suit order): up cards S1 9♥,
// S2 3♦, S3 3♣, S4 K♠: S3 must open with at least the table minimum, and
// may not fold or check (no bring-in in the Greek text).
func TestGR5StudV1LowestUpCardOpens(t *testing.T) {
	v := stud.Variant{}
	r := studRules(t, profile.GR, profile.FiveCardStud, betting.FixedLimit, grStakes)
	shoe := arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "2c 9h", 1: "2d 3d", 2: "2h 3c", 3: "2s Ks"})
	g := start(t, r, 3, []int64{100, 100, 100, 100}, shoe)
	g.toAct(2)
	if got := g.kinds(2); !reflect.DeepEqual(got, []betting.Kind{betting.Bet}) {
		t.Fatalf("opener may %v, want bet only", got)
	}
	if l := g.legal(2)[betting.Bet]; l.Min != 10 || l.Max != 10 {
		t.Fatalf("opening bet %+v", l)
	}
	_, err := poker.Apply(g.s, hand.Action{Seat: 2, Kind: betting.Fold})
	if apierr.Reason(err) != "FOLD_NOT_ALLOWED" {
		t.Fatalf("fold: %v", err)
	}
	g.act(2, betting.Bet, 10)
	g.toAct(3)
	if got := g.kinds(3); !reflect.DeepEqual(got, []betting.Kind{betting.Fold, betting.Call, betting.Raise}) {
		t.Fatalf("next player %v", got)
	}
}

// docs/rules/gr-variant-7-card-stud.md §7 vector 1: up cards S1 2♥, S2 2♣, S3 A♦,
// S4 9♠: S2 (2♣) opens; the ace is high.
func TestGR7StudV1LowestUpCardClubsFirst(t *testing.T) {
	v := stud.Variant{Seven: true}
	r := studRules(t, profile.GR, profile.SevenCardStud, betting.FixedLimit, grStakes)
	shoe := arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "3c 3d 2h", 1: "3h 3s 2c", 2: "4c 4d Ad", 3: "4h 4s 9s"})
	g := start(t, r, 3, []int64{100, 100, 100, 100}, shoe)
	g.toAct(1)
}

// 5-card stud vector 2 and 7-card stud vector 2: a blind game opens after
// the big blind.
func TestGRStudBlindGameOpensAfterBigBlind(t *testing.T) {
	for _, g := range []profile.Game{profile.FiveCardStud, profile.SevenCardStud} {
		st := profile.Stakes{Unit: 1, SmallBlind: 5, BigBlind: 10}
		r := studRules(t, profile.GR, g, betting.FixedLimit, st)
		gm := start(t, r, 0, []int64{100, 100, 100, 100}, nil,
			hand.Post{Seat: 1, Kind: hand.SmallBlind}, hand.Post{Seat: 2, Kind: hand.BigBlind})
		gm.toAct(3)
	}
}

// 5-card stud vectors 3–4 (R2, N8): a pair beats no pair; equal
// combinations go to the highest suit (K♠ over K♥).
func TestGR5StudLeaderByUpCards(t *testing.T) {
	v := stud.Variant{}
	r := studRules(t, profile.GR, profile.FiveCardStud, betting.FixedLimit, grStakes)
	shoe := arrange(t, v, 2, []int{0, 1, 2}, map[int]string{0: "2c 9h 9c", 1: "2d As Ks", 2: "2h Qd Jd"})
	g := start(t, r, 2, []int64{100, 100, 100}, shoe)
	g.act(g.s.ToAct(), betting.Bet, 10)
	g.checkRound()
	g.toAct(0)

	shoe = arrange(t, v, 2, []int{0, 1, 2}, map[int]string{0: "2c Kh 7d", 1: "2d Ks 7c", 2: "2h 3c 4d"})
	g = start(t, r, 2, []int64{100, 100, 100}, shoe)
	g.act(g.s.ToAct(), betting.Bet, 10)
	g.checkRound()
	g.toAct(1)
}

// 5-card stud vector 5 (item 6): the best up cards belong to an all-in
// player: the player on his left leads.
func TestGR5StudAllInLeaderPassesLeft(t *testing.T) {
	v := stud.Variant{}
	r := studRules(t, profile.GR, profile.FiveCardStud, betting.FixedLimit, grStakes)
	// Seat 1 holds the aces and goes all-in on the first round.
	shoe := arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "2c 5h 6h", 1: "2d Ac As", 2: "2h 7c 8d", 3: "2s 9c 4d"})
	g := start(t, r, 3, []int64{100, 11, 100, 100}, shoe)
	g.toAct(0) // 5♥ is the lowest up card
	g.act(0, betting.Bet, 10)
	for g.s.Street == 0 {
		seat := g.s.ToAct()
		if seat == 1 {
			g.act(1, betting.AllIn, 0)
			continue
		}
		g.act(seat, betting.Call, 0)
	}
	if g.s.Street != 1 {
		t.Fatalf("street %d", g.s.Street)
	}
	g.toAct(2)
}

// 7-card stud vectors 3–4 (R2.4, N5) and docs/rules/betting-rules-ru-sports.md V19:
// 10/20 limit: an open pair on 4th street lets the first bet be 10 or 20;
// without one it is 10; 5th street on is 20.
func TestGR7StudOpenPair(t *testing.T) {
	v := stud.Variant{Seven: true}
	r := studRules(t, profile.GR, profile.SevenCardStud, betting.FixedLimit, grStakes)
	shoe := arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "3c 3d 2c 5h", 1: "3h 3s 7c 6h", 2: "4c 4d Ad As", 3: "4h 4s 9s 8h"})
	g := start(t, r, 3, []int64{200, 200, 200, 200}, shoe)
	g.act(0, betting.Bet, 10)
	g.checkRound()
	g.toAct(2) // A♦ A♠ leads
	if l := g.legal(2)[betting.Bet]; l.Min != 10 || l.Max != 20 || l.Step != 10 {
		t.Fatalf("open pair bet %+v, want 10 or 20", l)
	}
	g.act(2, betting.Bet, 20)
	if l := g.legal(3)[betting.Raise]; l.Min != 40 || l.Max != 40 {
		t.Fatalf("raise after a big bet %+v, want to 40", l)
	}
	g.checkRound()
	if l := g.legal(g.s.ToAct())[betting.Bet]; l.Min != 20 || l.Max != 20 {
		t.Fatalf("5th street bet %+v", l)
	}

	shoe = arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "3c 3d 2c 5h", 1: "3h 3s 7c 6h", 2: "4c 4d Ad Ks", 3: "4h 4s 9s 8h"})
	g = start(t, r, 3, []int64{200, 200, 200, 200}, shoe)
	g.act(0, betting.Bet, 10)
	g.checkRound()
	if l := g.legal(g.s.ToAct())[betting.Bet]; l.Min != 10 || l.Max != 10 {
		t.Fatalf("no open pair: bet %+v, want 10", l)
	}
}

// docs/rules/betting-rules-ru-sports.md D15 and §5.8.3 in the engine: the low card
// brings in for 5 or completes to 10; next: fold, call 5 or complete.
func TestRU7StudBringIn(t *testing.T) {
	v := stud.Variant{Seven: true}
	r := studRules(t, profile.RUSport, profile.SevenCardStud, betting.FixedLimit, ruStakes)
	shoe := arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "3c 3d 9h", 1: "3h 3s 2c", 2: "4c 4d Ad", 3: "4h 4s 9s"})
	g := start(t, r, 3, []int64{200, 200, 200, 200}, shoe)
	g.toAct(1)
	if got := g.kinds(1); !reflect.DeepEqual(got, []betting.Kind{betting.BringIn, betting.Complete}) {
		t.Fatalf("bring-in options %v", got)
	}
	g.act(1, betting.BringIn, 0)
	if got := g.kinds(2); !reflect.DeepEqual(got, []betting.Kind{betting.Fold, betting.Call, betting.Complete}) {
		t.Fatalf("after the bring-in %v", got)
	}
	if l := g.legal(2)[betting.Call]; l.Min != 5 {
		t.Fatalf("call %+v", l)
	}
	g.act(2, betting.Call, 0)
	g.act(3, betting.Call, 0)
	g.act(0, betting.Call, 0)
	// Everyone called the bring-in: the round is over, no option for it.
	if g.s.Street != 1 {
		t.Fatalf("street %d", g.s.Street)
	}
	if g.total() != 800 {
		t.Fatalf("chips %d", g.total())
	}
}

// §5 stud all-in (§6.5.4): the low card is all-in from the ante; the next
// player brings in, completes or folds.
func TestRUStudAllInLowCardPassesBringIn(t *testing.T) {
	v := stud.Variant{Seven: true}
	r := studRules(t, profile.RUSport, profile.SevenCardStud, betting.FixedLimit, ruStakes)
	shoe := arrange(t, v, 3, []int{0, 1, 2, 3}, map[int]string{0: "3c 3d 9h", 1: "3h 3s 2c", 2: "4c 4d Ad", 3: "4h 4s 9s"})
	g := start(t, r, 3, []int64{200, 1, 200, 200}, shoe)
	g.toAct(2)
	if got := g.kinds(2); !reflect.DeepEqual(got, []betting.Kind{betting.Fold, betting.BringIn, betting.Complete}) {
		t.Fatalf("replacement opener %v", got)
	}
}

// docs/rules/gr-variant-5-card-stud.md I6 / N7: a seat folded with no bet facing still
// receives a card (to the discards) until the next bet is made.
func TestGR5StudFoldedSeatDealtUntilBet(t *testing.T) {
	r := studRules(t, profile.GR, profile.FiveCardStud, betting.FixedLimit, grStakes)
	g := start(t, r, 3, []int64{100, 100, 100, 100}, nil)
	g.act(g.s.ToAct(), betting.Bet, 10)
	g.checkRound()
	leader := g.s.ToAct()
	g.act(leader, betting.Fold, 0) // check round: fold with no bet facing
	if !g.s.Seats[leader].Dead {
		t.Fatal("folded in a check round: not marked dead")
	}
	g.checkRound()
	discards := 0
	for _, d := range g.s.Deals {
		if d.Seat == hand.ToDiscard {
			discards++
		}
	}
	if discards != 1 {
		t.Fatalf("%d cards to the discards, want 1", discards)
	}
	g.act(g.s.ToAct(), betting.Bet, 20) // a bet: no more cards to the dead seat
	if g.s.Seats[leader].Dead {
		t.Fatal("still dealt after a bet")
	}
}

// docs/rules/gr-variant-5-card-stud.md §7 vector 11 (R4, N10; gr-regulation-1 B.33):
// the stub runs short on the last card: the burns go back; if still short,
// a burn and one common card for everyone, which does not count for who
// leads (I7).
func TestGR5StudDeckShortage(t *testing.T) {
	r := studRules(t, profile.GR, profile.FiveCardStud, betting.FixedLimit, grStakes)
	shoe := card.Deck(1)[:19] // 4 players: 8 + 5 + 5 = 18, then 1 card left
	g := start(t, r, 3, []int64{100, 100, 100, 100}, shoe)
	g.act(g.s.ToAct(), betting.Bet, 10)
	for g.s.Phase == hand.Betting {
		g.checkRound()
	}
	if g.s.Board.N != 1 {
		t.Fatalf("common cards %d, want 1", g.s.Board.N)
	}
	for seat := range 4 {
		if g.s.Seats[seat].Cards.N != 4 {
			t.Fatalf("seat %d holds %d cards, want 4 + the common card", seat, g.s.Seats[seat].Cards.N)
		}
	}
	// Every card is dealt once, except burns shuffled back, which may be
	// dealt once more.
	seen, burnt := card.Set(0), card.Set(0)
	for _, d := range g.s.Deals {
		if d.Seat == hand.Recycled {
			seen &^= burnt
			burnt = 0
			continue
		}
		if d.Seat == hand.ToBurn {
			burnt = burnt.Add(d.Card)
		}
		if seen.Has(d.Card) {
			t.Fatalf("%s dealt twice", d.Card)
		}
		seen = seen.Add(d.Card)
	}
}

// The caller shows first in stud (docs/rules/gr-variant-5-card-stud.md SD 1, N5).
func TestGRStudCallerShowsFirst(t *testing.T) {
	r := studRules(t, profile.GR, profile.SevenCardStud, betting.FixedLimit, grStakes)
	r.Options.Muck = profile.ShowAll
	g := start(t, r, 3, []int64{200, 200, 200, 200}, nil)
	g.act(g.s.ToAct(), betting.Bet, 10)
	for g.s.Street < 4 {
		g.checkRound()
	}
	bettor := g.s.ToAct()
	g.act(bettor, betting.Bet, 20)
	var caller int
	for g.s.Phase == hand.Betting {
		caller = g.s.ToAct()
		g.act(caller, betting.Call, 0)
	}
	if g.s.ShowOrder[0] != caller {
		t.Fatalf("show order %v, want the last caller %d first", g.s.ShowOrder, caller)
	}
}

// Stud up cards are public, down cards private.
func TestStudUpCardsPublic(t *testing.T) {
	r := studRules(t, profile.GR, profile.SevenCardStud, betting.FixedLimit, grStakes)
	_, ev, err := deal(t, r, hand.Setup{Button: 0, Players: []hand.Player{{Seat: 0, Stack: 50}, {Seat: 1, Stack: 50}}, Shoe: card.Deck(1)})
	if err != nil {
		t.Fatal(err)
	}
	events := 0
	for _, x := range ev {
		if x.Kind != hand.EvDealt {
			continue
		}
		events++
		// Two cards down, the third up (3rd street).
		if x.Cards.N != 3 || x.Up != 0b100 || !x.Private {
			t.Fatalf("3rd street deal %+v", x)
		}
		o := x.For(-1)
		if o.Cards.C[0] != hand.Hidden || o.Cards.C[1] != hand.Hidden || o.Cards.C[2] != x.Cards.C[2] {
			t.Fatalf("observer sees %s of %s", o.Cards, x.Cards)
		}
		if x.For(x.Seat).Cards != x.Cards {
			t.Fatal("the seat does not see its own cards")
		}
	}
	if events != 2 {
		t.Fatalf("%d deal events", events)
	}
}

func (g *game) total() int64 {
	var sum int64
	for i := range g.s.Seats {
		sum += g.s.Stack(i)
		if !g.s.Phase.Over() {
			sum += g.s.Round.Seats[i].Total
		}
	}
	return sum + g.s.Rake + g.s.Held
}
