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
	if k == BetAABonus {
		id = b.BonusID
	}
	s.Lines = append(s.Lines, v.Line(id, b.Player, Spot(b.N, k), stake))
}

// fold settles a box that folded: the Ante and the AA Bonus lost, the
// AA Bonus whatever its cards (§4.3, §6.3).
func (s *State) fold(b *Box) {
	s.line(b, BetAnte, b.Ante, lost)
	s.line(b, BetAABonus, b.AABonus, lost)
	b.Settled = true
}

// dealerHand is what settling asks of the dealer: his best five of seven
// and whether it qualifies, a pair of fours or better (§4.7, §5: a board
// pair counts, any two pair qualifies).
type dealerHand struct {
	value     rank.Value
	qualifies bool
}

func dealerOf(dealer, board []card.Card) dealerHand {
	v := rank.GameHigh.Eval(dealer, board)
	return dealerHand{value: v, qualifies: banked.CasinoHoldem.Qualifier().Qualifies(v)}
}

// showdown is the end of a round a box called in: the dealer's cards and
// the called boxes' are shown (§4.6), then every stake still in play is
// settled, box by box.
func (s *State) showdown(r *Rules, evs []Event) []Event {
	d := dealerOf(s.Dealer, s.Board)
	s.DealerShown = true
	evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: Public, Hand: d.value.Name(), Qualifies: d.qualifies})
	from := len(s.Lines)
	var order []int
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		pv := rank.GameHigh.Eval(b.Cards, s.Board)
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
// dealer's hand d (§6.1): a dealer who does not qualify pays the Ante by
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
	aa := lost
	if l := AABonusLine(b.Cards, board[:3]); l != banked.NoLine {
		aa = paid(r.Paytables.AABonus.at(l).pay(b.AABonus))
	}
	s.line(b, BetAABonus, b.AABonus, aa)
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
// on a box, a Call or AA Bonus without an Ante) and the stakes of a
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
	dealt := len(sd.Board) == 5 && len(sd.Dealer) == 2
	if dealt {
		d = dealerOf(sd.Dealer, sd.Board)
	}
	for i := range boxes {
		b := &boxes[i]
		b.Cards = sd.Hole[b.N]
		switch {
		case b.Call == 0:
			s.fold(b)
		case !dealt || len(b.Cards) != 2 || rank.CheckDistinct(sd.Board, sd.Dealer, b.Cards) != nil:
			s.line(b, BetAnte, b.Ante, pushed)
			s.line(b, BetCall, b.Call, pushed)
			s.line(b, BetAABonus, b.AABonus, pushed)
		default:
			s.settleBox(&r, b, rank.GameHigh.Eval(b.Cards, sd.Board), d, sd.Board)
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
			// Ante, under its id.
			if *b != nil && (ante == nil || (*b).Player != ante.Player || (*b == call && call.ID != ante.ID)) {
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
		}
		boxes = append(boxes, box)
	}
	return boxes, extra
}
