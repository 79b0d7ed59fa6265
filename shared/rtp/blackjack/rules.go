package blackjack

import (
	"errors"
	"fmt"
)

// ErrInvalidRules is returned (wrapped, with the offending field) by
// Validate and Compute for a Rules value the calculator cannot price.
var ErrInvalidRules = errors.New("blackjack rtp: invalid rules")

// SurrenderRule says against which dealer up cards a player may give up half of
// the stake. Both profiles take the declaration before the dealer draws his
// second card (there is no hole card), so against a ten it is early
// surrender: the half is kept even if the dealer then makes a blackjack.
type SurrenderRule uint8

// Surrender options.
const (
	// NoSurrender: surrender is not offered.
	NoSurrender SurrenderRule = iota
	// SurrenderNotAce: on the first two cards of the original hand, against
	// any up card but an ace (cz-blackjack.md §6 and §10.6; ru-blackjack.md
	// §3.27–3.30).
	SurrenderNotAce
	// SurrenderAny: as SurrenderNotAce and against an ace too, the manager's
	// exception of ru-blackjack.md §3.31.
	SurrenderAny
)

// String names the option as the table options spell it.
func (s SurrenderRule) String() string {
	switch s {
	case NoSurrender:
		return "none"
	case SurrenderNotAce:
		return "not-ace"
	case SurrenderAny:
		return "any"
	}
	return fmt.Sprintf("SurrenderRule(%d)", uint8(s))
}

// allows reports whether a hand may surrender against the up card of value
// up (1 = ace .. 10).
func (s SurrenderRule) allows(up int) bool {
	switch s {
	case SurrenderNotAce:
		return up != 1
	case SurrenderAny:
		return true
	}
	return false
}

// Rules are the options of one blackjack table that change its return to
// player. It is a plain comparable value: it keys the Cached results.
//
// Fixed in both profiles and therefore not options: the dealer has no hole
// card and draws his second card after every box has acted (cz §6.3, ru
// §4.3); a blackjack is an ace and a ten-value card as the first two cards of
// an unsplit hand and beats a dealer's three-card 21 (cz §10.2, ru §4.8); a
// dealer blackjack beats every non-blackjack 21 and pushes a player
// blackjack; doubling is allowed on any first two cards but a blackjack and
// draws one card (cz §6.6, ru §3.14–3.15); a hand may not draw to 21 (cz
// §10.12, ru §3.37) unless SplitTensAceMayHit; split aces take one card each
// (cz §6.6, ru §3.35); 21 after a split is not a blackjack (cz §10.5, ru
// §3.36); surrender is only on the first two cards of the original hand;
// insurance pays 2:1 (cz §0, ru N3) and is never worth taking for a player
// who does not count (Result.InsuranceEV shows by how much).
type Rules struct {
	// Decks in the shoe: 6 (cz §0, §1) or 8 (ru §1.1). 1..8.
	Decks int
	// DealerHitsSoft17: false in both profiles, the dealer stands on every
	// 17 (cz §5, ru §4.7 and N5).
	DealerHitsSoft17 bool
	// LoseAllToBlackjack: a dealer blackjack takes the double and split
	// stakes too (European no hole card). cz §10.1 option
	// enhcLoseAllOnDealerBJ, default true; ru §4.8 always. When false
	// ("original bet only", cz §10.1 OBO), a dealer blackjack costs the
	// player exactly his original stake: every double and split stake comes
	// back, a busted one included, so the game is worth what a peeking
	// dealer's game is worth.
	LoseAllToBlackjack bool
	// BlackjackPays is the blackjack payout per unit: 1.5 for 3:2 (cz §0, ru
	// §4.4).
	BlackjackPays float64
	// DoubleAfterSplit allows doubling the first two cards of a split hand
	// (cz §6.6, ru §3.26). Split aces never double: they take one card.
	DoubleAfterSplit bool
	// SplitByRank: only two cards of the same rank split (K-K, not K-Q).
	// false in both profiles, where equal point value splits (cz §0, ru
	// §3.20 and N2).
	SplitByRank bool
	// MaxHands a pair may be split into: 4, three splits (cz §6.6, ru
	// §3.25). 1 (no split) .. 4.
	MaxHands int
	// ResplitAces lets a split ace that draws an ace split again, within
	// MaxHands: cz §10.4 default true; ru §3.35 false.
	ResplitAces bool
	// SplitTensAceMayHit: a ten-value split hand that draws an ace (21, not
	// a blackjack) may still draw (ru §3.37, true). It never changes the
	// return: standing on 21 is always better.
	SplitTensAceMayHit bool
	// Surrender: cz §6.6 and ru §3.30 both SurrenderNotAce.
	Surrender SurrenderRule
	// Bonus777 pays a hand's stake once more, at once, for a 21 of three
	// sevens, on top of the hand's normal result (cz §6.6, §7, §10.7).
	Bonus777 bool
	// EvenMoneyVsTen lets a blackjack be paid 1:1 at once against a ten up
	// card on request (ru §3.41). Even money against an ace is offered in
	// both profiles (cz §6.4, ru §4.1). Taking it never pays at 3:2, so it
	// does not change the return; Result.EvenMoneyAce and EvenMoneyTen show
	// its cost.
	EvenMoneyVsTen bool
	// DoubleForLess lets a player double for less than his stake (ru
	// §3.17). The return is linear in the extra stake, so the basic player
	// doubles for the full amount or not at all: it does not change the
	// return.
	DoubleForLess bool
}

