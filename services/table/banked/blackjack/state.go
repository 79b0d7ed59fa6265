package blackjack

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/shared/card"
)

// Stage is where a round is between "no more bets" and its end, while
// its round.Phase is Closed.
type Stage uint8

// Stages.
const (
	// Dealing: the initial deal, one card to each box, one to the dealer,
	// a second to each box (cz §6.3; ru §3.9–3.10).
	Dealing Stage = iota + 1
	// Window: the pre-play window for insurance, even money and early
	// surrender (cz §6.4; ru §4.5). Under WindowFirstCard the first box
	// already plays in it.
	Window
	// Playing: the boxes' decisions, box by box from the dealer's left
	// (cz §6.6; ru §3.9–3.13).
	Playing
	// DealerPlay: the dealer draws (cz §6.7; ru §3.45, §4.2).
	DealerPlay
)

var stageNames = round.Enum[Stage]{Type: "stage", Names: []string{"", "dealing", "window", "playing", "dealer"}}

func (v Stage) String() string { return stageNames.String(v) }

// MarshalText writes the name.
func (v Stage) MarshalText() ([]byte, error) { return stageNames.Text(v) }

// UnmarshalText reads a name.
func (v *Stage) UnmarshalText(b []byte) error { return stageNames.Parse(b, v) }

// Target is where a card from the shoe goes.
type Target uint8

// Targets. The zero Target is none: no card is due.
const (
	// ToBurn: a burn card, which goes nowhere (cz §3.6–3.7; ru §4.1.7).
	ToBurn Target = iota + 1
	// ToBox: a box's hand.
	ToBox
	// ToDealer: the dealer's hand.
	ToDealer
	// ToShuffle: a card is due but the shoe must be shuffled first (none
	// loaded, the reshuffle marker came out before this round, or the
	// shoe is empty).
	ToShuffle
)

var targetNames = round.Enum[Target]{Type: "target", Names: []string{"", "burn", "box", "dealer", "shuffle"}}

func (v Target) String() string { return targetNames.String(v) }

// MarshalText writes the name.
func (v Target) MarshalText() ([]byte, error) { return targetNames.Text(v) }

// UnmarshalText reads a name.
func (v *Target) UnmarshalText(b []byte) error { return targetNames.Parse(b, v) }

// Next is where the next card from the shoe goes: to a box's hand (Box
// and Hand), the dealer, the burn, or nowhere yet (a decision is awaited).
type Next struct {
	To   Target `json:"to,omitempty"`
	Box  int    `json:"box,omitempty"`
	Hand int    `json:"hand,omitempty"`
}

// Action is what a player does.
type Action uint8

// Actions: the box owner's decisions (CmdDecide) and, in events and
// Legal, the bettors' own.
const (
	Hit Action = iota + 1
	Stand
	Double
	Split
	Insure
	EvenMoney
	Surrender
)

var actionNames = round.Enum[Action]{Type: "action", Names: []string{"", "hit", "stand", "double", "split", "insure", "even_money", "surrender"}}

func (v Action) String() string { return actionNames.String(v) }

// MarshalText writes the name.
func (v Action) MarshalText() ([]byte, error) { return actionNames.Text(v) }

// UnmarshalText reads a name.
func (v *Action) UnmarshalText(b []byte) error { return actionNames.Parse(b, v) }

// Answer is a co-bettor's answer to the owner's double or split.
type Answer uint8

// Answers. The zero Answer is not asked (no stake on the hand, or the
// owner himself).
const (
	Asked Answer = iota + 1
	Follows
	Stays
)

var answerNames = round.Enum[Answer]{Type: "answer", Names: []string{"", "asked", "follows", "stays"}}

func (v Answer) String() string { return answerNames.String(v) }

// MarshalText writes the name.
func (v Answer) MarshalText() ([]byte, error) { return answerNames.Text(v) }

// UnmarshalText reads a name.
func (v *Answer) UnmarshalText(b []byte) error { return answerNames.Parse(b, v) }

// Bettor is one player's bet on a box and his own choices for it.
type Bettor struct {
	Player string `json:"player"`
	BetID  string `json:"bet_id"`
	// Stake is his original bet; a split adds the same again (cz §6.6; ru
	// §3.21).
	Stake int64 `json:"stake"`
	// Insurance is his insurance bet (cz §6.4; ru §3.42–3.44);
	// NoInsurance, that he declined it; InsuranceDone, that it has its
	// line.
	Insurance     int64 `json:"insurance,omitempty"`
	NoInsurance   bool  `json:"no_insurance,omitempty"`
	InsuranceDone bool  `json:"insurance_done,omitempty"`
	// EvenMoney: he took even money for his blackjack; NoEvenMoney: he
	// declined it (cz §6.4; ru §4.1).
	EvenMoney   bool `json:"even_money,omitempty"`
	NoEvenMoney bool `json:"no_even_money,omitempty"`
	// Surrendered half his stake (cz §6.6; ru §3.27–3.29).
	Surrendered bool `json:"surrendered,omitempty"`
}

