package betting

import "fmt"

// Kind is what a player does on his turn.
type Kind uint8

// Kinds of action. Amounts of Bet, Raise, Complete and AllIn are the total
// the seat's bet reaches in this betting round ("to X").
const (
	NoKind Kind = iota
	Fold
	Check
	Call
	Bet
	Raise
	// AllIn puts the whole stack in. It is normalised to the Call, Bet,
	// Raise or Complete it amounts to, with the all-in flag set.
	AllIn
	// BringIn is the stud low card's forced opening for the bring-in amount
	// (docs/rules/betting-rules-ru-sports.md §5.4.3).
	BringIn
	// Complete raises a stud bring-in to the full bet (§5.8.3 "бет (комплит)").
	Complete
)

var kindNames = [...]string{"none", "fold", "check", "call", "bet", "raise", "allin", "bringin", "complete"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText writes the kind's name, so snapshots stay readable and stable.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("betting: unknown action kind %q", b)
}

// Aggressive reports whether the kind raises the amount to call.
func (k Kind) Aggressive() bool { return k == Bet || k == Raise || k == Complete }

// Action is one betting decision by the seat to act.
type Action struct {
	Kind Kind `json:"kind"`
	// Amount is the round total for Bet, Raise, Complete and AllIn (0 lets
	// AllIn and Call take the only possible amount). Fold and Check carry 0.
	Amount int64 `json:"amount,omitempty"`
}

// Legal is one action the seat to act may take, with its bounds: any
// Min + k*Step up to Max (Step 0: Min only). Amounts are round totals.
type Legal struct {
	Kind Kind  `json:"kind"`
	Min  int64 `json:"min,omitempty"`
	Max  int64 `json:"max,omitempty"`
	Step int64 `json:"step,omitempty"`
}

// Allows reports whether amount is one of the amounts l allows.
func (l Legal) Allows(amount int64) bool {
	if amount < l.Min || amount > l.Max {
		return false
	}
	switch l.Step {
	case 0:
		return amount == l.Min
	case 1:
		return true
	}
	return (amount-l.Min)%l.Step == 0
}
