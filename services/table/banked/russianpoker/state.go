package russianpoker

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
	// Dealing: five cards to each box and the dealer, one at a time, the
	// dealer's fifth face up (§3.18–3.19).
	Dealing Stage = iota + 1
	// Deciding: box by box, pass, bet, or an improvement and then pass or
	// bet (§3.20–3.28); an improvement's cards are dealt in the box's
	// turn.
	Deciding
	// Buying: the dealer has no game; box by box, each box that bet stops
	// or buys his game (§4.20–4.21).
	Buying
	// Drawing: a box bought the game; the dealer's highest card is out
	// and its replacement is due, up to three times (§4 step 7.3).
	Drawing
)

var stageNames = round.Enum[Stage]{Type: "stage", Names: []string{"", "dealing", "deciding", "buying", "drawing"}}

func (v Stage) String() string { return stageNames.String(v) }

// MarshalText writes the name.
func (v Stage) MarshalText() ([]byte, error) { return stageNames.Text(v) }

// UnmarshalText reads a name.
func (v *Stage) UnmarshalText(b []byte) error { return stageNames.Parse(b, v) }

// Target is where a card from the deck goes (deck.Target).
type Target = deck.Target

// Targets. The zero Target is none: no card is due.
const (
	// ToBox: a box's five cards, and an exchange's new ones.
	ToBox = deck.ToBox
	// ToDealer: the dealer's five cards, and the card a bought game
	// brings.
	ToDealer = deck.ToDealer
	// ToShuffle: a card is due but the deck must be shuffled first: a new
	// deck every round (§3.1).
	ToShuffle = deck.ToShuffle
)

// Next is where the next card from the deck goes: to a box (Box), the
// dealer, or nowhere yet (a decision is awaited).
type Next = deck.Next

// Action is a box's decision: in its turn (§3.20–3.28), and on the
// dealer's "no game" (§4.20–4.21).
type Action uint8

// Actions.
const (
	// Pass: the Ante and the Royal Bonus lose (§3.20).
	Pass Action = iota + 1
	// Bet: 2 × Ante on the Bet (§3.21), with Command.Insurance on three
	// of a kind or better (§3.29).
	Bet
	// Exchange: one to five cards (Command.Cards) for one Ante, a fee;
	// then the box passes or bets (§3.22).
	Exchange
	// Sixth: a sixth card for one Ante, a fee (§3.22, §3.24).
	Sixth
	// Stop: on the dealer's no game, the Ante is paid 1:1 and the Bet
	// returned (§4.20).
	Stop
	// Buy: on the dealer's no game, one Ante buys his game (§4.21).
	Buy
)

var actionNames = round.Enum[Action]{Type: "action", Names: []string{"", "pass", "bet", "exchange", "sixth_card", "stop", "buy"}}

func (v Action) String() string { return actionNames.String(v) }

// MarshalText writes the name.
func (v Action) MarshalText() ([]byte, error) { return actionNames.Text(v) }

// UnmarshalText reads a name.
func (v *Action) UnmarshalText(b []byte) error { return actionNames.Parse(b, v) }

// Visibility is who may see a card, as the engine marks it
// (round.Visibility).
type Visibility = round.Visibility

// Visibilities. The zero Visibility is none: an event without cards.
const (
	// Public: everyone at the table (the dealer's fifth card, a bought
	// card, every card the showdown shows).
	Public = round.Public
	// Private: the player of the card's box only (the boxes' cards).
	Private = round.Private
	// Hidden: nobody at the table (the dealer's first four until he
	// reveals them).
	Hidden = round.Hidden
)

