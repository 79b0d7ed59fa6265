package house

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/croupier/croupier/services/table/banked/blackjack"
	"github.com/croupier/croupier/services/table/banked/casinoholdem"
	"github.com/croupier/croupier/services/table/banked/casinotexas"
	"github.com/croupier/croupier/services/table/banked/moneywheel"
	"github.com/croupier/croupier/services/table/banked/oasis"
	"github.com/croupier/croupier/services/table/banked/roulette"
	"github.com/croupier/croupier/services/table/banked/round"
	"github.com/croupier/croupier/services/table/banked/russianpoker"
	"github.com/croupier/croupier/services/table/banked/splitpoker"
	"github.com/croupier/croupier/shared/apierr"
	"github.com/croupier/croupier/shared/wheel"
)

// Games lists the games a house table plays.
func Games() []string {
	return []string{GameRoulette, GameMoneyWheel, GameBlackjack, GameCasinoHoldem, GameCasinoTexas, GameOasis, GameRussian, GameSplit}
}

// BlackjackRules builds a blackjack table's rules: the profile's (cz,
// ru) with its defaults and each option set on it, as Rules does for the
// wheels. The limits are the caller's to set.
func BlackjackRules(profile string, options map[string]string) (*blackjack.Rules, error) {
	return named("blackjack", blackjack.Profiles(), blackjack.Named, profile, options)
}

// HoldemRules and TexasRules build a casino poker table's rules as
// BlackjackRules does a blackjack table's.
func HoldemRules(profile string, options map[string]string) (*casinoholdem.Rules, error) {
	return named("casino hold'em", casinoholdem.Profiles(), casinoholdem.Named, profile, options)
}

// TexasRules: see HoldemRules.
func TexasRules(profile string, options map[string]string) (*casinotexas.Rules, error) {
	return named("casino texas hold'em", casinotexas.Profiles(), casinotexas.Named, profile, options)
}

// OasisRules, RussianRules and SplitRules build a stud poker table's
// rules as BlackjackRules does a blackjack table's. A box takes one
// bettor unless the options say otherwise (which Config.Validate
// refuses: a second bettor's stakes follow the owner's decisions, ru
// §2.5, without his own wallet hold).
func OasisRules(profile string, options map[string]string) (*oasis.Rules, error) {
	return named("oasis poker", oasis.Profiles(), oneBettor(oasis.Named, func(r *oasis.Rules) { r.Bettors = 1 }, options), profile, options)
}

// RussianRules: see OasisRules.
func RussianRules(profile string, options map[string]string) (*russianpoker.Rules, error) {
	return named("russian poker", russianpoker.Profiles(), oneBettor(russianpoker.Named, func(r *russianpoker.Rules) { r.Bettors = 1 }, options), profile, options)
}

// SplitRules: see OasisRules (a Split poker box is one player's).
func SplitRules(profile string, options map[string]string) (*splitpoker.Rules, error) {
	return named("split poker", splitpoker.Profiles(), splitpoker.Named, profile, options)
}

// oneBettor is a profile's rules with one bettor a box, unless options
// set "bettors".
func oneBettor[R any](rules func(string) (R, error), one func(*R), options map[string]string) func(string) (R, error) {
	return func(profile string) (R, error) {
		r, err := rules(profile)
		if _, set := options["bettors"]; err == nil && !set {
			one(&r)
		}
		return r, err
	}
}

// named is a game's profile with each option set on it.
func named[R any, P interface {
	*R
	round.Rules
}](game string, profiles []string, rules func(string) (R, error), profile string, options map[string]string) (*R, error) {
	if !slices.Contains(profiles, profile) {
		return nil, apierr.Invalid(ReasonUnknownProfile, "%s has no profile %q (have %v)", game, profile, profiles)
	}
	r, err := rules(profile)
	if err != nil {
		return nil, apierr.Invalid(ReasonUnknownProfile, "%v", err)
	}
	if err := setOptions(P(&r), options); err != nil {
		return nil, err
	}
	return &r, nil
}

// Rules builds the rules a create request names: the game's engine
// profile with its defaults, each option set on it (rules.Set, in key
// order), and for the money wheel the operator's layout (a layout without
// labels is wheel.MoneyPlaceholder()). Exactly one of the two rules is
// returned, the game's. The limits are the caller's to set (the engines'
// Limits), and Config.Validate checks the rules again with them. An
// unknown game or profile or a bad option is INVALID_ARGUMENT with
// UNKNOWN_GAME, UNKNOWN_PROFILE or BAD_OPTION.
func Rules(game, profile string, options map[string]string, layout wheel.Wheel) (*roulette.Rules, *moneywheel.Rules, error) {
	switch game {
	case GameRoulette:
		if !slices.Contains(roulette.Profiles(), profile) {
			return nil, nil, apierr.Invalid(ReasonUnknownProfile, "roulette has no profile %q (have %v)", profile, roulette.Profiles())
		}
		r, err := roulette.Named(profile)
		if err != nil {
			return nil, nil, apierr.Invalid(ReasonUnknownProfile, "%v", err)
		}
		if err := setOptions(&r, options); err != nil {
			return nil, nil, err
		}
		return &r, nil, nil
	case GameMoneyWheel:
		if !slices.Contains(moneywheel.Profiles(), profile) {
			return nil, nil, apierr.Invalid(ReasonUnknownProfile, "the money wheel has no profile %q (have %v)", profile, moneywheel.Profiles())
		}
		if len(layout.Labels) == 0 {
			layout = wheel.MoneyPlaceholder()
		}
		r, err := moneywheel.Named(profile, layout)
		if err != nil {
			return nil, nil, apierr.Invalid(ReasonBadOption, "%v", err)
		}
		if err := setOptions(&r, options); err != nil {
			return nil, nil, err
		}
		return nil, &r, nil
	}
	return nil, nil, apierr.Invalid(ReasonUnknownGame, "unknown game %q (have %v)", game, Games())
}

// setOptions sets every option in key order and validates the result,
// reporting every bad option at once.
func setOptions(r round.Rules, options map[string]string) error {
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var errs []error
	for _, k := range keys {
		if err := r.Set(k, options[k]); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		if err := r.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return apierr.Invalid(ReasonBadOption, "%v", fmt.Errorf("options: %w", err))
	}
	return nil
}
