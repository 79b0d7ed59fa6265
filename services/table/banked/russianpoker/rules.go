// Package russianpoker is the pure Russian poker engine of
// docs/rules/ru-russian-poker.md (the "ru" profile): Oasis poker's banked
// five-card stud (package oasis) and more. Each box's Ante (and optional
// Royal Bonus) against the dealer; five cards each, one at a time, the
// dealer's fifth face up; box by box a pass, a Bet of exactly 2 × Ante
// (with, on three of a kind or better, an insurance against the dealer's
// no game, §5), or first one improvement for one Ante, an exchange of one
// to five cards or a sixth card (§3.22, N2); the dealer qualifying with
// Ace-King or better; a winning box paid by its Bet alone, its Ante
// returned, on up to two combinations (§4.13–4.16); on his no game, each
// box that bet stops (Ante 1:1) or buys his game for one Ante, and he
// replaces his highest card, again on a card of the same rank, up to
// three times, unless it makes him a flush (§4 step 7.3). The Royal
// Bonus is lost on an improvement unless the first five win it and the
// improvement keeps its cards (§3.16, N10).
//
// Up to four boxes, up to two players each (§2.5, N1): the box's owner,
// who decides for it, and a second player whose stakes follow his
// decisions. The source's dark boxes (§3.9, N3) are not played here.
//
// The shape is package oasis's (and every banked card game's, package
// round): Rules (rules.go, paytable.go), the round's State (state.go),
// Apply with a method per command (apply.go, bet.go, shoe.go with
// package deck and package fivecard, which holds the deal, the exchange,
// the buy and the shared boxes both games have, decide.go, improve.go for
// the exchange, the sixth card and the Royal Bonus's lock-in), its events
// (event.go), the payouts (settle.go; insure.go for the insurance,
// combination.go for the two combinations) and what a player may do now
// (legal.go). No I/O, no time, no randomness; the clock's CmdTimeout
// passes on the decision and stops on the buy.
package russianpoker

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/fivecard"
	"github.com/croupier/croupier/services/table/banked/round"
)

// RU is the profile of docs/rules/ru-russian-poker.md, the only source.
const RU = "ru"

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{RU} }

// Bounds of a table.
const (
	// MaxBoxes: 1–4 boxes (§2.3, N1).
	MaxBoxes = 4
	// MaxStake caps one stake whatever the limits say: 2^40 minor units,
	// so that a Bet (2 ×) paid at twice the highest ratio a paytable may
	// hold (MaxPays, two combinations) stays far from overflowing.
	MaxStake int64 = 1 << 40
	// MaxPays bounds a paytable line: at most 1000:1.
	MaxPays = round.MaxRatio
	// MaxExchange: one to five cards for one Ante (§3.22).
	MaxExchange = 5
	// MaxSwaps: the dealer's bought game swaps at most three cards (§4
	// step 7.3).
	MaxSwaps = 3
	// MaxBettors: two players may bet on one box (§2.5, N1).
	MaxBettors = 2
)

// Options are the rule choices the source leaves open (§12), each with
// its default. Each is set by its JSON name (Rules.Set).
type Options struct {
	// RoyalBonus is the reading of the Royal Bonus's clause (§6, N6).
	RoyalBonus RoyalBonusReading `json:"royal_bonus"`
	// LockIn is which improvements keep a Royal Bonus the first five
	// cards win (§3.16, N10).
	LockIn LockIn `json:"lock_in"`
	// BothImprovements lets a box exchange and buy a sixth card, each
	// once; the default is one improvement, the text's "or" (N2).
	BothImprovements bool `json:"both_improvements"`
	// FailedBuyPaysAnte: a bought game that is still no game pays the
	// Ante 1:1 and returns the Bet, as a stop; the default returns both,
	// as Oasis §4.18 and Split §6.5 do (N5).
	FailedBuyPaysAnte bool `json:"failed_buy_pays_ante"`
}

// Limits are the table sign's.
type Limits struct {
	// Ante: table min ≤ Ante ≤ table max (§3.6–3.7). 0 is no maximum.
	Ante round.Limit `json:"ante"`
	// RoyalBonus: its own min and max (§3.12–3.13). 0 is no maximum.
	RoyalBonus round.Limit `json:"royal_bonus"`
	// MaxPayout is the most a box's Bet, with its insurance's win, wins
	// (§3.35–3.36, §4.1); 0 is none.
	MaxPayout int64 `json:"max_payout,omitempty"`
	// RoyalBonusMaxPayout is the most a Royal Bonus wins, outside
	// MaxPayout (§3.17, §4.2); 0 is none.
	RoyalBonusMaxPayout int64 `json:"royal_bonus_max_payout,omitempty"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Boxes on the table, numbered 1 from the dealer's left: 1 to
	// MaxBoxes; 4 by default.
	Boxes int `json:"boxes"`
	// Bettors a box takes: 1 or MaxBettors, 2 by default (§2.5, N1);
	// their Antes together within the Ante limit's maximum.
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
		return Rules{}, fmt.Errorf("russianpoker: unknown profile %q (have %v)", profile, Profiles())
	}
	return Rules{Profile: profile, Boxes: MaxBoxes, Bettors: MaxBettors, Paytables: RUPaytables(), Options: Options{RoyalBonus: Literal, LockIn: LockOutside}}, nil
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
// map carries them ("boxes": "2", "bettors": "1", "lock_in": "literal",
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
	return fmt.Errorf("russianpoker: unknown option %q", key)
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
	if !r.Options.RoyalBonus.Valid() {
		add("royal_bonus: unknown value %d", r.Options.RoyalBonus)
	}
	if o := r.Options.LockIn; o < LockOutside || o > LockNone {
		add("lock_in: unknown value %d", o)
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
