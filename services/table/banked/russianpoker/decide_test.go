package russianpoker

import (
	"testing"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The deal goes one card at a time, box 1 first and the dealer last
// (§3.18): the boxes' cards private, the dealer's first four hidden and
// his fifth face up (§3.19); the first five are kept for the Royal Bonus.
func TestDealOneAtATimeDealerFifthUp(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10", "bob 3 20")
	g.deal("2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h", "2h 3h 4h 5h 8s")
	for i, d := range g.s.Deals {
		want := Private
		if d.To == ToDealer {
			want = Hidden
			if i == 14 {
				want = Public
			}
		}
		if d.Vis != want || (i%3 == 2) != (d.To == ToDealer) {
			t.Fatalf("deal %d: %+v, want %s", i, d, want)
		}
	}
	if card.Join(g.s.Boxes[1].FirstFive) != "2d 3d 4d 5d 7h" || g.s.Turn.Box != 1 {
		t.Fatalf("%+v", g.s.Boxes[1])
	}
}

// One improvement a box by default (N2); both, each once, where the rules
// allow; an exchange of none or six cards, or of a card not the box's, is
// refused.
func TestImprovements(t *testing.T) {
	cs := func(s ...string) []card.Card {
		var out []card.Card
		for _, x := range s {
			out = append(out, card.MustParse(x))
		}
		return out
	}
	g := newGame(t, rules(t))
	g.open("ann 1 10")
	g.deal("Ac Ad 9h 4s 2c", "Qd Qc 8h 6s 3d")
	ex := func(amount int64, d ...string) Command {
		return Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Exchange, Amount: amount, Cards: cs(d...)}
	}
	g.refuse(ex(0), ReasonBadDiscard)
	g.refuse(ex(0, "Kc"), ReasonBadDiscard)
	g.refuse(ex(20, "2c", "4s"), ReasonBadAmount)
	g.do(ex(10, "Ac", "Ad", "9h", "4s", "2c"))
	g.cards("Kc", "Kd", "Kh", "Ks", "2h")
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Sixth}, ReasonActionNotAllowed)
	g.decide("ann", 1, Bet)
	g.settled()
	g.wantLine("box:1/bet", 20, 400, 20, 0) // four kings 20:1, no second

	g = newGame(t, rules(t, "both_improvements", "true"))
	g.open("ann 1 10")
	g.deal("Ac Ad 9h 4s 2c", "Qd Jc 8h 6s 3d")
	g.decide("ann", 1, Sixth)
	g.cards("Ah")
	g.decide("ann", 1, Exchange, "9h", "4s", "2c")
	g.cards("As", "3c", "3h")
	g.refuse(ex(0, "3c"), ReasonActionNotAllowed)
	if b := g.s.Boxes[0]; len(b.Cards) != 6 || b.Bettors[0].Fee != 10 || b.Bettors[0].SixthFee != 10 {
		t.Fatalf("%+v", b)
	}
	g.insure("ann", 1, 10)
	g.decide("ann", 1, Stop)
	g.settled()
	if g.net("ann") != -10-10+10+10 { // two fees, the Ante 1:1, the insurance 1:1
		t.Fatalf("net %d", g.net("ann"))
	}
}

// Insurance only on three of a kind or better (§3.29), with the Bet; its
// win counts toward the max payout of a bought game then won (§3.36).
func TestInsuranceAndMaxPayout(t *testing.T) {
	r := rules(t)
	r.Limits.MaxPayout = 100
	g := newGame(t, r)
	g.open("ann 1 10", "bob 2 10")
	g.deal("Kc Kd Qh 5s 2c", "7c 7d 7h Ks 2d", "Ad Qc 9h 5d 3c")
	g.refuse(Command{Kind: CmdDecide, Player: "ann", Box: 1, Action: Bet, Insurance: 10}, ReasonNoInsurance)
	g.decide("ann", 1, Bet)
	moves := Legal(g.r, &g.s, "bob")
	if moves[1].Action != Bet || moves[1].InsuranceMin != 10 || moves[1].InsuranceMax != 60 {
		t.Fatalf("%+v", moves)
	}
	g.insure("bob", 2, 60)
	g.wantLine("box:2/insurance", 60, 60, 60, 0)
	if evs := g.do(Command{Kind: CmdTimeout}); evs[0].Action != Stop || evs[0].Reason != "timeout" {
		t.Fatalf("the clock on the buy: %+v", evs[0])
	}
	g.decide("bob", 2, Buy)
	g.cards("9d") // Q-9-9-5-3: a game; bob's trips win 3:1, 60, within 100 − 60
	g.settled()
	g.wantLine("box:1/ante", 10, 10, 10, 0)
	g.wantLine("box:2/ante", 10, 0, 10, 0)
	g.wantLine("box:2/bet", 20, 40, 20, 0)
}