// Bettor is one player's stakes on a box (§2.5): the box's owner's, who
// holds its cards and decides for it, or a second player's, whose stakes
// follow the owner's decisions: his Bet 2 × his Ante, his fees one of his
// Antes each. The insurance is the owner's alone: he makes it with his
// Bet.
type Bettor struct {
	Player string `json:"player"`
	// AnteID is the Ante bet's id, which the Bet's, the insurance's and
	// the fees' lines carry too; BonusID the Royal Bonus's, "" when there
	// is none.
	AnteID     string `json:"ante_id"`
	BonusID    string `json:"bonus_id,omitempty"`
	Ante       int64  `json:"ante"`
	RoyalBonus int64  `json:"royal_bonus,omitempty"`
	// Bet is the Bet's stake, 2 × Ante once the box bets (§3.21);
	// Insurance the insurance made with it (§3.29–3.33).
	Bet       int64 `json:"bet,omitempty"`
	Insurance int64 `json:"insurance,omitempty"`
	// Fee is the exchange's fee, SixthFee the sixth card's, BuyFee the
	// bought game's: one Ante each, each lost as it is paid (§3.22,
	// §4.21).
	Fee      int64 `json:"fee,omitempty"`
	SixthFee int64 `json:"sixth_fee,omitempty"`
	BuyFee   int64 `json:"buy_fee,omitempty"`
	// BonusDone and InsuranceDone: the bet has its line; InsuranceWon what
	// the insurance won, which counts toward the max payout (§3.36).
	BonusDone     bool  `json:"bonus_done,omitempty"`
	InsuranceDone bool  `json:"insurance_done,omitempty"`
	InsuranceWon  int64 `json:"insurance_won,omitempty"`
}

// Box is a box in play: its bettors' stakes, its cards and its decisions.
type Box struct {
	// N is the box's number, 1 from the dealer's left.
	N int `json:"n"`
	// Bettors are the box's players' stakes, the owner's first (§2.5).
	Bettors []Bettor `json:"bettors"`
	// Cards are the box's hand, five or six; FirstFive the five first
	// dealt, which the Royal Bonus goes by (§3.11); Discards the cards it
	// exchanged.
	Cards     []card.Card `json:"cards"`
	FirstFive []card.Card `json:"first_five,omitempty"`
	Discards  []card.Card `json:"discards,omitempty"`
	// Action is the box's decision, Pass or Bet, none until taken;
	// Exchanged and Sixth its improvements; Choice its Stop or Buy on the
	// dealer's no game.
	Action    Action `json:"action,omitempty"`
	Exchanged bool   `json:"exchanged,omitempty"`
	Sixth     bool   `json:"sixth,omitempty"`
	Choice    Action `json:"choice,omitempty"`
	// Locked: the Royal Bonus the first five win survived an improvement
	// (§3.16).
	Locked bool `json:"locked,omitempty"`
	// Shown: the showdown showed the box's cards.
	Shown bool `json:"shown,omitempty"`
	// Settled: every stake of the box has its line.
	Settled bool `json:"settled,omitempty"`
}

// player is the box's owner, who decides for it (§2.5).
func (b *Box) player() string { return b.Bettors[0].Player }

// stakes are the box's stakes still in the round's escrow.
func (b *Box) stakes() int64 {
	if b.Settled {
		return 0
	}
	var n int64
	for i := range b.Bettors {
		t := &b.Bettors[i]
		n += t.Ante + t.Bet
		if !t.BonusDone {
			n += t.RoyalBonus
		}
		if !t.InsuranceDone {
			n += t.Insurance
		}
	}
	return n
}

// want is how many cards the box holds once its cards are dealt: five,
// six after a sixth card.
func (b *Box) want() int {
	if b.Sixth {
		return 6
	}
	return 5
}

// Turn is what the round waits for from the players (boxes.Turn).
type Turn = boxes.Turn

// Decision is one decision taken for a box: its player's, or the clock's.
type Decision struct {
	Seq    int    `json:"seq"`
	Player string `json:"player"`
	Box    int    `json:"box"`
	Action Action `json:"action"`
	// Insurance is a Bet's; Cards an exchange's discards.
	Insurance int64       `json:"insurance,omitempty"`
	Cards     []card.Card `json:"cards,omitempty"`
	Timeout   bool        `json:"timeout,omitempty"`
}

// Deal is one card from the deck, where it went and who may see it.
type Deal = deck.Deal

// Shoe is what the engine knows of the deck: one 52-card deck, shuffled
// before every round (§3.1).
type Shoe = deck.Shoe

