package casinoholdem

import (
	"strings"
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/rank/banked"
	"github.com/croupier/croupier/shared/rtp/casinopoker"
)

// The ru profile is ru-texas-holdem-casino.md's defaults: six boxes
// (§2.3), cards face down (§3.12) one at a time (N5), no burns, both hole
// cards (N1), the Bonus settled on a pass (§3.13–3.15), two light boxes a
// player with equal Antes (§2.4–2.5), no dark play until allowed (§2.6);
// the Ante table §7's placeholder, labelled so (§4.15 is missing), the
// Bonus 7:1 on every line (§6, N2).
func TestNamedRU(t *testing.T) {
	r, err := Named(RU)
	if err != nil {
		t.Fatal(err)
	}
	want := Options{DealOrder: ByRound, MustUseBothHoleCards: true, FoldSettlesBonus: true, LightBoxes: 2, EqualAntes: true}
	if r.Options != want || r.Boxes != 6 || r.Paytables != RUPaytables() {
		t.Fatalf("%+v", r)
	}
	p := r.Paytables
	if !strings.Contains(p.AnteSource, "placeholder") || !strings.Contains(p.AnteSource, "§4.15 missing") {
		t.Errorf("the Ante table's source %q does not say it is a placeholder", p.AnteSource)
	}
	for _, l := range AABonusLines() {
		if *p.AABonus.at(l) != (Ratio{7, 1}) {
			t.Errorf("ru §6: the Bonus pays %s on %s, want 7:1", *p.AABonus.at(l), l)
		}
	}
	if p.Ante != GRPaytables().Ante {
		t.Errorf("the placeholder is §7's table: %+v", p.Ante)
	}
	r = profileRules(t, RU, "ante_pays.flush", "3:1")
	if r.Paytables.AnteSource != SourceOperator {
		t.Errorf("an operator's line: source %q", r.Paytables.AnteSource)
	}
	r.Boxes = 7
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "boxes 7") {
		t.Errorf("ru §2.3, 1–6 boxes: %v", err)
	}
	if got := Profiles(); len(got) != 2 || got[0] != GR || got[1] != RU {
		t.Errorf("profiles %v", got)
	}
}

// docs/rtp-casino-poker.md prices the ru game ("ru main, optimal ...
// 95.8410 %") with shared/rtp/casinopoker's RussianHoldem and the Bonus
// with RussianBonus: the engine's ru defaults are those tables and that
// hand rule, so the figures are the engine's.
func TestRUPaytablesAreTheRTPs(t *testing.T) {
	r := profileRules(t, RU)
	h := casinopoker.RussianHoldem()
	for l, x := range h.Ante {
		if q := *r.Paytables.Ante.at(l); float64(q.Num)/float64(q.Den) != x {
			t.Errorf("Ante %s: the engine pays %s, casinopoker prices %v", l, q, x)
		}
	}
	if len(h.Ante) != len(AnteLines())+1 { // AceKing is a high card here
		t.Errorf("casinopoker prices %d Ante lines", len(h.Ante))
	}
	if h.Eval != casinopoker.TwoPlusThree || !r.Options.MustUseBothHoleCards || h.Qualifier != banked.PairOfFoursOrBetter {
		t.Errorf("hand rule %v, qualifier %v; the engine's both-hole-cards %v", h.Eval, h.Qualifier, r.Options.MustUseBothHoleCards)
	}
	bonus := casinopoker.RussianBonus()[banked.BonusPairOfAcesOrBetter]
	for _, l := range AABonusLines() {
		if q := *r.Paytables.AABonus.at(l); float64(q.Num)/float64(q.Den) != bonus {
			t.Errorf("Bonus %s: %s, casinopoker prices %v", l, q, bonus)
		}
	}
}

// ru §2.4–2.5: one player plays at most two boxes in the light, with
// equal Antes.
func TestRULightBoxes(t *testing.T) {
	g := newGame(t, profileRules(t, RU))
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 10))
	g.refuse(place("ann", 2, BetAnte, 20), ReasonUnequalAntes)
	g.do(place("ann", 2, BetAnte, 10))
	g.refuse(place("ann", 3, BetAnte, 10), ReasonLightBoxes)
	// Both Antes changed in one placement keep them equal.
	g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a1", Spot: Spot(1, BetAnte), Amount: 30}, {ID: "a2", Spot: Spot(2, BetAnte), Amount: 30},
	}})
	g.do(place("ben", 3, BetAnte, 50))
	// gr limits nothing.
	g = newGame(t, rules(t))
	g.open("ann 1 10", "ann 2 20", "ann 3 30")
}

