package splitpoker

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
		id = b.BetID // a dark box's Bet, placed under its own id
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
// (§3.19, §3.13).
func (s *State) pass(b *Box) {
	s.line(b, BetAnte, b.Ante, lost)
	s.bonus(b, lost)
	b.Settled = true
}

// stop settles a box that stops on the dealer's no game: the Ante paid
// 1:1, the Bet returned (§5.11, §6.6), the Royal Bonus on its cards
// (§3.16).
func (s *State) stop(r *Rules, b *Box) {
	s.line(b, BetAnte, b.Ante, paid(capped(b.Ante, r.Limits.MaxPayout)))
	s.line(b, BetBet, b.Bet, pushed)
	s.bonus(b, royalBonus(r, b))
	b.Settled = true
}

// royalBonus is the Royal Bonus's outcome on the box's first five cards,
// whatever the dealer has (§3.16): paid by its paytable if they qualify
// (§6, the rules' reading), up to its own max payout (§5.3–5.4).
func royalBonus(r *Rules, b *Box) verdict {
	if b.RoyalBonus == 0 || len(b.Cards) < BigCards {
		return lost
	}
	l := banked.RoyalBonus(b.Cards[:BigCards], r.Options.RoyalBonus.Rule())
	if l == banked.NoLine {
		return lost
	}
	won, _ := r.Paytables.RoyalBonus.Pay(l, b.RoyalBonus)
	return paid(capped(won, r.Limits.RoyalBonusMaxPayout))
}

// dealerHand is what settling asks of the dealer: his big hand and
// whether it is a game, a pair of twos or better (§5.1), and his small
// hand once he has one.
type dealerHand struct {
	value     rank.Value
	qualifies bool
	small     []card.Card
}

func dealerOf(dealer []card.Card) dealerHand {
	v := rank.Best(dealer...)
	return dealerHand{value: v, qualifies: banked.Split.Qualifier().Qualifies(v)}
}

// reveal turns up the dealer's cards (§5.5) and says what he has.
func (s *State) reveal() dealerHand {
	s.DealerShown = true
	return dealerOf(s.Dealer)
}

