package betting

import (
	"errors"
	"fmt"
)

// Structure is the betting structure a table plays (gr-regulation-2 §5.1).
type Structure uint8

// Structures.
const (
	// FixedLimit: every bet and raise is the round's fixed size, the small
	// bet in the first two rounds and the big bet after (gr-regulation-1 B.7).
	FixedLimit Structure = iota + 1
	// SpreadLimit: bets between a minimum and a maximum; a raise is at least
	// the last bet or raise (gr-regulation-2 G3.8).
	SpreadLimit
	// PotLimit: a raise up to the pot after the call (G3.7).
	PotLimit
	// NoLimit: up to the whole stack (gr-regulation-1 B.72).
	NoLimit
)

var structureNames = [...]string{"", "fixed-limit", "spread-limit", "pot-limit", "no-limit"}

func (s Structure) String() string {
	if s >= FixedLimit && s <= NoLimit {
		return structureNames[s]
	}
	return fmt.Sprintf("Structure(%d)", uint8(s))
}

// Limit reports whether s is a limit game: fixed or spread (gr-regulation-2
// §5.1 "limit games"), the games with a raise cap and the 50 % rule.
func (s Structure) Limit() bool { return s == FixedLimit || s == SpreadLimit }

// MarshalText writes the structure's name.
func (s Structure) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (s *Structure) UnmarshalText(b []byte) error {
	for i := FixedLimit; i <= NoLimit; i++ {
		if structureNames[i] == string(b) {
			*s = i
			return nil
		}
	}
	return fmt.Errorf("betting: unknown structure %q", b)
}

// ParseStructure reads a structure name ("no-limit").
func ParseStructure(s string) (Structure, error) {
	var st Structure
	err := st.UnmarshalText([]byte(s))
	return st, err
}

// Reopen says when an all-in for less than a full raise counts as a raise in
// a limit game. In pot and no limit it always takes a full raise (100 %).
type Reopen uint8

// Reopen rules.
const (
	// ReopenFull: only a full raise counts (Greek cash rule, gr-regulation-2
	// G3.19(2) A2; docs/rules/cz-cash-game-texas-holdem.md §3).
	ReopenFull Reopen = iota + 1
	// ReopenHalf: an all-in adding at least half the bet counts as a raise
	// (docs/rules/betting-rules-ru-sports.md §4.9.8, V7–V9; gr-regulation-2 G3.19(4)
	// for tournaments).
	ReopenHalf
)

// RaiseBase says where the minimum raise is measured after an all-in that
// was not a full raise.
type RaiseBase uint8

// Raise bases.
const (
	// FromHighest: the all-in amount plus the last full increment
	// (docs/rules/betting-rules-ru-sports.md V10 default: 90 + 40 = 130).
	FromHighest RaiseBase = iota + 1
	// FromFullBet: the last full bet plus the last full increment, the
	// literal Greek reading (gr-regulation-2 N9: bet 100, all-in 150,
	// minimum raise to 200).
	FromFullBet
)

// MinRaise is the rule for the smallest raise in pot and no limit.
type MinRaise uint8

// Minimum-raise rules.
const (
	// RaiseByIncrement: a raise adds at least the last full bet or raise
	// (docs/rules/betting-rules-ru-sports.md §4.9.5–6, V1–V5; gr-regulation-2 G3.6).
	RaiseByIncrement MinRaise = iota + 1
	// RaiseToDouble: a raise reaches at least twice the current bet, the
	// literal Czech text (docs/rules/cz-cash-game-texas-holdem.md §3, §11.1).
	RaiseToDouble
)

// ChipRules is the rule set that reads chips put out without (or with) a
// spoken declaration.
type ChipRules uint8

// Chip rule sets.
const (
	// ChipsRU: docs/rules/betting-rules-ru-sports.md §4.11–4.14 and §6.3–6.5 (V11–V18):
	// a silent single chip facing a bet is a call; an opening single chip is
	// a bet at the maximum; several chips are a call if any one chip less
	// would not make the call, otherwise a raise; an insufficient bet must be
	// completed or folded (§4.13).
	ChipsRU ChipRules = iota + 1
	// ChipsGR: gr-regulation-2 §5.4 (C1–C8): excess under 50 % of the last
	// raise is a call, 50 % or more must be completed to the minimum raise.
	ChipsGR
	// ChipsCZ: docs/rules/cz-cash-game-texas-holdem.md §3: a silent single chip is a
	// call; 50 % of the minimum raise forces exactly the minimum raise.
	ChipsCZ
)

