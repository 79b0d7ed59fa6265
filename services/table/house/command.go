package house

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/game"
)

// CommandKind names a command.
type CommandKind uint8

// Commands; the comment says what each carries besides At. A command
// naming its Round is for that round only (round.CheckRound).
const (
	// CmdOpen: the clock opens round Round; Draw is the RNG's outcome
	// for it (rng tables: required; dealer tables: none).
	CmdOpen CommandKind = iota + 1
	// CmdJoin: Who joins as Name, playing from wallet Account (or
	// renames himself).
	CmdJoin
	// CmdLeave: Who leaves; his bets in play still settle.
	CmdLeave
	// CmdPlace: Who places Bets in Round, their stakes held in the wallet
	// by Hold for Amount (the sum of the new bets).
	CmdPlace
	// CmdCancel: Who takes back BetIDs in Round while betting is open.
	CmdCancel
	// CmdChoose: Who's Choice for a void spin (the money wheel only).
	CmdChoose
	// CmdClose: no more bets in Round (the clock, or the dealer).
	CmdClose
	// CmdResult: Round's result: nothing at an rng table (the draw is
	// the result), the dealer's Roulette or Wheel spin at a dealer table.
	CmdResult
	// CmdVoid: the operator voids Round for Reason; every bet refunded.
	CmdVoid
	// CmdIntentsDone: the wallet carried out intents Done; Failed are the
	// posts that failed for good, with the wallet's reason.
	CmdIntentsDone
	// CmdPause, CmdResume: Reason. Repeated, one changes nothing.
	CmdPause
	CmdResume
	// CmdCloseTable: the table closes once the round in progress has
	// played out and its money has moved (Reason).
	CmdCloseTable
	// CmdFinishClose: the clock closes a closing table with nothing left
	// to do.
	CmdFinishClose
	// CmdFreeze: the table is held for review (Reason).
	CmdFreeze
	// CmdSettings: the betting Window and the Pause between rounds, from
	// the next round.
	CmdSettings
	// CmdPlay: a card game's move, Blackjack for blackjack, Poker for a
	// casino poker game: a player's
	// decision (Who; Hold and Amount when it puts money in: insurance, a
	// double, a split, a co-bettor's follow), the clock's timeout, the
	// dealer's card, burn, marker or dealer change, a shuffle (Shoe, the
	// RNG's, at an rng table).
	CmdPlay
)

var commandNames = round.Enum[CommandKind]{Type: "command", Names: []string{"", "open", "join", "leave", "place", "cancel", "choose",
	"close", "result", "void", "intents_done", "pause", "resume", "close_table", "finish_close", "freeze", "settings", "play"}}

func (k CommandKind) String() string { return commandNames.String(k) }

// MarshalText writes the command's name.
func (k CommandKind) MarshalText() ([]byte, error) { return commandNames.Text(k) }

// UnmarshalText reads a command's name.
func (k *CommandKind) UnmarshalText(b []byte) error { return commandNames.Parse(b, k) }

// Command is one change to a table with everything it depends on. The
// table's log stores commands (sealed) and replays them.
type Command struct {
	Kind CommandKind `json:"kind"`
	// At is the command's time (Unix ms): the clock of the replica that
	// accepted it.
	At    int64 `json:"at"`
	Round int64 `json:"round,omitempty"`
	// Who is the player key (partner:player) the command is for.
	Who     string `json:"who,omitempty"`
	Name    string `json:"name,omitempty"`
	Account string `json:"account,omitempty"`
	// Bets, Hold and Amount are a placement's, BetIDs a cancel's.
	Bets   []round.Bet `json:"bets,omitempty"`
	Hold   string      `json:"hold,omitempty"`
	Amount int64       `json:"amount,omitempty"`
	BetIDs []string    `json:"bet_ids,omitempty"`
	// Choice is a money wheel player's choice for a void spin.
	Choice moneywheel.VoidChoice `json:"choice,omitempty"`
	// Draw is the RNG's outcome of the round an rng table opens.
	Draw *Draw `json:"draw,omitempty"`
	// Roulette and Wheel are a dealer's reported spin, the table's game's.
	Roulette *roulette.Spin   `json:"roulette,omitempty"`
	Wheel    *moneywheel.Spin `json:"wheel,omitempty"`
	Reason   string           `json:"reason,omitempty"`
	// Done and Failed are the wallet's answers (CmdIntentsDone): intent
	// ids carried out, and posts that failed for good with the reason.
	Done   []string          `json:"done,omitempty"`
	Failed map[string]string `json:"failed,omitempty"`
	// Window and Pause are new settings (CmdSettings).
	Window time.Duration `json:"window,omitempty"`
	Pause  time.Duration `json:"pause,omitempty"`
	// Blackjack is a blackjack table's move (CmdPlay); Shoe the RNG's
	// shoe of an rng table's shuffle.
	Blackjack *blackjack.Command `json:"blackjack,omitempty"`
	// Poker is a casino poker table's move (CmdPlay).
	Poker *PokerMove `json:"poker,omitempty"`
	Shoe  *Shoe      `json:"shoe,omitempty"`
}

var _ game.Command = (*Command)(nil)

// Stamp gives the command its time (Unix ms).
func (c *Command) Stamp(at int64) { c.At = at }

// Op is the command kind's name ("place"), for metrics and logs.
func (c *Command) Op() string { return c.Kind.String() }

// Encode is the command as the log stores it (JSON).
func (c *Command) Encode() ([]byte, error) { return json.Marshal(c) }

// DecodeCommand reads a logged command.
func DecodeCommand(data []byte) (*Command, error) {
	c := new(Command)
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("house command: %w", err)
	}
	return c, nil
}
