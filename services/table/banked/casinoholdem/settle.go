package casinoholdem

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
	case k == BetAABonus:
		id = b.BonusID
	case k == BetCall && b.CallID != "":
		id = b.CallID // a dark box's Call, placed under its own id
	}
	s.Lines = append(s.Lines, v.Line(id, b.Player, Spot(b.N, k), stake))
}

// fold settles a box that folded on the flop flop: the Ante lost; the
// AA Bonus lost whatever its cards (gr §4.3, §6.3), or, where the rules
// settle it on a pass (FoldSettlesBonus), as its first five win it (ru
// §3.13–3.15: "including boxes that pass", T6).
func (s *State) fold(r *Rules, b *Box, flop []card.Card) {
	s.line(b, BetAnte, b.Ante, lost)
	aa := lost
	if r.Options.FoldSettlesBonus && b.AABonus > 0 {
		aa = r.bonus(b, flop)
	}
	s.line(b, BetAABonus, b.AABonus, aa)
	b.Settled = true
}

// bonus is box b's AA Bonus outcome on its first five cards, its two
// and the flop (gr §6.3; ru §6: every line 7:1), whatever the dealer
// holds.
func (r *Rules) bonus(b *Box, flop []card.Card) verdict {
	if l := AABonusLine(b.Cards, flop[:3]); l != banked.NoLine {
		return paid(r.Paytables.AABonus.at(l).pay(b.AABonus))
	}
	return lost
}

// dealerHand is what settling asks of the dealer: his hand, as the rules
// rank hands (game: the best five of seven, or both hole cards and three
// of the board, ru N1: "each participant"), and whether it qualifies, a
// pair of fours or better (gr §4.7, §5: a board pair counts, any two
// pair qualifies; ru §4.2–4.3).
type dealerHand struct {
	value     rank.Value
	qualifies bool
}

func dealerOf(g rank.Game, dealer, board []card.Card) dealerHand {
	v := g.Eval(dealer, board)
	return dealerHand{value: v, qualifies: banked.CasinoHoldem.Qualifier().Qualifies(v)}
}

// showdown is the end of a round a box called in: the dealer's cards and
// the called boxes' are shown (gr §4.6; ru §3.22, dark boxes' too), then
// every stake still in play is settled, box by box.
func (s *State) showdown(r *Rules, evs []Event) []Event {
	g := r.game()
	d := dealerOf(g, s.Dealer, s.Board)
	s.DealerShown = true
	evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies})
	from := len(s.Lines)
	var order []int
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		pv := g.Eval(b.Cards, s.Board)
		b.Shown = true
		evs = append(evs, Event{Kind: EvShown, Player: b.Player, Box: b.N, Cards: b.Cards, Vis: Public, Hand: pv.Name()})
		s.settleBox(r, b, pv, d, s.Board)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settle ends a round every box folded in: their lines are made; the
// turn and the river are not dealt and the dealer's cards stay unseen.
func (s *State) settle(_ *Rules, evs []Event) []Event {
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled})
}

// settleBox settles called box b, whose best hand is pv, against the
// dealer's hand d (gr §6.1; ru §4 step 10, the same table): a dealer who
// does not qualify pays the Ante by
// its paytable, whatever the hands (line 32), and returns the Call; one
// who does pays the Ante by its paytable and the Call 1:1 to a better
// hand, returns both on a tie and takes both from a worse. The AA Bonus
// is settled on the box's first five cards, whatever the dealer has (§6.3).
func (s *State) settleBox(r *Rules, b *Box, pv rank.Value, d dealerHand, board []card.Card) {
	ante, call := lost, lost
	switch {
	case !d.qualifies:
		ante, call = paid(r.Paytables.Ante.at(banked.LineOf(pv)).pay(b.Ante)), pushed
	case pv > d.value:
		ante, call = paid(r.Paytables.Ante.at(banked.LineOf(pv)).pay(b.Ante)), paid(b.Call)
	case pv == d.value:
		ante, call = pushed, pushed
	}
	s.line(b, BetAnte, b.Ante, ante)
	s.line(b, BetCall, b.Call, call)
	s.line(b, BetAABonus, b.AABonus, r.bonus(b, board))
	b.Settled = true
}

