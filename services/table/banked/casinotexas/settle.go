package casinotexas

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
	if k == BetTrips {
		id = b.TripsID
	}
	s.Lines = append(s.Lines, v.Line(id, b.Player, Spot(b.N, k), stake))
}

// lines settles every stake of box b, in the order Ante, Blind, Play,
// Trips.
func (s *State) lines(b *Box, ante, blind, play, trips verdict) {
	s.line(b, BetAnte, b.Ante, ante)
	s.line(b, BetBlind, b.Blind, blind)
	s.line(b, BetPlay, b.Play, play)
	s.line(b, BetTrips, b.Trips, trips)
	b.Settled = true
}

// tripsVerdict is Trips on the player's final hand pv: paid by its
// paytable for three of a kind or better, whatever the dealer holds, lost
// below (§6).
func tripsVerdict(r *Rules, pv rank.Value, stake int64) verdict {
	if won, ok := r.Paytables.Trips.Pay(banked.LineOf(pv), stake); ok {
		return paid(won)
	}
	return lost
}

// fold settles a box that folded at the river: the Ante and the Blind
// lost, Trips on the player's final hand (§6, "player folded"; §9 note 1).
func (s *State) fold(r *Rules, b *Box) {
	pv := rank.GameHigh.Eval(b.Cards, s.Board)
	s.lines(b, lost, lost, lost, tripsVerdict(r, pv, b.Trips))
}

// dealerHand is what settling asks of the dealer: his best five of seven
// and whether it qualifies, at least one pair (§5).
type dealerHand struct {
	value     rank.Value
	qualifies bool
}

func dealerOf(dealer, board []card.Card) dealerHand {
	v := rank.GameHigh.Eval(dealer, board)
	return dealerHand{value: v, qualifies: banked.CasinoTexasHoldem.Qualifier().Qualifies(v)}
}

// showdown ends the round after the river's decisions (§4 step 8): if a
// box is settled against the dealer, his cards are shown and so are that
// box's; then every stake still in play is settled, box by box. If none
// is (every box folded), the dealer's face-down card stays unseen.
func (s *State) showdown(r *Rules, evs []Event) []Event {
	var d dealerHand
	for i := range s.Boxes {
		if b := &s.Boxes[i]; !b.Settled && b.Ante > 0 {
			d = dealerOf(s.Dealer, s.Board)
			s.DealerShown = true
			evs = append(evs, Event{Kind: EvShown, Cards: s.Dealer, Vis: round.Public, Hand: d.value.Name(), Qualifies: d.qualifies})
			break
		}
	}
	from := len(s.Lines)
	var order []int
	for i := range s.Boxes {
		b := &s.Boxes[i]
		if b.Settled {
			continue
		}
		pv := rank.GameHigh.Eval(b.Cards, s.Board)
		if b.Ante > 0 {
			b.Shown = true
			evs = append(evs, Event{Kind: EvShown, Player: b.Player, Box: b.N, Cards: b.Cards, Vis: round.Public, Hand: pv.Name()})
		}
		s.settleBox(r, b, pv, d)
		order = append(order, b.N)
	}
	s.end(round.Settled)
	return append(evs, Event{Kind: EvSettled, Lines: s.Lines[from:], Order: order})
}

// settleBox settles box b, whose final hand is pv, against the dealer's
// hand d (§6): a better hand wins the Ante and the Play 1:1 and the Blind
// by its paytable (a push below a straight), a tie pushes all three, a
// worse hand loses them; a dealer who does not qualify returns the Ante
// (or pays it, AnteWinsWhenDealerDoesNotQualify) whatever the hands.
// Trips is paid on the final hand whatever the dealer's; a Trips-only box
// settles only it.
func (s *State) settleBox(r *Rules, b *Box, pv rank.Value, d dealerHand) {
	trips := tripsVerdict(r, pv, b.Trips)
	if b.Ante == 0 {
		s.lines(b, pushed, pushed, pushed, trips)
		return
	}
	ante, blind, play := lost, lost, lost
	switch {
	case pv > d.value:
		ante, blind, play = paid(b.Ante), pushed, paid(b.Play)
		if won, ok := r.Paytables.Blind.Pay(banked.LineOf(pv), b.Blind); ok {
			blind = paid(won)
		}
	case pv == d.value:
		ante, blind, play = pushed, pushed, pushed
	}
	if !d.qualifies {
		ante = pushed
		if r.Options.AnteWinsWhenDealerDoesNotQualify {
			ante = paid(b.Ante)
		}
	}
	s.lines(b, ante, blind, play, trips)
}

