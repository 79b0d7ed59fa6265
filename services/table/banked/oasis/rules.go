// Package oasis is the pure Oasis poker engine of
// docs/rules/ru-oasis-poker.md (the "ru" profile): a banked five-card
// stud. Each box's Ante (and optional Royal Bonus) against the dealer;
// five cards each, one at a time, the dealer's fifth face up; box by box
// a pass, a Bet of exactly 2 × Ante, or first an exchange of one or two
// cards for as many Antes (§3.21); the dealer qualifying with Ace-King or
// better; when he does not, each box that bet stops (Ante 1:1) or buys his
// game for one Ante, and he replaces his highest card once (§4.16–4.18).
// The Bet is paid by a paytable the source lost (§4.14), the Royal Bonus
// by another (§4.15): both are operator data, the Bet's shipped with the
// spec's placeholder, labelled so.
//
// Up to four boxes, up to two players each: the box's owner, who decides
// for it, and a second player whose stakes follow his decisions (§2.5).
// Dark boxes (§2.7, N5) are an option.
//
// Cards enter only through commands, from the RNG's shuffled deck or a
// live studio's card reader: a deck is shuffled before every round (§5.1,
// CmdShuffle), and the engine says where its next card goes (State.Next),
// refuses a card the deck has given already or that nobody is due, and
// marks every card public, private to one box, or hidden (the dealer's
// first four until he reveals them, an exchange's discards for ever).
//
// The shape is every banked card game's (package round; the model is
// package casinoholdem): Rules (rules.go, paytable.go), the round's State
// (state.go), Apply with a method per command (apply.go for the round's
// lifecycle, bet.go for the bets on package boxes' layout and package
// fivecard's shared boxes, dark.go for the dark boxes, shoe.go for the
// deck, package deck keeping its side and package fivecard the five card
// deal, the exchange and the buy that Russian poker shares, decide.go
// for the boxes' decisions and the dealer's game bought), its events
// (event.go), the payouts (settle.go) and what a player may do now
// (legal.go). No I/O, no time, no randomness: the
// table core stores the state, moves the money the events say, runs the
// decision clock (CmdTimeout passes on the decision and stops on the
// buy, the choices that put no more money in) and filters what each
// viewer sees by the marks.
package oasis

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
)

// RU is the profile of docs/rules/ru-oasis-poker.md, the only source.
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
	// MaxExchange: one card for one Ante, two for two (§3.21, N2).
	MaxExchange = 2
	// MaxBettors: two players may bet on one box (§2.5).
	MaxBettors = 2
)

// Options are the rule choices the source leaves open (§11), each with
// its default. Each is set by its JSON name (Rules.Set).
type Options struct {
	// RoyalBonus is the reading of the Royal Bonus's garbled clause (§6,
	// N4): literal (a pair of kings, two pair topped by kings or aces,
	// trips or better) or pair_of_kings_or_better (a pair of aces wins
	// too).
	RoyalBonus RoyalBonusReading `json:"royal_bonus"`
	// DarkBoxes lets a player play a box blind (§2.7, N5, dark.go): its
	// Bet placed with its Ante before the deal, its cards unseen. Off by
	// default: the source only mentions them.
	DarkBoxes bool `json:"dark_boxes"`
}

