package splitpoker

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
	// dealer's fifth face up (§3.17–3.18).
	Dealing Stage = iota + 1
	// Deciding: box by box, pass, play, or buy two cards and then pass or
	// play (§3.19–3.24); a buy's cards and a played box's free small hand
	// are dealt in its turn.
	Deciding
	// Buying: the dealer has no game; box by box, each box that played
	// stops or buys his game (§6).
	Buying
	// Drawing: a box bought the game; the dealer's lowest card is out and
	// its replacement is due (§6.3).
	Drawing
	// Finishing: the dealer has a game and deals himself his small hand,
	// face up (§3.24, §5.5, N8); then the showdown.
	Finishing
)

var stageNames = round.Enum[Stage]{Type: "stage", Names: []string{"", "dealing", "deciding", "buying", "drawing", "finishing"}}

func (v Stage) String() string { return stageNames.String(v) }

// MarshalText writes the name.
func (v Stage) MarshalText() ([]byte, error) { return stageNames.Text(v) }

// UnmarshalText reads a name.
func (v *Stage) UnmarshalText(b []byte) error { return stageNames.Parse(b, v) }

// Target is where a card from the deck goes (deck.Target).
type Target = deck.Target

// Targets. The zero Target is none: no card is due.
const (
	// ToBox: a box's five cards, a buy's two, a played box's free small
	// hand.
	ToBox = deck.ToBox
	// ToDealer: the dealer's five cards, the card a bought game brings,
	// his small hand.
	ToDealer = deck.ToDealer
	// ToShuffle: a card is due but the deck must be shuffled first: a new
	// deck every round (§7.2).
	ToShuffle = deck.ToShuffle
)

// Next is where the next card from the deck goes: to a box (Box), the
// dealer, or nowhere yet (a decision is awaited).
type Next = deck.Next

// Action is a box's decision: in its turn (§3.19–3.24), and on the
// dealer's "no game" (§6).
type Action uint8

// Actions.
const (
	// Pass: the Ante and the Royal Bonus lose (§3.19, §3.13).
	Pass Action = iota + 1
	// Play: 2 × Ante on the Bet (§3.20, §3.22): as dealt, the small hand
	// two free cards; after a buy, with the partition of the seven cards
	// (Command.Cards: the big hand's five, then the small hand's two).
	Play
	// BuyCards: two more cards for one Ante, a fee (§3.21); then the box
	// plays or passes.
	BuyCards
	// Stop: on the dealer's no game, the Ante is paid 1:1 and the Bet
	// returned (§5.11, §6.6).
	Stop
	// BuyGame: on the dealer's no game, one Ante buys his game (§6.1–6.2).
	BuyGame
)

var actionNames = round.Enum[Action]{Type: "action", Names: []string{"", "pass", "play", "buy_cards", "stop", "buy_game"}}

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
	// Public: everyone at the table (the dealer's fifth card, his cards
	// once revealed, his small hand, every card the showdown shows).
	Public = round.Public
	// Private: the player of the card's box only (a light box's cards).
	Private = round.Private
	// Hidden: nobody at the table (the dealer's first four until he
	// reveals them, a free small hand and a dark box's cards until the
	// showdown).
	Hidden = round.Hidden
)

// Box is a box in play: one player's stakes, his cards and his decisions.
type Box struct {
	// N is the box's number, 1 from the dealer's left.
	N      int    `json:"n"`
	Player string `json:"player"`
	// AnteID is the Ante bet's id, which the Bet's (made by deciding) and
	// the fees' lines carry too; BonusID the Royal Bonus's, "" when there
	// is none; BetID a dark box's Bet's, placed under its own id.
	AnteID     string `json:"ante_id"`
	BonusID    string `json:"bonus_id,omitempty"`
	BetID      string `json:"bet_id,omitempty"`
	Ante       int64  `json:"ante"`
	RoyalBonus int64  `json:"royal_bonus,omitempty"`
	// Bet is the Bet's stake, 2 × Ante once the box plays (§3.20).
	Bet int64 `json:"bet,omitempty"`
	// CardsFee is the fee of the cards bought, GameFee of the dealer's
	// game bought: one Ante each, lost as paid (§3.21, §6.2).
	CardsFee int64 `json:"cards_fee,omitempty"`
	GameFee  int64 `json:"game_fee,omitempty"`
	// Dark: the box plays dark (§2.5, N6).
	Dark bool `json:"dark,omitempty"`
	// Cards are the box's cards as dealt: its five, then the two it
	// bought. Big and Small are its two hands once it plays: the five
	// first dealt and the free two, or the partition of its seven.
	Cards []card.Card `json:"cards"`
	Big   []card.Card `json:"big,omitempty"`
	Small []card.Card `json:"small,omitempty"`
	// Action is the box's decision, Pass or Play, none until taken;
	// Bought that it bought cards first; Choice its Stop or BuyGame on
	// the dealer's no game.
	Action Action `json:"action,omitempty"`
	Bought bool   `json:"bought,omitempty"`
	Choice Action `json:"choice,omitempty"`
	// BonusDone: the Royal Bonus has its line.
	BonusDone bool `json:"bonus_done,omitempty"`
	// Shown: the showdown showed the box's hands.
	Shown bool `json:"shown,omitempty"`
	// Settled: every stake of the box has its line.
	Settled bool `json:"settled,omitempty"`
}

