// Package rules publishes the names of the rule profiles the platform's
// tables play, so that a service validating a profile name (the tournament
// API, a tool, a partner's front-end generator) reads one list without
// importing the table service's engines. The table service's profile
// package defines each profile under these names and a test there keeps the
// two in step.
package rules

import (
	"fmt"
	"slices"
	"strings"
)

// Poker rule-profile names, as a table's CreateTable or a tournament's
// table settings name them.
const (
	// Greek is the Greek casino regulation, FEK B 1404/2010
	// (docs/rules/gr-regulation-1.md, gr-regulation-2.md, gr-variant-*.md).
	Greek = "gr"
	// RussianSport is the Belarusian sports-poker betting rules
	// (docs/rules/betting-rules-ru-sports.md).
	RussianSport = "ru-sport"
	// RussianClub is Russian club poker, Hold'em no and pot limit
	// (docs/rules/ru-club-poker.md).
	RussianClub = "ru-club"
	// Czech is the Czech no-limit Hold'em cash game
	// (docs/rules/cz-cash-game-texas-holdem.md).
	Czech = "cz"
)

// PokerProfiles lists the poker rule profiles, the default ("gr") first.
// It returns a new slice each call: callers may sort or append.
func PokerProfiles() []string { return []string{Greek, RussianSport, RussianClub, Czech} }

// IsPokerProfile reports whether name is one of PokerProfiles.
func IsPokerProfile(name string) bool { return slices.Contains(PokerProfiles(), name) }

// CheckPokerScope reports whether a profile plays game in structure: nil,
// or an error saying what the profile plays. Games are "holdem", "omaha",
// "five-card-stud" and "seven-card-stud"; structures "fixed-limit",
// "spread-limit", "pot-limit" and "no-limit" (an underscore reads as a
// hyphen: the tournament terms write "no_limit"). Two profiles come from
// texts about one game only: Russian club poker is Hold'em no and pot limit
// (docs/rules/ru-club-poker.md, its title), the Czech cash game no-limit
// Hold'em (docs/rules/cz-cash-game-texas-holdem.md). The tournament API
// refuses a tournament whose tables could not open with this check, the
// table service's profiles apply it to every table.
func CheckPokerScope(profile, game, structure string) error {
	game, structure = strings.ReplaceAll(game, "_", "-"), strings.ReplaceAll(structure, "_", "-")
	switch profile {
	case RussianClub:
		if game != "holdem" || (structure != "no-limit" && structure != "pot-limit") {
			return fmt.Errorf("profile %s is Hold'em no or pot limit only (ru-club-poker.md title), not %s %s", profile, structure, game)
		}
	case Czech:
		if game != "holdem" || structure != "no-limit" {
			return fmt.Errorf("profile %s is no-limit Hold'em only (cz-cash-game-texas-holdem.md), not %s %s", profile, structure, game)
		}
	}
	return nil
}