// State is one round of a table, as the table core stores it, with the
// deck it deals from.
//
// Money: a placed bet's stake goes into the round's escrow, and so do a
// Bet, an insurance and a fee as they are made; every stake leaves it
// with exactly one line in Lines, on its spot ("box:3/ante", "box:3/bet",
// "box:3/royal_bonus", "box:3/insurance", "box:3/exchange",
// "box:3/sixth_card", "box:3/buy"), when its outcome is final: a fee's,
// a pass's and a stop's at once, the Royal Bonus's and, on no game, the
// insurance's at the dealer's reveal, the rest at the showdown. So, for every round, the stakes placed equal the stakes of
// Lines plus Escrow, and Escrow is zero once it has ended.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round int64       `json:"round"`
	Phase round.Phase `json:"phase,omitempty"`
	Stage Stage       `json:"stage,omitempty"`
	// Bets are the round's bets in the order placed, each a player's
	// Ante or Royal Bonus on a box; Cancelled, those taken back or
	// replaced (round.Book).
	Bets      []round.Bet `json:"bets,omitempty"`
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Boxes are the boxes in play, in number order, from "no more bets".
	Boxes []Box `json:"boxes,omitempty"`
	// Dealer are his five cards, the first four face down until
	// DealerShown; Replaced the cards a bought game took out, in order
	// (§4 step 7.3).
	Dealer      []card.Card `json:"dealer,omitempty"`
	Replaced    []card.Card `json:"replaced,omitempty"`
	DealerShown bool        `json:"dealer_shown,omitempty"`
	Turn        Turn        `json:"turn"`
	// Next is where the next card goes.
	Next Next `json:"next,omitzero"`
	Shoe Shoe `json:"shoe"`
	// Deals are the cards drawn in the round; Decisions the decisions
	// taken in it.
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
		c.Boxes[i].Bettors = slices.Clone(s.Boxes[i].Bettors)
		c.Boxes[i].Cards = slices.Clone(s.Boxes[i].Cards)
		c.Boxes[i].FirstFive = slices.Clone(s.Boxes[i].FirstFive)
		c.Boxes[i].Discards = slices.Clone(s.Boxes[i].Discards)
	}
	c.Dealer = slices.Clone(s.Dealer)
	c.Replaced = slices.Clone(s.Replaced)
	c.Deals = slices.Clone(s.Deals)
	c.Decisions = slices.Clone(s.Decisions)
	for i := range c.Decisions {
		c.Decisions[i].Cards = slices.Clone(s.Decisions[i].Cards)
	}
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

// Owner is the owner of box n, who decides for it (§2.5): while bets
// are open the player of its first bet, then the first bettor of the box
// in play; "" when nobody has it.
func (s *State) Owner(n int) string {
	if s.Phase == round.Betting {
		return layout.Owner(s.Bets, n)
	}
	if b := s.box(n); b != nil {
		return b.player()
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
	// BetAnte: the Ante, which makes the box the player's (§3.6).
	BetAnte BetKind = iota + 1
	// BetRoyalBonus: the optional side bet, with the Ante (§3.11).
	BetRoyalBonus
	// BetBet: the Bet, 2 × Ante, made by deciding (§3.21).
	BetBet
	// BetInsurance: the insurance against the dealer's no game, made
	// with the Bet (§3.29).
	BetInsurance
	// BetExchange: the exchange's fee, one Ante (§3.22).
	BetExchange
	// BetSixth: the sixth card's fee, one Ante (§3.22).
	BetSixth
	// BetBuy: the fee of the dealer's game bought, one Ante (§4.21).
	BetBuy
	numKinds
)

var kindNames = round.Enum[BetKind]{Type: "bet kind", Names: []string{
	"", "ante", "royal_bonus", "bet", "insurance", "exchange", "sixth_card", "buy",
}}

func (k BetKind) String() string { return kindNames.String(k) }

// MarshalText writes the name.
func (k BetKind) MarshalText() ([]byte, error) { return kindNames.Text(k) }

// UnmarshalText reads a name.
func (k *BetKind) UnmarshalText(b []byte) error { return kindNames.Parse(b, k) }

// layout is the stakes' spots on the boxes, "box:n/kind": the Ante makes
// a box its player's and the Royal Bonus goes with it (§3.11).
var layout = boxes.NewLayout[BetKind](MaxBoxes, kindNames.Names, BetAnte, BetRoyalBonus, 0)

// Spot is the spot of a stake of kind k on box n: "box:3/ante".
func Spot(n int, k BetKind) string { return layout.Spot(n, k) }

// spotBox reads a canonical spot, "box:1/ante" to "box:4/buy": its box
// and kind, 0 for anything else.
func spotBox(spot string) (int, BetKind) { return layout.Box(spot) }