// A void refunds every stake still in play, an insurance too; the lines
// made before stand.
func TestVoidRefundsWhatIsInPlay(t *testing.T) {
	g := newGame(t, rules(t))
	g.open("ann 1 10 5", "bob 2 10")
	g.deal("Jc Jd Jh 4s 2c", "3d 3h 5c 6d 8c", "Ad Qc 9h 5s 3c")
	g.insure("ann", 1, 20)
	g.refuse(Command{Kind: CmdVoid}, round.ReasonNoReason)
	g.do(Command{Kind: CmdVoid, Reason: "operator"})
	if g.s.Phase != round.Voided || g.s.Escrow() != 0 {
		t.Fatalf("%s %d", g.s.Phase, g.s.Escrow())
	}
	g.wantLine("box:1/insurance", 20, 0, 20, 0)
	g.wantLine("box:1/royal_bonus", 5, 0, 5, 0)
	g.wantLine("box:1/bet", 20, 0, 20, 0)
	g.wantLine("box:2/ante", 10, 0, 10, 0)
}

// Four of a kind's second combination is made with a card outside the
// quads (§4.16, N4): none for K-K-K-K-2, an Ace-King for K-K-K-K-A and
// A-A-A-A-K, a full house for K-K-K-K-3-3 — not the quads again with
// their kicker.
func TestQuadsSecondCombination(t *testing.T) {
	for hand, want := range map[string]Line{
		"Kc Kd Kh Ks 2h": "", "Kc Kd Kh Ks Ah": "ace_king", "Ac Ad Ah As Kh": "ace_king",
		"Kc Kd Kh Ks 3h 3c": "full_house", "Kc Kd Kh Ks 3h 4c": "", "Kc Kd Kh Ks 3h Ac": "ace_king",
		"9c 9d Ah Ks 3c": "ace_king", "Ac Ad Kc Kd Qh Qs": "two_pair",
	} {
		cs, _ := card.ParseString(hand)
		if _, got, _ := combinations(cs); got != want {
			t.Errorf("%s: second %q, want %q", hand, got, want)
		}
	}
}

// Two players may bet on one box (§2.5, N1): its owner decides and
// insures, the second's stakes follow: his Bet 2 × his Ante, his
// improvement's fee one of his Antes; a third is refused.
func TestTwoBettorsOnABox(t *testing.T) {
	g := newGame(t, rules(t))
	g.do(Command{Kind: CmdOpen})
	g.do(place("ann", 1, BetAnte, 10))
	g.do(place("bob", 1, BetAnte, 20))
	g.refuse(place("cat", 1, BetAnte, 10), ReasonBoxTaken)
	g.deal("7c 7d 7h Ks 2c", "Qd Jc 9s 5s 3d")
	g.refuse(Command{Kind: CmdDecide, Player: "bob", Box: 1, Action: Sixth}, ReasonNotBoxOwner)
	evs := g.decide("ann", 1, Sixth)
	if st := evs[1]; st.Amount != 30 || len(st.Bets) != 2 || st.Bets[1].Player != "bob" {
		t.Fatalf("%+v", st)
	}
	g.cards("7s")
	g.insure("ann", 1, 10)
	g.decide("ann", 1, Stop)
	g.settled()
	if g.net("ann") != -10+10+10 || g.net("bob") != -20+20 { // the sixth card's fee, the insurance 1:1, the Ante 1:1
		t.Fatalf("ann %d, bob %d", g.net("ann"), g.net("bob"))
	}
}