// Config is a table's betting configuration: the structure, its sizes and
// the rule-profile options that change betting. Amounts are in the table
// currency's minor units.
type Config struct {
	Structure Structure `json:"structure"`
	// Unit is the smallest chip. Every bet is a multiple of it, except an
	// all-in; splits and half-pot limits round to it.
	Unit int64 `json:"unit"`
	// MinBet is the smallest opening bet in pot and no limit (usually the
	// big blind, gr-regulation-2 G3.4).
	MinBet int64 `json:"min_bet,omitempty"`
	// SmallBet and BigBet are the fixed-limit sizes (gr-regulation-1 B.7).
	SmallBet int64 `json:"small_bet,omitempty"`
	BigBet   int64 `json:"big_bet,omitempty"`
	// SpreadMin and SpreadMax bound a spread-limit bet or raise increment.
	SpreadMin int64 `json:"spread_min,omitempty"`
	SpreadMax int64 `json:"spread_max,omitempty"`
	// HalfPot makes pot limit a half-pot limit (gr-regulation-1 B.9, B.81).
	HalfPot bool `json:"half_pot,omitempty"`
	// RaiseCap is the most raises per round in a limit game (3: bet, raise,
	// re-raise, cap, gr-regulation-2 G3.9; docs/rules/betting-rules-ru-sports.md
	// §4.9.7). Zero means no cap.
	RaiseCap int `json:"raise_cap,omitempty"`
	// HeadsUpUncapped lifts the cap when exactly two players can still bet
	// (gr-regulation-2 G3.9, N19). The Russian rules have no such exception
	// (docs/rules/betting-rules-ru-sports.md note 5).
	HeadsUpUncapped bool `json:"heads_up_uncapped,omitempty"`
	// LimitReopen is the short all-in rule in limit games.
	LimitReopen Reopen `json:"limit_reopen"`
	// RaiseBase is where the minimum raise is measured after a short all-in.
	RaiseBase RaiseBase `json:"raise_base"`
	// MinRaise is the pot- and no-limit minimum-raise rule.
	MinRaise MinRaise `json:"min_raise"`
	// Chips reads undeclared chips (the Chips input).
	Chips ChipRules `json:"chips"`
	// TwoChipCall applies gr-regulation-2 C2 (tournaments): two equal chips,
	// each over half the bet faced and no more than it, are a call.
	TwoChipCall bool `json:"two_chip_call,omitempty"`
}

// Validate reports a configuration the engine cannot play.
func (c Config) Validate() error {
	var errs []error
	if c.Unit <= 0 {
		errs = append(errs, errors.New("unit must be positive"))
	}
	mult := func(name string, v int64) {
		if v < 0 || (c.Unit > 0 && v%c.Unit != 0) {
			errs = append(errs, fmt.Errorf("%s %d is not a non-negative multiple of the unit %d", name, v, c.Unit))
		}
	}
	mult("min bet", c.MinBet)
	mult("small bet", c.SmallBet)
	mult("big bet", c.BigBet)
	mult("spread min", c.SpreadMin)
	mult("spread max", c.SpreadMax)
	switch c.Structure {
	case FixedLimit:
		if c.SmallBet <= 0 || c.BigBet < c.SmallBet {
			errs = append(errs, fmt.Errorf("fixed limit needs 0 < small bet <= big bet, got %d/%d", c.SmallBet, c.BigBet))
		}
	case SpreadLimit:
		if c.SpreadMin <= 0 || c.SpreadMax < c.SpreadMin {
			errs = append(errs, fmt.Errorf("spread limit needs 0 < min <= max, got %d-%d", c.SpreadMin, c.SpreadMax))
		}
	case PotLimit, NoLimit:
		if c.MinBet <= 0 {
			errs = append(errs, errors.New("pot and no limit need a positive minimum bet"))
		}
	default:
		errs = append(errs, fmt.Errorf("unknown structure %d", c.Structure))
	}
	if c.RaiseCap < 0 {
		errs = append(errs, errors.New("raise cap must not be negative"))
	}
	if c.LimitReopen != ReopenFull && c.LimitReopen != ReopenHalf {
		errs = append(errs, fmt.Errorf("unknown limit reopen rule %d", c.LimitReopen))
	}
	if c.RaiseBase != FromHighest && c.RaiseBase != FromFullBet {
		errs = append(errs, fmt.Errorf("unknown raise base %d", c.RaiseBase))
	}
	if c.MinRaise != RaiseByIncrement && c.MinRaise != RaiseToDouble {
		errs = append(errs, fmt.Errorf("unknown minimum raise rule %d", c.MinRaise))
	}
	if c.Chips < ChipsRU || c.Chips > ChipsCZ {
		errs = append(errs, fmt.Errorf("unknown chip rules %d", c.Chips))
	}
	return errors.Join(errs...)
}

// OpeningBet is the smallest full opening bet of a round played at the
// fixed-limit size unit.
func (c Config) OpeningBet(unit int64) int64 {
	switch c.Structure {
	case FixedLimit:
		return unit
	case SpreadLimit:
		return c.SpreadMin
	}
	return c.MinBet
}
