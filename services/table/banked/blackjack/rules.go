// Package blackjack is the pure blackjack engine of
// docs/rules/cz-blackjack.md (6 decks, the "cz" profile) and
// docs/rules/ru-blackjack.md (8 decks, 21 players on 7 boxes, the "ru"
// profile): a European no-hole-card game with up to three bettors on a
// box, the box owner deciding for all of them, insurance, even money,
// surrender, doubles, splits and the 7-7-7 bonus, the two sources' gaps
// and conflicts each an option with the source's default.
//
// Cards enter only through commands: at an RNG table from the committed
// shuffled shoe the table holds, at a live table from the studio's shoe
// reader. The engine says where the next card goes (State.Next), counts
// what the shoe has given (no card more often than its decks hold) and
// refuses a card nobody is due.
//
// The shape is every banked game's (package round): Rules (rules.go and
// the option types, options.go), the round's State (state.go), the
// transition function Apply with a method per command (apply.go for the
// round's lifecycle, bet.go for the bets, shoe.go for the shoe, deal.go
// for the cards' way through the round, window.go for the pre-play
// window, decide.go for the box owners' decisions) and its events
// (event.go), the payouts (settle.go), the hand values (hand.go) and what
// a player may do now (legal.go). No I/O: the table core stores the
// state, moves the money the events say and shows each viewer what he may
// see. AppendApply is Apply for a caller that reads the events at once (a
// simulation, a replay): it reuses the caller's buffer and the state's
// storage and allocates nothing from round to round.
package blackjack

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/croupier/croupier/services/table/banked/round"
)

// Profile names.
const (
	// CZ is the Czech 6-deck game (docs/rules/cz-blackjack.md).
	CZ = "cz"
	// RU is the Russian 8-deck game (docs/rules/ru-blackjack.md).
	RU = "ru"
)

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{CZ, RU} }

// Bounds of a table: the engine keeps boxes, bettors and hands in small
// arrays of these sizes.
const (
	// MaxBoxes: 1 to 7 boxes (cz-blackjack.md §1; ru-blackjack.md §2.3).
	MaxBoxes = 7
	// MaxBettors: at most 3 bettors on a box (cz §2; ru §2.4).
	MaxBettors = 3
	// MaxHands: up to 3 splits, 4 hands (cz §6.6; ru §3.25).
	MaxHands = 4
	// MaxDecks bounds the shoe (ru §1.1: 8 decks, the larger source).
	MaxDecks = 8
	// MaxStake caps one stake whatever the limits say, far from
	// overflowing any payout or sum.
	MaxStake int64 = 1 << 50
)