// Showdown is what a round's cards are when it is settled: the board's
// five, the dealer's two, and each box's two by its number.
type Showdown struct {
	Board  []card.Card         `json:"board"`
	Dealer []card.Card         `json:"dealer"`
	Hole   map[int][]card.Card `json:"hole"`
}

// Settle settles a round's bets on its cards, as Apply's settlement does:
// bets as a round holds them (each box's Ante, its Blind under the Ante's
// id, its Trips, and its Play if it played, on "box:n/ante",
// "box:n/blind", "box:n/trips", "box:n/play"). A box with an Ante and no
// Play folded at the river: its Ante and Blind lose (or, under
// FoldKeepsAnteBlindInAction, are settled against the dealer). One Line
// per stake, box by box. A bet that does not fit (a spot of no box, a
// second bet of a kind on a box, a Blind other than its Ante, a Play of
// no street's size, Trips without its Ante unless TripsAlone) is
// refunded, and so is every stake whose outcome needs cards the showdown
// lacks (five board cards, two a box, the dealer's two against him,
// every card once) rather than decided on cards nobody saw.
func Settle(r Rules, bets []round.Bet, sd Showdown) round.Settlement {
	var s State
	boxes, extra := boxesOf(&r, bets)
	for _, b := range extra {
		s.Lines = append(s.Lines, round.Refund(b))
	}
	var d dealerHand
	dealerOK := len(sd.Dealer) == 2 && len(sd.Board) == 5
	if dealerOK {
		d = dealerOf(sd.Dealer, sd.Board)
	}
	s.Board = sd.Board
	for i := range boxes {
		b := &boxes[i]
		b.Cards = sd.Hole[b.N]
		cardsOK := len(sd.Board) == 5 && len(b.Cards) == 2 && rank.CheckDistinct(sd.Board, sd.Dealer, b.Cards) == nil
		against := b.Ante > 0 && (b.Play > 0 || r.Options.FoldKeepsAnteBlindInAction)
		switch {
		case b.Ante > 0 && !against && cardsOK:
			s.fold(&r, b)
		case b.Ante > 0 && !against:
			s.lines(b, lost, lost, lost, pushed)
		case !cardsOK || (against && !dealerOK):
			s.lines(b, pushed, pushed, pushed, pushed)
		default:
			s.settleBox(&r, b, rank.GameHigh.Eval(b.Cards, sd.Board), d)
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
		ante, blind, play, trips := by[n][BetAnte], by[n][BetBlind], by[n][BetPlay], by[n][BetTrips]
		// The Blind and the Play are made on the Ante, under its id, of
		// its player: the Blind its amount (§3), the Play a street's.
		fits := func(b *round.Bet, amounts ...int64) bool {
			for _, a := range amounts {
				if b.ID == ante.ID && b.Player == ante.Player && b.Amount == a*ante.Amount {
					return true
				}
			}
			return false
		}
		if ante != nil && (blind == nil || !fits(blind, 1)) {
			extra = append(extra, *ante)
			ante = nil
		}
		for _, b := range []**round.Bet{&blind, &play, &trips} {
			switch {
			case *b == nil:
			case ante == nil && *b == trips && r.Options.TripsAlone:
			case ante == nil, *b == blind && !fits(blind, 1), *b == play && !fits(play, 1, 2, 3, 4),
				*b == trips && trips.Player != ante.Player:
				extra = append(extra, **b)
				*b = nil
			}
		}
		if ante == nil && trips == nil {
			continue
		}
		box := Box{N: n}
		if ante != nil {
			box.Player, box.AnteID, box.Ante, box.Blind = ante.Player, ante.ID, ante.Amount, blind.Amount
		}
		if play != nil {
			box.Play = play.Amount
		}
		if trips != nil {
			box.Player, box.TripsID, box.Trips = trips.Player, trips.ID, trips.Amount
		}
		boxes = append(boxes, box)
	}
	return boxes, extra
}
