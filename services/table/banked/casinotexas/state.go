package casinotexas

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// Stage is where a round is on its street, while its round.Phase is
// Closed.
type Stage uint8

// Stages.
const (
	// Dealing: the street's cards are coming: the hole cards (§4 step 2),
	// a burn and the flop (step 4), a burn and the turn and the river
	// (step 6).
	Dealing Stage = iota + 1
	// Deciding: the boxes still without a Play decide, box by box from
	// the dealer's left (steps 3, 5, 7).
	Deciding
)

var stageNames = round.Enum[Stage]{Type: "stage", Names: []string{"", "dealing", "deciding"}}

func (v Stage) String() string { return stageNames.String(v) }

// MarshalText writes the name.
func (v Stage) MarshalText() ([]byte, error) { return stageNames.Text(v) }

// UnmarshalText reads a name.
func (v *Stage) UnmarshalText(b []byte) error { return stageNames.Parse(b, v) }

// Street is which of the three decisions a round is at (§4).
type Street uint8

// Streets.
const (
	// PreFlop: the hole cards out; Play 3 or 4 × Ante, or check.
	PreFlop Street = iota + 1
	// Flop: three board cards out; Play 2 × Ante, or check.
	Flop
	// River: all five out; Play 1 × Ante, or fold.
	River
)

var streetNames = round.Enum[Street]{Type: "street", Names: []string{"", "pre_flop", "flop", "river"}}

func (v Street) String() string { return streetNames.String(v) }

// MarshalText writes the name.
func (v Street) MarshalText() ([]byte, error) { return streetNames.Text(v) }

// UnmarshalText reads a name.
func (v *Street) UnmarshalText(b []byte) error { return streetNames.Parse(b, v) }

// Target is where a card from the deck goes (deck.Target).
type Target = deck.Target

// Targets. The zero Target is none: no card is due.
const (
	// ToBurn: a burn card, before the flop and before the turn and river
	// (§4 steps 4, 6).
	ToBurn = deck.ToBurn
	// ToBox: a box's two cards, face down (§4 step 2).
	ToBox = deck.ToBox
	// ToDealer: the dealer's two cards, the first face up, the second
	// face down (§4 step 2).
	ToDealer = deck.ToDealer
	// ToBoard: the five community cards, face up.
	ToBoard = deck.ToBoard
	// ToShuffle: a card is due but the deck must be shuffled first: a new
	// deck every round (§1).
	ToShuffle = deck.ToShuffle
)

// Next is where the next card from the deck goes (deck.Next).
type Next = deck.Next

// Deal is one card from the deck, where it went and who may see it.
type Deal = deck.Deal

// Shoe is what the engine knows of the deck: one 52-card deck, shuffled
// before every round (§1).
type Shoe = deck.Shoe

// Visibility is who may see a card, as the engine marks it.
type Visibility = round.Visibility

// Action is a box's decision (§4 steps 3, 5, 7).
type Action uint8

// Actions.
const (
	// Check: no Play now; allowed before the flop and on the flop.
	Check Action = iota + 1
	// Play: the one Play bet of the round (§3): 3 or 4 × Ante before the
	// flop, 2 × on the flop, 1 × at the river. No decision follows.
	Play
	// Fold: at the river only; the Ante and the Blind are lost (§6,
	// unless FoldKeepsAnteBlindInAction), Trips is settled on the
	// player's final hand.
	Fold
)

var actionNames = round.Enum[Action]{Type: "action", Names: []string{"", "check", "play", "fold"}}

func (v Action) String() string { return actionNames.String(v) }

// MarshalText writes the name.
func (v Action) MarshalText() ([]byte, error) { return actionNames.Text(v) }

// UnmarshalText reads a name.
func (v *Action) UnmarshalText(b []byte) error { return actionNames.Parse(b, v) }

