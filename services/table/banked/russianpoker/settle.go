package russianpoker

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
	if k == BetRoyalBonus {
		id = b.BonusID
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

// insurance settles box b's insurance as v says, once, and records what
// it won.
func (s *State) insurance(b *Box, v verdict) {
	if !b.InsuranceDone {
		s.line(b, BetInsurance, b.Insurance, v)
		b.InsuranceDone, b.InsuranceWon = true, v.Won
	}
}

// room caps what box b's Ante and Bet win: the max payout less what its
// insurance won (§3.35–3.36).
func room(r *Rules, b *Box, won int64) int64 {
	if m := r.Limits.MaxPayout; m > 0 {
		return min(won, max(0, m-b.InsuranceWon))
	}
	return won
}

// pass settles a box that passed: the Ante and the Royal Bonus lost
// (§3.20).
func (s *State) pass(b *Box) {
	s.line(b, BetAnte, b.Ante, lost)
	s.bonus(b, lost)
	b.Settled = true
}

// stop settles a box that stops on the dealer's no game: the Ante paid
// 1:1, the Bet returned (§3.34, §4.20), within the max payout with the
// insurance's win.
func (s *State) stop(r *Rules, b *Box) {
	s.line(b, BetAnte, b.Ante, paid(room(r, b, b.Ante)))
	s.line(b, BetBet, b.Bet, pushed)
	b.Settled = true
}

// royalBonus is the Royal Bonus's outcome on the box's first five cards,
// whatever the dealer has (§4.17): paid by its paytable if they qualify
// (§6), up to its own max payout (§3.17); one an improvement lost has its
// line already.
func royalBonus(r *Rules, b *Box) verdict {
	l := banked.RoyalBonus(b.FirstFive, r.Options.RoyalBonus.Rule())
	if l == banked.NoLine {
		return lost
	}
	won, _ := r.Paytables.RoyalBonus.Pay(l, b.RoyalBonus)
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
		s.bonus(b, royalBonus(r, b))
		if !d.qualifies {
			s.insurance(b, paid(b.Insurance))
		}
		if len(s.Lines) > from {
			evs = append(evs, Event{Kind: EvPaid, Player: b.Player, Box: b.N, Lines: s.Lines[from:], Reason: "reveal"})
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
		evs = append(evs, Event{Kind: EvShown, Player: b.Player, Box: b.N, Cards: b.Cards, Vis: Public, Hand: rank.Best(b.Cards...).Name()})
		s.settleBox(r, b, d)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settleBox settles box b, which bet, against the dealer's hand d: a game
// bought that is still none returns the Ante and the Bet (N5; or pays
// the Ante 1:1, FailedBuyPaysAnte); a higher dealer takes both and
// returns the insurance (§4.14, §3.34); a lower returns the Ante, pays
// the Bet on the box's combinations (§4.15–4.16) within the max payout
// with the insurance's win (§3.35–3.36), and takes the insurance; equal
// hands push and take the insurance (§4.12, N7).
func (s *State) settleBox(r *Rules, b *Box, d dealerHand) {
	pv := rank.Best(b.Cards...)
	ante, bet, ins := lost, lost, pushed
	switch {
	case !d.qualifies:
		ante, bet = pushed, pushed
		if r.Options.FailedBuyPaysAnte {
			ante = paid(room(r, b, b.Ante))
		}
	case pv > d.value:
		ante, bet, ins = pushed, paid(room(r, b, betPayout(r, b.Cards, b.Bet))), lost
	case pv == d.value:
		ante, bet, ins = pushed, pushed, lost
	}
	s.insurance(b, ins)
	s.line(b, BetAnte, b.Ante, ante)
	s.line(b, BetBet, b.Bet, bet)
	s.bonus(b, royalBonus(r, b))
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
// bets as a round holds them, each box's Ante and Royal Bonus, and the
// stakes it made deciding (its Bet and insurance, its improvements' and
// its buy's fees) under the Ante's id. A box without a Bet passed; one
// that bet and did not buy on a dealer without a game stopped; one that
// bought is settled against the bought hand. A bet that does not fit and
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
		b.Cards, b.FirstFive = sd.Hands[b.N], sd.FirstFive[b.N]
		s.line(b, BetExchange, b.Fee, lost)
		s.line(b, BetSixth, b.SixthFee, lost)
		s.line(b, BetBuy, b.BuyFee, lost)
		if (b.Fee > 0 && !s.keepsBonus(&r, b, Exchange, sd.Discards[b.N])) || (b.SixthFee > 0 && !s.keepsBonus(&r, b, Sixth, nil)) {
			s.bonus(b, lost)
		}
		switch {
		case b.Bet == 0:
			s.pass(b)
		case !showdownOf(b, sd):
			s.line(b, BetAnte, b.Ante, pushed)
			s.line(b, BetBet, b.Bet, pushed)
			s.insurance(b, pushed)
			s.bonus(b, pushed)
		case d.qualifies:
			s.bonus(b, royalBonus(&r, b))
			s.settleBox(&r, b, d)
		default:
			s.bonus(b, royalBonus(&r, b))
			s.insurance(b, paid(b.Insurance))
			if b.BuyFee == 0 {
				s.stop(&r, b)
			} else {
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
	if b.SixthFee > 0 {
		want = 6
	}
	ok := len(sd.Dealer) == 5 && len(b.FirstFive) == 5 && len(b.Cards) == want &&
		rank.CheckDistinct(sd.Dealer, b.Cards) == nil && rank.CheckDistinct(sd.Dealer, b.FirstFive) == nil
	if b.BuyFee > 0 {
		ok = ok && len(sd.Bought) == 5 && rank.CheckDistinct(sd.Bought, b.Cards) == nil
	}
	return ok
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
			// made on the Ante, under its id.
			if o := by[n][k]; o != nil && (ante == nil || o.Player != ante.Player || (k != BetRoyalBonus && o.ID != ante.ID)) {
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
		for k, f := range map[BetKind]*int64{BetBet: &box.Bet, BetInsurance: &box.Insurance, BetExchange: &box.Fee,
			BetSixth: &box.SixthFee, BetBuy: &box.BuyFee} {
			if o := by[n][k]; o != nil {
				*f = o.Amount
			}
		}
		box.Exchanged, box.Sixth = box.Fee > 0, box.SixthFee > 0
		bxs = append(bxs, box)
	}
	return bxs, extra
}
