package oasis

import (
	"cmp"
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
	switch {
	case k == BetRoyalBonus:
		id = t.BonusID
	case k == BetBet && t.BetID != "":
		id = t.BetID
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

// pass settles a box that passed: each bettor's Ante and Royal Bonus
// lost (§3.19).
func (s *State) pass(b *Box) {
	for i := range b.Bettors {
		t := &b.Bettors[i]
		s.line(b, t, BetAnte, t.Ante, lost)
		s.bonus(b, t, lost)
	}
	b.Settled = true
}

// stop settles a box that stops on the dealer's no game: each bettor's
// Ante paid 1:1, his Bet returned (§4.4), his Royal Bonus on the box's
// cards (§4.13).
func (s *State) stop(r *Rules, b *Box) {
	for i := range b.Bettors {
		t := &b.Bettors[i]
		s.line(b, t, BetAnte, t.Ante, paid(capped(t.Ante, r.Limits.MaxPayout)))
		s.line(b, t, BetBet, t.Bet, pushed)
		s.bonus(b, t, royalBonus(r, b, t))
	}
	b.Settled = true
}

// royalBonus is bettor t's Royal Bonus's outcome on the box's first five
// cards, whatever the dealer has (§4.13): lost once the box exchanged
// (§3.22), else paid by its paytable if they qualify (§6), up to its own
// max payout (§4.2).
func royalBonus(r *Rules, b *Box, t *Bettor) verdict {
	if b.Exchanged {
		return lost
	}
	l := banked.RoyalBonus(b.Cards, r.Options.RoyalBonus.Rule())
	if l == banked.NoLine {
		return lost
	}
	won, _ := r.Paytables.RoyalBonus.Pay(l, t.RoyalBonus)
	return paid(capped(won, r.Limits.RoyalBonusMaxPayout))
}

// dealerHand is what settling asks of the dealer: his hand and whether it
// is a game, Ace-King or better (§4.4–4.5).
type dealerHand struct {
	value     rank.Value
	qualifies bool
}

func dealerOf(dealer []card.Card) dealerHand {
	v := rank.Best(dealer...)
	return dealerHand{value: v, qualifies: banked.Oasis.Qualifier().Qualifies(v)}
}

// reveal turns up the dealer's cards (§4.3) and says what he has.
func (s *State) reveal() dealerHand {
	s.DealerShown = true
	return dealerOf(s.Dealer)
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
		pv := rank.Best(b.Cards...)
		b.Shown = true
		evs = append(evs, Event{Kind: EvShown, Player: b.player(), Box: b.N, Cards: b.Cards, Vis: Public, Hand: pv.Name()})
		s.settleBox(r, b, pv, d)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settleBox settles box b, which bet and holds pv, against the dealer's
// hand d, bettor by bettor: a game bought that is still none returns the
// Ante and the Bet (§4.18, N3); a higher dealer takes both (§4.8); a
// lower pays the Ante 1:1 and the Bet by its paytable (§4.9, §4.14),
// together up to the max payout (§4.1, N8: a bettor's stakes on the box);
// equal hands push (§4.12). The Royal Bonus goes by the first five cards
// (§4.13).
func (s *State) settleBox(r *Rules, b *Box, pv rank.Value, d dealerHand) {
	for i := range b.Bettors {
		t := &b.Bettors[i]
		ante, bet := lost, lost
		switch {
		case !d.qualifies:
			ante, bet = pushed, pushed
		case pv > d.value:
			won, _ := r.Paytables.Bet.Pay(banked.LineOf(pv), t.Bet)
			anteWon := capped(t.Ante, r.Limits.MaxPayout)
			if m := r.Limits.MaxPayout; m > 0 {
				won = min(won, m-anteWon)
			}
			ante, bet = paid(anteWon), paid(won)
		case pv == d.value:
			ante, bet = pushed, pushed
		}
		s.line(b, t, BetAnte, t.Ante, ante)
		s.line(b, t, BetBet, t.Bet, bet)
		s.bonus(b, t, royalBonus(r, b, t))
	}
	b.Settled = true
}

// Showdown is what a round's cards are when it is settled: the dealer's
// five as dealt, his five after a bought game (none if no box bought),
// and each box's final hand by its number.
type Showdown struct {
	Dealer []card.Card         `json:"dealer"`
	Bought []card.Card         `json:"bought,omitempty"`
	Hands  map[int][]card.Card `json:"hands"`
}

// Settle settles a round's bets on its cards, as Apply's settlement does:
// bets as a round holds them, each bettor's Ante and Royal Bonus on a box
// and the stakes the box's decisions made him (his Bet, his exchange's
// fee, his buy's fee) under his Ante's id, but a dark Bet under its own.
// A box without Bets passed; one that bet and did not buy on a dealer
// without a game stopped (§4.4); one that bought is settled against the
// bought hand. A bet that does not fit (a spot of no box, a second bet of
// a kind, a stake without its Ante, a player past the box's bettors) and
// the stakes of a box whose cards are not a showdown's are refunded
// rather than decided on cards nobody saw; fees are lost whatever the
// cards.
func Settle(r Rules, bets []round.Bet, sd Showdown) round.Settlement {
	var s State
	bxs, extra := boxesOf(&r, bets)
	for _, b := range extra {
		s.Lines = append(s.Lines, round.Refund(b))
	}
	d := dealerOf(sd.Dealer)
	for i := range bxs {
		b := &bxs[i]
		b.Cards = sd.Hands[b.N]
		for j := range b.Bettors {
			t := &b.Bettors[j]
			s.line(b, t, BetExchange, t.Fee, lost)
			s.line(b, t, BetBuy, t.BuyFee, lost)
			if b.Exchanged {
				s.bonus(b, t, lost)
			}
		}
		o := &b.Bettors[0]
		played := len(sd.Dealer) == 5 && len(b.Cards) == 5 && rank.CheckDistinct(sd.Dealer, b.Cards) == nil
		if o.BuyFee > 0 {
			played = played && len(sd.Bought) == 5 && rank.CheckDistinct(sd.Bought, b.Cards) == nil
		}
		switch {
		case o.Bet == 0:
			s.pass(b)
		case !played:
			for j := range b.Bettors {
				t := &b.Bettors[j]
				s.line(b, t, BetAnte, t.Ante, pushed)
				s.line(b, t, BetBet, t.Bet, pushed)
				s.bonus(b, t, pushed)
			}
		case !d.qualifies && o.BuyFee == 0:
			s.stop(&r, b)
		case o.BuyFee > 0:
			s.settleBox(&r, b, rank.Best(b.Cards...), dealerOf(sd.Bought))
		default:
			s.settleBox(&r, b, rank.Best(b.Cards...), d)
		}
	}
	return round.Settlement{Lines: s.Lines}
}

// boxesOf sorts a round's bets into its boxes, in number order, each with
// its bettors in the order of their Antes, and the bets that fit none. A
// box's decisions are its owner's: a second bettor's stakes made deciding
// follow them, and those that do not are refunded.
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
		box.Exchanged = o.Fee > 0
		for j := 1; j < len(box.Bettors); j++ {
			t := &box.Bettors[j]
			if (t.Bet > 0) != (o.Bet > 0) || (t.Fee > 0) != box.Exchanged || (t.BuyFee > 0) != (o.BuyFee > 0) {
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
// his fees, once each and, but for the Royal Bonus and a dark Bet, under
// his Ante's id (his Ante is there already: another does not fit). It
// reports whether b fit.
func (box *Box) take(b *round.Bet) bool {
	_, k := spotBox(b.Spot)
	i := slices.IndexFunc(box.Bettors, func(t Bettor) bool { return t.Player == b.Player })
	if i < 0 || b.Amount <= 0 {
		return false
	}
	t := &box.Bettors[i]
	switch k {
	case BetRoyalBonus:
		if t.BonusID != "" {
			return false
		}
		t.BonusID, t.RoyalBonus = b.ID, b.Amount
		return true
	case BetBet:
		if t.Bet != 0 {
			return false
		}
		t.Bet = b.Amount
		if b.ID != t.AnteID {
			t.BetID, box.Dark = b.ID, true
		}
		return true
	}
	f := map[BetKind]*int64{BetExchange: &t.Fee, BetBuy: &t.BuyFee}[k]
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
	}{{BetAnte, t.AnteID, t.Ante}, {BetRoyalBonus, t.BonusID, t.RoyalBonus}, {BetBet, cmp.Or(t.BetID, t.AnteID), t.Bet},
		{BetExchange, t.AnteID, t.Fee}, {BetBuy, t.AnteID, t.BuyFee}} {
		if x.amount > 0 {
			out = append(out, round.Bet{ID: x.id, Player: t.Player, Spot: Spot(n, x.k), Amount: x.amount})
		}
	}
	return out
}
