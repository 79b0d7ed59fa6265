package hand

import (
	"fmt"
	"time"

	"github.com/croupier/croupier/services/table/poker/betting"
)

// Command is an operator's command on the hand in progress.
type Command uint8

// Commands.
const (
	NoCommand Command = iota
	// CmdMisdeal voids the hand: every bet, blinds and antes included, goes
	// back; the redeal has the same button and first card recipient
	// (gr-regulation-2 G2, G7.17; docs/rules/betting-rules-ru-sports.md §6.3).
	CmdMisdeal
	// CmdVoidSeat voids one player's hand (wrong number of cards,
	// gr-regulation-2 G2.6 M7–M8); Return says what happens to his bets.
	CmdVoidSeat
	// CmdRefusePost: a player dealt in without posting a required blind
	// refuses to post: the hand is cancelled, the button stays and he sits
	// out a round (gr-regulation-1 B.8(c)).
	CmdRefusePost
	// CmdAward settles a disputed pot (gr-regulation-2 M9) as the casino's
	// investigation decided: Awards[seat] to each seat.
	CmdAward
)

var commandNames = [...]string{"", "misdeal", "void_seat", "refuse_post", "award"}

func (c Command) String() string {
	if int(c) < len(commandNames) {
		return commandNames[c]
	}
	return fmt.Sprintf("Command(%d)", uint8(c))
}

// MarshalText writes the command name.
func (c Command) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a command name.
func (c *Command) UnmarshalText(b []byte) error {
	for i, n := range commandNames {
		if n == string(b) {
			*c = Command(i)
			return nil
		}
	}
	return fmt.Errorf("hand: unknown command %q", b)
}

// VoidReturn says what happens to the bets of a voided hand.
type VoidReturn uint8

// Void choices.
const (
	// VoidByRule applies the profile's rule (profile.VoidBets).
	VoidByRule VoidReturn = iota
	// VoidReturnBets gives the player back everything he put in.
	VoidReturnBets
	// VoidKeepBets leaves his bets in the pot.
	VoidKeepBets
	// VoidReturnUncalled leaves in the pot what others have called and
	// gives back the part of his bet nobody has called: a tournament hand
	// killed as a penalty (gr-regulation-2 H.25; tournaments.md T28).
	VoidReturnUncalled
)

// Action is one input to a hand: a player's action (Kind and Amount, or
// Chips as a live dealer reports them) or an operator Command.
type Action struct {
	Seat   int          `json:"seat"`
	Kind   betting.Kind `json:"kind,omitempty"`
	Amount int64        `json:"amount,omitempty"`
	// Chips, when set, replaces Kind and Amount: the chips the player put
	// out and what he said, read by the table's chip rules.
	Chips   *betting.Chips `json:"chips,omitempty"`
	Command Command        `json:"command,omitempty"`
	Return  VoidReturn     `json:"return,omitempty"`
	// Awards are a disputed pot's shares by seat (CmdAward).
	Awards []int64 `json:"awards,omitempty"`
	Reason string  `json:"reason,omitempty"`
	// At is when the action was taken, as the caller's clock says.
	At time.Time `json:"at,omitzero"`
}

func (a Action) clone() Action {
	if a.Chips != nil {
		c := *a.Chips
		c.Chips = append([]int64(nil), c.Chips...)
		c.Later = append([]int64(nil), c.Later...)
		a.Chips = &c
	}
	a.Awards = append([]int64(nil), a.Awards...)
	return a
}