// showdown settles every box still in play against the dealer's hand d,
// showing its hands, box by box, and ends the round.
func (s *State) showdown(r *Rules, evs []Event, d dealerHand) []Event {
	d.small = s.DealerSmall
	from := len(s.Lines)
	var order []int
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		pv := rank.Best(b.Big...)
		b.Shown = true
		shown := append(append(make([]card.Card, 0, BigCards+SmallCards), b.Big...), b.Small...)
		evs = append(evs, Event{Kind: EvShown, Player: b.Player, Box: b.N, Cards: shown, Vis: Public, Hand: pv.Name()})
		s.settleBox(r, b, pv, d)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settleBox settles box b, which played with the big hand pv, against
// the dealer's hand d (§4 step 7): a game bought that is still none
// returns the Ante and the Bet (§6.5); a higher dealer takes both
// (§5.6); equal big hands push, the small hands not compared (§5.10); a
// lower dealer has the small hands decide: the player's at least the
// dealer's (equal favours the player, §4.2 rule 4) pays the Bet by the
// big hand's multiple and returns the Ante; lower, it pays the Ante by
// it and returns the Bet (§5.7–5.9, N2, N3), up to the max payout
// (§5.2). The Royal Bonus goes by the first five cards (§3.16).
func (s *State) settleBox(r *Rules, b *Box, pv rank.Value, d dealerHand) {
	ante, bet := lost, lost
	switch {
	case !d.qualifies, pv == d.value:
		ante, bet = pushed, pushed
	case pv > d.value:
		ante, bet = pushed, pushed
		stake, win := b.Bet, &bet
		if banked.CompareSmall([2]card.Card(b.Small), [2]card.Card(d.small)) < 0 {
			stake, win = b.Ante, &ante
		}
		won, _ := r.Paytables.Pays.Pay(banked.LineOf(pv), stake)
		*win = paid(capped(won, r.Limits.MaxPayout))
	}
	s.line(b, BetAnte, b.Ante, ante)
	s.line(b, BetBet, b.Bet, bet)
	s.bonus(b, royalBonus(r, b))
	b.Settled = true
}

// Showdown is what a round's cards are when it is settled: the dealer's
// five as dealt, his five after a bought game (none if no box bought),
// his small hand once he has a game, and each box's hands by its number.
type Showdown struct {
	Dealer      []card.Card  `json:"dealer"`
	Bought      []card.Card  `json:"bought,omitempty"`
	DealerSmall []card.Card  `json:"dealer_small,omitempty"`
	Hands       map[int]Hand `json:"hands"`
}

// Hand is a box's cards at the showdown: the five first dealt (the Royal
// Bonus's, §6), and its big and small hands.
type Hand struct {
	First []card.Card `json:"first"`
	Big   []card.Card `json:"big"`
	Small []card.Card `json:"small"`
}

// Settle settles a round's bets on its cards, as Apply's settlement does:
// bets as a round holds them, each box's Ante and Royal Bonus (and a dark
// box's Bet, under its own id), and the stakes it made deciding (its
// Bet, its fees) under the Ante's id. A box without a Bet passed; one
// that played and did not buy the game of a dealer without one stopped
// (§6.6); one that bought it is settled against the bought hand. A bet
// that does not fit (a spot of no box, a second bet of a kind, a stake
// without its Ante) and the stakes of a box whose cards are not a
// showdown's are refunded rather than decided on cards nobody saw; fees
// are lost whatever the cards.
func Settle(r Rules, bets []round.Bet, sd Showdown) round.Settlement {
	var s State
	bxs, extra := boxesOf(&r, bets)
	for _, b := range extra {
		s.Lines = append(s.Lines, round.Refund(b))
	}
	for i := range bxs {
		b := &bxs[i]
		h := sd.Hands[b.N]
		b.Cards, b.Big, b.Small = h.First, h.Big, h.Small
		s.line(b, BetBuyCards, b.CardsFee, lost)
		s.line(b, BetBuyGame, b.GameFee, lost)
		if b.CardsFee > 0 && !r.Options.BuyKeepsRoyalBonus {
			s.bonus(b, lost)
		}
		dealt := dealerOf(sd.Dealer)
		d, ok := sd.final(b, dealt)
		switch {
		case b.Bet == 0:
			s.pass(b)
		case !ok:
			s.line(b, BetAnte, b.Ante, pushed)
			s.line(b, BetBet, b.Bet, pushed)
			s.bonus(b, pushed)
		case !dealt.qualifies && b.GameFee == 0:
			s.stop(&r, b)
		default:
			s.settleBox(&r, b, rank.Best(b.Big...), d)
		}
	}
	return round.Settlement{Lines: s.Lines}
}

// final is the dealer's hand box b is settled against (the bought one if
// it bought the game) and whether the showdown's cards decide it: five
// each, two in each small hand where they are compared, every card once.
func (sd *Showdown) final(b *Box, dealt dealerHand) (dealerHand, bool) {
	ok := len(sd.Dealer) == BigCards && len(b.Cards) == BigCards && len(b.Big) == BigCards && len(b.Small) == SmallCards &&
		rank.CheckDistinct(sd.Dealer, b.Big, b.Small) == nil && rank.CheckDistinct(sd.Dealer, b.Cards) == nil
	d, dealer := dealt, sd.Dealer
	if b.GameFee > 0 {
		ok = ok && !dealt.qualifies && len(sd.Bought) == BigCards && rank.CheckDistinct(sd.Bought, b.Big, b.Small) == nil
		d, dealer = dealerOf(sd.Bought), sd.Bought
	}
	if ok && d.qualifies {
		d.small = sd.DealerSmall
		ok = len(sd.DealerSmall) == SmallCards && rank.CheckDistinct(dealer, sd.DealerSmall, b.Big, b.Small) == nil
	}
	return d, ok
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
			// made on the Ante, under its id; a dark Bet, where the rules
			// allow dark play, under its own.
			o := by[n][k]
			if o != nil && (ante == nil || o.Player != ante.Player || (k != BetRoyalBonus && o.ID != ante.ID && (k != BetBet || r.Options.MaxDarkBoxes == 0))) {
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
		if o := by[n][BetBet]; o != nil {
			box.Bet = o.Amount
			if o.ID != ante.ID {
				box.BetID, box.Dark = o.ID, true
			}
		}
		if o := by[n][BetBuyCards]; o != nil {
			box.CardsFee, box.Bought = o.Amount, true
		}
		if o := by[n][BetBuyGame]; o != nil {
			box.GameFee = o.Amount
		}
		bxs = append(bxs, box)
	}
	return bxs, extra
}
