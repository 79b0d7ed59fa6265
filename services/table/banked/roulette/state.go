package roulette

import (
	"fmt"
	"slices"

	"github.com/croupier/croupier/services/table/banked/round"
)

// State is one round: its bets, the spins reported, and its settlement.
// It is plain data, stored by the table core as the round's snapshot.
type State struct {
	Phase round.Phase `json:"phase"`
	// Bets are the bets in play, in the order they were placed, each with
	// its canonical spot.
	Bets []round.Bet `json:"bets"`
	// Cancelled are bets taken back while betting was open; their ids stay
	// used for the round, so that a retried cancel is recognised.
	Cancelled []round.Bet `json:"cancelled,omitempty"`
	// Prev is the table's last physical spin before this round, which the
	// direction rule compares with (cz §5.2).
	Prev *Spin `json:"prev,omitempty"`
	// Spins are the spins reported in this round, in order: no-spins
	// first (ru §3.22), then the one that settled or voided it.
	Spins []Spin `json:"spins,omitempty"`
	// Result is the valid spin that settled the round.
	Result *Spin `json:"result,omitempty"`
	// Won is the winning number of a settled round.
	Won Number `json:"won"`
	// Lines are the settlement (a settled round) or the refunds (a voided
	// one).
	Lines []round.Line `json:"lines,omitempty"`
	// Reason is why the round was voided.
	Reason string `json:"reason,omitempty"`
}

// Open starts a round, open for bets; prev is the table's last physical
// spin (nil if none).
func Open(prev *Spin) State {
	s := State{Phase: round.Betting}
	if prev != nil {
		p := prev.clone()
		s.Prev = &p
	}
	return s
}

// Next opens the round after s, carrying the last physical spin.
func (s State) Next() State { return Open(s.last()) }

// last is the table's latest spin: this round's last, or the previous
// round's.
func (s State) last() *Spin {
	if n := len(s.Spins); n > 0 {
		return &s.Spins[n-1]
	}
	return s.Prev
}

// Settlement is the round's lines as a round.Settlement.
func (s State) Settlement() round.Settlement {
	return round.Settlement{Lines: slices.Clone(s.Lines)}
}

// Clone is a deep copy.
func (s State) Clone() State {
	c := s
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

// CommandKind names what a command does.
type CommandKind uint8

// Commands.
const (
	// CmdPlace places a batch of one player's bets, all or nothing. A bet
	// id already placed with the same content is a replay.
	CmdPlace CommandKind = iota + 1
	// CmdCancel takes back bets of the player by id, while betting is open.
	CmdCancel
	// CmdClose is "no more bets" (cz §5.4, ru §3.23).
	CmdClose
	// CmdResult reports a spin.
	CmdResult
	// CmdVoid is the operator voiding the round: every bet is returned
	// (cz §8: a spin or the whole game declared void).
	CmdVoid
)

var commandNames = [...]string{"", "place", "cancel", "close", "result", "void"}

func (k CommandKind) String() string {
	if k > 0 && int(k) < len(commandNames) {
		return commandNames[k]
	}
	return fmt.Sprintf("CommandKind(%d)", uint8(k))
}

// MarshalText writes the command's name.
func (k CommandKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a command's name.
func (k *CommandKind) UnmarshalText(b []byte) error {
	i, err := parseName(commandNames[:], b, "command")
	*k = CommandKind(i)
	return err
}

// Command is one input to a round.
type Command struct {
	Kind CommandKind `json:"kind"`
	// Player places or cancels.
	Player string `json:"player,omitempty"`
	// Bets are placed (CmdPlace); a bet without a player is the command's.
	Bets []round.Bet `json:"bets,omitempty"`
	// BetIDs are cancelled (CmdCancel).
	BetIDs []string `json:"bet_ids,omitempty"`
	// Spin is the result (CmdResult).
	Spin *Spin `json:"spin,omitempty"`
	// Reason is why the operator voids the round (CmdVoid).
	Reason string `json:"reason,omitempty"`
}

// EventKind says what happened.
type EventKind uint8

// Events.
const (
	// EvPlaced: Player's Bets are in play.
	EvPlaced EventKind = iota + 1
	// EvCancelled: Player's Bets were taken back.
	EvCancelled
	// EvClosed: no more bets.
	EvClosed
	// EvNoSpin: Spin was not valid (Verdict); betting is open again with
	// the bets kept (ru §3.22).
	EvNoSpin
	// EvSettled: Spin settled the round (Lines).
	EvSettled
	// EvVoided: the round is void and every bet refunded (Lines, Reason;
	// Spin and Verdict for an invalid spin).
	EvVoided
)

var eventNames = [...]string{"", "placed", "cancelled", "closed", "no_spin", "settled", "voided"}

func (k EventKind) String() string {
	if k > 0 && int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// MarshalText writes the event's name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads an event's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	i, err := parseName(eventNames[:], b, "event")
	*k = EventKind(i)
	return err
}

// Event is one thing that happened in the round.
type Event struct {
	Kind    EventKind    `json:"kind"`
	Player  string       `json:"player,omitempty"`
	Bets    []round.Bet  `json:"bets,omitempty"`
	Spin    *Spin        `json:"spin,omitempty"`
	Verdict *Verdict     `json:"verdict,omitempty"`
	Lines   []round.Line `json:"lines,omitempty"`
	Reason  string       `json:"reason,omitempty"`
}

// parseName finds b in names (index 0 is no value).
func parseName(names []string, b []byte, typ string) (uint8, error) {
	for i, n := range names {
		if i > 0 && n == string(b) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("roulette: unknown %s %q", typ, b)
}
