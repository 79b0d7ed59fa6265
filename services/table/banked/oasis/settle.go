package oasis

import (
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

// line appends the line of box b's stake of kind k, which does with it
// what v says; nothing for a stake the box has not made.
func (s *State) line(b *Box, k BetKind, stake int64, v verdict) {
	if stake == 0 {
		return
	}
	id := b.AnteID
	switch {
	case k == BetRoyalBonus:
		id = b.BonusID
	case k == BetBet && b.BetID != "":
		id = b.BetID
	}
	s.Lines = append(s.Lines, v.Line(id, b.Player, Spot(b.N, k), stake))
}

// bonus settles box b's Royal Bonus as v says, once.
func (s *State) bonus(b *Box, v verdict) {
	if !b.BonusDone {
		s.line(b, BetRoyalBonus, b.RoyalBonus, v)
		b.BonusDone = true
	}
}

// pass settles a box that passed: the Ante and the Royal Bonus lost
// (§3.19).
func (s *State) pass(b *Box) {
	s.line(b, BetAnte, b.Ante, lost)
	s.bonus(b, lost)
	b.Settled = true
}

// stop settles a box that stops on the dealer's no game: the Ante paid
// 1:1, the Bet returned (§4.4), the Royal Bonus on its cards (§4.13).
func (s *State) stop(r *Rules, b *Box) {
	s.line(b, BetAnte, b.Ante, paid(capped(b.Ante, r.Limits.MaxPayout)))
	s.line(b, BetBet, b.Bet, pushed)
	s.bonus(b, royalBonus(r, b))
	b.Settled = true
}

// royalBonus is the Royal Bonus's outcome on the box's first five cards,
// whatever the dealer has (§4.13): lost once the box exchanged (§3.22),
// else paid by its paytable if they qualify (§6), up to its own max
// payout (§4.2).
func royalBonus(r *Rules, b *Box) verdict {
	if b.Exchanged {
		return lost
	}
	l := banked.RoyalBonus(b.Cards, r.Options.RoyalBonus.Rule())
	if l == banked.NoLine {
		return lost
	}
	won, _ := r.Paytables.RoyalBonus.Pay(l, b.RoyalBonus)
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
		evs = append(evs, Event{Kind: EvShown, Player: b.Player, Box: b.N, Cards: b.Cards, Vis: Public, Hand: pv.Name()})
		s.settleBox(r, b, pv, d)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settleBox settles box b, which bet and holds pv, against the dealer's
// hand d: a game bought that is still none returns the Ante and the Bet
// (§4.18, N3); a higher dealer takes both (§4.8); a lower pays the Ante
// 1:1 and the Bet by its paytable (§4.9, §4.14), together up to the max
// payout (§4.1, N8); equal hands push (§4.12). The Royal Bonus goes by
// the first five cards (§4.13).
func (s *State) settleBox(r *Rules, b *Box, pv rank.Value, d dealerHand) {
	ante, bet := lost, lost
	switch {
	case !d.qualifies:
		ante, bet = pushed, pushed
	case pv > d.value:
		won, _ := r.Paytables.Bet.Pay(banked.LineOf(pv), b.Bet)
		anteWon := capped(b.Ante, r.Limits.MaxPayout)
		if m := r.Limits.MaxPayout; m > 0 {
			won = min(won, m-anteWon)
		}
		ante, bet = paid(anteWon), paid(won)
	case pv == d.value:
		ante, bet = pushed, pushed
	}
	s.line(b, BetAnte, b.Ante, ante)
	s.line(b, BetBet, b.Bet, bet)
	s.bonus(b, royalBonus(r, b))
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
// bets as a round holds them, each box's Ante and Royal Bonus, and the
// stakes it made deciding (its Bet, its exchange's fee, its buy's fee)
// under the Ante's id. A box without a Bet passed; one that bet and did
// not buy on a dealer without a game stopped (§4.4); one that bought is
// settled against the bought hand. A bet that does not fit (a spot of no
// box, a second bet of a kind, a stake without its Ante) and the stakes
// of a box whose cards are not a showdown's are refunded rather than
// decided on cards nobody saw; fees are lost whatever the cards.
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
		s.line(b, BetExchange, b.Fee, lost)
		s.line(b, BetBuy, b.BuyFee, lost)
		if b.Fee > 0 {
			s.bonus(b, lost)
		}
		played := len(sd.Dealer) == 5 && len(b.Cards) == 5 && rank.CheckDistinct(sd.Dealer, b.Cards) == nil
		if b.BuyFee > 0 {
			played = played && len(sd.Bought) == 5 && rank.CheckDistinct(sd.Bought, b.Cards) == nil
		}
		switch {
		case b.Bet == 0:
			s.pass(b)
		case !played:
			s.line(b, BetAnte, b.Ante, pushed)
			s.line(b, BetBet, b.Bet, pushed)
			s.bonus(b, pushed)
		case !d.qualifies && b.BuyFee == 0:
			s.stop(&r, b)
		case b.BuyFee > 0:
			s.settleBox(&r, b, rank.Best(b.Cards...), dealerOf(sd.Bought))
		default:
			s.settleBox(&r, b, rank.Best(b.Cards...), d)
		}
	}
	return round.Settlement{Lines: s.Lines}
}

// boxesOf sorts a round's bets into its boxes, in number order, and the
// bets that fit none.
func boxesOf(r *Rules, bets []round.Bet) (bxs []Box, extra []round.Bet) {
	var by [MaxBoxes + 1][numKinds]*round.Bet
	for i := range bets {
		b := &bets[i]
		n, k := spotBox(b.Spot)
		if n == 0 || n > r.Boxes || by[n][k] != nil || b.Amount <= 0 {
			extra = append(extra, *b)
			continue
		}
		by[n][k] = b
	}
	for n := 1; n <= MaxBoxes; n++ {
		ante := by[n][BetAnte]
		for k := BetRoyalBonus; k < numKinds; k++ {
			// A side bet is its Ante's player's; a stake made deciding is
			// made on the Ante, under its id, a dark Bet under its own.
			if o := by[n][k]; o != nil && (ante == nil || o.Player != ante.Player || (k != BetRoyalBonus && k != BetBet && o.ID != ante.ID)) {
				extra = append(extra, *o)
				by[n][k] = nil
			}
		}
		if ante == nil {
			continue
		}
		box := Box{N: n, Player: ante.Player, AnteID: ante.ID, Ante: ante.Amount}
		if rb := by[n][BetRoyalBonus]; rb != nil {
			box.BonusID, box.RoyalBonus = rb.ID, rb.Amount
		}
		for k, f := range map[BetKind]*int64{BetBet: &box.Bet, BetExchange: &box.Fee, BetBuy: &box.BuyFee} {
			if o := by[n][k]; o != nil {
				*f = o.Amount
			}
		}
		box.Exchanged = box.Fee > 0
		if bet := by[n][BetBet]; bet != nil && bet.ID != ante.ID {
			box.BetID, box.Dark = bet.ID, true
		}
		bxs = append(bxs, box)
	}
	return bxs, extra
}