// out reports a bettor whose original stake left the box before play.
func (b *Bettor) out() bool { return b.Surrendered || b.EvenMoney }

// Stake is one bettor's money on one hand.
type Stake struct {
	// Base is his original stake on the box's first hand, his split stake
	// on a hand a split made; 0 when he is not on the hand.
	Base int64 `json:"base,omitempty"`
	// Double is what he added to the owner's double.
	Double int64 `json:"double,omitempty"`
	// Settled: Base and Double have their lines.
	Settled bool `json:"settled,omitempty"`
	// Bonus: his 7-7-7 bonus was paid (cz §6.6).
	Bonus bool `json:"bonus,omitempty"`
}

// live reports money of the stake still in the round.
func (k Stake) live() bool { return k.Base > 0 && !k.Settled }

// Hand is one hand of a box: the first, or one a split made.
type Hand struct {
	// ID names the hand in commands, events and lines: 1 for the box's
	// first hand, then in the order splits made them. Hands are kept in
	// table order, left to right, each split hand to the right of the one
	// it came from (cz §6.6; ru §3.23).
	ID    int         `json:"id"`
	Cards []card.Card `json:"cards"`
	// Stakes are by the index of the box's bettors.
	Stakes [MaxBettors]Stake `json:"stakes"`
	// Split: a split made the hand; Aces: a split of aces, one card each
	// (cz §6.6; ru §3.35).
	Split bool `json:"split,omitempty"`
	Aces  bool `json:"aces,omitempty"`
	// TenSplit: a split of ten-value cards made the hand (ru §3.37).
	TenSplit bool `json:"ten_split,omitempty"`
	Doubled  bool `json:"doubled,omitempty"`
	// Acted: a decision was taken on the hand (no surrender after it:
	// cz §10.6).
	Acted bool `json:"acted,omitempty"`
	// Wants: a card is due to it (a hit or a double).
	Wants bool `json:"wants,omitempty"`
	// Done: no more cards or decisions: stood, bust, 21, doubled,
	// blackjack, split aces, or no stake left on it.
	Done bool `json:"done,omitempty"`
}

// Box is a box in play and its bettors, the first of whom owns it.
type Box struct {
	// N is the box's number, 1 from the dealer's left.
	N       int      `json:"n"`
	Bettors []Bettor `json:"bettors"`
	Hands   []Hand   `json:"hands"`
}

// Turn is what the round waits for from the players.
type Turn struct {
	// Seq numbers the waits of the round: it moves on at every decision,
	// timeout, co-bettors' answer to a double or split, and end of the
	// pre-play window. A decision or a timeout that names it is for this
	// wait only.
	Seq int `json:"seq"`
	// Box and Hand are the hand deciding, or dealt to; 0 when none.
	Box  int `json:"box,omitempty"`
	Hand int `json:"hand,omitempty"`
	// Player decides for the box now ("" while a card or the window is
	// awaited).
	Player string `json:"player,omitempty"`
	// Follow is the owner's double or split that waits for the
	// co-bettors' Answers (by bettor index), Amount the owner's double.
	Follow  Action             `json:"follow,omitempty"`
	Amount  int64              `json:"amount,omitempty"`
	Answers [MaxBettors]Answer `json:"answers,omitzero"`
	Amounts [MaxBettors]int64  `json:"amounts,omitzero"`
}

// Decision is one decision taken for a box (its owner's, or the clock's
// stand), or a co-bettor's answer to one.
type Decision struct {
	Seq    int    `json:"seq"`
	Player string `json:"player,omitempty"`
	Box    int    `json:"box"`
	Hand   int    `json:"hand"`
	Action Action `json:"action"`
	Amount int64  `json:"amount,omitempty"`
	// Follow: a co-bettor's answer to the owner's Action, which he
	// follows with Amount or not (Stays).
	Follow  bool `json:"follow,omitempty"`
	Stays   bool `json:"stays,omitempty"`
	Timeout bool `json:"timeout,omitempty"`
}

// Deal is one card from the shoe and where it went.
type Deal struct {
	// Pos is the card's place in the shoe since its shuffle, from 1,
	// burns included.
	Pos  int       `json:"pos"`
	Card card.Card `json:"card"`
	To   Target    `json:"to"`
	Box  int       `json:"box,omitempty"`
	Hand int       `json:"hand,omitempty"`
}

