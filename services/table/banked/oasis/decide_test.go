package oasis

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The deal goes one card at a time, box 1 first and the dealer last
// (§3.16): the boxes' cards private to their players, the dealer's first
// four hidden and his fifth face up (§3.17).
func TestDealOneAtATimeDealerFifthUp(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10", "bob 3 20")
	g.deal("2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h", "2h 3h 4h 5h 8s")
	want := []struct {
		to  Target
		box int
		vis Visibility
	}{{ToBox, 1, Private}, {ToBox, 3, Private}, {ToDealer, 0, Hidden}}
	for i, d := range g.s.Deals {
		w := want[i%3]
		vis := w.vis
		if w.to == ToDealer && i/3 == 4 {
			vis = Public
		}
		if d.To != w.to || d.Box != w.box || d.Vis != vis {
			t.Fatalf("deal %d: %+v, want %+v %s", i, d, w, vis)
		}
	}
	if g.s.Stage != Deciding || g.s.Turn.Box != 1 || len(g.events(EvTurn)) != 1 {
		t.Fatalf("stage %s, turn %+v", g.s.Stage, g.s.Turn)
	}
}

// Decisions are the box player's, in turn; an action the stage does not
// allow, a wrong amount, a bad exchange are refused and change nothing;
// the same decision again is a replay.
func TestDecisionRefusals(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10", "bob 2 10")
	g.deal("2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h", "Ah Kh 4h 5h 8s")
	c := func(p string, box int, a Action, amount int64, cs ...string) Command {
		cmd := Command{Kind: CmdDecide, Player: p, Box: box, Action: a, Amount: amount}
		for _, x := range cs {
			cmd.Cards = append(cmd.Cards, card.MustParse(x))
		}
		return cmd
	}
	g.refuse(c("bob", 1, Bet, 0), ReasonNotBoxOwner)
	g.refuse(c("bob", 2, Bet, 0), ReasonNotYourTurn)
	g.refuse(c("ann", 3, Bet, 0), ReasonUnknownBox)
	g.refuse(c("ann", 1, Bet, 10), ReasonBadAmount)
	g.refuse(c("ann", 1, Buy, 0), ReasonActionNotAllowed)
	g.refuse(c("ann", 1, Stop, 0), ReasonActionNotAllowed)
	g.refuse(c("ann", 1, Action(9), 0), ReasonActionNotAllowed)
	g.refuse(c("ann", 1, Exchange, 0, "2c", "3c", "4c"), ReasonBadDiscard)
	g.refuse(c("ann", 1, Exchange, 0, "2d"), ReasonBadDiscard)
	g.refuse(c("ann", 1, Exchange, 0, "2c", "2c"), ReasonBadDiscard)
	g.refuse(c("ann", 1, Exchange, 0), ReasonBadDiscard)
	g.refuse(c("ann", 1, Exchange, 10, "2c", "3c"), ReasonBadAmount)
	g.refuse(Command{Kind: CmdCard, Card: card.MustParse("9s")}, ReasonNoCardDue)
	g.do(c("ann", 1, Exchange, 20, "2c", "3c"))
	g.replay(c("ann", 1, Exchange, 0, "2c", "3c"))
	g.refuse(c("ann", 1, Bet, 0), ReasonNoDecisionDue)
	g.refuse(Command{Kind: CmdTimeout}, ReasonNoDecisionDue)
	g.cards("9s", "9c")
	g.do(c("ann", 1, Bet, 20))
	g.replay(c("ann", 1, Bet, 20))
	g.refuse(c("ann", 1, Pass, 0), ReasonAlreadyDecided)
	g.refuse(Command{Kind: CmdDecide, Player: "bob", Box: 2, Action: Pass, Seq: 1}, ReasonStaleTurn)
	g.do(c("bob", 2, Pass, 0))
	// Ace-King: a game, settled at once.
	g.settled()
	g.wantLine("box:1/exchange", 20, 0, 0, 20)
	g.wantLine("box:2/ante", 10, 0, 0, 10)
}

