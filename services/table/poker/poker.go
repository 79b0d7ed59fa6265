// Package poker runs a hand of any authorised poker game (gr-regulation-1
// A.1): it picks the engine of the rules' game — holdem for Hold'em, Omaha
// and club poker, stud for 5 and 7 Card Stud — and drives the shared hand
// flow (package hand). It is the one entry to the poker engines, used by the
// table service, the tests, benchmarks and fuzz tests alike:
//
//	rules, _ := profile.Named(profile.GR, profile.Holdem, betting.NoLimit)
//	rules = rules.WithStakes(stakes)   // then rules.Validate() once
//	s := new(hand.State)
//	events, err := poker.Start(rules, setup, s)     // setup carries the shoe and the time
//	events, err = poker.Apply(s, hand.Action{...})  // mutates s; on error s is unchanged
//	legal := s.Legal(s.ToAct(), nil)
//	rec := poker.Record(s)                          // JSON, .For(viewer), .PokerStars(...)
//
// The state is the caller's: Apply changes it in place (no copy per
// action) and Clone gives an independent copy for a caller that needs the
// state before an action. It round-trips through JSON for snapshots, and
// carries its rules, so a restored state needs nothing else to go on.
package poker

import (
	"fmt"

	"github.com/croupier/croupier/services/table/poker/hand"
	"github.com/croupier/croupier/services/table/poker/history"
	"github.com/croupier/croupier/services/table/poker/holdem"
	"github.com/croupier/croupier/services/table/poker/profile"
	"github.com/croupier/croupier/services/table/poker/stud"
	"github.com/croupier/croupier/shared/apierr"
)

// variants are the games' engine variants, indexed by game: read only.
// A table look-up instead of two switches and an error per action: Apply
// runs once per action, and the look-up is what it costs before the hand
// flow starts.
var variants = [...]hand.Variant{
	profile.Holdem:        holdem.Variant{},
	profile.Omaha:         holdem.Variant{Omaha: true},
	profile.FiveCardStud:  stud.Variant{},
	profile.SevenCardStud: stud.Variant{Seven: true},
}

// VariantOf returns the engine variant of a game.
func VariantOf(g profile.Game) (hand.Variant, error) {
	if int(g) < len(variants) && variants[g] != nil {
		return variants[g], nil
	}
	return nil, fmt.Errorf("poker: unknown game %d", g)
}

// Start begins a hand into dst under rules the caller has validated once
// (profile.Rules.Validate): antes and blinds (or bring-in), the first
// cards, the first player to act.
func Start(rules profile.Rules, setup hand.Setup, dst *hand.State, opts ...Option) ([]hand.Event, error) {
	v, err := variant(rules.Game, opts)
	if err != nil {
		return nil, err
	}
	return hand.Start(v, rules, setup, dst)
}

// Apply applies an action or operator command to a hand of any game, under
// the rules the hand was started with. It mutates s and returns the
// events; a rejected input returns an *apierr.Error and leaves s
// unchanged.
func Apply(s *hand.State, a hand.Action, opts ...Option) ([]hand.Event, error) {
	// Once per action: the common case (no options) goes straight to the
	// table, without the look-up's error path (BenchmarkRandomHands: 2.5 %
	// of a hand's instructions are this wrapper and Start's).
	if g := s.Rules.Game; len(opts) == 0 && int(g) < len(variants) && variants[g] != nil {
		return hand.Apply(variants[g], s, a)
	}
	v, err := variant(s.Rules.Game, opts)
	if err != nil {
		return nil, err
	}
	return hand.Apply(v, s, a)
}

// Record returns the hand's complete record.
func Record(s *hand.State) *history.Record {
	v, err := VariantOf(s.Rules.Game)
	if err != nil {
		return nil
	}
	return s.Record(v)
}

// Replay replays a record and checks it reproduces the same hand.
func Replay(rec *history.Record) (*hand.State, error) {
	v, err := VariantOf(rec.Rules.Game)
	if err != nil {
		return nil, apierr.Invalid("UNKNOWN_GAME", "%v", err)
	}
	return hand.Replay(v, rec)
}

// variant is the engine variant of game g with the options applied.
func variant(g profile.Game, opts []Option) (hand.Variant, error) {
	v, err := VariantOf(g)
	if err != nil {
		return nil, apierr.Invalid("UNKNOWN_GAME", "%v", err)
	}
	for _, o := range opts {
		v = o(v)
	}
	return v, nil
}