// Shoe is what the engine knows of the shoe: how many of each card it
// gave since its shuffle, so that no card comes more often than its decks
// hold, and the reshuffle marker.
type Shoe struct {
	// Loaded: a shuffle was reported; nothing is dealt before.
	Loaded bool `json:"loaded,omitempty"`
	// Seen counts each card (card.Card order) given since the shuffle,
	// with the cards on the table when the shoe was shuffled mid-round.
	Seen [card.NumCards]uint8 `json:"seen"`
	// Out is the sum of Seen; Drawn the cards drawn since the shuffle.
	Out   int `json:"out,omitempty"`
	Drawn int `json:"drawn,omitempty"`
	// Cut is where the player cut (0: no cut reported); Marker the cards
	// before the reshuffle marker (0: the dealer reports it); MarkerOut,
	// that it came out: the round finishes and the shoe is shuffled
	// before the next (ru §5.2; cz §6.9).
	Cut       int  `json:"cut,omitempty"`
	Marker    int  `json:"marker,omitempty"`
	MarkerOut bool `json:"marker_out,omitempty"`
	// BurnsDue are the burn cards still to come (cz §3.6–3.7; ru §4.1.7).
	BurnsDue int `json:"burns_due,omitempty"`
	// From is the first of the round's Deals drawn from this shoe.
	From int `json:"from,omitempty"`
}

// State is one round of a table, as the table core stores it, with the
// shoe the table deals from.
//
// Money: a placed bet's stake goes into the round's escrow, and so do the
// insurance, double and split stakes as they are made; every stake leaves
// it with exactly one line in Lines (its kind in the line's spot), made
// when its outcome is final. So, for every round, the stakes placed equal
// the stakes of Lines plus Escrow, and Escrow is zero once it has ended.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round int64       `json:"round"`
	Phase round.Phase `json:"phase,omitempty"`
	// Stage is where a Closed round is.
	Stage Stage `json:"stage,omitempty"`
	// Bets are the round's bets in the order placed, one per player and
	// box, whose spot names the box ("box:3"); Cancelled, those taken back
	// or replaced (round.Book).
	Bets      []round.Bet `json:"bets,omitempty"`
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Boxes are the boxes in play, in deal order, from "no more bets".
	Boxes  []Box       `json:"boxes,omitempty"`
	Dealer []card.Card `json:"dealer,omitempty"`
	Turn   Turn        `json:"turn"`
	// Next is where the next card goes.
	Next Next `json:"next,omitzero"`
	Shoe Shoe `json:"shoe"`
	// Deals are the cards drawn since the round opened, burns included;
	// Decisions the decisions taken in it.
	Deals     []Deal     `json:"deals,omitempty"`
	Decisions []Decision `json:"decisions,omitempty"`
	// Lines are every line the round's events carried, in order.
	Lines []round.Line `json:"lines,omitempty"`
	// Reason says why the round was voided.
	Reason string `json:"reason,omitempty"`

	// scratch holds the Bets and Order of the last command's events for
	// AppendApply; no part of the round.
	scratch scratch
}

// scratch is storage the events of one command share (AppendApply):
// reset by each command, never cloned, never stored.
type scratch struct {
	bets  []round.Bet
	order []int
}

func (sc *scratch) reset() { sc.bets, sc.order = sc.bets[:0], sc.order[:0] }

// addBets appends bets to the scratch and returns them, as an event's.
func (sc *scratch) addBets(bets ...round.Bet) []round.Bet {
	from := len(sc.bets)
	for i := range bets {
		sc.bets = addBet(sc.bets, &bets[i])
	}
	return sc.bets[from:len(sc.bets):len(sc.bets)]
}

// betsFrom is the bets added to the scratch since from, as an event's.
func (sc *scratch) betsFrom(from int) []round.Bet {
	if len(sc.bets) == from {
		return nil
	}
	return sc.bets[from:len(sc.bets):len(sc.bets)]
}

// linesFrom is the lines s.Lines gained since from, as an event's: each
// event's lines are in Lines, in order.
func (s *State) linesFrom(from int) []round.Line {
	if len(s.Lines) == from {
		return nil
	}
	return s.Lines[from:len(s.Lines):len(s.Lines)]
}

// Clone returns a copy of s that shares nothing with it.
func (s State) Clone() State {
	c := s
	c.Bets = slices.Clone(s.Bets)
	c.Cancelled = slices.Clone(s.Cancelled)
	c.Boxes = slices.Clone(s.Boxes)
	for i := range c.Boxes {
		b := &c.Boxes[i]
		b.Bettors = slices.Clone(b.Bettors)
		b.Hands = slices.Clone(b.Hands)
		for j := range b.Hands {
			b.Hands[j].Cards = slices.Clone(b.Hands[j].Cards)
		}
	}
	c.Dealer = slices.Clone(s.Dealer)
	c.Deals = slices.Clone(s.Deals)
	c.Decisions = slices.Clone(s.Decisions)
	c.Lines = slices.Clone(s.Lines)
	c.scratch = scratch{}
	return c
}

