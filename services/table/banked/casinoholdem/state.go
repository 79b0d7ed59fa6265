package casinoholdem

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/boxes"
	"github.com/croupier/croupier/services/table/banked/deck"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// Stage is where a round is between "no more bets" and its end, while
// its round.Phase is Closed.
type Stage uint8

// Stages.
const (
	// Dealing: two cards to each box, two face down to the dealer, the
	// three cards of the flop face up (§4.2).
	Dealing Stage = iota + 1
	// Deciding: each box calls or folds, box by box from the dealer's
	// left (§4.3).
	Deciding
	// Finishing: the turn and the river, once a box has called (§4.5);
	// then the showdown settles the round (§4.6–4.8).
	Finishing
)

var stageNames = round.Enum[Stage]{Type: "stage", Names: []string{"", "dealing", "deciding", "finishing"}}

func (v Stage) String() string { return stageNames.String(v) }

// MarshalText writes the name.
func (v Stage) MarshalText() ([]byte, error) { return stageNames.Text(v) }

// UnmarshalText reads a name.
func (v *Stage) UnmarshalText(b []byte) error { return stageNames.Parse(b, v) }

// Target is where a card from the deck goes (deck.Target).
type Target = deck.Target

// Targets. The zero Target is none: no card is due.
const (
	// ToBurn: a burn card, which goes nowhere (Options.BurnCards).
	ToBurn = deck.ToBurn
	// ToBox: a box's two cards.
	ToBox = deck.ToBox
	// ToDealer: the dealer's two cards, face down.
	ToDealer = deck.ToDealer
	// ToBoard: the community cards, the flop, the turn and the river.
	ToBoard = deck.ToBoard
	// ToShuffle: a card is due but the deck must be shuffled first: a new
	// deck every round (§1).
	ToShuffle = deck.ToShuffle
)

// Next is where the next card from the deck goes: to a box (Box), the
// dealer, the board, the burn, or nowhere yet (a decision is awaited).
type Next = deck.Next

// Action is a box's decision after the flop (§4.3).
type Action uint8

// Actions.
const (
	// Call: 2 × Ante on the Call; the round goes on to the showdown.
	Call Action = iota + 1
	// Fold: the box loses its Ante at once, and its AA Bonus, a win
	// included (gr §4.3, §6.3), unless the rules settle it on its cards
	// (Options.FoldSettlesBonus; ru's pass, §3.13–3.15).
	Fold
)

var actionNames = round.Enum[Action]{Type: "action", Names: []string{"", "call", "fold"}}

func (v Action) String() string { return actionNames.String(v) }

// MarshalText writes the name.
func (v Action) MarshalText() ([]byte, error) { return actionNames.Text(v) }

// UnmarshalText reads a name.
func (v *Action) UnmarshalText(b []byte) error { return actionNames.Parse(b, v) }

// Visibility is who may see a card, as the engine marks it
// (round.Visibility): the table core shows each viewer what the marks
// let him see.
type Visibility = round.Visibility

// Visibilities. The zero Visibility is none: an event without cards.
const (
	// Public: everyone at the table, observers too (the board; the boxes'
	// face-up cards; every card the showdown shows).
	Public = round.Public
	// Private: the player of the card's box only (face-down box cards).
	Private = round.Private
	// Hidden: nobody at the table: the dealer's two cards until the
	// showdown shows them, a dark box's likewise (ru §3.10), the burns for
	// ever.
	Hidden = round.Hidden
)

// Box is a box in play: one player's Ante, his AA Bonus and Call, his two
// cards and his decision.
type Box struct {
	// N is the box's number, 1 from the dealer's left.
	N      int    `json:"n"`
	Player string `json:"player"`
	// AnteID is the Ante bet's id, which the Call's line carries too;
	// BonusID the AA Bonus bet's, "" when there is none.
	AnteID  string `json:"ante_id"`
	BonusID string `json:"bonus_id,omitempty"`
	Ante    int64  `json:"ante"`
	AABonus int64  `json:"aa_bonus,omitempty"`
	// Call is the Call's stake, 2 × Ante once called (§3; ru's Bet).
	// CallID is its bet's id when it was placed before the deal (a dark
	// box's), "" when it was made by deciding, under the Ante's id.
	Call   int64  `json:"call,omitempty"`
	CallID string `json:"call_id,omitempty"`
	// Dark: the box plays dark (ru §2.6, §3.10): its Call placed with its
	// Ante, no decision, its cards seen by nobody until the showdown.
	Dark  bool        `json:"dark,omitempty"`
	Cards []card.Card `json:"cards"`
	// Action is the box's decision, none until it is taken.
	Action Action `json:"action,omitempty"`
	// Shown: the showdown showed the box's cards (a called box's).
	Shown bool `json:"shown,omitempty"`
	// Settled: every stake of the box has its line.
	Settled bool `json:"settled,omitempty"`
}

