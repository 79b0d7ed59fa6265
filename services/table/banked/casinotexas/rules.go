// Package casinotexas is the pure Casino Texas Hold'em engine of
// docs/rules/cz-casino-texas-holdem.md (the "cz" profile; the game the
// industry calls Ultimate Texas Hold'em): each box's Ante and the equal
// Blind against the dealer, the optional Trips side bet, one Play bet of
// 3 or 4 × Ante before the flop, 2 × on the flop or 1 × at the river,
// checks until then and a fold at the river, the dealer qualifying with
// any pair, the Blind paid by its paytable on a win with a straight or
// better and Trips by its own on the player's final hand whatever the
// dealer holds (§3–§6). Up to six boxes (§1), one player each, share the
// board and the dealer's two cards, deciding box by box on each street.
//
// Cards enter only through commands, from the RNG's shuffled deck or a
// live studio's card reader: one deck, shuffled before every round (§1,
// CmdShuffle; package deck keeps the deck's side). The engine says where
// its next card goes (State.Next), refuses a card the deck has given
// already or that nobody is due, and marks every card it reports public,
// private to one box, or hidden (the dealer's second card until the
// showdown, the burns for ever), so that the table core can show each
// viewer what the rules let him see.
//
// The shape is every banked card game's (package round; the model is
// package casinoholdem): Rules (rules.go and the paytables, paytable.go),
// the round's State (state.go), the transition function Apply with a
// method per command (apply.go for the round's lifecycle, bet.go for the
// bets, on package boxes' layout of the stakes, shoe.go for the deck and
// the cards, deal.go for the streets, decide.go for the boxes' decisions)
// and its events (event.go), the
// payouts (settle.go) and what a player may do now (legal.go). No I/O, no
// time, no randomness: the table core stores the state, moves the money
// the events say, runs the decision clock (CmdTimeout takes the safe
// default: a check where checking is allowed, a fold at the river) and
// filters what each viewer sees by the marks.
package casinotexas

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/croupier/croupier/services/table/banked/round"
)

// CZ is the profile of docs/rules/cz-casino-texas-holdem.md, the only
// source.
const CZ = "cz"

// Profiles lists the named profiles. It returns a new slice each call.
func Profiles() []string { return []string{CZ} }

// Bounds of a table.
const (
	// MaxBoxes: "1 to 6 player positions, depending on the model" (§1).
	MaxBoxes = 6
	// MaxStake caps one stake whatever the limits say: 2^40 minor units,
	// so that a Play (4 ×) paid at the highest ratio a paytable may hold
	// (MaxPays) stays far from overflowing.
	MaxStake int64 = 1 << 40
	// MaxPays bounds a paytable line: at most 1000:1 (the Blind's royal
	// flush is 500:1, §6).
	MaxPays = round.MaxRatio
)

// Options are the rule choices the source leaves open or flags (§9), each
// with the source's default. Each is set by its JSON name (Rules.Set).
type Options struct {
	// FoldKeepsAnteBlindInAction: a fold at the river leaves the Ante and
	// the Blind in action, settled against the dealer at the showdown
	// without a Play bet (§9 note 1, the literal reading of the garbled
	// fold sentence). false, the source's assumed standard: a fold loses
	// the Ante and the Blind at once; Trips is settled either way.
	FoldKeepsAnteBlindInAction bool `json:"fold_keeps_ante_blind_in_action"`
	// TripsAlone: Trips may be bet on a box without an Ante and a Blind
	// (§3's "or an optional amount on Trips", §9 note 3); such a box is
	// dealt its cards, takes no decision and settles Trips alone. false,
	// the industry standard the source assumes: Trips needs the Ante.
	TripsAlone bool `json:"trips_alone"`
	// DealerFirstCardFaceUp: the dealer's first card is dealt face up
	// (§1, §4 step 2, kept as the text states: §9 note 4); false deals it
	// face down, hidden until the showdown like his second.
	DealerFirstCardFaceUp bool `json:"dealer_first_card_face_up"`
	// AnteWinsWhenDealerDoesNotQualify: a dealer without a pair pays the
	// Ante 1:1, whatever the hands ("the player wins the value of his
	// Ante" read as a win, §9 note 5). false, the source's reading: the
	// Ante is returned (a push), as "remíza" wording means elsewhere.
	AnteWinsWhenDealerDoesNotQualify bool `json:"ante_wins_when_dealer_does_not_qualify"`
	// SeveralBoxes: a player may bet several boxes, each dealt and
	// decided as its own hand. false, as §2 and §9 note 2 leave it: a
	// player holds the cards of one box, and the blind boxes §2 describes
	// (played unseen, unsettled by the text) are not offered.
	SeveralBoxes bool `json:"several_boxes"`
}

