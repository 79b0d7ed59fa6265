package blackjack

import (
	"github.com/croupier/croupier/services/table/banked/round"
)

// Ratio is a payout N:D (round.Ratio): a winning stake s is paid s*N/D
// on top of it; Validate bounds the rules' two (each side 1 to 1000).
type Ratio = round.Ratio

// Rounding is how a payout that is not a whole number of chip units is
// rounded (ru-blackjack.md N8: 3:2 of an odd stake).
type Rounding uint8

// Roundings.
const (
	// RoundDown pays the whole chip units under the exact amount.
	RoundDown Rounding = iota + 1
	// RoundUp pays the whole chip units over it.
	RoundUp
)

var roundingNames = round.Enum[Rounding]{Type: "rounding", Names: []string{"", "down", "up"}}

func (v Rounding) String() string { return roundingNames.String(v) }

// MarshalText writes the name.
func (v Rounding) MarshalText() ([]byte, error) { return roundingNames.Text(v) }

// UnmarshalText reads a name.
func (v *Rounding) UnmarshalText(b []byte) error { return roundingNames.Parse(b, v) }

// SurrenderRule is when a bettor may surrender half his stake.
type SurrenderRule uint8

// Surrender rules.
const (
	// SurrenderNone: no surrender.
	SurrenderNone SurrenderRule = iota + 1
	// SurrenderHand: on the hand's first two cards, before any other
	// card or decision for it (cz-blackjack.md §6.6, §10.6), at any time
	// until then, also while other boxes play.
	SurrenderHand
	// SurrenderEarly: in the pre-play window only, until the first card
	// after the initial deal ("until the 3rd card reaches the first box",
	// ru-blackjack.md §3.27).
	SurrenderEarly
)

var surrenderNames = round.Enum[SurrenderRule]{Type: "surrender rule", Names: []string{"", "none", "hand", "early"}}

func (v SurrenderRule) String() string { return surrenderNames.String(v) }

// MarshalText writes the name.
func (v SurrenderRule) MarshalText() ([]byte, error) { return surrenderNames.Text(v) }

// UnmarshalText reads a name.
func (v *SurrenderRule) UnmarshalText(b []byte) error { return surrenderNames.Parse(b, v) }

// SplitRule is what makes two cards a pair.
type SplitRule uint8

// Split rules.
const (
	// ByValue: two cards of equal point value, so K+10 (cz-blackjack.md
	// §0; ru-blackjack.md §3.20, N2 "as written").
	ByValue SplitRule = iota + 1
	// ByRank: two cards of the same rank only (ru-blackjack.md N2's
	// alternative).
	ByRank
)

var splitNames = round.Enum[SplitRule]{Type: "split rule", Names: []string{"", "value", "rank"}}

func (v SplitRule) String() string { return splitNames.String(v) }

// MarshalText writes the name.
func (v SplitRule) MarshalText() ([]byte, error) { return splitNames.Text(v) }

// UnmarshalText reads a name.
func (v *SplitRule) UnmarshalText(b []byte) error { return splitNames.Parse(b, v) }

// FollowRule is whether the other bettors on a box add their money when
// the box owner doubles or splits.
type FollowRule uint8

// Follow rules.
const (
	// FollowChoose: each co-bettor decides for his own stake
	// (cz-blackjack.md §8; ru-blackjack.md §3.25, N4).
	FollowChoose FollowRule = iota + 1
	// FollowAlways: every co-bettor follows with his whole stake.
	FollowAlways
	// FollowNever: only the owner's stake is doubled or split.
	FollowNever
)

var followNames = round.Enum[FollowRule]{Type: "follow rule", Names: []string{"", "choose", "always", "never"}}

func (v FollowRule) String() string { return followNames.String(v) }

// MarshalText writes the name.
func (v FollowRule) MarshalText() ([]byte, error) { return followNames.Text(v) }

// UnmarshalText reads a name.
func (v *FollowRule) UnmarshalText(b []byte) error { return followNames.Parse(b, v) }

// WindowRule is how the pre-play window (insurance, even money, early
// surrender) ends.
type WindowRule uint8

// Window rules.
const (
	// WindowAnswers: play waits until every bettor offered insurance or
	// even money has answered, or the clock runs out (cz-blackjack.md
	// §6.4 comes before the decisions of §6.6).
	WindowAnswers WindowRule = iota + 1
	// WindowFirstCard: the first box plays while the window is open, and
	// it ends with the first card dealt after the initial deal
	// (ru-blackjack.md §3.27, §3.46: "until the 3rd card is placed on the
	// first box").
	WindowFirstCard
)

var windowNames = round.Enum[WindowRule]{Type: "window rule", Names: []string{"", "answers", "first_card"}}

func (v WindowRule) String() string { return windowNames.String(v) }

// MarshalText writes the name.
func (v WindowRule) MarshalText() ([]byte, error) { return windowNames.Text(v) }

// UnmarshalText reads a name.
func (v *WindowRule) UnmarshalText(b []byte) error { return windowNames.Parse(b, v) }
