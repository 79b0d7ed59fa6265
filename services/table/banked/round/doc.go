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
//     canonical form, BAD_SPOT otherwise), CheckBet (one bet on its own:
//     its spot and its amount) and the checks of a player's sums against
//     the limits, which only a placement makes.
//   - spin.go: the result as its source reports it (Spin, for the wheel
//     games, with a round.Direction where a wheel turns), CheckSpin (why a
//     report cannot be judged: BAD_SPIN) and Validate, which judges it: a
//     Verdict, Malformed exactly when CheckSpin refuses.
//   - state.go: State, one round as the table core stores it (plain data,
//     JSON); Clone, a deep copy; Escrow, the stakes the round holds;
//     Settlement, its lines.
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
// betting is open: EvPlaced carries the bets placed, EvCancelled the bets
// taken back and their refund lines. CmdClose is "no more bets".
// CmdResult reports the result; its Verdict decides: Valid settles the
// round (EvSettled), Void ends it with each bet refunded or carried into
// the next round (EvVoided), Respin takes it back to betting with its
// bets; a Malformed report is refused (BAD_SPIN) and the round still
// waits. CmdVoid is the operator voiding a round that has not ended, for
// a reason he must give (NO_REASON otherwise: CheckVoidReason): every bet
// refunded.
//
// # The common surface
//
// What the table core may rely on in every engine, so that one driver runs
// them all (engine.go has it as Go types, and each engine's tests check
// at compile time that the engine has it):
//
//   - Rules: Named(profile, …) gives a profile's defaults (the money
//     wheel also takes the operator's layout, which its source does not
//     give); (*Rules).Set(key, value) sets one option; Rules.Validate
//     reports every problem at once.
//   - State: plain data, JSON; a zero State is a table before its first
//     round. Round and Phase say where it is. Bets are the bets in play,
//     Cancelled those taken back (a bet is known by its player and id:
//     BookOf(player, Bets, Cancelled)). Result is the spin that ended the
//     round, Verdict what it decided and Winner what won as the bets name
//     it ("17", "cherries"; for a void spin, where it landed); Reason why
//     the round was voided. Lines are every line the round's events
//     carried, in order: a cancel's refunds, the settlement, a void's
//     refunds. Clone, Escrow and Settlement as above.
//   - Apply(rules, *State, Command) ([]Event, error): Command has Kind,
//     Round, Player, Bets, BetIDs, Spin and Reason; Event has Kind, Round,
//     Player, Bets, Lines, Spin, Verdict, Winner and Reason, and its
//     slices are its own. A game adds its own fields (the money wheel's
//     Choice, roulette's Faults).
//   - Settle(rules, bets, won) Settlement: one Line per stake.
//
// Money moves by the events alone: the stakes of EvPlaced's Bets go into
// the round's escrow, and every event's Lines take stakes out of it
// (Returned to the player, Lost to the house, Won from the house bank).
// So at every step the round's stakes placed (carried in included) equal
// the stakes of State.Lines plus Escrow. State.Lines is the record of those moves, not a second order to
// make them.
//
// The rules every engine keeps: a refused command returns an
// *apierr.Error with one of the reasons below (or an engine's own) and
// leaves the state exactly as it was; a command that already took effect
// (a retried placement, a second close) returns no events and no error.
// A command that names its Round is refused with WRONG_ROUND unless it is
// for the table's round (CheckRound). A bet is known by its player and id
// (Book).
//
// # What the card games share besides
//
// Visibility marks who may see a card an engine deals or shows; Ratio is
// a payout N:D and Paytable a bet's paytable by the line its hand hits,
// with where the table comes from (the rules' clause, the operator, or a
// placeholder the source lacks), validated against the lines the bet
// has; OptionNames and SetOption read a rules' options by their JSON
// names, as a table's options map carries them; Phase.Refuse refuses a
// command the phase does not allow, Outcome makes a stake's line, and
// Limit.Valid and Bounds read a table sign's limit. The one-deck shoe of
// the casino poker games is package deck's, their boxes' stakes and
// turns package boxes'.
package round