// stakes are the box's stakes still in the round's escrow.
func (b *Box) stakes() int64 {
	if b.Settled {
		return 0
	}
	return b.Ante + b.AABonus + b.Call
}

// Turn is what the round waits for from the players (boxes.Turn): the
// wait's Seq, and the box deciding now and its player.
type Turn = boxes.Turn

// Decision is one decision taken for a box: its player's, or the clock's
// fold.
type Decision struct {
	Seq     int    `json:"seq"`
	Player  string `json:"player"`
	Box     int    `json:"box"`
	Action  Action `json:"action"`
	Timeout bool   `json:"timeout,omitempty"`
}

// Deal is one card from the deck, where it went and who may see it.
type Deal = deck.Deal

// Shoe is what the engine knows of the deck: one 52-card deck, shuffled
// before every round (§1).
type Shoe = deck.Shoe

// State is one round of a table, as the table core stores it, with the
// deck it deals from.
//
// Money: a placed bet's stake goes into the round's escrow, and so does a
// Call as it is made; every stake leaves it with exactly one line in
// Lines, on the spot it was made on ("box:3/ante", "box:3/call",
// "box:3/aa_bonus"), when its outcome is final: a fold's at once, the
// rest at the showdown. So, for every round, the stakes placed equal the
// stakes of Lines plus Escrow, and Escrow is zero once it has ended.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round int64       `json:"round"`
	Phase round.Phase `json:"phase,omitempty"`
	Stage Stage       `json:"stage,omitempty"`
	// Bets are the round's bets in the order placed, each a player's
	// Ante or AA Bonus on a box; Cancelled, those taken back or replaced
	// (round.Book).
	Bets      []round.Bet `json:"bets,omitempty"`
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Boxes are the boxes in play, in number order, from "no more bets".
	Boxes []Box `json:"boxes,omitempty"`
	// Dealer are his two cards, face down until DealerShown; Board the
	// flop, the turn and the river.
	Dealer      []card.Card `json:"dealer,omitempty"`
	Board       []card.Card `json:"board,omitempty"`
	DealerShown bool        `json:"dealer_shown,omitempty"`
	// Burns are the round's burnt cards (Options.BurnCards).
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
	// BetAABonus: the optional side bet, with the Ante (§3).
	BetAABonus
	// BetCall: the Call, 2 × Ante, made by deciding (§3); or, where the
	// table allows dark play (Options.MaxDarkBoxes), placed with the
	// Ante before the deal, which makes the box dark (ru §3.10).
	BetCall
	numKinds
)

var kindNames = round.Enum[BetKind]{Type: "bet kind", Names: []string{"", "ante", "aa_bonus", "call"}}

func (k BetKind) String() string { return kindNames.String(k) }

// MarshalText writes the name.
func (k BetKind) MarshalText() ([]byte, error) { return kindNames.Text(k) }

// UnmarshalText reads a name.
func (k *BetKind) UnmarshalText(b []byte) error { return kindNames.Parse(b, k) }

// layout is the stakes' spots on the boxes, "box:n/kind": the Ante
// makes a box its player's and the AA Bonus goes with it (§3).
var layout = boxes.NewLayout[BetKind](MaxBoxes, kindNames.Names, BetAnte, BetAABonus, 0)

// Spot is the spot of a stake of kind k on box n: "box:3/ante".
func Spot(n int, k BetKind) string { return layout.Spot(n, k) }

// spotBox reads a canonical spot, "box:1/ante" to "box:7/call": its box
// and kind, 0 for anything else.
func spotBox(spot string) (int, BetKind) { return layout.Box(spot) }
