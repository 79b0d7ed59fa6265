package roulette

import (
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
)

// State is one round: its bets, the spins reported, and its settlement.
// It is plain data, stored by the table core as the round's snapshot.
//
// A zero State is a table before its first round: it takes CmdOpen only.
type State struct {
	// Round counts the rounds from 1; 0 before the first opens.
	Round int64       `json:"round"`
	Phase round.Phase `json:"phase"`
	// Bets are the bets in play, in the order they were placed, each with
	// its canonical spot.
	Bets []round.Bet `json:"bets"`
	// Cancelled are bets taken back while betting was open; their ids stay
	// used for the round, so that a retried cancel is recognised.
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Prev is the table's last physical spin before this round, which the
	// direction rule compares with (cz §5.2); CmdOpen carries it in.
	Prev *Spin `json:"prev,omitempty"`
	// Spins are the spins reported in this round, in order: no-spins
	// first (ru §3.22), then the one that settled or voided it.
	Spins []Spin `json:"spins,omitempty"`
	// Result is the spin that ended the round, settling it or voiding it
	// (a no-spin that re-opens betting does not end it); Verdict is what
	// it decided, Valid or Void, and Winner the label of its pocket as
	// bets name numbers ("17", "00"): what won, or for a void spin where
	// the ball lay ("" if on no pocket).
	Result  *Spin         `json:"result,omitempty"`
	Verdict round.Verdict `json:"verdict,omitempty"`
	Winner  string        `json:"winner,omitempty"`
	// Lines are every line the round's events carried, in the order made:
	// a cancel's refunds, then the settlement or a void's refunds.
	Lines []round.Line `json:"lines,omitempty"`
	// Reason is why the round was voided.
	Reason string `json:"reason,omitempty"`
	// index finds a player's bets without a scan (round.Index): a cache,
	// never stored or copied.
	index *round.Index
}

// book is player's bets in the round, in play and cancelled.
func (s *State) book(player string) round.Book {
	if s.index == nil {
		s.index = &round.Index{}
	}
	return s.index.Book(player, s.Bets, s.Cancelled)
}

// Held is how many bets player has in the round, in play and cancelled.
func (s *State) Held(player string) int {
	k := s.book(player)
	return len(k.Live) + len(k.Cancelled)
}

// last is the table's latest spin: this round's last, or the previous
// round's.
func (s State) last() *Spin {
	if n := len(s.Spins); n > 0 {
		return &s.Spins[n-1]
	}
	return s.Prev
}

// Clone is a deep copy.
func (s State) Clone() State {
	c := s
	c.index = nil
	c.Bets = slices.Clone(s.Bets)
	c.Cancelled = slices.Clone(s.Cancelled)
	c.Lines = slices.Clone(s.Lines)
	c.Spins = make([]Spin, len(s.Spins))
	for i, sp := range s.Spins {
		c.Spins[i] = sp.clone()
	}
	if s.Spins == nil {
		c.Spins = nil
	}
	for _, p := range []**Spin{&c.Prev, &c.Result} {
		if *p != nil {
			v := (*p).clone()
			*p = &v
		}
	}
	return c
}

// Escrow is what the round's escrow holds: every stake in play until the
// round ends, nothing once it has (the settlement or the refunds pay it
// all out: roulette carries no bet into the next round).
func (s State) Escrow() int64 {
	if s.Phase.Over() {
		return 0
	}
	var n int64
	for _, b := range s.Bets {
		n += b.Amount
	}
	return n
}

// Settlement is the round's lines as a round.Settlement.
func (s State) Settlement() round.Settlement {
	return round.Settlement{Lines: slices.Clone(s.Lines)}
}
