package russianpoker

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
	"github.com/croupier/croupier/shared/rank"
	"github.com/croupier/croupier/shared/rank/banked"
)

// verdict is what a stake's line does with it (round.Outcome): lost,
// returned (a push), or returned with won on top.
type verdict = round.Outcome

var (
	pushed = verdict{}
	lost   = verdict{Lost: true}
)

func paid(won int64) verdict { return verdict{Won: won} }

// line appends the line of bettor t's stake of kind k on box b, which
// does with it what v says; nothing for a stake he has not made.
func (s *State) line(b *Box, t *Bettor, k BetKind, stake int64, v verdict) {
	if stake == 0 {
		return
	}
	id := t.AnteID
	if k == BetRoyalBonus {
		id = t.BonusID
	}
	s.Lines = append(s.Lines, v.Line(id, t.Player, Spot(b.N, k), stake))
}

// bonus settles bettor t's Royal Bonus as v says, once.
func (s *State) bonus(b *Box, t *Bettor, v verdict) {
	if !t.BonusDone {
		s.line(b, t, BetRoyalBonus, t.RoyalBonus, v)
		t.BonusDone = true
	}
}

// insurance settles bettor t's insurance as v says, once, and records
// what it won.
func (s *State) insurance(b *Box, t *Bettor, v verdict) {
	if !t.InsuranceDone {
		s.line(b, t, BetInsurance, t.Insurance, v)
		t.InsuranceDone, t.InsuranceWon = true, v.Won
	}
}

// room caps what bettor t's Ante and Bet win: the max payout less what
// his insurance won (§3.35–3.36).
func room(r *Rules, t *Bettor, won int64) int64 {
	if m := r.Limits.MaxPayout; m > 0 {
		return min(won, max(0, m-t.InsuranceWon))
	}
	return won
}

// pass settles a box that passed: each bettor's Ante and Royal Bonus
// lost (§3.20).
func (s *State) pass(b *Box) {
	for i := range b.Bettors {
		t := &b.Bettors[i]
		s.line(b, t, BetAnte, t.Ante, lost)
		s.bonus(b, t, lost)
	}
	b.Settled = true
}

// stop settles a box that stops on the dealer's no game: each bettor's
// Ante paid 1:1, his Bet returned (§3.34, §4.20), within the max payout
// with his insurance's win.
func (s *State) stop(r *Rules, b *Box) {
	for i := range b.Bettors {
		t := &b.Bettors[i]
		s.line(b, t, BetAnte, t.Ante, paid(room(r, t, t.Ante)))
		s.line(b, t, BetBet, t.Bet, pushed)
	}
	b.Settled = true
}

// royalBonus is bettor t's Royal Bonus's outcome on the box's first five
// cards, whatever the dealer has (§4.17): paid by its paytable if they
// qualify (§6), up to its own max payout (§3.17); one an improvement lost
// has its line already.
func royalBonus(r *Rules, b *Box, t *Bettor) verdict {
	l := banked.RoyalBonus(b.FirstFive, r.Options.RoyalBonus.Rule())
	if l == banked.NoLine {
		return lost
	}
	won, _ := r.Paytables.RoyalBonus.Pay(l, t.RoyalBonus)
	return paid(capped(won, r.Limits.RoyalBonusMaxPayout))
}

// dealerHand is what settling asks of the dealer: his hand and whether it
// is a game, Ace-King or better (§4.4).
type dealerHand struct {
	value     rank.Value
	qualifies bool
}

func dealerOf(dealer []card.Card) dealerHand {
	v := rank.Best(dealer...)
	return dealerHand{value: v, qualifies: banked.Russian.Qualifier().Qualifies(v)}
}

// reveal turns up the dealer's cards (§4.3) and says what he has.
func (s *State) reveal() dealerHand {
	s.DealerShown = true
	return dealerOf(s.Dealer)
}

// revealed settles, once the dealer has shown his first five, what goes
// by them alone, box by box for the boxes that bet: the Royal Bonus,
// after the reveal and before the Bet (§3.16, §4.17); on no game, the
// insurance, paid 1:1 (§3.34).
func (s *State) revealed(r *Rules, evs []Event, d dealerHand) []Event {
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		from := len(s.Lines)
		for j := range b.Bettors {
			t := &b.Bettors[j]
			s.bonus(b, t, royalBonus(r, b, t))
			if !d.qualifies {
				s.insurance(b, t, paid(t.Insurance))
			}
		}
		if len(s.Lines) > from {
			evs = append(evs, Event{Kind: EvPaid, Player: b.player(), Box: b.N, Lines: s.Lines[from:], Reason: "reveal"})
		}
	}
	return evs
}

