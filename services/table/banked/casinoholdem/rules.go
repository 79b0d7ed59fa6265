// Package casinoholdem is the pure Casino Hold'em engine of
// docs/rules/gr-casino-holdem.md (the "gr" profile): the player's Ante
// against the dealer, the optional AA Bonus on his first five cards, a
// Call of exactly 2 × Ante after the flop or a fold, the dealer
// qualifying with a pair of fours, the Ante paid by its paytable and the
// AA Bonus by its own. The source is a one-player online product (§9 note
// 4); the engine plays it as a live-dealer table does: up to seven boxes,
// one player each, sharing the board and the dealer's two hidden cards,
// each box deciding in turn. A one-player table is the same with one box.
//
// Cards enter only through commands, from the RNG's shuffled deck or a
// live studio's card reader: a deck is shuffled before every round (§1,
// CmdShuffle), and the engine says where its next card goes (State.Next),
// refuses a card the deck has given already or that nobody is due, and
// marks every card it reports public, private to one box, or hidden (the
// dealer's two until the showdown, the burns for ever), so that the
// table core can show each viewer what the rules let him see. The engine
// never decides beyond that mark.
//
// The shape is every banked card game's (package round; the model is
// package blackjack): Rules (rules.go and the option and paytable types,
// options.go), the round's State (state.go), the transition function
// Apply with a method per command (apply.go for the round's lifecycle,
// bet.go for the bets, on package boxes' layout of the stakes, shoe.go
// for the deck and the cards, package deck keeping its side, deal.go for
// the cards' way through the round, decide.go for the boxes' decisions)
// and its events (event.go), the payouts (settle.go) and what a player
// may do now (legal.go). No I/O, no time, no randomness: the table core
// stores the state, moves the money the events say, runs the decision
// clock (CmdTimeout folds, the safe default) and filters what each viewer
// sees by the marks.
package casinoholdem

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
)

// GR is the profile of docs/rules/gr-casino-holdem.md, the only source.
const GR = "gr"

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{GR} }

// Bounds of a table.
const (
	// MaxBoxes: the source seats one player (§9 note 4); a live table has
	// up to seven boxes, one player each.
	MaxBoxes = 7
	// MaxStake caps one stake whatever the limits say: 2^40 minor units,
	// so that a Call (2 ×) paid at the highest ratio a paytable may hold
	// (MaxPays) stays far from overflowing.
	MaxStake int64 = 1 << 40
	// MaxPays bounds a paytable line: at most 1000:1.
	MaxPays = round.MaxRatio
)

// Options are the rule choices the source leaves open or flags (§9), each
// with the source's default. Each is set by its JSON name (Rules.Set).
type Options struct {
	// ReduceToMax: a bet over its limit's maximum is reduced to the
	// maximum, "the largest possible amount" (§3, auto bet adjustment);
	// false refuses it (BET_OUTSIDE_LIMITS). A bet under the minimum is
	// always refused: the source adjusts only down.
	ReduceToMax bool `json:"reduce_to_max"`
	// ReserveCall: a placement commits the player to cover the Call too
	// (§9 note 5's suggestion: Ante + 2 × Ante + AA Bonus available at
	// the deal). The engine cannot see a balance: EvPlaced's Amount says
	// what the placement commits the player to cover besides its stakes
	// (2 × each Ante), which the table checks with CheckPlace before it
	// applies the placement. false: the Call is checked only when it is
	// made.
	ReserveCall bool `json:"reserve_call"`
	// HoleCardsFaceUp: the boxes' cards are dealt face up (§4.2), public
	// from the deal. false deals them face down, private to the box until
	// the showdown shows a called box's cards (a folded box's stay private
	// for ever).
	HoleCardsFaceUp bool `json:"hole_cards_face_up"`
	// DealOrder: by_box deals each box its two cards, then the dealer his
	// two, then the flop, as §4.2 lists them for one player; by_round deals
	// one card a box and one to the dealer, twice, as a live dealer pitches
	// them. The source seats one player and says no more (§9 note 4).
	DealOrder DealOrder `json:"deal_order"`
	// BurnCards: a card is burnt before the flop and another before the
	// turn and river, as live tables do; the source burns none (§4).
	BurnCards bool `json:"burn_cards"`
}