// The clock passes in a box's turn and stops on the dealer's no game:
// the choices that put no more money in; a timeout of a wait that ended
// is a replay.
func TestTimeoutPassesAndStops(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10", "bob 2 10")
	g.deal("Jc Jd 7h 4s 2c", "3d 3h 5c 6d 8c", "Ad Qc 9h 5s 3c")
	g.do(Command{Kind: CmdTimeout, Seq: 1})
	g.replay(Command{Kind: CmdTimeout, Seq: 1})
	g.wantLine("box:1/ante", 10, 0, 0, 10)
	g.decide("bob", 2, Bet)
	if g.s.Stage != Buying || g.s.Turn.Box != 2 {
		t.Fatalf("stage %s, turn %+v", g.s.Stage, g.s.Turn)
	}
	evs := g.do(Command{Kind: CmdTimeout})
	if evs[0].Action != Stop || evs[0].Reason != "timeout" {
		t.Fatalf("%+v", evs[0])
	}
	g.settled()
	g.wantLine("box:2/ante", 10, 10, 10, 0)
	g.wantLine("box:2/bet", 20, 0, 20, 0)
}

// On the dealer's no game, a box that stops is settled at once (N3) and
// the buyers share one replacement card (§4.17); a box that passed has
// no say.
func TestStopAndBuyOnOneTable(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10", "bob 2 20", "cat 4 10")
	g.deal("Jc Jd 7h 4s 2c", "3d 3h 5c 6d 8c", "Tc Td 2d 4d 6h", "Ad Qc 9h 5s 3c")
	g.decide("ann", 1, Bet)
	g.decide("bob", 2, Bet)
	g.decide("cat", 4, Pass)
	if len(g.events(EvShown)) != 1 || !g.events(EvShown)[0].Cards[0].Valid() || g.events(EvShown)[0].Qualifies {
		t.Fatalf("%+v", g.events(EvShown))
	}
	g.decide("ann", 1, Stop)
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.decide("bob", 2, Buy)
	g.cards("9d") // Q-9-9-5-3 beats bob's threes
	g.settled()
	g.wantLine("box:2/buy", 20, 0, 0, 20)
	g.wantLine("box:2/ante", 20, 0, 0, 20)
	g.wantLine("box:2/bet", 40, 0, 0, 40)
	if o := g.events(EvSettled)[0].Order; len(o) != 1 || o[0] != 2 {
		t.Fatalf("settled boxes %v", o)
	}
}

// The max payout caps a box's Ante and Bet winnings together (§4.1, N8),
// the Royal Bonus its own (§4.2); a stop's Ante too.
func TestMaxPayouts(t *testing.T) {
	r := rules(t)
	r.Limits.MaxPayout, r.Limits.RoyalBonusMaxPayout = 50, 30
	g := newGame(t, r)
	g.open("ann 1 10 5")
	g.deal("Kc Kd Kh 3s 3c", "Qc Qd Qh Js Jc") // full house: Ante 10 + Bet 140, Royal Bonus 50
	g.decide("ann", 1, Bet)
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:1/bet", 20, 40, 20, 0)
	g.wantLine("box:1/royal_bonus", 5, 30, 5, 0)
	r.Limits.MaxPayout = 5
	g = newGame(t, r)
	g.open("ann 1 10")
	g.deal("Jc Jd 7h 4s 2c", "Ad Qc 9h 5s 3c")
	g.decide("ann", 1, Bet)
	g.decide("ann", 1, Stop)
	g.wantLine("box:1/ante", 10, 5, 10, 0)
}

// A void refunds every stake still in play; the lines made before stand.
func TestVoidRefundsWhatIsInPlay(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10 5", "bob 2 10")
	g.deal("Jc Jd 7h 4s 2c", "3d 3h 5c 6d 8c", "Ad Qc 9h 5s 3c")
	g.decide("ann", 1, Exchange, "2c")
	g.cards("Js")
	g.decide("ann", 1, Bet)
	g.refuse(Command{Kind: CmdVoid}, round.ReasonNoReason)
	g.do(Command{Kind: CmdVoid, Reason: "operator"})
	if g.s.Phase != round.Voided || g.s.Escrow() != 0 {
		t.Fatalf("%s %d", g.s.Phase, g.s.Escrow())
	}
	g.wantLine("box:1/exchange", 10, 0, 0, 10)
	g.wantLine("box:1/royal_bonus", 5, 0, 0, 5)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	g.wantLine("box:2/ante", 10, 0, 10, 0)
}