// showdown settles every box still in play against the dealer's hand d,
// showing its cards, box by box, and ends the round.
func (s *State) showdown(r *Rules, evs []Event, d dealerHand) []Event {
	from := len(s.Lines)
	var order []int
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		b.Shown = true
		evs = append(evs, Event{Kind: EvShown, Player: b.player(), Box: b.N, Cards: b.Cards, Vis: Public, Hand: rank.Best(b.Cards...).Name()})
		s.settleBox(r, b, d)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settleBox settles box b, which bet, against the dealer's hand d,
// bettor by bettor: a game bought that is still none returns the Ante
// and the Bet (N5; or pays the Ante 1:1, FailedBuyPaysAnte); a higher
// dealer takes both and returns the insurance (§4.14, §3.34); a lower
// returns the Ante, pays the Bet on the box's combinations (§4.15–4.16)
// within the max payout with the insurance's win (§3.35–3.36), and takes
// the insurance; equal hands push and take the insurance (§4.12, N7).
func (s *State) settleBox(r *Rules, b *Box, d dealerHand) {
	pv := rank.Best(b.Cards...)
	for i := range b.Bettors {
		t := &b.Bettors[i]
		ante, bet, ins := lost, lost, pushed
		switch {
		case !d.qualifies:
			ante, bet = pushed, pushed
			if r.Options.FailedBuyPaysAnte {
				ante = paid(room(r, t, t.Ante))
			}
		case pv > d.value:
			ante, bet, ins = pushed, paid(room(r, t, betPayout(r, b.Cards, t.Bet))), lost
		case pv == d.value:
			ante, bet, ins = pushed, pushed, lost
		}
		s.insurance(b, t, ins)
		s.line(b, t, BetAnte, t.Ante, ante)
		s.line(b, t, BetBet, t.Bet, bet)
		s.bonus(b, t, royalBonus(r, b, t))
	}
	b.Settled = true
}

// Showdown is what a round's cards are when it is settled: the dealer's
// five as dealt, his five after a bought game (none if no box bought),
// and by each box's number its first five, its final hand and its
// exchange's discards.
type Showdown struct {
	Dealer    []card.Card         `json:"dealer"`
	Bought    []card.Card         `json:"bought,omitempty"`
	FirstFive map[int][]card.Card `json:"first_five"`
	Hands     map[int][]card.Card `json:"hands"`
	Discards  map[int][]card.Card `json:"discards,omitempty"`
}

// Settle settles a round's bets on its cards, as Apply's settlement does:
// bets as a round holds them, each bettor's Ante and Royal Bonus on a box
// and the stakes the box's decisions made him (his Bet, the owner's
// insurance, his improvements' and his buy's fees) under his Ante's id.
// A box without Bets passed; one that bet and did not buy on a dealer
// without a game stopped; one that bought is settled against the bought
// hand. A bet that does not fit and the stakes of a box whose cards are
// not a showdown's are refunded rather than decided on cards nobody saw;
// fees are lost whatever the cards.
func Settle(r Rules, bets []round.Bet, sd Showdown) round.Settlement {
	var s State
	bxs, extra := boxesOf(&r, bets)
	for _, b := range extra {
		s.Lines = append(s.Lines, round.Refund(b))
	}
	d := dealerOf(sd.Dealer)
	for i := range bxs {
		b := &bxs[i]
		b.Cards, b.FirstFive = sd.Hands[b.N], sd.FirstFive[b.N]
		keep := (!b.Exchanged || s.keepsBonus(&r, b, Exchange, sd.Discards[b.N])) && (!b.Sixth || s.keepsBonus(&r, b, Sixth, nil))
		for j := range b.Bettors {
			t := &b.Bettors[j]
			s.line(b, t, BetExchange, t.Fee, lost)
			s.line(b, t, BetSixth, t.SixthFee, lost)
			s.line(b, t, BetBuy, t.BuyFee, lost)
			if !keep {
				s.bonus(b, t, lost)
			}
		}
		o := &b.Bettors[0]
		switch {
		case o.Bet == 0:
			s.pass(b)
		case !showdownOf(b, sd):
			for j := range b.Bettors {
				t := &b.Bettors[j]
				s.line(b, t, BetAnte, t.Ante, pushed)
				s.line(b, t, BetBet, t.Bet, pushed)
				s.insurance(b, t, pushed)
				s.bonus(b, t, pushed)
			}
		default:
			for j := range b.Bettors {
				t := &b.Bettors[j]
				s.bonus(b, t, royalBonus(&r, b, t))
				if !d.qualifies {
					s.insurance(b, t, paid(t.Insurance))
				}
			}
			switch {
			case d.qualifies:
				s.settleBox(&r, b, d)
			case o.BuyFee == 0:
				s.stop(&r, b)
			default:
				s.settleBox(&r, b, dealerOf(sd.Bought))
			}
		}
	}
	return round.Settlement{Lines: s.Lines}
}

// showdownOf reports box b's cards those of a showdown: five first, five
// or six (six after a sixth card) last, the dealer's five (and, after a
// buy, his bought five) none of them.
func showdownOf(b *Box, sd Showdown) bool {
	want := 5
	if b.Sixth {
		want = 6
	}
	ok := len(sd.Dealer) == 5 && len(b.FirstFive) == 5 && len(b.Cards) == want &&
		rank.CheckDistinct(sd.Dealer, b.Cards) == nil && rank.CheckDistinct(sd.Dealer, b.FirstFive) == nil
	if b.Bettors[0].BuyFee > 0 {
		ok = ok && len(sd.Bought) == 5 && rank.CheckDistinct(sd.Bought, b.Cards) == nil
	}
	return ok
}

// boxesOf sorts a round's bets into its boxes, in number order, each with
// its bettors in the order of their Antes, and the bets that fit none. A
// box's decisions are its owner's: a second bettor's stakes made deciding
// follow them, and those that do not are refunded; the insurance is the
// owner's alone.
func boxesOf(r *Rules, bets []round.Bet) (bxs []Box, extra []round.Bet) {
	for n := 1; n <= MaxBoxes; n++ {
		box := Box{N: n}
		var antes []int
		for i, a := range bets {
			if m, k := spotBox(a.Spot); m != n || k != BetAnte || a.Amount <= 0 || n > r.Boxes ||
				len(box.Bettors) == r.Bettors || slices.ContainsFunc(box.Bettors, func(t Bettor) bool { return t.Player == a.Player }) {
				continue
			}
			box.Bettors = append(box.Bettors, Bettor{Player: a.Player, AnteID: a.ID, Ante: a.Amount})
			antes = append(antes, i)
		}
		for i := range bets {
			if m, _ := spotBox(bets[i].Spot); m == n && !slices.Contains(antes, i) && !box.take(&bets[i]) {
				extra = append(extra, bets[i])
			}
		}
		if len(box.Bettors) == 0 {
			continue
		}
		o := &box.Bettors[0]
		box.Exchanged, box.Sixth = o.Fee > 0, o.SixthFee > 0
		for j := 1; j < len(box.Bettors); j++ {
			t := &box.Bettors[j]
			if (t.Bet > 0) != (o.Bet > 0) || (t.Fee > 0) != box.Exchanged || (t.SixthFee > 0) != box.Sixth ||
				(t.BuyFee > 0) != (o.BuyFee > 0) || t.Insurance > 0 {
				extra = append(extra, t.stakesAsBets(n)...)
				box.Bettors = slices.Delete(box.Bettors, j, j+1)
				j--
			}
		}
		bxs = append(bxs, box)
	}
	for _, b := range bets {
		if n, _ := spotBox(b.Spot); n == 0 {
			extra = append(extra, b)
		}
	}
	return bxs, extra
}

// take puts bet b on box's bettor whose it is: his Royal Bonus, his Bet,
// his insurance, his fees, once each and, but for the Royal Bonus, under
// his Ante's id (his Ante is there already: another does not fit). It
// reports whether b fit.
func (box *Box) take(b *round.Bet) bool {
	_, k := spotBox(b.Spot)
	i := slices.IndexFunc(box.Bettors, func(t Bettor) bool { return t.Player == b.Player })
	if i < 0 || b.Amount <= 0 {
		return false
	}
	t := &box.Bettors[i]
	if k == BetRoyalBonus {
		if t.BonusID != "" {
			return false
		}
		t.BonusID, t.RoyalBonus = b.ID, b.Amount
		return true
	}
	f := map[BetKind]*int64{BetBet: &t.Bet, BetInsurance: &t.Insurance, BetExchange: &t.Fee, BetSixth: &t.SixthFee, BetBuy: &t.BuyFee}[k]
	if f == nil || *f != 0 || b.ID != t.AnteID {
		return false
	}
	*f = b.Amount
	return true
}

// stakesAsBets are bettor t's stakes on box n as the bets that made them.
func (t *Bettor) stakesAsBets(n int) []round.Bet {
	var out []round.Bet
	for _, x := range []struct {
		k      BetKind
		id     string
		amount int64
	}{{BetAnte, t.AnteID, t.Ante}, {BetRoyalBonus, t.BonusID, t.RoyalBonus}, {BetBet, t.AnteID, t.Bet}, {BetInsurance, t.AnteID, t.Insurance},
		{BetExchange, t.AnteID, t.Fee}, {BetSixth, t.AnteID, t.SixthFee}, {BetBuy, t.AnteID, t.BuyFee}} {
		if x.amount > 0 {
			out = append(out, round.Bet{ID: x.id, Player: t.Player, Spot: Spot(n, x.k), Amount: x.amount})
		}
	}
	return out
}