// Limits are the table sign's.
type Limits struct {
	// Ante: table min ≤ Ante ≤ table max (§3.6–3.7). 0 is no maximum
	// (MaxStake).
	Ante round.Limit `json:"ante"`
	// RoyalBonus: its own min and max (§3.11–3.12). 0 is no maximum.
	RoyalBonus round.Limit `json:"royal_bonus"`
	// MaxPayout is the most a box's Ante and Bet together win (§4.1, N8);
	// 0 is none.
	MaxPayout int64 `json:"max_payout,omitempty"`
	// RoyalBonusMaxPayout is the most a Royal Bonus wins, outside
	// MaxPayout (§4.2); 0 is none.
	RoyalBonusMaxPayout int64 `json:"royal_bonus_max_payout,omitempty"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Boxes on the table, numbered 1 from the dealer's left, dealt left to
	// right (N7): 1 to MaxBoxes; 4 by default.
	Boxes int `json:"boxes"`
	// Bettors a box takes: 1 or MaxBettors, 2 by default (§2.5); their
	// Antes together within the Ante limit's maximum.
	Bettors   int       `json:"bettors"`
	Limits    Limits    `json:"limits"`
	Paytables Paytables `json:"paytables"`
	Options   Options   `json:"options"`
}

// Named returns a profile's rules with its defaults; the limits, and the
// Royal Bonus paytable if the table offers the bet, are the operator's to
// fill in.
func Named(profile string) (Rules, error) {
	if profile != RU {
		return Rules{}, fmt.Errorf("oasis: unknown profile %q (have %v)", profile, Profiles())
	}
	return Rules{Profile: profile, Boxes: MaxBoxes, Bettors: MaxBettors, Paytables: RUPaytables(), Options: Options{RoyalBonus: Literal}}, nil
}

// Option keys of the paytables: "bet_pays.<line>" and
// "royal_bonus_pays.<line>".
const (
	betPaysKey        = "bet_pays."
	royalBonusPaysKey = "royal_bonus_pays."
)

// OptionNames lists every name Set takes, in the order of Rules, Options
// and the paytables' lines.
func OptionNames() []string {
	names := append([]string{"boxes", "bettors"}, round.OptionNames(Options{})...)
	for _, l := range BetLines() {
		names = append(names, betPaysKey+string(l))
	}
	for _, l := range RoyalBonusLines() {
		names = append(names, royalBonusPaysKey+string(l))
	}
	return names
}

// Set overrides one option by its snake_case name, as a table's options
// map carries them ("boxes": "2", "bettors": "1",
// "royal_bonus": "pair_of_kings_or_better",
// "bet_pays.flush": "6:1"). A paytable line set makes that paytable the
// operator's. Set checks the value's form; Validate checks the rules
// together.
func (r *Rules) Set(key, value string) error {
	if key == "boxes" || key == "bettors" {
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		if key == "boxes" {
			r.Boxes = n
		} else {
			r.Bettors = n
		}
		return nil
	}
	if line, ok := strings.CutPrefix(key, betPaysKey); ok {
		return r.Paytables.Bet.Set(BetLines(), Line(line), value)
	}
	if line, ok := strings.CutPrefix(key, royalBonusPaysKey); ok {
		return r.Paytables.RoyalBonus.Set(RoyalBonusLines(), Line(line), value)
	}
	if found, err := round.SetOption(&r.Options, key, value); found {
		return err
	}
	return fmt.Errorf("oasis: unknown option %q", key)
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
	if r.Bettors < 1 || r.Bettors > MaxBettors {
		add("bettors %d: want 1 to %d", r.Bettors, MaxBettors)
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
	return errors.Join(errs...)
}

// limit is the limit of a kind of bet, its maximum capped at MaxStake
// (0 is none) and its minimum at least 1.
func (r *Rules) limit(k BetKind) (lo, hi int64) {
	l := r.Limits.Ante
	if k == BetRoyalBonus {
		l = r.Limits.RoyalBonus
	}
	return l.Bounds(MaxStake)
}

// sharing is how the table's boxes take their players (§2.5): up to
// Bettors each, their Antes together within the Ante limit's maximum, if
// it has one.
func (r *Rules) sharing() fivecard.Sharing[BetKind] {
	_, most := r.limit(BetAnte)
	if r.Limits.Ante.Max == 0 {
		most = 0
	}
	return fivecard.Sharing[BetKind]{Bettors: r.Bettors, Base: BetAnte, Most: most}
}

// capped is won cut to max, 0 being none.
func capped(won, max int64) int64 {
	if max > 0 && won > max {
		return max
	}
	return won
}