// A dark box (N5, Options.DarkBoxes): its Bet placed with its Ante, at
// 2 × Ante, before the deal; its cards seen by nobody; no turn of its
// own; it stops or buys on the dealer's no game like any box that bet.
// Off by default, a Bet cannot be placed.
func TestDarkBox(t *testing.T) {
	g := newGame(t, rules(t))
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 10))
	g.refuse(place("ann", 1, BetBet, 20), round.ReasonBadSpot)
	g = newGame(t, rules(t, "dark_boxes", "true"))
	g.do(Command{Kind: CmdOpen})
	g.refuse(place("ann", 1, BetBet, 20), ReasonNoAnte)
	g.do(place("ann", 1, BetAnte, 10))
	g.refuse(place("ann", 1, BetBet, 15), round.ReasonBetOutsideLimits)
	g.refuse(place("ann", 1, BetBet, 40), ReasonBadAmount)
	g.do(place("ann", 1, BetBet, 20))
	// A new Ante would leave the Bet at 2 × the old.
	g.refuse(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "x", Spot: Spot(1, BetAnte), Amount: 20}}}, ReasonBadAmount)
	g.do(Command{Kind: CmdCancel, Player: "ann", BetIDs: []string{"ann1ante"}})
	if len(g.s.Bets) != 0 {
		t.Fatalf("the Ante's cancel left %+v", g.s.Bets)
	}
	g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a", Spot: Spot(1, BetAnte), Amount: 10}, {ID: "b", Spot: Spot(1, BetBet), Amount: 20},
	}})
	g.do(place("bob", 2, BetAnte, 10))
	g.deal("Jc Jd 7h 4s 2c", "3d 3h 5c 6d 8c", "Ad Qc 9h 5s 3c")
	for _, d := range g.s.Deals {
		if d.To == ToBox && (d.Box == 1) != (d.Vis == Hidden) {
			t.Fatalf("%+v", d)
		}
	}
	if g.s.Turn.Box != 2 || !g.s.Boxes[0].Dark || g.s.Boxes[0].Action != Bet {
		t.Fatalf("turn %+v, box %+v", g.s.Turn, g.s.Boxes[0])
	}
	g.decide("bob", 2, Pass)
	g.decide("ann", 1, Stop)
	g.settled()
	a, l := g.s.Lines[len(g.s.Lines)-2], g.s.Lines[len(g.s.Lines)-1] // after the cancel's refunds
	if a.Spot != "box:1/ante" || a.Won != 10 || l.Spot != "box:1/bet" || l.BetID != "b" || l.Returned != 20 {
		t.Fatalf("the dark box's lines %+v %+v", a, l)
	}
}