// Limits are the table sign's.
type Limits struct {
	// Ante: the Min/Max indicator refers to the Ante (§1). 0 is no
	// maximum (MaxStake).
	Ante round.Limit `json:"ante"`
	// AABonus: up to the "AA Bonus bet max" (§1, glossary line 147),
	// whose value the source does not give: the operator's. 0 is no
	// maximum.
	AABonus round.Limit `json:"aa_bonus"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Boxes on the table, numbered 1 from the dealer's left: 1 (the
	// source's one player, §9 note 4) to MaxBoxes; 7 by default.
	Boxes     int       `json:"boxes"`
	Limits    Limits    `json:"limits"`
	Paytables Paytables `json:"paytables"`
	Options   Options   `json:"options"`
}

// Named returns a profile's rules with its defaults; the limits are the
// table's to fill in.
func Named(profile string) (Rules, error) {
	if profile != GR {
		return Rules{}, fmt.Errorf("casinoholdem: unknown profile %q (have %v)", profile, Profiles())
	}
	return Rules{
		Profile:   profile,
		Boxes:     MaxBoxes,
		Paytables: GRPaytables(),
		Options: Options{
			ReduceToMax: true, ReserveCall: true, HoleCardsFaceUp: true, DealOrder: ByBox,
		},
	}, nil
}

// Option keys of the paytables: "ante_pays.<line>" and
// "aa_bonus_pays.<line>".
const (
	antePaysKey    = "ante_pays."
	aaBonusPaysKey = "aa_bonus_pays."
)

// OptionNames lists every name Set takes, in the order of Rules, Options
// and the paytables' lines.
func OptionNames() []string {
	names := append([]string{"boxes"}, round.OptionNames(Options{})...)
	for _, l := range AnteLines() {
		names = append(names, antePaysKey+string(l))
	}
	for _, l := range AABonusLines() {
		names = append(names, aaBonusPaysKey+string(l))
	}
	return names
}

// Set overrides one option by its snake_case name, as a table's options
// map carries them ("boxes": "1", "deal_order": "by_round",
// "burn_cards": "true", "ante_pays.flush": "2:1"). A paytable line set
// makes that paytable the operator's (Paytables' Source). Set checks the
// value's form; Validate checks the rules together.
func (r *Rules) Set(key, value string) error {
	if key == "boxes" {
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		r.Boxes = n
		return nil
	}
	if line, ok := strings.CutPrefix(key, antePaysKey); ok {
		return r.Paytables.setAnte(Line(line), value)
	}
	if line, ok := strings.CutPrefix(key, aaBonusPaysKey); ok {
		return r.Paytables.setAABonus(Line(line), value)
	}
	if found, err := round.SetOption(&r.Options, key, value); found {
		return err
	}
	return fmt.Errorf("casinoholdem: unknown option %q", key)
}

// Validate reports every problem that keeps the rules from being played.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.Profile != GR {
		add("unknown profile %q", r.Profile)
	}
	if r.Boxes < 1 || r.Boxes > MaxBoxes {
		add("boxes %d: want 1 to %d", r.Boxes, MaxBoxes)
	}
	for _, l := range []struct {
		what string
		l    round.Limit
	}{{"ante", r.Limits.Ante}, {"aa_bonus", r.Limits.AABonus}} {
		if !l.l.Valid(MaxStake) {
			add("%s limit %d..%d is not a range", l.what, l.l.Min, l.l.Max)
		}
	}
	if err := r.Paytables.Validate(); err != nil {
		errs = append(errs, err)
	}
	if o := r.Options.DealOrder; o != ByBox && o != ByRound {
		add("deal_order: unknown value %d", o)
	}
	return errors.Join(errs...)
}

// limit is the limit of a kind of bet, its maximum capped at MaxStake
// (0 is none) and its minimum at least 1.
func (r *Rules) limit(k BetKind) (lo, hi int64) {
	l := r.Limits.Ante
	if k == BetAABonus {
		l = r.Limits.AABonus
	}
	return l.Bounds(MaxStake)
}