// ru §2.6, §3.10: a dark box has its Bet (2 × Ante) placed with its Ante
// before the deal, takes no decision, and nobody sees its cards until
// the showdown shows them; dark boxes beyond the light two are the
// table's option, none by default.
func TestRUDarkBox(t *testing.T) {
	dark := Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "d", Spot: Spot(1, BetAnte), Amount: 10}, {ID: "dc", Spot: Spot(1, BetCall), Amount: 20},
	}}
	g := newGame(t, profileRules(t, RU))
	g.do(Command{Kind: CmdOpen})
	g.refuse(dark, round.ReasonBadSpot)

	g = newGame(t, profileRules(t, RU, "max_dark_boxes", "1"))
	g.open("ann 2 10", "ann 3 10")
	g.refuse(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "x", Spot: Spot(1, BetCall), Amount: 20}}}, ReasonNoAnte)
	bad := dark
	bad.Bets = []round.Bet{dark.Bets[0], {ID: "dc", Spot: Spot(1, BetCall), Amount: 30}}
	g.refuse(bad, ReasonBadAmount)
	g.do(dark)
	g.refuse(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "e", Spot: Spot(4, BetAnte), Amount: 10}, {ID: "ec", Spot: Spot(4, BetCall), Amount: 20},
	}}, ReasonDarkBoxes)
	// The dark Bet taken back alone would make a third light box.
	g.refuse(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"dc"}}, ReasonLightBoxes)
	g.do(place("ann", 1, BetAABonus, 5))

	g.deal("Ac", "2c", "3c", "Qh", "Ad", "2d", "3d", "Jh", "Ks", "7h", "2s")
	for _, e := range g.events(EvDealt) {
		if e.Box == 1 && e.Vis != Hidden {
			t.Errorf("a dark box's card marked %s (ru §3.10)", e.Vis)
		}
	}
	if g.s.Turn.Box != 2 {
		t.Fatalf("turn %+v: the dark box does not decide", g.s.Turn)
	}
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Fold}, ReasonAlreadyDecided)
	g.decide("ann", 2, Fold)
	g.decide("ann", 3, Fold)
	g.cards("9d", "4s")
	g.settled()
	if h := g.shownHand(1); !strings.Contains(h, "Aces") {
		t.Errorf("the dark box shows %q", h)
	}
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/call", 20, 0, 20, 0)
	g.wantLine("box:1/aa_bonus", 5, 35, 5, 0)
	if l := g.line("box:1/call"); l.BetID != "dc" {
		t.Errorf("the dark Bet's line under %q", l.BetID)
	}
}

// ru §3.10: a table of dark boxes only goes from the flop to the turn
// and the river without a decision; an Ante's cancel takes its dark Bet
// along.
func TestRUAllDark(t *testing.T) {
	g := newGame(t, profileRules(t, RU, "max_dark_boxes", "2"))
	g.do(Command{Kind: CmdOpen})
	g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "d", Spot: Spot(1, BetAnte), Amount: 10}, {ID: "dc", Spot: Spot(1, BetCall), Amount: 20},
		{ID: "e", Spot: Spot(2, BetAnte), Amount: 10}, {ID: "ec", Spot: Spot(2, BetCall), Amount: 20},
	}})
	evs := g.do(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"e"}})
	if len(evs) != 1 || len(evs[0].Bets) != 2 || len(g.s.Bets) != 2 {
		t.Fatalf("the cancel: %+v; bets %+v", evs, g.s.Bets)
	}
	g.deal("Ac", "Qh", "Ad", "Jh", "Ks", "7h", "2s")
	g.nextIs(ToBoard, 0)
	g.cards("9d", "4s")
	g.settled()
	if len(g.s.Decisions) != 0 || len(g.events(EvTurn)) != 0 {
		t.Errorf("decisions %+v", g.s.Decisions)
	}
}

// ru §2.4–2.5: Legal lists an Ante on a new box while the player may play
// another light box, at his light box's Ante; each move it lists, sent at
// its bounds, is accepted.
func TestRULegalBets(t *testing.T) {
	g := newGame(t, profileRules(t, RU))
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 30))
	var box2 *Move
	for _, m := range Legal(g.r, &g.s, "ann") {
		if m.Kind == CmdPlace && m.Spot == Spot(2, BetAnte) {
			box2 = &m
		}
	}
	if box2 == nil || box2.Min != 30 || box2.Max != 30 {
		t.Fatalf("the second light box's Ante: %+v", box2)
	}
	g.do(place("ann", 2, BetAnte, box2.Min))
	for _, m := range Legal(g.r, &g.s, "ann") {
		if m.Kind == CmdPlace && m.Spot == Spot(3, BetAnte) {
			t.Errorf("a third light box listed: %+v", m)
		}
	}
}