// CZ returns the rules of docs/rules/cz-blackjack.md with its defaults.
func CZ() Rules {
	return Rules{
		Decks:              6,     // §0, §1
		DealerHitsSoft17:   false, // §5
		LoseAllToBlackjack: true,  // §10.1 enhcLoseAllOnDealerBJ default
		BlackjackPays:      1.5,   // §0
		DoubleAfterSplit:   true,  // §6.6
		SplitByRank:        false, // §0 equal point value
		MaxHands:           4,     // §6.6 three splits
		ResplitAces:        true,  // §10.4 default allowed
		SplitTensAceMayHit: false, // §10.12 no drawing to 21
		Surrender:          SurrenderNotAce,
		Bonus777:           true, // §6.6, §7
		EvenMoneyVsTen:     false,
		DoubleForLess:      false, // §6.6 the extra stake equals the original
	}
}

// RU returns the rules of docs/rules/ru-blackjack.md with its defaults.
func RU() Rules {
	return Rules{
		Decks:              8,     // §1.1
		DealerHitsSoft17:   false, // §4.7, N5
		LoseAllToBlackjack: true,  // §4.8, N1
		BlackjackPays:      1.5,   // §4.4
		DoubleAfterSplit:   true,  // §3.26
		SplitByRank:        false, // §3.20, N2 default by value
		MaxHands:           4,     // §3.25
		ResplitAces:        false, // §3.35
		SplitTensAceMayHit: true,  // §3.37
		Surrender:          SurrenderNotAce,
		Bonus777:           false,
		EvenMoneyVsTen:     true, // §3.41
		DoubleForLess:      true, // §3.17
	}
}

// Validate reports the first option the calculator cannot price, wrapping
// ErrInvalidRules.
func (r Rules) Validate() error {
	switch {
	case r.Decks < 1 || r.Decks > 8:
		return fmt.Errorf("%w: decks %d not in 1..8", ErrInvalidRules, r.Decks)
	case !(r.BlackjackPays >= 1 && r.BlackjackPays <= 3):
		return fmt.Errorf("%w: blackjack pays %v not in 1..3", ErrInvalidRules, r.BlackjackPays)
	case r.MaxHands < 1 || r.MaxHands > 4:
		return fmt.Errorf("%w: max hands %d not in 1..4", ErrInvalidRules, r.MaxHands)
	case r.Surrender > SurrenderAny:
		return fmt.Errorf("%w: surrender option %d", ErrInvalidRules, r.Surrender)
	}
	return nil
}