// Options are the rule choices the two sources make differently or
// leave open. Each is set by its JSON name (Rules.Set).
type Options struct {
	// DealerHitsSoft17: false is S17, the dealer stands on every 17
	// (cz §5; ru §3.34, N5).
	DealerHitsSoft17 bool `json:"dealer_hits_soft17"`
	// BlackjackPays: 3:2 (cz §0; ru §4.4).
	BlackjackPays Ratio `json:"blackjack_pays"`
	// BlackjackRounding and ChipUnit round a blackjack payout that is not
	// whole (ru N8): down to the minor unit (ChipUnit 1) by default, or to
	// a chip.
	BlackjackRounding Rounding `json:"blackjack_rounding"`
	ChipUnit          int64    `json:"chip_unit"`
	// InsurancePays: 2:1 (cz §0; ru N3 assumes it).
	InsurancePays Ratio `json:"insurance_pays"`
	// InsuranceBoxMinHalf: a box's insurance totals at least half the
	// table minimum (ru §3.43).
	InsuranceBoxMinHalf bool `json:"insurance_box_min_half"`
	// Window is how the pre-play window ends: cz answers (§6.4), ru
	// first_card (§3.46).
	Window WindowRule `json:"window"`
	// EvenMoney: a blackjack against a dealer ace may take 1:1 at once
	// (cz §6.4; ru §4.1).
	EvenMoney bool `json:"even_money"`
	// EvenMoneyVsTen: also against a ten-value card, on request (ru §3.41).
	EvenMoneyVsTen bool `json:"even_money_vs_ten"`
	// Surrender: cz hand (§6.6, §10.6), ru early (§3.27).
	Surrender SurrenderRule `json:"surrender"`
	// SurrenderVsAce: surrender also against a dealer ace (cz §6.6 no;
	// ru §3.30–3.31 only if the manager allows).
	SurrenderVsAce bool `json:"surrender_vs_ace"`
	// SurrenderPairs: a splittable pair may be surrendered (ru N6: the
	// other reading forbids it).
	SurrenderPairs bool `json:"surrender_pairs"`
	// DoubleForLess: the double is any amount from the table minimum to
	// the bettor's stake on the hand (ru §3.17); otherwise it equals it
	// (cz §6.6).
	DoubleForLess bool `json:"double_for_less"`
	// DoubleAfterSplit (cz §6.6; ru §3.26).
	DoubleAfterSplit bool `json:"double_after_split"`
	// SplitBy: value (cz §0; ru N2) or rank.
	SplitBy SplitRule `json:"split_by"`
	// ResplitAces: cz allowed (§10.4), ru not (§3.35).
	ResplitAces bool `json:"resplit_aces"`
	// SplitTenAceHits: a split ten-value card and an ace (21, not
	// blackjack) may still draw (ru §3.37).
	SplitTenAceHits bool `json:"split_ten_ace_hits"`
	// SplitBlackjack: a two-card 21 on a split hand is a blackjack; no by
	// default (cz §10.5; ru §3.36).
	SplitBlackjack bool `json:"split_blackjack"`
	// ENHCLoseAll: a dealer blackjack takes double and split stakes too
	// (cz §10.1 enhcLoseAllOnDealerBJ; ru N1); false returns them
	// (original bet only).
	ENHCLoseAll bool `json:"enhc_lose_all"`
	// DealerBlackjackBeats21: a dealer blackjack beats a player's
	// non-blackjack 21 (cz §10.2; ru §4.8); false pushes it (the literal
	// tie rule).
	DealerBlackjackBeats21 bool `json:"dealer_blackjack_beats_21"`
	// Bonus777: three sevens making 21 are paid 1:1 at once (cz §6.6,
	// §7); ru has no such bonus.
	Bonus777 bool `json:"bonus_777"`
	// Bonus777Suited, Bonus777AfterSplit, Bonus777AfterDouble (cz §10.7:
	// no suit required; paid after a split and a double, on the hand's
	// stake).
	Bonus777Suited      bool `json:"bonus_777_suited"`
	Bonus777AfterSplit  bool `json:"bonus_777_after_split"`
	Bonus777AfterDouble bool `json:"bonus_777_after_double"`
	// DealerDrawsAlways: the dealer plays out his hand even when no hand
	// is left to compare; by default he draws his second card only while
	// a hand, an insurance or a blackjack waits on it, and more only for a
	// hand to compare (cz §10.8; ru N7).
	DealerDrawsAlways bool `json:"dealer_draws_always"`
	// FollowDouble and FollowSplit: whether co-bettors add their money
	// to the owner's double or split (cz §8; ru §3.25, N4).
	FollowDouble FollowRule `json:"follow_double"`
	FollowSplit  FollowRule `json:"follow_split"`
	// OwnerPriority: the owner's bet that takes the box over its maximum
	// pushes out the behind bets placed last (cz §4); otherwise it is
	// refused like anyone's (ru §3.8, T19).
	OwnerPriority bool `json:"owner_priority"`
	// MinCut: the cut leaves at least this many cards from either end
	// (cz §3.3; ru §4.1.3).
	MinCut int `json:"min_cut"`
	// MinBehindMarker: at least this many cards stay behind the reshuffle
	// marker (ru §4.1.6; cz §3.5 leaves it open, §10.10, and takes ru's).
	MinBehindMarker int `json:"min_behind_marker"`
	// BurnAfterShuffle: cz 3 (§3.6), ru 5 (§4.1.7).
	BurnAfterShuffle int `json:"burn_after_shuffle"`
	// BurnOnDealerChange: cz 1 (§3.7); ru none.
	BurnOnDealerChange int `json:"burn_on_dealer_change"`
}