// stakes are the box's stakes still in the round's escrow.
func (b *Box) stakes() int64 {
	if b.Settled {
		return 0
	}
	n := b.Ante + b.Bet
	if !b.BonusDone {
		n += b.RoyalBonus
	}
	return n
}

// Turn is what the round waits for from the players (boxes.Turn).
type Turn = boxes.Turn

// Decision is one decision taken for a box: its player's, or the clock's.
type Decision struct {
	Seq    int    `json:"seq"`
	Player string `json:"player"`
	Box    int    `json:"box"`
	Action Action `json:"action"`
	// Cards are a bought box's partition: its big hand, then its small.
	Cards   []card.Card `json:"cards,omitempty"`
	Timeout bool        `json:"timeout,omitempty"`
}

// Deal is one card from the deck, where it went and who may see it.
type Deal = deck.Deal

// Shoe is what the engine knows of the deck: one 52-card deck, shuffled
// before every round (§7.2).
type Shoe = deck.Shoe

// State is one round of a table, as the table core stores it, with the
// deck it deals from.
//
// Money: a placed bet's stake goes into the round's escrow, and so do a
// Bet and a fee as they are made; every stake leaves it with exactly one
// line in Lines, on its spot ("box:3/ante", "box:3/bet",
// "box:3/royal_bonus", "box:3/buy_cards", "box:3/buy_game"), when its
// outcome is final: a fee's at once, a pass's and a stop's at once, the
// rest at the showdown. So, for every round, the stakes placed equal the
// stakes of Lines plus Escrow, and Escrow is zero once it has ended.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round int64       `json:"round"`
	Phase round.Phase `json:"phase,omitempty"`
	Stage Stage       `json:"stage,omitempty"`
	// Bets are the round's bets in the order placed, each a player's
	// Ante, Royal Bonus or dark Bet on a box; Cancelled, those taken back
	// or replaced (round.Book).
	Bets      []round.Bet `json:"bets,omitempty"`
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Boxes are the boxes in play, in number order, from "no more bets".
	Boxes []Box `json:"boxes,omitempty"`
	// Dealer are his five cards, the first four face down until
	// DealerShown; Replaced the card a bought game took out, his lowest
	// (§6.3, N7); DealerSmall his small hand, face up (§5.5).
	Dealer      []card.Card `json:"dealer,omitempty"`
	Replaced    []card.Card `json:"replaced,omitempty"`
	DealerSmall []card.Card `json:"dealer_small,omitempty"`
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
		b := &c.Boxes[i]
		b.Cards, b.Big, b.Small = slices.Clone(b.Cards), slices.Clone(b.Big), slices.Clone(b.Small)
	}
	c.Dealer = slices.Clone(s.Dealer)
	c.Replaced = slices.Clone(s.Replaced)
	c.DealerSmall = slices.Clone(s.DealerSmall)
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
	// BetAnte: the Ante, which makes the box the player's (§3.6).
	BetAnte BetKind = iota + 1
	// BetRoyalBonus: the optional side bet, with the Ante (§3.10).
	BetRoyalBonus
	// BetBet: the Bet, 2 × Ante, made by playing (§3.20); or, where the
	// table allows dark play, placed with the Ante before the deal, which
	// makes the box dark (N6).
	BetBet
	// BetBuyCards: the fee of two cards bought, one Ante (§3.21).
	BetBuyCards
	// BetBuyGame: the fee of the dealer's game bought, one Ante (§6.2).
	BetBuyGame
	numKinds
)

var kindNames = round.Enum[BetKind]{Type: "bet kind", Names: []string{"", "ante", "royal_bonus", "bet", "buy_cards", "buy_game"}}

func (k BetKind) String() string { return kindNames.String(k) }

// MarshalText writes the name.
func (k BetKind) MarshalText() ([]byte, error) { return kindNames.Text(k) }

// UnmarshalText reads a name.
func (k *BetKind) UnmarshalText(b []byte) error { return kindNames.Parse(b, k) }

// layout is the stakes' spots on the boxes, "box:n/kind": the Ante makes
// a box its player's and the Royal Bonus goes with it (§3.10).
var layout = boxes.NewLayout[BetKind](MaxBoxes, kindNames.Names, BetAnte, BetRoyalBonus, 0)

// Spot is the spot of a stake of kind k on box n: "box:3/ante".
func Spot(n int, k BetKind) string { return layout.Spot(n, k) }

// spotBox reads a canonical spot, "box:1/ante" to "box:4/buy_game": its
// box and kind, 0 for anything else.
func spotBox(spot string) (int, BetKind) { return layout.Box(spot) }