// Two players may bet on one box (§2.5): its owner, the first, decides
// for it, and the second's stakes follow: his Bet 2 × his Ante, his
// exchange fee one of his Antes a card; each bet within its limit and
// the box's Antes together within the table's maximum. A third player is
// refused, and with "bettors" 1 a second.
func TestTwoBettorsOnABox(t *testing.T) {
	g := newGame(t, rules(t))
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 300))
	g.refuse(place("bob", 1, BetAnte, 250), round.ReasonBetOutsideLimits)
	var seen bool
	for _, m := range Legal(g.r, &g.s, "bob") {
		if m.Spot == Spot(1, BetAnte) {
			seen = m.Max == 200
		}
	}
	if !seen {
		t.Fatalf("bob's Ante on ann's box: %+v", Legal(g.r, &g.s, "bob"))
	}
	g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{{ID: "a2", Spot: Spot(1, BetAnte), Amount: 10}}})
	g.do(place("bob", 1, BetAnte, 20))
	g.do(place("bob", 1, BetRoyalBonus, 5))
	g.refuse(place("cat", 1, BetAnte, 10), ReasonBoxTaken)
	if g.s.Owner(1) != "ann" {
		t.Fatalf("owner %q", g.s.Owner(1))
	}
	g.deal("Jc Jd 7h 4s 2c", "5c 5d Kh 9s 3c")
	g.refuse(Command{Kind: CmdDecide, Player: "bob", Box: 1, Action: Bet}, ReasonNotBoxOwner)
	evs := g.decide("ann", 1, Exchange, "2c")
	if st := evs[1]; st.Kind != EvStaked || st.Amount != 30 || len(st.Bets) != 2 || st.Bets[1].Player != "bob" || st.Bets[1].Amount != 20 {
		t.Fatalf("%+v", st)
	}
	g.cards("Jh")
	g.decide("ann", 1, Bet) // trips against fives
	g.settled()
	for _, w := range []struct {
		player, spot          string
		stake, won, ret, lost int64
	}{
		{"ann", "box:1/exchange", 10, 0, 0, 10}, {"bob", "box:1/exchange", 20, 0, 0, 20},
		{"bob", "box:1/royal_bonus", 5, 0, 0, 5},
		{"ann", "box:1/ante", 10, 10, 10, 0}, {"bob", "box:1/ante", 20, 20, 20, 0},
		{"ann", "box:1/bet", 20, 60, 20, 0}, {"bob", "box:1/bet", 40, 120, 40, 0},
	} {
		i := len(g.s.Lines) - 1 // the last: ann's first Ante's refund is before
		for ; i >= 0 && (g.s.Lines[i].Player != w.player || g.s.Lines[i].Spot != w.spot); i-- {
		}
		if i < 0 {
			t.Fatalf("no line of %s on %s: %+v", w.player, w.spot, g.s.Lines)
		}
		if l := g.s.Lines[i]; l.Stake != w.stake || l.Won != w.won || l.Returned != w.ret || l.Lost != w.lost {
			t.Errorf("%s %s: %+v", w.player, w.spot, l)
		}
	}
	g = newGame(t, rules(t, "bettors", "1"))
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 10))
	g.refuse(place("bob", 1, BetAnte, 10), ReasonBoxTaken)
}

// A shared dark box is dark for both its bettors: each places his Bet
// with his Ante, and takes it back only with it (N5, §2.5).
func TestSharedDarkBox(t *testing.T) {
	g := newGame(t, rules(t, "dark_boxes", "true"))
	g.do(Command{Kind: CmdOpen})
	g.do(Command{Kind: CmdPlace, Player: "ann", Bets: []round.Bet{
		{ID: "a", Spot: Spot(1, BetAnte), Amount: 10}, {ID: "b", Spot: Spot(1, BetBet), Amount: 20},
	}})
	g.refuse(place("bob", 1, BetAnte, 10), ReasonBadAmount)
	g.do(Command{Kind: CmdPlace, Player: "bob", Bets: []round.Bet{
		{ID: "a", Spot: Spot(1, BetAnte), Amount: 15}, {ID: "b", Spot: Spot(1, BetBet), Amount: 30},
	}})
	g.refuse(Command{Kind: CmdCancel, Player: "bob", BetIDs: []string{"b"}}, ReasonBadAmount)
	g.deal("Jc Jd 7h 4s 2c", "5c 5d Kh 9s 3c")
	if b := g.s.Boxes[0]; !b.Dark || b.Action != Bet || b.Bettors[1].Bet != 30 || g.s.Stage != Buying && !g.s.Phase.Over() {
		t.Fatalf("%+v, stage %s", b, g.s.Stage)
	}
	g.settled() // jacks beat fives
	if l := g.s.Lines[len(g.s.Lines)-1]; l.Player != "bob" || l.BetID != "b" || l.Won != 30 {
		t.Fatalf("bob's dark Bet: %+v", l)
	}
}
