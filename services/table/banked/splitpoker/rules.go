// Package splitpoker is the pure Split poker engine of
// docs/rules/ru-split-poker.md (the "ru" profile): a banked five-card
// stud with a second, two-card hand. Each box's Ante (and optional Royal
// Bonus) against the dealer; five cards each, one at a time, the
// dealer's fifth face up (§3.17–3.18); box by box a pass, a play of the
// hand as dealt (a Bet of 2 × Ante, then two free cards for its small
// hand), or first a buy of two cards for one Ante and a split of the
// seven into a big hand of five and a small hand of two, then a play or
// a pass (§3.19–3.24). The dealer qualifies with a pair of twos and then
// deals himself a small hand face up (§5.1, §5.5); the big hands decide,
// and of a box whose big hand wins, the small hands decide which of the
// Ante and the Bet is paid by the big hand's multiple (§4 step 7). When
// the dealer has no game, each box that played stops (Ante 1:1) or buys
// his game for one Ante, and he replaces his lowest card once (§6). The
// "Bet or Ante" multiples (§8.1) and the Royal Bonus table (§8.2) are
// lost from the source: both are operator data, shipped with labelled
// placeholders.
//
// Up to four boxes (§2.3), one in the light a player (§2.4); dark boxes
// (§2.5, N6) by the table's option, off by default: Ante and Bet placed
// before the deal, cards unseen, no buying, the small hand dealt free.
//
// Cards enter only through commands, from the RNG's shuffled deck or a
// live studio's card reader: a deck is shuffled before every round (§7.2,
// CmdShuffle), and the engine says where its next card goes (State.Next),
// refuses a card the deck has given already or that nobody is due, and
// marks every card public, private to one box, or hidden (the dealer's
// first four until he reveals them, the free small hands and a dark
// box's cards until the showdown).
//
// The shape is every banked card game's (package round; the model is
// package casinoholdem): Rules (rules.go, paytable.go), the round's State
// (state.go), Apply with a method per command (apply.go for the round's
// lifecycle, bet.go for the bets on package boxes' layout, shoe.go for
// the deck, package deck keeping its side, deal.go for the cards' way
// through the round, decide.go for the boxes' decisions, split.go for a
// bought hand's partition), its events (event.go), the payouts
// (settle.go) and what a player may do now (legal.go). No I/O, no time,
// no randomness: the table core stores the state, moves the money the
// events say, runs the decision clock (CmdTimeout passes in a box's turn
// and stops on the dealer's no game, the choices that put no more money
// in) and filters what each viewer sees by the marks.
package splitpoker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
)

// RU is the profile of docs/rules/ru-split-poker.md, the only source.
const RU = "ru"

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{RU} }

// Bounds of a table.
const (
	// MaxBoxes: 1–4 boxes (§2.3).
	MaxBoxes = 4
	// MaxStake caps one stake whatever the limits say: 2^40 minor units,
	// so that a Bet (2 ×) paid at the highest ratio a paytable may hold
	// (MaxPays) stays far from overflowing.
	MaxStake int64 = 1 << 40
	// MaxPays bounds a paytable line: at most 1000:1.
	MaxPays = round.MaxRatio
	// BigCards and SmallCards are the two hands' sizes; BoughtCards how
	// many cards a buy brings (§3.21).
	BigCards, SmallCards, BoughtCards = 5, 2, 2
)

// Options are the rule choices the source leaves open (§11), each with
// its default. Each is set by its JSON name (Rules.Set).
type Options struct {
	// RoyalBonus is the reading of the Royal Bonus's garbled clause (§6,
	// N4): literal (a pair of kings, two pair topped by kings or aces,
	// trips or better) or pair_of_kings_or_better (a pair of aces wins
	// too).
	RoyalBonus RoyalBonusReading `json:"royal_bonus"`
	// BuyKeepsRoyalBonus: a box that buys small-hand cards keeps its
	// Royal Bonus, decided on the five cards first dealt (N5: the source
	// says only that a pass loses it); false loses it at the buy.
	BuyKeepsRoyalBonus bool `json:"buy_keeps_royal_bonus"`
	// MaxDarkBoxes: how many boxes a player may play dark besides his
	// light one, by the manager's decision (§2.5), 0 for none. A dark box
	// has its Bet (2 × Ante, "box:n/bet") placed with its Ante before the
	// deal; nobody sees its cards until the showdown; it buys no cards
	// and its small hand is dealt free (N6, Russian poker's dark rules).
	MaxDarkBoxes int `json:"max_dark_boxes"`
}

