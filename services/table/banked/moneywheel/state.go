package moneywheel

import (
	"maps"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
)

// State is one round of a table, as the table core stores it.
//
// Money: a placed bet's stake is in the round's escrow. Every stake that
// leaves it has a line in Lines (a cancel's refund, the settlement, a
// void's refund), except the carried ones: a void spin's bets a player
// keeps for the next game stay in escrow (Carried) and are the first bets
// of the next round. So, for every round, the stakes placed (carried in
// included) equal the stakes of Lines plus the stakes of Carried, and
// Escrow is zero once the round is settled.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round int64 `json:"round"`
	// Phase is 0 before the first round opens.
	Phase round.Phase `json:"phase,omitempty"`
	// Bets are the round's bets in the order placed, those carried in
	// first. A cancelled bet leaves for Cancelled; a settled or voided one
	// stays, as the record of the round.
	Bets []round.Bet `json:"bets,omitempty"`
	// Cancelled are the bets taken back while betting was open, in the
	// order cancelled; their ids stay used for the round, so that a
	// retried cancel or placement is recognised (round.Book).
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Choices are the players' own choices for a void spin
	// (cz-money-wheel.md §4.4 (a)/(b)); a player not here gets
	// Options.Void.
	Choices map[string]VoidChoice `json:"choices,omitempty"`
	// Result is the spin that ended the round, once reported; Verdict is
	// what it decided (Valid or Void), and Winner the symbol of the
	// winning field, the peg rule applied (Winner, Rules.Symbol): for a
	// void spin, where the wheel stopped, which won nothing.
	Result  *Spin         `json:"result,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Winner  string        `json:"winner,omitempty"`
	// Lines are every line the round's events carried, in the order made:
	// a cancel's refunds, the settlement, a void's refunds.
	Lines []round.Line `json:"lines,omitempty"`
	// Carried are a voided round's bets that go into the next round.
	Carried []round.Bet `json:"carried,omitempty"`
	// Reason says why the round was voided.
	Reason string `json:"reason,omitempty"`
	// index finds a player's bets without a scan (round.Index): a cache,
	// never stored or copied.
	index *round.Index
}

// Held is how many bets player has in the round, in play and cancelled.
func (s *State) Held(player string) int {
	k := s.book(player)
	return len(k.Live) + len(k.Cancelled)
}

// Clone returns a copy of s that shares nothing with it.
func (s State) Clone() State {
	c := s
	c.index = nil
	c.Bets = slices.Clone(s.Bets)
	c.Cancelled = slices.Clone(s.Cancelled)
	c.Choices = maps.Clone(s.Choices)
	c.Lines = slices.Clone(s.Lines)
	c.Carried = slices.Clone(s.Carried)
	if s.Result != nil {
		r := *s.Result
		c.Result = &r
	}
	return c
}

// Escrow is what the round's escrow holds: every live stake while bets
// are open or awaiting the result, nothing once settled, the carried
// stakes once voided.
func (s State) Escrow() int64 {
	switch s.Phase {
	case round.Settled:
		return 0
	case round.Voided:
		return sum(s.Carried)
	}
	return sum(s.Bets)
}

// Settlement is the round's lines as a round.Settlement.
func (s State) Settlement() round.Settlement {
	return round.Settlement{Lines: slices.Clone(s.Lines)}
}

func sum(bets []round.Bet) int64 {
	var n int64
	for _, b := range bets {
		n += b.Amount
	}
	return n
}
