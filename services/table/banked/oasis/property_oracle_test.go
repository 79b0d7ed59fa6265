package oasis

import (
	"cmp"
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The property run's oracle: a settled round's lines, box by box, as
// package banked's Evaluate ranks the hands (a path of its own: the five
// cards described, not only valued), and as Settle makes them.

// oracle checks a settled round's lines box by box: a passed box lost its
// Ante and Royal Bonus (§3.19); an exchange's fee and the Royal Bonus
// lost (§3.21–3.22); a box that bet is paid as §4.4–4.18 say on the
// dealer's qualification as dealt, its stop or its buy, the bought
// hand's, the comparison, the lines and the caps Evaluate's result gives.
func (tb *ptable) oracle() {
	s := &tb.s
	if s.DealerShown {
		tb.count["showdown"]++
	} else if len(s.Boxes) > 0 {
		tb.count["all passed"]++
	}
	dealt := slices.Clone(s.Dealer)
	if len(s.Replaced) > 0 {
		tb.count["bought a game"]++
		dealt = append(dealt[:4:4], s.Replaced[0])
	}
	for i := range s.Boxes {
		b := &s.Boxes[i]
		want := tb.want(b, dealt)
		var got []round.Line
		for _, l := range s.Lines[tb.closedAt:] { // the bets' refunds before are no box's
			if n, _ := spotBox(l.Spot); n == b.N {
				got = append(got, l)
			}
		}
		bySpot := func(a, b round.Line) int {
			return cmp.Or(strings.Compare(a.Spot, b.Spot), strings.Compare(a.Player, b.Player))
		}
		slices.SortFunc(got, bySpot)
		slices.SortFunc(want, bySpot)
		if !slices.Equal(got, want) {
			tb.fatalf("box %+v, dealer %v (dealt %v): lines %+v, want %+v", *b, s.Dealer, dealt, got, want)
		}
	}
}

// want is what box b's lines should be against the dealer's hand as
// dealt, bettor by bettor: every bettor's stakes follow the owner's
// decisions (§2.5).
func (tb *ptable) want(b *Box, dealt []card.Card) []round.Line {
	var want []round.Line
	if len(b.Bettors) > 1 {
		tb.count["two bettors"]++
	}
	if b.Dark {
		tb.count["dark box"]++
	}
	if b.Exchanged {
		tb.count["exchange"]++
	}
	for i := range b.Bettors {
		want = tb.wantOf(want, b, &b.Bettors[i], dealt)
	}
	return want
}

// wantOf adds bettor t's lines on box b to want.
func (tb *ptable) wantOf(want []round.Line, b *Box, t *Bettor, dealt []card.Card) []round.Line {
	add := func(k BetKind, stake int64, v verdict) {
		if stake > 0 {
			tb.scratch.Lines = tb.scratch.Lines[:0]
			tb.scratch.line(b, t, k, stake, v)
			want = append(want, tb.scratch.Lines[0])
		}
	}
	if b.Exchanged {
		add(BetExchange, int64(len(b.Discards))*t.Ante, lost)
	}
	if b.Choice == Buy {
		add(BetBuy, t.Ante, lost)
	}
	if b.Action == Pass {
		add(BetAnte, t.Ante, lost)
		add(BetRoyalBonus, t.RoyalBonus, lost)
		return want
	}
	o := banked.Options{RoyalBonus: tb.r.Options.RoyalBonus.Rule()}
	res := tb.evaluate(b.Cards, dealt, o)
	add(BetRoyalBonus, t.RoyalBonus, tb.rbVerdict(res, b, t))
	lim := &tb.r.Limits
	anteWon := t.Ante
	if lim.MaxPayout > 0 {
		anteWon = min(anteWon, lim.MaxPayout)
	}
	bet := 2 * t.Ante
	av, bv := tb.mainVerdicts(res, bet, anteWon)
	switch {
	case res.DealerQualifies:
	case b.Choice == Stop:
		tb.count["stop"]++
		av, bv = paid(anteWon), pushed
	default:
		res = tb.evaluate(b.Cards, tb.s.Dealer, o)
		av, bv = tb.mainVerdicts(res, bet, anteWon)
		if !res.DealerQualifies {
			tb.count["bought none"]++
			av, bv = pushed, pushed
		}
	}
	add(BetAnte, t.Ante, av)
	add(BetBet, bet, bv)
	return want
}

func (tb *ptable) evaluate(player, dealer []card.Card, o banked.Options) banked.Result {
	res, err := banked.Evaluate(banked.Oasis, banked.Hand{Player: player, Dealer: dealer}, o)
	if err != nil {
		tb.fatalf("%v %v: %v", player, dealer, err)
	}
	return res
}

// mainVerdicts are the Ante's and the Bet's outcomes against a dealer who
// has a game (§4.8–4.12), the winnings capped together (N8).
func (tb *ptable) mainVerdicts(res banked.Result, stake, anteWon int64) (ante, bet verdict) {
	if !res.DealerQualifies {
		tb.count["does not qualify"]++
		return pushed, pushed
	}
	switch {
	case res.Comparison > 0:
		tb.count["qualifies"]++
		won, _ := tb.r.Paytables.Bet.Pay(res.PlayerLine, stake)
		if m := tb.r.Limits.MaxPayout; m > 0 && won > m-anteWon {
			won = m - anteWon
		}
		return paid(anteWon), paid(won)
	case res.Comparison == 0:
		tb.count["tie"]++
		return pushed, pushed
	}
	tb.count["qualifies"]++
	return lost, lost
}

// rbVerdict is the Royal Bonus's outcome (§4.13, §6): lost after an
// exchange, else Evaluate's bonus line on the first five, capped (§4.2).
func (tb *ptable) rbVerdict(res banked.Result, b *Box, t *Bettor) verdict {
	if b.Exchanged {
		return lost
	}
	for _, x := range res.Bonuses {
		if x.Bet == "royal_bonus" {
			tb.count["royal bonus won"]++
			won, _ := tb.r.Paytables.RoyalBonus.Pay(x.Line, t.RoyalBonus)
			if m := tb.r.Limits.RoyalBonusMaxPayout; m > 0 {
				won = min(won, m)
			}
			return paid(won)
		}
	}
	return lost
}

// settleAgrees checks that Settle, given the round's bets in play at its
// close, the stakes made deciding and its cards, makes the lines the
// round's events made after the close.
func (tb *ptable) settleAgrees() {
	s := &tb.s
	bets := slices.Clone(s.Bets)
	sd := Showdown{Dealer: s.Dealer, Hands: map[int][]card.Card{}}
	if len(s.Replaced) > 0 {
		sd.Dealer, sd.Bought = append(slices.Clone(s.Dealer[:4]), s.Replaced[0]), s.Dealer
	}
	for _, b := range s.Boxes {
		sd.Hands[b.N] = b.Cards
		for _, t := range b.Bettors {
			for k, amount := range map[BetKind]int64{BetBet: t.Bet, BetExchange: t.Fee, BetBuy: t.BuyFee} {
				if amount > 0 && (k != BetBet || !b.Dark) { // a dark Bet is among the bets
					bets = append(bets, round.Bet{ID: t.AnteID, Player: t.Player, Spot: Spot(b.N, k), Amount: amount})
				}
			}
		}
	}
	got := Settle(tb.r, bets, sd).Lines
	want := slices.Clone(s.Lines[tb.closedAt:])
	bySpot := func(a, b round.Line) int {
		return cmp.Or(strings.Compare(a.Spot, b.Spot), strings.Compare(a.Player, b.Player))
	}
	slices.SortFunc(got, bySpot)
	slices.SortFunc(want, bySpot)
	if !slices.Equal(got, want) {
		tb.fatalf("Settle makes %+v; the round made %+v", got, want)
	}
}