// Limits are the table sign's (cz §4; ru §3.6–3.8).
type Limits struct {
	// Table: Min is the least one player may stake on one box (cz §4,
	// "the minimum applies per player"; ru §3.6), Max the most on one box,
	// its players together, not counting doubles and splits (cz §4, §10.3;
	// ru §3.8); 0 is no maximum.
	Table round.Limit `json:"table"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Decks in the shoe: cz 6 (§0), ru 8 (§1.1).
	Decks int `json:"decks"`
	// Boxes on the table, numbered 1 from the dealer's left: 1 to 7 by
	// the table model (cz §1), 7 (ru §2.3).
	Boxes int `json:"boxes"`
	// MaxBettors on one box (cz §2; ru §2.4): 3.
	MaxBettors int `json:"max_bettors"`
	// MaxHands a box may split into (cz §6.6; ru §3.25): 4.
	MaxHands int     `json:"max_hands"`
	Limits   Limits  `json:"limits"`
	Options  Options `json:"options"`
}

// Named returns a profile's rules with its defaults; the limits are the
// table's to fill in.
func Named(profile string) (Rules, error) {
	r := Rules{Profile: profile, Boxes: MaxBoxes, MaxBettors: MaxBettors, MaxHands: MaxHands}
	o := &r.Options
	*o = Options{
		BlackjackPays: Ratio{Num: 3, Den: 2}, BlackjackRounding: RoundDown, ChipUnit: 1,
		InsurancePays: Ratio{Num: 2, Den: 1}, EvenMoney: true, SurrenderPairs: true,
		DoubleAfterSplit: true, SplitBy: ByValue, ENHCLoseAll: true, DealerBlackjackBeats21: true,
		Bonus777AfterSplit: true, Bonus777AfterDouble: true,
		FollowDouble: FollowChoose, FollowSplit: FollowChoose, MinCut: 52, MinBehindMarker: 52,
	}
	switch profile {
	case CZ:
		r.Decks = 6
		o.Window, o.Surrender = WindowAnswers, SurrenderHand
		o.ResplitAces, o.Bonus777, o.OwnerPriority = true, true, true
		o.BurnAfterShuffle, o.BurnOnDealerChange = 3, 1
	case RU:
		r.Decks = 8
		o.Window, o.Surrender = WindowFirstCard, SurrenderEarly
		o.InsuranceBoxMinHalf, o.EvenMoneyVsTen, o.DoubleForLess, o.SplitTenAceHits = true, true, true, true
		o.BurnAfterShuffle = 5
	default:
		return Rules{}, fmt.Errorf("blackjack: unknown profile %q (have %v)", profile, Profiles())
	}
	return r, nil
}

// OptionNames lists every name Set takes, in the order of Rules and
// Options.
func OptionNames() []string {
	return append([]string{"decks", "boxes", "max_bettors", "max_hands"}, round.OptionNames(Options{})...)
}

// Set overrides one option by its snake_case name, as a table's options
// map carries them ("decks": "6", "surrender": "early", "blackjack_pays":
// "3:2", "enhc_lose_all": "false"). Values are integers, booleans or the
// options' text names. Set checks the value's form; Validate checks the
// rules together.
func (r *Rules) Set(key, value string) error {
	switch key {
	case "decks":
		return setInt(key, value, reflect.ValueOf(&r.Decks).Elem())
	case "boxes":
		return setInt(key, value, reflect.ValueOf(&r.Boxes).Elem())
	case "max_bettors":
		return setInt(key, value, reflect.ValueOf(&r.MaxBettors).Elem())
	case "max_hands":
		return setInt(key, value, reflect.ValueOf(&r.MaxHands).Elem())
	}
	if found, err := round.SetOption(&r.Options, key, value); found {
		return err
	}
	return fmt.Errorf("blackjack: unknown option %q", key)
}

func setInt(key, value string, f reflect.Value) error {
	n, err := strconv.ParseInt(value, 10, 64)
	if err != nil {
		return fmt.Errorf("option %s: %w", key, err)
	}
	f.SetInt(n)
	return nil
}

// Validate reports every problem that keeps the rules from being played.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	o := r.Options
	if r.Profile != CZ && r.Profile != RU {
		add("unknown profile %q", r.Profile)
	}
	between := func(what string, v, lo, hi int) {
		if v < lo || v > hi {
			add("%s %d: want %d to %d", what, v, lo, hi)
		}
	}
	between("decks", r.Decks, 1, MaxDecks)
	between("boxes", r.Boxes, 1, MaxBoxes)
	between("max_bettors", r.MaxBettors, 1, MaxBettors)
	between("max_hands", r.MaxHands, 1, MaxHands)
	size := max(r.Decks, 1) * 52
	between("min_cut", o.MinCut, 0, size/2)
	between("min_behind_marker", o.MinBehindMarker, 0, size-1)
	between("burn_after_shuffle", o.BurnAfterShuffle, 0, 52)
	between("burn_on_dealer_change", o.BurnOnDealerChange, 0, 52)
	if l := r.Limits.Table; l.Min < 0 || l.Max < 0 || (l.Max > 0 && l.Max < l.Min) || l.Min > MaxStake {
		add("table limit %d..%d is not a range", l.Min, l.Max)
	}
	for _, q := range []struct {
		name string
		q    Ratio
	}{{"blackjack_pays", o.BlackjackPays}, {"insurance_pays", o.InsurancePays}} {
		if q.q.Num < 1 || q.q.Den < 1 || q.q.Num > 1000 || q.q.Den > 1000 {
			add("%s %s: want N:D, each 1 to 1000", q.name, q.q)
		}
	}
	if o.ChipUnit < 1 || o.ChipUnit > 1_000_000_000 {
		add("chip_unit %d: want 1 to 1e9 minor units", o.ChipUnit)
	}
	for _, e := range []struct {
		name string
		v    uint8
		n    int
	}{
		{"blackjack_rounding", uint8(o.BlackjackRounding), 2}, {"window", uint8(o.Window), 2},
		{"surrender", uint8(o.Surrender), 3}, {"split_by", uint8(o.SplitBy), 2},
		{"follow_double", uint8(o.FollowDouble), 3}, {"follow_split", uint8(o.FollowSplit), 3},
	} {
		if e.v < 1 || int(e.v) > e.n {
			add("%s: unknown value %d", e.name, e.v)
		}
	}
	return errors.Join(errs...)
}

// tableMin is the least stake of one player on a box, at least 1.
func (r *Rules) tableMin() int64 { return max(r.Limits.Table.Min, 1) }

// boxMax is the most on one box, all its bettors together.
func (r *Rules) boxMax() int64 {
	if m := r.Limits.Table.Max; m > 0 {
		return min(m, MaxStake)
	}
	return MaxStake
}