// Limits are the table sign's.
type Limits struct {
	// Ante: table min ≤ Ante ≤ table max (§3.6–3.7). 0 is no maximum
	// (MaxStake).
	Ante round.Limit `json:"ante"`
	// RoyalBonus: its own min and max (§3.11–3.12). 0 is no maximum.
	RoyalBonus round.Limit `json:"royal_bonus"`
	// MaxPayout is the most a box's Ante and Bet together win (§5.2); 0
	// is none.
	MaxPayout int64 `json:"max_payout,omitempty"`
	// RoyalBonusMaxPayout is the most a Royal Bonus wins, outside
	// MaxPayout (§5.3–5.4); 0 is none.
	RoyalBonusMaxPayout int64 `json:"royal_bonus_max_payout,omitempty"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Boxes on the table, numbered 1 from the dealer's left, dealt left to
	// right: 1 to MaxBoxes; 4 by default.
	Boxes     int       `json:"boxes"`
	Limits    Limits    `json:"limits"`
	Paytables Paytables `json:"paytables"`
	Options   Options   `json:"options"`
}

// Named returns a profile's rules with its defaults; the limits are the
// operator's to fill in, and the paytables his to replace.
func Named(profile string) (Rules, error) {
	if profile != RU {
		return Rules{}, fmt.Errorf("splitpoker: unknown profile %q (have %v)", profile, Profiles())
	}
	return Rules{Profile: profile, Boxes: MaxBoxes, Paytables: RUPaytables(),
		Options: Options{RoyalBonus: Literal, BuyKeepsRoyalBonus: true}}, nil
}

// Option keys of the paytables: "pays.<line>" (§8.1, the Bet or the
// Ante) and "royal_bonus_pays.<line>" (§8.2).
const (
	paysKey           = "pays."
	royalBonusPaysKey = "royal_bonus_pays."
)

// OptionNames lists every name Set takes, in the order of Rules, Options
// and the paytables' lines.
func OptionNames() []string {
	names := append([]string{"boxes"}, round.OptionNames(Options{})...)
	for _, l := range PayLines() {
		names = append(names, paysKey+string(l))
	}
	for _, l := range RoyalBonusLines() {
		names = append(names, royalBonusPaysKey+string(l))
	}
	return names
}

// Set overrides one option by its snake_case name, as a table's options
// map carries them ("boxes": "2", "royal_bonus": "pair_of_kings_or_better",
// "pays.flush": "6:1"). A paytable line set makes that paytable the
// operator's. Set checks the value's form; Validate checks the rules
// together.
func (r *Rules) Set(key, value string) error {
	if key == "boxes" {
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		r.Boxes = n
		return nil
	}
	if line, ok := strings.CutPrefix(key, paysKey); ok {
		return r.Paytables.Pays.Set(PayLines(), Line(line), value)
	}
	if line, ok := strings.CutPrefix(key, royalBonusPaysKey); ok {
		return r.Paytables.RoyalBonus.Set(RoyalBonusLines(), Line(line), value)
	}
	if found, err := round.SetOption(&r.Options, key, value); found {
		return err
	}
	return fmt.Errorf("splitpoker: unknown option %q", key)
}

// Validate reports every problem that keeps the rules from being played.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.Profile != RU {
		add("unknown profile %q", r.Profile)
	}
	if r.Boxes < 1 || r.Boxes > MaxBoxes {
		add("boxes %d: want 1 to %d", r.Boxes, MaxBoxes)
	}
	for _, l := range []struct {
		what string
		l    round.Limit
	}{{"ante", r.Limits.Ante}, {"royal_bonus", r.Limits.RoyalBonus}} {
		if !l.l.Valid(MaxStake) {
			add("%s limit %d..%d is not a range", l.what, l.l.Min, l.l.Max)
		}
	}
	if r.Limits.MaxPayout < 0 || r.Limits.RoyalBonusMaxPayout < 0 {
		add("a max payout below 0")
	}
	if err := r.Paytables.Validate(); err != nil {
		errs = append(errs, err)
	}
	if o := r.Options.RoyalBonus; !o.Valid() {
		add("royal_bonus: unknown value %d", o)
	}
	if n := r.Options.MaxDarkBoxes; n < 0 || n >= MaxBoxes {
		add("max_dark_boxes %d: want 0 to %d", n, MaxBoxes-1)
	}
	return errors.Join(errs...)
}

// limit is the limit of a kind of bet, its maximum capped at MaxStake
// (0 is none) and its minimum at least 1; a dark box's Bet's is twice
// the Ante's.
func (r *Rules) limit(k BetKind) (lo, hi int64) {
	l := r.Limits.Ante
	if k == BetRoyalBonus {
		l = r.Limits.RoyalBonus
	}
	lo, hi = l.Bounds(MaxStake)
	if k == BetBet {
		return 2 * lo, 2 * hi
	}
	return lo, hi
}

// capped is won cut to max, 0 being none.
func capped(won, max int64) int64 {
	if max > 0 && won > max {
		return max
	}
	return won
}
