// Package casinoholdem is the pure Casino Hold'em engine of
// docs/rules/gr-casino-holdem.md (the "gr" profile) and of
// docs/rules/ru-texas-holdem-casino.md (the "ru" profile, the same game
// shape: its differences are profile switches in Options): the player's Ante
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
	"github.com/croupier/croupier/shared/rank"
)

// The profiles, one a source.
const (
	// GR is the profile of docs/rules/gr-casino-holdem.md.
	GR = "gr"
	// RU is the profile of docs/rules/ru-texas-holdem-casino.md: Texas
	// Hold'em against the casino, Ante, a Bet of 2 × Ante or a pass, the
	// flat 7:1 Bonus, the hand of both hole cards and three of the board
	// (N1), face-down cards, dark boxes where the table allows them.
	RU = "ru"
)

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{GR, RU} }

// RUMaxBoxes: "1–6 boxes, i.e. 1–6 players" (ru §2.3).
const RUMaxBoxes = 6

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
	// turn and river, as live tables do; the source burns none (§4; ru
	// §4 step 3 mentions none either).
	BurnCards bool `json:"burn_cards"`
	// MustUseBothHoleCards: a hand is exactly the two hole cards and
	// three of the board, for the boxes and the dealer alike (ru §3.21 as
	// written, N1: "each participant"; rank.GameTwoPlusThree); false, the
	// best five of the seven (gr §4 step 6; ru N1's alternative).
	MustUseBothHoleCards bool `json:"must_use_both_hole_cards"`
	// FoldSettlesBonus: a box that folds (passes) still has its AA Bonus
	// (ru: the Bonus) settled on its first five cards at the fold (ru
	// §3.13–3.15, §4 step 4: "including boxes that pass", T6); false, a
	// fold loses it whatever its cards (gr §4.3, §6.3).
	FoldSettlesBonus bool `json:"fold_settles_bonus"`
	// LightBoxes: how many boxes one player may play in the light (his
	// cards seen, a decision to take), 0 for any number (gr); ru 2
	// (§2.4).
	LightBoxes int `json:"light_boxes"`
	// EqualAntes: a player's light boxes carry equal Antes (ru §2.5).
	EqualAntes bool `json:"equal_antes"`
	// MaxDarkBoxes: how many boxes one player may play dark besides, by
	// the manager's decision (ru §2.6), 0 for none: dark play off. A dark
	// box has its Bet (2 × Ante, "box:n/call") placed with its Ante before
	// the deal (§3.10): it takes no decision, plays to the showdown, and
	// nobody sees its cards until then.
	MaxDarkBoxes int `json:"max_dark_boxes"`
}

// Limits are the table sign's.
type Limits struct {
	// Ante: the Min/Max indicator refers to the Ante (§1). 0 is no
	// maximum (MaxStake).
	Ante round.Limit `json:"ante"`
	// AABonus: up to the "AA Bonus bet max" (§1, glossary line 147),
	// whose value the source does not give: the operator's (ru: the
	// Bonus's own min/max on the table sign, §3.14). 0 is no maximum.
	AABonus round.Limit `json:"aa_bonus"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Boxes on the table, numbered 1 from the dealer's left: 1 (gr's one
	// player, §9 note 4) to MaxBoxes, 7 by default; ru 1 to 6, 6 by
	// default (§2.3).
	Boxes     int       `json:"boxes"`
	Limits    Limits    `json:"limits"`
	Paytables Paytables `json:"paytables"`
	Options   Options   `json:"options"`
}

// Named returns a profile's rules with its defaults; the limits are the
// table's to fill in.
func Named(profile string) (Rules, error) {
	switch profile {
	case GR:
		return Rules{
			Profile:   profile,
			Boxes:     MaxBoxes,
			Paytables: GRPaytables(),
			Options: Options{
				ReduceToMax: true, ReserveCall: true, HoleCardsFaceUp: true, DealOrder: ByBox,
			},
		}, nil
	case RU:
		// ru: six boxes (§2.3); no auto adjustment (a live table's chips);
		// the Bet not reserved (§2.9: a player short of chips for it may
		// buy them); cards face down (§3.12), one at a time from the
		// dealer's left, dealer last (N5); no burns (§4 step 3); both
		// hole cards (N1); the Bonus settled on a pass (§3.13–3.15); two
		// light boxes a player with equal Antes (§2.4–2.5); no dark play
		// until the manager allows it (§2.6).
		return Rules{
			Profile:   profile,
			Boxes:     RUMaxBoxes,
			Paytables: RUPaytables(),
			Options: Options{
				DealOrder: ByRound, MustUseBothHoleCards: true, FoldSettlesBonus: true, LightBoxes: 2, EqualAntes: true,
			},
		}, nil
	}
	return Rules{}, fmt.Errorf("casinoholdem: unknown profile %q (have %v)", profile, Profiles())
}

// maxBoxes is the most boxes the profile's table has: ru's six (§2.3),
// seven otherwise.
func maxBoxes(profile string) int {
	if profile == RU {
		return RUMaxBoxes
	}
	return MaxBoxes
}

// game is how the rules rank a hand: both hole cards and three of the
// board (MustUseBothHoleCards), or the best five of seven.
func (r *Rules) game() rank.Game {
	if r.Options.MustUseBothHoleCards {
		return rank.GameTwoPlusThree
	}
	return rank.GameHigh
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
	if r.Profile != GR && r.Profile != RU {
		add("unknown profile %q", r.Profile)
	}
	if most := maxBoxes(r.Profile); r.Boxes < 1 || r.Boxes > most {
		add("boxes %d: want 1 to %d", r.Boxes, most)
	}
	for _, o := range []struct {
		what string
		n    int
	}{{"light_boxes", r.Options.LightBoxes}, {"max_dark_boxes", r.Options.MaxDarkBoxes}} {
		if o.n < 0 || o.n > MaxBoxes {
			add("%s %d: want 0 to %d", o.what, o.n, MaxBoxes)
		}
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
// (0 is none) and its minimum at least 1; a Call's is twice the Ante's.
func (r *Rules) limit(k BetKind) (lo, hi int64) {
	l := r.Limits.Ante
	if k == BetAABonus {
		l = r.Limits.AABonus
	}
	lo, hi = l.Bounds(MaxStake)
	if k == BetCall {
		return 2 * lo, 2 * hi // a dark box's Call, 2 × its Ante (ru §3.10, §3.18)
	}
	return lo, hi
}
