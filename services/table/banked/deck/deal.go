package deck

import (
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// Target is where a card from the deck goes.
type Target uint8

// Targets. The zero Target is none: no card is due.
const (
	// ToBurn: a burn card, which goes nowhere.
	ToBurn Target = iota + 1
	// ToBox: a box's hole cards.
	ToBox
	// ToDealer: the dealer's cards.
	ToDealer
	// ToBoard: the community cards.
	ToBoard
	// ToShuffle: a card is due but the deck must be shuffled first.
	ToShuffle
)

var targetNames = round.Enum[Target]{Type: "target", Names: []string{"", "burn", "box", "dealer", "board", "shuffle"}}

func (v Target) String() string { return targetNames.String(v) }

// MarshalText writes the name.
func (v Target) MarshalText() ([]byte, error) { return targetNames.Text(v) }

// UnmarshalText reads a name.
func (v *Target) UnmarshalText(b []byte) error { return targetNames.Parse(b, v) }

// Next is where the next card from the deck goes: to a box (Box), the
// dealer, the board, the burn, or nowhere yet (a decision is awaited).
type Next struct {
	To  Target `json:"to,omitempty"`
	Box int    `json:"box,omitempty"`
}

// Deal is one card from the deck, where it went and who may see it.
type Deal struct {
	// Pos is the card's place in the deck since its shuffle, from 1,
	// burns included.
	Pos  int              `json:"pos"`
	Card card.Card        `json:"card"`
	To   Target           `json:"to"`
	Box  int              `json:"box,omitempty"`
	Vis  round.Visibility `json:"vis"`
}

// Order is the order of the hole cards among the boxes and the dealer.
type Order uint8

// Orders.
const (
	// ByBox: each box all its cards, box by box, then the dealer his.
	ByBox Order = iota + 1
	// ByRound: one card to each box and one to the dealer, then another
	// round the same way, as a live dealer pitches them.
	ByRound
)

var orderNames = round.Enum[Order]{Type: "deal order", Names: []string{"", "by_box", "by_round"}}

func (v Order) String() string { return orderNames.String(v) }

// MarshalText writes the name.
func (v Order) MarshalText() ([]byte, error) { return orderNames.Text(v) }

// UnmarshalText reads a name.
func (v *Order) UnmarshalText(b []byte) error { return orderNames.Parse(b, v) }

// Hole is where the next hole card goes when every box in play and the
// dealer get each cards in order o: boxes in deal order (box 1, from the
// dealer's left, first), held telling a box's number and how many cards
// it holds, dealer how many the dealer holds. It is none once all are
// dealt.
func Hole[B any](o Order, each int, boxes []B, held func(*B) (n, cards int), dealer int) Next {
	if o == ByRound {
		for want := 1; want <= each; want++ {
			for i := range boxes {
				if n, cards := held(&boxes[i]); cards < want {
					return Next{To: ToBox, Box: n}
				}
			}
			if dealer < want {
				return Next{To: ToDealer}
			}
		}
		return Next{}
	}
	for i := range boxes {
		if n, cards := held(&boxes[i]); cards < each {
			return Next{To: ToBox, Box: n}
		}
	}
	if dealer < each {
		return Next{To: ToDealer}
	}
	return Next{}
}