// AABonusLine is the AA Bonus paytable line the player's two cards and
// the flop win (§6.3), NoLine for a hand below a pair of aces. Whether a
// hand wins is package banked's rule (a pair of aces or better by hand
// rank, so any two pair: §9 note 3); which line pays is the hand's
// category.
func AABonusLine(hole, flop []card.Card) Line {
	if banked.AABonus(hole, flop) == banked.NoLine {
		return banked.NoLine
	}
	if l := banked.LineOf(rank.TwoPlusThree(hole, flop)); l != banked.Pair {
		return l
	}
	return PairOfAces // the only pair that wins
}

// AnteLine is the Ante paytable line of the player's final hand, the
// best five of his two cards and the board (§6.2).
func AnteLine(hole, board []card.Card) Line {
	l := banked.LineOf(rank.GameHigh.Eval(hole, board))
	if l == banked.AceKing {
		return banked.HighCard
	}
	return l
}

// Showdown is what a round's cards are when it is settled: the board's
// five, the dealer's two, and each box's two by its number.
type Showdown struct {
	Board  []card.Card         `json:"board"`
	Dealer []card.Card         `json:"dealer"`
	Hole   map[int][]card.Card `json:"hole"`
}

// Settle settles a round's bets on its cards, as Apply's settlement does:
// bets as a round holds them (each box's Ante, its AA Bonus, and its Call
// if it called, on "box:n/ante", "box:n/aa_bonus", "box:n/call"). A box
// without a Call folded: its Ante and AA Bonus lose. A called box is
// settled against the dealer (§6.1, §6.3). One Line per stake, box by
// box. A bet that does not fit (a spot of no box, a second bet of a kind
// on a box, a Call or AA Bonus without an Ante, a Call under another id
// than its Ante's where dark play is off), a folded box's AA Bonus the
// rules settle on cards that are not a deal's, and the stakes of a
// called box whose cards are not a showdown's (five board cards, two
// each, every card once) are refunded rather than decided on cards nobody
// saw.
func Settle(r Rules, bets []round.Bet, sd Showdown) round.Settlement {
	var s State
	boxes, extra := boxesOf(&r, bets)
	for _, b := range extra {
		s.Lines = append(s.Lines, round.Refund(b))
	}
	var d dealerHand
	g := r.game()
	dealt := len(sd.Board) == 5 && len(sd.Dealer) == 2
	if dealt {
		d = dealerOf(g, sd.Dealer, sd.Board)
	}
	for i := range boxes {
		b := &boxes[i]
		b.Cards = sd.Hole[b.N]
		switch {
		case b.Call == 0 && r.Options.FoldSettlesBonus && b.AABonus > 0 &&
			(len(b.Cards) != 2 || len(sd.Board) < 3 || rank.CheckDistinct(sd.Board, sd.Dealer, b.Cards) != nil):
			s.line(b, BetAnte, b.Ante, lost)
			s.line(b, BetAABonus, b.AABonus, pushed)
		case b.Call == 0:
			s.fold(&r, b, sd.Board)
		case !dealt || len(b.Cards) != 2 || rank.CheckDistinct(sd.Board, sd.Dealer, b.Cards) != nil:
			s.line(b, BetAnte, b.Ante, pushed)
			s.line(b, BetCall, b.Call, pushed)
			s.line(b, BetAABonus, b.AABonus, pushed)
		default:
			s.settleBox(&r, b, g.Eval(b.Cards, sd.Board), d, sd.Board)
		}
	}
	return round.Settlement{Lines: s.Lines}
}

// boxesOf sorts a round's bets into its boxes, in number order, and the
// bets that fit none.
func boxesOf(r *Rules, bets []round.Bet) (boxes []Box, extra []round.Bet) {
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
		ante, aa, call := by[n][BetAnte], by[n][BetAABonus], by[n][BetCall]
		for _, b := range []**round.Bet{&aa, &call} {
			// A side bet is its Ante's player's; a Call is made on the
			// Ante, under its id, or placed dark under its own where the
			// rules allow dark play.
			if *b != nil && (ante == nil || (*b).Player != ante.Player || (*b == call && call.ID != ante.ID && r.Options.MaxDarkBoxes == 0)) {
				extra = append(extra, **b)
				*b = nil
			}
		}
		if ante == nil {
			continue
		}
		box := Box{N: n, Player: ante.Player, AnteID: ante.ID, Ante: ante.Amount}
		if aa != nil {
			box.BonusID, box.AABonus = aa.ID, aa.Amount
		}
		if call != nil {
			box.Call = call.Amount
			if call.ID != ante.ID {
				box.CallID = call.ID
			}
		}
		boxes = append(boxes, box)
	}
	return boxes, extra
}