// Limits are the table sign's (§1: its minimum and maximum; the text
// gives no values, §9 note 8).
type Limits struct {
	// Ante: the Blind equals it (§3). 0 is no maximum (MaxStake).
	Ante round.Limit `json:"ante"`
	// Trips: "any amount the player chooses (table limits apply)" (§3).
	// 0 is no maximum.
	Trips round.Limit `json:"trips"`
}

// Rules is everything the engine needs to run a table's rounds.
type Rules struct {
	Profile string `json:"profile"`
	// Boxes on the table, numbered 1 from the dealer's left, dealt left
	// to right from his point of view (§4 step 2): 1 to MaxBoxes; 6 by
	// default.
	Boxes     int       `json:"boxes"`
	Limits    Limits    `json:"limits"`
	Paytables Paytables `json:"paytables"`
	Options   Options   `json:"options"`
}

// Named returns a profile's rules with its defaults; the limits are the
// table's to fill in.
func Named(profile string) (Rules, error) {
	if profile != CZ {
		return Rules{}, fmt.Errorf("casinotexas: unknown profile %q (have %v)", profile, Profiles())
	}
	return Rules{
		Profile:   profile,
		Boxes:     MaxBoxes,
		Paytables: CZPaytables(),
		Options:   Options{DealerFirstCardFaceUp: true},
	}, nil
}

// Option keys of the paytables: "blind_pays.<line>" and
// "trips_pays.<line>".
const (
	blindPaysKey = "blind_pays."
	tripsPaysKey = "trips_pays."
)

// OptionNames lists every name Set takes, in the order of Rules, Options
// and the paytables' lines.
func OptionNames() []string {
	names := append([]string{"boxes"}, round.OptionNames(Options{})...)
	for _, l := range BlindLines() {
		names = append(names, blindPaysKey+string(l))
	}
	for _, l := range TripsLines() {
		names = append(names, tripsPaysKey+string(l))
	}
	return names
}

// Set overrides one option by its snake_case name, as a table's options
// map carries them ("boxes": "3", "trips_alone": "true",
// "blind_pays.flush": "2:1"). A paytable line set makes that paytable the
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
	if line, ok := strings.CutPrefix(key, blindPaysKey); ok {
		return r.Paytables.Blind.Set(BlindLines(), Line(line), value)
	}
	if line, ok := strings.CutPrefix(key, tripsPaysKey); ok {
		return r.Paytables.Trips.Set(TripsLines(), Line(line), value)
	}
	if found, err := round.SetOption(&r.Options, key, value); found {
		return err
	}
	return fmt.Errorf("casinotexas: unknown option %q", key)
}

// Validate reports every problem that keeps the rules from being played.
func (r Rules) Validate() error {
	var errs []error
	add := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.Profile != CZ {
		add("unknown profile %q", r.Profile)
	}
	if r.Boxes < 1 || r.Boxes > MaxBoxes {
		add("boxes %d: want 1 to %d", r.Boxes, MaxBoxes)
	}
	for _, l := range []struct {
		what string
		l    round.Limit
	}{{"ante", r.Limits.Ante}, {"trips", r.Limits.Trips}} {
		if !l.l.Valid(MaxStake) {
			add("%s limit %d..%d is not a range", l.what, l.l.Min, l.l.Max)
		}
	}
	if err := r.Paytables.Validate(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// limit is the limit of a kind of bet, its maximum capped at MaxStake
// (0 is none) and its minimum at least 1.
func (r *Rules) limit(k BetKind) (lo, hi int64) {
	l := r.Limits.Ante
	if k == BetTrips {
		l = r.Limits.Trips
	}
	return l.Bounds(MaxStake)
}
