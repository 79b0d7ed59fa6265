package house

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// The five-card stud games (Oasis, Russian and Split poker) deal every
// card of a round to a box or the dealer and take some back: an
// exchange's discards (Oasis, Russian), the dealer's card a bought game
// replaces. Their felt lists every card dealt to a place, in the order
// dealt, each with the mark the engine gave it, Public once the
// showdown showed it while still held: a box's discards stay its
// player's (he held them; his fairness proof opens them), never anyone
// else's.

// dealtTo are the cards dealt to a place (deck.ToBox and its box, or
// deck.ToDealer), in the order dealt, with their marks: Public where
// shown says the showdown showed the card, the deal's own otherwise.
func dealtTo(deals []deck.Deal, to deck.Target, box int, shown func(card.Card) bool) ([]card.Card, []round.Visibility) {
	var cs []card.Card
	var vis []round.Visibility
	for _, d := range deals {
		if d.To != to || d.Box != box {
			continue
		}
		v := d.Vis
		if shown(d.Card) {
			v = round.Public
		}
		cs, vis = append(cs, d.Card), append(vis, v)
	}
	return cs, vis
}

// studHand is a place's cards as the felt needs them: what it holds
// now, and whether the showdown showed them.
type studHand struct {
	held  []card.Card
	shown bool
}

// shows reports a card the showdown showed: held and shown.
func (h studHand) shows(c card.Card) bool { return h.shown && slices.Contains(h.held, c) }

// studSeat is a stud round's box as its felt needs it: its number and
// player, its hand, and the felt's box without its cards (its stakes,
// decision, settled).
type studSeat struct {
	n      int
	player string
	hand   studHand
	box    FeltBox
}

// studFelt is a stud round's felt: the dealer's cards and each box's,
// every card marked (dealtTo), and the deals, each marked as its place
// shows it.
func studFelt(deals []deck.Deal, dealer studHand, seats []studSeat, turn FeltTurn, stage string) Felt {
	f := Felt{Turn: turn, Stage: stage}
	f.Dealer, f.DealerVis = dealtTo(deals, deck.ToDealer, 0, dealer.shows)
	byBox := map[int]*studSeat{}
	for i := range seats {
		st := &seats[i]
		byBox[st.n] = st
		fb := st.box
		fb.N, fb.Player, fb.Shown = st.n, st.player, st.hand.shown
		fb.Cards, fb.Vis = dealtTo(deals, deck.ToBox, st.n, st.hand.shows)
		f.Boxes = append(f.Boxes, fb)
	}
	for _, d := range deals {
		fd := FeltDeal{Pos: d.Pos, Vis: d.Vis}
		h := dealer
		if st := byBox[d.Box]; d.To == deck.ToBox && st != nil {
			fd.Player, h = st.player, st.hand
		}
		if h.shows(d.Card) {
			fd.Vis = round.Public
		}
		f.Deals = append(f.Deals, fd)
	}
	return f
}

// enumName is an engine's stage's or action's name, "" for none.
func enumName[S interface {
	comparable
	String() string
}](s S) string {
	var none S
	if s == none {
		return ""
	}
	return s.String()
}

// studAction is a box's last decision: its choice on the dealer's no
// game once it made one, else its decision in its turn ("" before any).
func studAction[A interface {
	comparable
	String() string
}](action, choice A) string {
	var none A
	switch {
	case choice != none:
		return choice.String()
	case action != none:
		return action.String()
	}
	return ""
}