// Box is a box in play: one player's Ante, Blind, Trips and Play, his two
// cards and his decisions.
type Box struct {
	// N is the box's number, 1 from the dealer's left.
	N      int    `json:"n"`
	Player string `json:"player"`
	// AnteID is the Ante's bet id, which the Blind's and the Play's lines
	// carry too; TripsID Trips', "" when there is none.
	AnteID  string `json:"ante_id,omitempty"`
	TripsID string `json:"trips_id,omitempty"`
	// Ante and Blind are equal (§3); both 0 on a Trips-only box
	// (TripsAlone).
	Ante  int64 `json:"ante,omitempty"`
	Blind int64 `json:"blind,omitempty"`
	Trips int64 `json:"trips,omitempty"`
	// Play is the Play's stake once made: 4, 3, 2 or 1 × Ante (§3).
	Play  int64       `json:"play,omitempty"`
	Cards []card.Card `json:"cards"`
	// Decided is the last street the box decided on, Action its last
	// decision: none until it takes one.
	Decided Street `json:"decided,omitempty"`
	Action  Action `json:"action,omitempty"`
	// Shown: the showdown showed the box's cards (a box it settled
	// against the dealer).
	Shown bool `json:"shown,omitempty"`
	// Settled: every stake of the box has its line.
	Settled bool `json:"settled,omitempty"`
}

// stakes are the box's stakes still in the round's escrow.
func (b *Box) stakes() int64 {
	if b.Settled {
		return 0
	}
	return b.Ante + b.Blind + b.Trips + b.Play
}

// decides reports whether the box has a decision on street st: it has an
// Ante, no Play, has not folded, and has not decided on st.
func (b *Box) decides(st Street) bool {
	return b.Ante > 0 && b.Play == 0 && b.Action != Fold && b.Decided < st
}

// Turn is what the round waits for from the players (boxes.Turn): the
// wait's Seq, and the box deciding now and its player.
type Turn = boxes.Turn

// Decision is one decision taken for a box: its player's, or the clock's
// default.
type Decision struct {
	Seq    int    `json:"seq"`
	Player string `json:"player"`
	Box    int    `json:"box"`
	Street Street `json:"street"`
	Action Action `json:"action"`
	// Amount is a Play's stake.
	Amount  int64 `json:"amount,omitempty"`
	Timeout bool  `json:"timeout,omitempty"`
}

// State is one round of a table, as the table core stores it, with the
// deck it deals from.
//
// Money: a placed bet's stake goes into the round's escrow (an Ante
// brings its equal Blind), and so does a Play as it is made; every stake
// leaves it with exactly one line in Lines, on the spot it was made on
// ("box:3/ante", "box:3/blind", "box:3/play", "box:3/trips"), when its
// outcome is final: a fold's at once, the rest at the showdown. So, for
// every round, the stakes placed equal the stakes of Lines plus Escrow,
// and Escrow is zero once it has ended.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round  int64       `json:"round"`
	Phase  round.Phase `json:"phase,omitempty"`
	Stage  Stage       `json:"stage,omitempty"`
	Street Street      `json:"street,omitempty"`
	// Bets are the round's stakes in the order placed, each a player's
	// Ante (followed by its Blind, under the Ante's id) or Trips on a
	// box; Cancelled, those taken back or replaced (round.Book).
	Bets      []round.Bet `json:"bets,omitempty"`
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Boxes are the boxes in play, in number order, from "no more bets".
	Boxes []Box `json:"boxes,omitempty"`
	// Dealer are his two cards, the first face up by default, the second
	// face down until DealerShown; Board the five community cards.
	Dealer      []card.Card `json:"dealer,omitempty"`
	Board       []card.Card `json:"board,omitempty"`
	DealerShown bool        `json:"dealer_shown,omitempty"`
	// Burns are the round's burnt cards (§4 steps 4, 6).
	Burns int  `json:"burns,omitempty"`
	Turn  Turn `json:"turn"`
	// Next is where the next card goes.
	Next Next `json:"next,omitzero"`
	Shoe Shoe `json:"shoe"`
	// Deals are the cards drawn in the round, burns included; Decisions
	// the decisions taken in it.
	Deals     []Deal     `json:"deals,omitempty"`
	Decisions []Decision `json:"decisions,omitempty"`
	// Lines are every line the round's events carried, in order.
	Lines []round.Line `json:"lines,omitempty"`
	// Reason says why the round was voided.
	Reason string `json:"reason,omitempty"`
}

