package russianpoker

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
// cards described, the combinations found), and as Settle makes them.

// oracle checks a settled round's lines box by box against want.
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
		if len(s.Replaced) > 1 {
			tb.count["swapped again"]++
		}
	}
	bySpot := func(a, b round.Line) int {
		return cmp.Or(strings.Compare(a.Spot, b.Spot), strings.Compare(a.Player, b.Player))
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
	if b.Exchanged {
		tb.count["exchange"]++
	}
	if b.Sixth {
		tb.count["sixth card"]++
	}
	for i := range b.Bettors {
		want = tb.wantOf(want, b, &b.Bettors[i], dealt)
	}
	return want
}

// wantOf adds bettor t's lines on box b to want: his fees lost (§3.22,
// §4.21); a pass's Ante and Royal Bonus lost (§3.20); for a box that bet,
// the Royal Bonus (§3.16, §6), the insurance (§3.34), and the Ante and the
// Bet as §4.12–4.16 and §4.20–4.22 say on the dealer's game as dealt or
// as bought, within the caps.
func (tb *ptable) wantOf(want []round.Line, b *Box, t *Bettor, dealt []card.Card) []round.Line {
	add := func(k BetKind, stake int64, v verdict) {
		if stake > 0 {
			tb.scratch.Lines = tb.scratch.Lines[:0]
			tb.scratch.line(b, t, k, stake, v)
			want = append(want, tb.scratch.Lines[0])
		}
	}
	for k, made := range map[BetKind]bool{BetExchange: b.Exchanged, BetSixth: b.Sixth, BetBuy: b.Choice == Buy} {
		if made {
			add(k, t.Ante, lost)
		}
	}
	if b.Action == Pass {
		add(BetAnte, t.Ante, lost)
		add(BetRoyalBonus, t.RoyalBonus, lost)
		return want
	}
	res := tb.evaluate(b, dealt)
	add(BetRoyalBonus, t.RoyalBonus, tb.rbVerdict(res, b, t))
	var insWon int64
	ins := lost
	switch {
	case !res.DealerQualifies:
		insWon, ins = t.Insurance, paid(t.Insurance)
	case res.Comparison < 0:
		ins = pushed
	}
	if t.Insurance > 0 {
		tb.count["insured"]++
		if insWon > 0 {
			tb.count["insurance won"]++
		}
	}
	add(BetInsurance, t.Insurance, ins)
	room := func(won int64) int64 {
		if m := tb.r.Limits.MaxPayout; m > 0 {
			return min(won, max(0, m-insWon))
		}
		return won
	}
	bet := 2 * t.Ante
	ante, bv := tb.mainVerdicts(res, b, bet, room)
	if !res.DealerQualifies {
		ante, bv = paid(room(t.Ante)), pushed // a stop
		if b.Choice == Buy {
			res = tb.evaluate(b, tb.s.Dealer)
			ante, bv = tb.mainVerdicts(res, b, bet, room)
			if !res.DealerQualifies {
				tb.count["bought none"]++
				if tb.r.Options.FailedBuyPaysAnte {
					ante = paid(room(t.Ante))
				}
			}
		} else {
			tb.count["stop"]++
		}
	}
	add(BetAnte, t.Ante, ante)
	add(BetBet, bet, bv)
	return want
}

func (tb *ptable) evaluate(b *Box, dealer []card.Card) banked.Result {
	o := banked.Options{RoyalBonus: tb.r.Options.RoyalBonus.Rule()}
	res, err := banked.Evaluate(banked.Russian, banked.Hand{Player: b.Cards, Dealer: dealer, FirstFive: b.FirstFive}, o)
	if err != nil {
		tb.fatalf("%v %v: %v", b.Cards, dealer, err)
	}
	return res
}

// mainVerdicts are the Ante's and the Bet's outcomes against the dealer
// (§4.12–4.16): none of his game returns both (a bought game's, N5); a
// winning box's Ante returned and its Bet paid on its main and second
// combinations, within room.
func (tb *ptable) mainVerdicts(res banked.Result, b *Box, stake int64, room func(int64) int64) (ante, bet verdict) {
	if !res.DealerQualifies {
		tb.count["does not qualify"]++
		return pushed, pushed
	}
	switch {
	case res.Comparison > 0:
		tb.count["qualifies"]++
		won, _ := tb.r.Paytables.Bet.Pay(res.Main.Line, stake)
		if w, ok := tb.r.Paytables.Bet.Pay(res.Second.Line, stake); ok {
			tb.count["second combination"]++
			won += w
		}
		return pushed, paid(room(won))
	case res.Comparison == 0:
		tb.count["tie"]++
		return pushed, pushed
	}
	tb.count["qualifies"]++
	return lost, lost
}

// rbVerdict is the Royal Bonus's outcome (§6): Evaluate's bonus line on
// the first five, capped (§3.17), unless an improvement lost it: one that
// the lock-in does not allow (§3.16, N10).
func (tb *ptable) rbVerdict(res banked.Result, b *Box, t *Bettor) verdict {
	var won Line
	for _, x := range res.Bonuses {
		if x.Bet == "royal_bonus" {
			won = x.Line
		}
	}
	if won == banked.NoLine || !tb.lockedIn(b) {
		return lost
	}
	tb.count["royal bonus won"]++
	if b.Exchanged || b.Sixth {
		tb.count["locked in"]++
	}
	w, _ := tb.r.Paytables.RoyalBonus.Pay(won, t.RoyalBonus)
	if m := tb.r.Limits.RoyalBonusMaxPayout; m > 0 {
		w = min(w, m)
	}
	return paid(w)
}

// lockedIn reports a winning Royal Bonus kept through the box's
// improvements: none; or, unless LockNone, a sixth card, and an exchange
// of cards none of which is of the combination's (the pair, the pairs,
// the trips, the quads; any card of a five-card hand), at most two under
// LockLiteral.
func (tb *ptable) lockedIn(b *Box) bool {
	if !b.Exchanged && !b.Sixth {
		return true
	}
	lock := tb.r.Options.LockIn
	if lock == LockNone {
		return false
	}
	if !b.Exchanged {
		return true
	}
	main, _, _ := banked.RussianCombinations(b.FirstFive)
	for _, c := range b.Discards {
		if slices.Contains(main.Cards, c) {
			return false
		}
	}
	return lock != LockLiteral || len(b.Discards) <= 2
}

// settleAgrees checks that Settle, given the round's bets in play at its
// close, the stakes made deciding and its cards, makes the lines the
// round's events made after the close.
func (tb *ptable) settleAgrees() {
	s := &tb.s
	bets := slices.Clone(s.Bets)
	sd := Showdown{Dealer: s.Dealer, FirstFive: map[int][]card.Card{}, Hands: map[int][]card.Card{}, Discards: map[int][]card.Card{}}
	if len(s.Replaced) > 0 {
		sd.Dealer, sd.Bought = append(slices.Clone(s.Dealer[:4]), s.Replaced[0]), s.Dealer
	}
	for _, b := range s.Boxes {
		sd.Hands[b.N], sd.FirstFive[b.N], sd.Discards[b.N] = b.Cards, b.FirstFive, b.Discards
		for _, t := range b.Bettors {
			for k, amount := range map[BetKind]int64{BetBet: t.Bet, BetInsurance: t.Insurance, BetExchange: t.Fee, BetSixth: t.SixthFee, BetBuy: t.BuyFee} {
				if amount > 0 {
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
