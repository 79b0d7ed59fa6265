package splitpoker

import (
	"slices"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// The property run's oracle: a settled round's lines, box by box, as
// package banked's Evaluate ranks the hands (a path of its own: the big
// hands described, the small hands compared, the Royal Bonus on the
// first five), and as Settle makes them.

// oracle checks a settled round's lines box by box: a passed box lost its
// Ante and Royal Bonus (§3.19); the fees lost (§3.21, §6.2); a box that
// played is paid as §4 step 7 and §6 say on the dealer's game as dealt,
// its stop or its buy, the bought hand's, the comparisons, the lines
// and the caps Evaluate's result gives.
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
		bySpot := func(a, b round.Line) int { return strings.Compare(a.Spot, b.Spot) }
		slices.SortFunc(got, bySpot)
		slices.SortFunc(want, bySpot)
		if !slices.Equal(got, want) {
			tb.fatalf("box %+v, dealer %v (dealt %v, small %v): lines %+v, want %+v", *b, s.Dealer, dealt, s.DealerSmall, got, want)
		}
	}
}

// want is what box b's lines should be against the dealer's hand as
// dealt.
func (tb *ptable) want(b *Box, dealt []card.Card) []round.Line {
	var want []round.Line
	add := func(k BetKind, stake int64, v verdict) {
		if stake > 0 {
			tb.scratch.Lines = tb.scratch.Lines[:0]
			tb.scratch.line(b, k, stake, v)
			want = append(want, tb.scratch.Lines[0])
		}
	}
	if b.Bought {
		tb.count["bought cards"]++
		add(BetBuyCards, b.CardsFee, lost)
	}
	if b.Dark {
		tb.count["dark box"]++
	}
	add(BetBuyGame, b.GameFee, lost)
	if b.Action == Pass {
		add(BetAnte, b.Ante, lost)
		add(BetRoyalBonus, b.RoyalBonus, lost)
		return want
	}
	o := banked.Options{RoyalBonus: tb.r.Options.RoyalBonus.Rule()}
	res := tb.evaluate(b, dealt, o)
	add(BetRoyalBonus, b.RoyalBonus, tb.rbVerdict(res, b))
	ante, bet := tb.mainVerdicts(res, b)
	switch {
	case res.DealerQualifies:
	case b.Choice == Stop:
		tb.count["stop"]++
		ante, bet = paid(tb.capped(b.Ante)), pushed
	default:
		res = tb.evaluate(b, tb.s.Dealer, o)
		ante, bet = tb.mainVerdicts(res, b)
		if !res.DealerQualifies {
			tb.count["bought none"]++
		}
	}
	add(BetAnte, b.Ante, ante)
	add(BetBet, b.Bet, bet)
	return want
}

// evaluate ranks box b's hands against the dealer's five, with his small
// hand when he has a game.
func (tb *ptable) evaluate(b *Box, dealer []card.Card, o banked.Options) banked.Result {
	h := banked.Hand{Player: b.Big, Dealer: dealer, FirstFive: b.Cards[:BigCards], PlayerSmall: b.Small}
	if banked.Split.Qualifier().Qualifies(rank.Best(dealer...)) {
		h.DealerSmall = tb.s.DealerSmall
	}
	res, err := banked.Evaluate(banked.Split, h, o)
	if err != nil {
		tb.fatalf("%+v: %v", h, err)
	}
	return res
}

// mainVerdicts are the Ante's and the Bet's outcomes (§4 step 7): no game
// pushes both (a bought game still none, §6.5); a lower big hand loses
// both; equal pushes; a higher one pays the Bet by its line if its small
// hand is at least the dealer's, else the Ante (§4.2 rule 4, N3).
func (tb *ptable) mainVerdicts(res banked.Result, b *Box) (ante, bet verdict) {
	if !res.DealerQualifies {
		tb.count["does not qualify"]++
		return pushed, pushed
	}
	tb.count["qualifies"]++
	switch {
	case res.Comparison < 0:
		return lost, lost
	case res.Comparison == 0:
		tb.count["tie"]++
		return pushed, pushed
	case res.SmallComparison > 0:
		tb.count["small wins"]++
		won, _ := tb.r.Paytables.Pays.Pay(res.PlayerLine, b.Bet)
		return pushed, paid(tb.capped(won))
	}
	tb.count["small loses"]++
	won, _ := tb.r.Paytables.Pays.Pay(res.PlayerLine, b.Ante)
	return paid(tb.capped(won)), pushed
}

func (tb *ptable) capped(won int64) int64 {
	if m := tb.r.Limits.MaxPayout; m > 0 {
		return min(won, m)
	}
	return won
}

// rbVerdict is the Royal Bonus's outcome (§3.16, §6): lost after a buy of
// cards where the rules say so (N5), else Evaluate's bonus line on the
// first five, capped (§5.3–5.4).
func (tb *ptable) rbVerdict(res banked.Result, b *Box) verdict {
	if b.Bought && !tb.r.Options.BuyKeepsRoyalBonus {
		return lost
	}
	for _, x := range res.Bonuses {
		if x.Bet == "royal_bonus" {
			tb.count["royal bonus won"]++
			won, _ := tb.r.Paytables.RoyalBonus.Pay(x.Line, b.RoyalBonus)
			if m := tb.r.Limits.RoyalBonusMaxPayout; m > 0 {
				won = min(won, m)
			}
			return paid(won)
		}
	}
	return lost
}

// settleAgrees checks that Settle, given the round's bets in play at its
// close (dark Bets among them), the stakes made deciding and its cards,
// makes the lines the round's events made after the close.
func (tb *ptable) settleAgrees() {
	s := &tb.s
	bets := slices.Clone(s.Bets)
	sd := Showdown{Dealer: s.Dealer, DealerSmall: s.DealerSmall, Hands: map[int]Hand{}}
	if len(s.Replaced) > 0 {
		sd.Dealer, sd.Bought = append(slices.Clone(s.Dealer[:4]), s.Replaced[0]), s.Dealer
	}
	for _, b := range s.Boxes {
		sd.Hands[b.N] = Hand{First: b.Cards[:min(len(b.Cards), BigCards)], Big: b.Big, Small: b.Small}
		bet := b.Bet
		if b.Dark {
			bet = 0 // placed: one of the bets
		}
		for k, amount := range map[BetKind]int64{BetBet: bet, BetBuyCards: b.CardsFee, BetBuyGame: b.GameFee} {
			if amount > 0 {
				bets = append(bets, round.Bet{ID: b.AnteID, Player: b.Player, Spot: Spot(b.N, k), Amount: amount})
			}
		}
	}
	got := Settle(tb.r, bets, sd).Lines
	want := slices.Clone(s.Lines[tb.closedAt:])
	bySpot := func(a, b round.Line) int { return strings.Compare(a.Spot, b.Spot) }
	slices.SortFunc(got, bySpot)
	slices.SortFunc(want, bySpot)
	if !slices.Equal(got, want) {
		tb.fatalf("Settle makes %+v; the round made %+v", got, want)
	}
}
