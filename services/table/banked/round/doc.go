// Package round is what every round-based house-banked game shares:
// roulette, the money wheel, and next blackjack and the casino poker games.
// A round opens for bets, closes ("no more bets"), gets a result (from the
// RNG or from a live dealer's console), and is settled or voided. The game
// engines (package roulette, moneywheel, ...) are pure: their Apply takes a
// round's state and a command and returns events, and settling a result
// gives one Line per stake, so the table core can move the money, record
// the round and show each viewer what he may see, the same way for every
// game.
//
// Money is in the currency's minor units. A Line always balances: its
// stake is returned to the player or kept by the house, and winnings are
// paid from the house bank on top (Stake == Returned + Lost).
//
// # The shape of an engine
//
// Every banked engine is one package with the same files, in this order of
// concepts, so that a reader who knows one knows all:
//
//   - rules.go: the option types, Options, Limits, Rules; Named (a
//     profile's defaults), Set (one option by its snake_case name, as a
//     table's options map carries it) and Validate (every problem at once).
//   - bet.go: what a bet may be on: ParseSpot (a spot string to its
//     canonical form, BAD_SPOT otherwise) and the checks of a stake
//     against the limits.
//   - spin.go: the result as its source reports it (Spin, for the wheel
//     games) and Validate, which judges it: a Verdict.
//   - state.go: State, one round as the table core stores it (plain data,
//     JSON); Clone, a deep copy; Escrow, the stakes the round holds.
//   - apply.go: CommandKind, Command, Apply and one method per command, in
//     the order of the lifecycle below.
//   - event.go: EventKind, Event: what Apply reports happened.
//   - settle.go: Settle(r, bets, won), which settles bets on what won as
//     the game's bets name it (roulette's winning Number, the money
//     wheel's winning symbol), not on where the wheel stopped: spin.go
//     maps a report to what won. One Line per stake.
//   - game-specific files for what only that game has (roulette's
//     layout.go and announced.go, the money wheel's choice.go).
//
// # The command lifecycle
//
// A zero State is a table before its first round and accepts only
// CmdOpen (anything else is NO_ROUND). Then, for every round:
//
//	CmdOpen → CmdPlace / CmdCancel … → CmdClose → CmdResult
//
// CmdOpen opens round State.Round+1 once the round before has ended
// (ROUND_RUNNING otherwise) and emits EvOpened with what the game carries
// from the round before. CmdPlace and CmdCancel change the bets while
// betting is open. CmdClose is "no more bets". CmdResult reports the
// result; its Verdict decides: Valid settles the round (EvSettled), Void
// ends it with each bet refunded or carried into the next round
// (EvVoided), Respin takes it back to betting with its bets; a Malformed
// report is refused (BAD_SPIN) and the round still waits. CmdVoid is the
// operator voiding a round that has not ended: every bet refunded.
//
// The rules every engine keeps: a refused command returns an
// *apierr.Error with one of the reasons below (or an engine's own) and
// leaves the state exactly as it was; a command that already took effect
// (a retried placement, a second close) returns no events and no error.
// A command that names its Round is refused with WRONG_ROUND unless it is
// for the table's round (CheckRound). A bet is known by its player and id
// (Book).
package round