// Clone returns a copy of s that shares nothing with it.
func (s State) Clone() State {
	c := s
	c.Bets = slices.Clone(s.Bets)
	c.Cancelled = slices.Clone(s.Cancelled)
	c.Boxes = slices.Clone(s.Boxes)
	for i := range c.Boxes {
		c.Boxes[i].Cards = slices.Clone(s.Boxes[i].Cards)
	}
	c.Dealer = slices.Clone(s.Dealer)
	c.Board = slices.Clone(s.Board)
	c.Deals = slices.Clone(s.Deals)
	c.Decisions = slices.Clone(s.Decisions)
	c.Lines = slices.Clone(s.Lines)
	return c
}

// Escrow is what the round's escrow holds: every stake still in play.
func (s State) Escrow() int64 {
	var n int64
	switch s.Phase {
	case round.Betting:
		for _, b := range s.Bets {
			n += b.Amount
		}
	case round.Closed:
		for i := range s.Boxes {
			n += s.Boxes[i].stakes()
		}
	}
	return n
}

// Settlement is the round's lines as a round.Settlement.
func (s State) Settlement() round.Settlement {
	return round.Settlement{Lines: slices.Clone(s.Lines)}
}

// Owner is the player of box n: while bets are open the player of a bet
// on it, then the player of the box in play; "" when nobody has it.
func (s *State) Owner(n int) string {
	if s.Phase == round.Betting {
		return layout.Owner(s.Bets, n)
	}
	if b := s.box(n); b != nil {
		return b.Player
	}
	return ""
}

// box is box n in play, nil if none.
func (s *State) box(n int) *Box {
	for i := range s.Boxes {
		if s.Boxes[i].N == n {
			return &s.Boxes[i]
		}
	}
	return nil
}

// BetKind is what a stake on a box is.
type BetKind uint8

// Bet kinds, the last part of a spot: "box:3/ante".
const (
	// BetAnte: the Ante, which makes the box the player's (§3).
	BetAnte BetKind = iota + 1
	// BetBlind: the Blind, equal to the Ante and placed with it (§3); no
	// placement names it.
	BetBlind
	// BetTrips: the optional side bet (§3).
	BetTrips
	// BetPlay: the Play, made by deciding (§3); no placement makes it.
	BetPlay
	numKinds
)

var kindNames = round.Enum[BetKind]{Type: "bet kind", Names: []string{"", "ante", "blind", "trips", "play"}}

func (k BetKind) String() string { return kindNames.String(k) }

// MarshalText writes the name.
func (k BetKind) MarshalText() ([]byte, error) { return kindNames.Text(k) }

// UnmarshalText reads a name.
func (k *BetKind) UnmarshalText(b []byte) error { return kindNames.Parse(b, k) }

// layout is the stakes' spots on the boxes, "box:n/kind": the Ante
// makes a box its player's, Trips goes with it, the Blind comes with it
// (§3).
var layout = boxes.NewLayout[BetKind](MaxBoxes, kindNames.Names, BetAnte, BetTrips, BetBlind)

// Spot is the spot of a stake of kind k on box n: "box:3/ante".
func Spot(n int, k BetKind) string { return layout.Spot(n, k) }

// spotBox reads a canonical spot, "box:1/ante" to "box:6/play": its box
// and kind, 0 for anything else.
func spotBox(spot string) (int, BetKind) { return layout.Box(spot) }