// Escrow is what the round's escrow holds: every stake still in play.
func (s State) Escrow() int64 {
	switch s.Phase {
	case round.Betting:
		var n int64
		for _, b := range s.Bets {
			n += b.Amount
		}
		return n
	case round.Closed:
		var n int64
		for _, b := range s.Boxes {
			for _, bt := range b.Bettors {
				if !bt.InsuranceDone {
					n += bt.Insurance
				}
			}
			for _, h := range b.Hands {
				for _, k := range h.Stakes {
					if !k.Settled {
						n += k.Base + k.Double
					}
				}
			}
		}
		return n
	}
	return 0
}

// Settlement is the round's lines as a round.Settlement.
func (s State) Settlement() round.Settlement {
	return round.Settlement{Lines: slices.Clone(s.Lines)}
}

// Owner is the player who decides for box n now: the first of its
// bettors whose original stake is still on it, "" when none is or the
// box is not in play. While bets are open it is the box's first bettor.
func (s *State) Owner(n int) string {
	if s.Phase == round.Betting {
		for _, b := range s.Bets {
			if b.Spot == BoxSpot(n) {
				return b.Player
			}
		}
		return ""
	}
	if b := s.box(n); b != nil {
		if i := b.decider(); i >= 0 {
			return b.Bettors[i].Player
		}
	}
	return ""
}

// box is box n in play, nil if none.
func (s *State) box(n int) *Box {
	if i := s.boxIndex(n); i >= 0 {
		return &s.Boxes[i]
	}
	return nil
}

// boxIndex is the index of box n in Boxes, -1 if it is not in play.
// Boxes are in number order (layBoxes), so box n is at index n-1 or
// before it, at n-1 when the boxes before it are in play: the search
// goes down from there, and a full table finds it at once.
func (s *State) boxIndex(n int) int {
	for i := min(n, len(s.Boxes)) - 1; i >= 0; i-- {
		if m := s.Boxes[i].N; m <= n {
			if m == n {
				return i
			}
			break
		}
	}
	return -1
}

// decider is the index of the bettor who decides for the box: its owner,
// or, once his original stake has left it before play (surrender, even
// money), the next bettor whose has not; -1 if none has.
func (b *Box) decider() int {
	for i := range b.Bettors {
		if !b.Bettors[i].out() {
			return i
		}
	}
	return -1
}

// bettor is player's index among the box's bettors, -1 if none.
func (b *Box) bettor(player string) int {
	for i := range b.Bettors {
		if b.Bettors[i].Player == player {
			return i
		}
	}
	return -1
}

// hand is the box's hand id and its index, nil if none.
func (b *Box) hand(id int) (*Hand, int) {
	for i := range b.Hands {
		if b.Hands[i].ID == id {
			return &b.Hands[i], i
		}
	}
	return nil, -1
}

// live reports a stake on the hand still in play.
func (h *Hand) live() bool {
	for k := range h.Stakes { // by index: a copy of the array costs more than the loop
		if h.Stakes[k].live() {
			return true
		}
	}
	return false
}

// Kinds of stakes and payouts, as the last part of a line's spot.
const (
	kindOriginal = iota
	kindSplit
	kindDouble
	kindInsurance
	kindBonus
	kindEvenMoney
	numKinds
)

var kindNames = [numKinds]string{"original", "split", "double", "insurance", "bonus", "even_money"}

// spots are the spot strings made once: boxSpots[n] is "box:n",
// lineSpots[n][h][k] "box:n/hand:h/kind".
var boxSpots, lineSpots = func() ([MaxBoxes + 1]string, [MaxBoxes + 1][MaxHands + 1][numKinds]string) {
	var bs [MaxBoxes + 1]string
	var ls [MaxBoxes + 1][MaxHands + 1][numKinds]string
	for n := 1; n <= MaxBoxes; n++ {
		bs[n] = fmt.Sprintf("box:%d", n)
		for h := 1; h <= MaxHands; h++ {
			for k := range numKinds {
				ls[n][h][k] = fmt.Sprintf("box:%d/hand:%d/%s", n, h, kindNames[k])
			}
		}
	}
	return bs, ls
}()

// BoxSpot is the spot of a bet on box n: "box:3".
func BoxSpot(n int) string {
	if n >= 1 && n <= MaxBoxes {
		return boxSpots[n]
	}
	return fmt.Sprintf("box:%d", n)
}

// lineSpot names what a line settles: "box:3/hand:2/double". Insurance
// and even money are on the box's first hand.
func lineSpot(box, hand, kind int) string { return lineSpots[box][hand][kind] }
