// Package game is the contract between the table core (package table) and
// the live table of each game: poker (package live) and the round-based
// house-banked games (package house). The core keeps every table the same
// way whatever it plays: a sealed snapshot and a log of commands in Redis,
// committed with compare-and-set, replayed on any replica; a hub that fans
// each committed command's events out to this replica's subscribers; a
// clock that claims the tables' due work from a shared index; money
// intents that the wallet carries out exactly once; records of finished
// hands and rounds. What it needs of a game is below: a pure, deterministic
// state machine that takes commands and says what each one did.
package game

import "bytes"

// Command is one change to a live table with everything it depends on (a
// player's request, a clock's timeout, an RNG's outcome, the wallet's
// answer). The log stores commands and replays them, so a command is plain
// data that encodes to JSON.
type Command interface {
	// Stamp gives the command its time (Unix milliseconds): the clock of
	// the replica that accepts it. A table reads no clock of its own.
	Stamp(at int64)
	// Op says what the command does ("act", "place"), for metrics and
	// logs.
	Op() string
}

// Table is a live table of one game as the core drives it. Its methods
// read or change the table in memory only: no I/O, no clock, no
// randomness, so any replica that applies the same commands to the same
// snapshot reaches the same table.
type Table interface {
	// Revision is the number of commands applied since the table was
	// created: the version the store compares and sets.
	Revision() uint64
	// Step applies one command. A refused command returns an
	// *apierr.Error, leaves the table exactly as it was and is not
	// committed; an internal error (CodeInternal) makes the core drop its
	// copy of the table and reload it.
	Step(c Command) (Step, error)
	// Same reports a command that would change nothing (pausing a paused
	// table): the core answers it like a replay instead of committing it.
	Same(c Command) bool
	// Due is when the table next owes work to its clock (Unix ms): false
	// when nothing is due until a command changes the table.
	Due() (at int64, ok bool)
	// Encode is the table's snapshot (Tag tells the games' snapshots
	// apart).
	Encode() ([]byte, error)
	// MoneyPending reports a money intent recorded and not yet carried
	// out: the escrow and the table cannot be compared then.
	MoneyPending() bool
	// Escrow is what the table's escrow account should hold when no money
	// intent is pending, or false when the table has none (a tournament
	// table, a closed one).
	Escrow() (Escrow, bool)
	// Frozen is why the table is held for review ("" when it is not):
	// then it owes no due work and only operators' commands apply.
	Frozen() string
	// Closed reports a table that has closed for good.
	Closed() bool
	// Freeze is the command that holds the table for review for reason.
	Freeze(reason string) Command
	// Lobby is the table's lobby entry (Tag'ged like a snapshot), or false
	// when the table leaves the lobby (closed).
	Lobby() ([]byte, bool)
}

// Step is what one command did, beyond the change to the table.
type Step struct {
	// Events are the command's events, as the game's own slice type
	// (live's []live.Event, house's []house.Event): the hub keeps and
	// hands them to the API layer unchanged, which filters them per
	// viewer. N is their number.
	Events any
	N      int
	// Only, when set, is the one player (a player key) the events
	// concern: nobody else but operators and services is shown them (a
	// player's own placement), so the core hands them to that player's
	// streams alone.
	Only string
	// Lobby: the table's lobby entry changed (a seat, its status, a
	// round's result).
	Lobby bool
	// Money: the command recorded or completed a money intent.
	Money bool
	// Snapshot: store a snapshot with this command (a hand dealt, a round
	// opened), so that loading replays one hand or round at most.
	Snapshot bool
	// Record is a finished hand or round to keep, if the command
	// finished one.
	Record *Record
	// Outcome is an RNG outcome no longer live (the finished hand's shoe,
	// the round's spin): the core closes it at the RNG, which may then
	// reveal it for the fairness proofs.
	Outcome string
}

// Record is a finished hand or round as the table keeps it.
type Record struct {
	// ID is the hand or round id the record is read back by.
	ID string
	// Value is encoded to JSON when the command is committed (not when a
	// replica replays it, which keeps no record).
	Value any
}

// EscrowKind says which of the table's wallet accounts an Escrow is.
type EscrowKind uint8

// Escrow kinds.
const (
	// TableEscrow backs the chips at a poker table.
	TableEscrow EscrowKind = iota + 1
	// RoundEscrow holds a banked table's stakes until their round is
	// settled.
	RoundEscrow
)

// Escrow is what a table's escrow account should hold.
type Escrow struct {
	Kind     EscrowKind
	Currency string
	Amount   int64
}

// Reasons the core freezes a table for review (Table.Freeze).
const (
	// ReasonRewound: the table's state in Redis went back to an earlier
	// version than a replica had seen (a failover to a stale copy).
	ReasonRewound = "STATE_REWOUND"
	// ReasonEscrowMismatch: the escrow balance differs from what the
	// table says it holds.
	ReasonEscrowMismatch = "ESCROW_MISMATCH"
)

// Tags of the games' snapshots and lobby entries.
const (
	// Poker is the tag of a poker table: its snapshot is the JSON object
	// itself, as every table's was before the banked games came.
	Poker = "poker"
	// Round is the tag of a round-based banked table (package house).
	Round = "round"
)

// Tagged prefixes data with tag and a newline, for every game but poker.
func Tagged(tag string, data []byte) []byte {
	out := make([]byte, 0, len(tag)+1+len(data))
	out = append(out, tag...)
	out = append(out, '\n')
	return append(out, data...)
}

// Tag reads the game tag of a snapshot or a lobby entry and returns the
// data after it: poker's are untagged JSON objects.
func Tag(data []byte) (string, []byte) {
	if len(data) == 0 || data[0] == '{' {
		return Poker, data
	}
	tag, rest, ok := bytes.Cut(data, []byte{'\n'})
	if !ok {
		return "", data
	}
	return string(tag), rest
}
